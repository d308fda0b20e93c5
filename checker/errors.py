"""Input errors: one clear message naming the file, the key, what was expected."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class InputError(Exception):
    """Unusable input (exit status 2): bad YAML, unknown names, wrong types."""

    def __init__(
        self,
        key: str,
        expected: str,
        got: object = None,
        suggestions: Iterable[str] = (),
        file: str | None = None,
    ) -> None:
        self.key = key
        self.expected = expected
        self.got = got
        self.suggestions = list(suggestions)
        self.file = file
        super().__init__(self.message)

    @property
    def message(self) -> str:
        where = f"{self.file}: " if self.file else ""
        key = f"key '{self.key}'" if self.key else "the file"
        text = f"{where}{key}: expected {self.expected}"
        if self.got is not None:
            text += f", got {self.got!r}"
        if self.suggestions:
            text += f" (did you mean: {', '.join(self.suggestions)}?)"
        return text


def nearest(word: str, names: Iterable[str], n: int = 3) -> list[str]:
    """The valid names closest to a misspelt one, best first."""
    names = list(names)
    lowered = {name.lower(): name for name in names}
    hits = difflib.get_close_matches(word.lower(), list(lowered), n=n, cutoff=0.5)
    if not hits:  # fall back on shared prefixes, so 'harko' still finds harkonnen
        hits = [k for k in lowered if k.startswith(word.lower()[:3])][:n]
    return [lowered[h] for h in hits]

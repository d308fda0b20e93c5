"""Input errors: one clear message naming the file, the key, what was expected."""

from __future__ import annotations

import difflib
import re
import reprlib
from collections.abc import Iterable
from pathlib import PurePath
from typing import Any

_REPR = reprlib.Repr()  # Python 3.11 takes no keyword arguments here
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxtuple, _REPR.maxset = 3, 6, 6, 6, 6
_REPR.maxstring, _REPR.maxother, _REPR.maxlong = 80, 80, 40
GOT_MAX = 240  # characters of a bad value quoted in a message: nested lists multiply reprlib's limits


def _capped(text: str) -> str:
    return text if len(text) <= GOT_MAX else text[: GOT_MAX - 4] + " ..."


def _one_line(text: str) -> str:
    """No control characters (a key may hold a newline): the message stays one line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


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
        if isinstance(self.got, PurePath):  # a path the user gave (an output file): whole, as written
            text += f", got {_capped(str(self.got))}"
        elif self.got is not None:  # bounded: a YAML bomb or deep nesting must not hang or overflow repr
            text += f", got {_capped(_REPR.repr(self.got))}"
        if self.suggestions:
            text += f" (did you mean: {', '.join(self.suggestions)}?)"
        return _one_line(text)

    def as_json(self) -> dict[str, Any]:
        """The error as ``mentat check --json`` prints it under ``"error"``."""
        return {
            "kind": "input",
            "file": self.file,
            "key": self.key,
            "expected": self.expected,
            "got": _jsonable(self.got),
            "suggestions": list(self.suggestions),
            "message": self.message,
        }


def _jsonable(value: object, depth: int = 3) -> Any:
    """A bounded JSON form of what the user wrote (a YAML bomb or a recursive list stays small)."""
    if isinstance(value, float) and (value != value or abs(value) == float("inf")):
        return str(value)  # JSON has no NaN or infinity
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, PurePath):
        return str(value)
    if isinstance(value, str):
        return _one_line(value if len(value) <= 200 else value[:200] + "...")
    if depth > 0 and isinstance(value, (list, tuple)):
        items = [_jsonable(v, depth - 1) for v in list(value)[:6]]
        return items + (["..."] if len(value) > 6 else [])
    if depth > 0 and isinstance(value, dict):
        pairs = list(value.items())[:6]
        out = {str(_jsonable(k, 0)): _jsonable(v, depth - 1) for k, v in pairs}
        if len(value) > 6:
            out["..."] = "..."
        return out
    return _one_line(_REPR.repr(value))


# A suggestion much further from the word than the best one is noise: 'Arakeen' is Arrakeen, not also Gara Kulon.
BEHIND_BEST = 0.2


def _likeness(word: str, name: str) -> float:
    """difflib's similarity of two lowered names, as ``get_close_matches`` scores them (0 to 1)."""
    s = difflib.SequenceMatcher()
    s.set_seq2(word)
    s.set_seq1(name)
    return s.ratio()


def nearest(word: str, names: Iterable[str], n: int = 3, *, always: bool = False) -> list[str]:
    """The valid names closest to a misspelt one, best first (with ``always``, the closest even if far); names equally
    close come in the same order whatever order they were given in (the rules loaded so far, say). A name far behind
    the best is left out: an obvious near miss is not drowned among distant ones.

    >>> nearest("Arakeen", ["Gara Kulon", "Arrakeen", "Carthag"])
    ['Arrakeen']
    >>> nearest("great flat", ["The Great Flat", "The Greater Flat", "Gara Kulon"])
    ['The Great Flat', 'The Greater Flat']
    """
    names = sorted(names)
    lowered = {name.lower(): name for name in names}
    hits = difflib.get_close_matches(word.lower(), list(lowered), n=n, cutoff=0.5)
    if hits:
        score = {h: _likeness(word.lower(), h) for h in hits}
        best = max(score.values())
        hits = [h for h in hits if score[h] >= best - BEHIND_BEST]
    if not hits:  # one word of a longer name: 'Kudoo' finds Umman Kudu, 'Rabban' Beast Rabban
        parts = {part: k for k in lowered for part in re.split(r"[\s\-]+", k) if len(part) > 2}
        hits = list(
            dict.fromkeys(parts[p] for p in difflib.get_close_matches(word.lower(), list(parts), n=n, cutoff=0.6))
        )
    if not hits:  # fall back on shared prefixes, so 'harko' still finds harkonnen
        hits = [k for k in lowered if k.startswith(word.lower()[:3])][:n]
    if not hits:  # a part of a dotted name: 'storm-blocks' finds gf9.shipment.storm-blocks
        hits = [k for k in lowered if word.lower() and word.lower() in k][:n]
    if not hits and always:
        hits = sorted(lowered, key=lambda k: -difflib.SequenceMatcher(None, word.lower(), k).ratio())[:n]
    return [lowered[h] for h in hits]

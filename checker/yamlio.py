"""YAML reading: always the safe loader (the C one when PyYAML has it)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import yaml

try:  # the C loader is several times faster on the board file
    from yaml import CSafeLoader as SafeLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader  # type: ignore[assignment]


# Set while a request of ``mentat serve`` is answered: a position or record a request sends names no file of the
# server's (a ``board:`` path, a record's ``start.position``); the key is refused, the file never opened.
_NO_FILES: ContextVar[bool] = ContextVar("no_files", default=False)


@contextmanager
def no_files() -> Iterator[None]:
    """Within it, a key of the input that names a file is refused (:func:`file_allowed`), not read."""
    token = _NO_FILES.set(True)
    try:
        yield
    finally:
        _NO_FILES.reset(token)


def refuse_file(key: str, given: Any, inline: str) -> None:
    """Raise the InputError for a key naming a file where files are refused (``mentat serve``'s requests)."""
    if _NO_FILES.get():
        from checker.errors import InputError

        raise InputError(key, f"{inline} (a request names no file of the server's)", given)


def load_yaml(path: Path) -> Any:
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=SafeLoader)


def parse_yaml(text: str) -> Any:
    return yaml.load(text, Loader=SafeLoader)


def load_data(path: Path) -> Any:
    """A project data file (the board, the components), parsed once and kept as JSON in the disk cache.

    The cache's fingerprint covers the data files, so an edited file is parsed afresh; JSON reads
    several times faster than YAML, which a cold check would otherwise pay for twice.
    """
    import json

    from checker.cache import cache_file, read_text, write_text

    where = cache_file("data", str(path))
    text = read_text(where) if where else None
    if text:
        try:
            return json.loads(text)
        except ValueError:
            pass
    data = load_yaml(path)
    if where:
        write_text(where, json.dumps(data))
    return data

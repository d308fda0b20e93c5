"""YAML reading: always the safe loader (the C one when PyYAML has it)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import yaml

try:  # the C loader is several times faster on the board file
    from yaml import CSafeLoader as _Base
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Base  # type: ignore[assignment]


class DuplicateKey(yaml.constructor.ConstructorError):
    """A mapping gives one key twice (YAML's loaders keep the last silently: a position would be judged on half of
    what its file says). ``key``: its path from the top (``factions.harkonnen.spice``)."""

    def __init__(self, key: str, first: Any, again: Any) -> None:
        super().__init__("while constructing a mapping", first, f"found the key {key!r} twice", again)
        self.key = key
        self.first = (first.line + 1, first.column + 1)
        self.again = (again.line + 1, again.column + 1)

    @property
    def where(self) -> str:
        (l1, c1), (l2, c2) = self.first, self.again
        return f"at line {l1}, columns {c1} and {c2}" if l1 == l2 else f"at lines {l1} and {l2}"


class SafeLoader(_Base):  # type: ignore[misc, valid-type]
    """The safe loader (no Python objects, no custom tags), refusing a mapping that gives one key twice."""

    def construct_document(self, node: Any) -> Any:
        self._no_duplicates(node)
        return super().construct_document(node)

    def _no_duplicates(self, top: Any) -> None:
        """Each mapping's keys once, the first twice-given key named by its path; each node walked once (an alias
        is the node it names: a YAML bomb stays as small as its text)."""
        seen: set[int] = set()
        todo: list[tuple[Any, str]] = [(top, "")]
        while todo:
            node, path = todo.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            if isinstance(node, yaml.SequenceNode):
                todo += [(item, f"{path}[{i}]") for i, item in enumerate(node.value)]
            elif isinstance(node, yaml.MappingNode):
                keys: dict[Any, Any] = {}
                for key_node, value_node in node.value:
                    name = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
                    where = f"{path}.{name}" if path else str(name)
                    todo.append((value_node, where))
                    if name is None or key_node.tag == "tag:yaml.org,2002:merge":  # `<<: *base` may be overridden
                        continue
                    key = self.construct_object(key_node)
                    first = keys.setdefault(key, key_node)
                    if first is not key_node:
                        raise DuplicateKey(where, first.start_mark, key_node.start_mark)


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


def yaml_error(err: Exception, what: str = "valid YAML") -> Any:
    """A YAML parser's error as one InputError a user reads: a key given twice names the key and both lines; a tag
    the safe loader refuses (``!!python/object``) is named whole, with its line; anything else says where."""
    from checker.errors import InputError

    mark = getattr(err, "problem_mark", None)
    where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
    if isinstance(err, DuplicateKey):
        return InputError(err.key, f"each key once in its mapping: it is given twice, {err.where}")
    problem = str(getattr(err, "problem", None) or str(err).splitlines()[0])
    if "constructor for the tag" in problem:
        tag = problem.partition("tag ")[2].strip("'\" ").replace("tag:yaml.org,2002:", "!!")
        return InputError(
            "", f"{what}{where}: plain data only; the tag {tag} is not allowed (Mentat reads no Python objects)"
        )
    return InputError("", f"{what}{where}", problem)

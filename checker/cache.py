"""A cache on disk for what is slow to rebuild and never changes between runs of the same code.

Files are named after a fingerprint of the project's code, its data and z3's version, so a
change to any rule starts a fresh cache. A cache that cannot be read or written is only slower.
``MENTAT_CACHE=off`` turns it off; ``MENTAT_CACHE=DIR`` moves it.
"""

from __future__ import annotations

import atexit
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

try:  # the built-in BLAKE2: hashlib would load OpenSSL first (~2 ms of a cold check)
    from _blake2 import blake2b as _hash
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b as _hash


@cache
def fingerprint() -> str:
    """Changes whenever the code, the data or z3 change."""
    import z3

    import checker
    import constraints

    h = _hash(z3.get_version_string().encode())
    for package in (checker, constraints):
        for path, st in _stats(package.__path__[0], ".py"):
            h.update(f"{path}:{st.st_mtime_ns}:{st.st_size}".encode())
    for path, st in _stats(os.path.join(constraints.__path__[0], "data"), ".yaml", deep=False):
        h.update(f"{path}:{st.st_mtime_ns}".encode())
    return h.hexdigest()[:16]


def _stats(top: str, suffix: str, deep: bool = True) -> list[tuple[str, os.stat_result]]:
    """Each file under ``top`` (below it too, if ``deep``) whose name ends with ``suffix``, with its stat, in
    order (through ``os.scandir``: pathlib's ``rglob`` took a fortieth of a cold check)."""
    found: list[tuple[str, os.stat_result]] = []
    todo = [top]
    while todo:
        try:
            entries = list(os.scandir(todo.pop()))
        except OSError:
            continue
        for entry in entries:
            if entry.name.endswith(suffix) and entry.is_file():
                found.append((entry.path, entry.stat()))
            elif deep and entry.is_dir() and entry.name != "__pycache__":
                todo.append(entry.path)
    return sorted(found, key=lambda item: item[0])


def compiled_dataclasses() -> None:
    """Keep the code ``dataclasses`` compiles for each class's ``__init__``, ``__repr__`` and ``__eq__`` on disk, as
    Python keeps a module's bytecode: compiling it is most of what importing the position model and a kind's facts
    costs (~15 ms of a cold ``mentat check``). The module's ``exec`` is shadowed by one that looks the source text up
    first, in a file per module of the project that defines classes (read when its first class is made); the same
    text always compiles to the same code, so an entry from older code is only never matched."""
    import builtins
    import dataclasses
    import marshal

    base = _base()
    if base is None or "exec" in vars(dataclasses):
        return
    _used(base / "dataclasses")  # not a code version's stamp, but pruned as one when left unused
    where = base / "dataclasses" / f"{sys.implementation.cache_tag}-{sys.hexversion:x}"
    kept: dict[str, dict[str, Any]] = {}  # module -> source -> code, as read
    used: dict[str, dict[str, Any]] = {}  # as compiled or found in this process

    def known(module: str) -> dict[str, Any]:
        if module not in kept:
            kept[module] = _marshalled(where / f"{module}.marshal")
        return kept[module]

    def cached_exec(source: Any, scope: Any = None, names: Any = None, /) -> None:
        module = str((scope or {}).get("__name__", ""))  # dataclasses passes the class's module's globals
        if isinstance(source, str) and module.startswith(("checker.", "constraints.")):
            code = known(module).get(source)
            if code is None:  # as exec compiles it there: no __future__ flags (dataclasses.py has none)
                code = compile(source, "<string>", "exec", dont_inherit=True)
            used.setdefault(module, {})[source] = source = code
        builtins.exec(source, scope, names)

    def keep() -> None:
        for module, codes in used.items():
            old = kept.get(module, {})
            if codes.keys() - old.keys():  # new classes: with the older while few (a class made only by some runs)
                write_bytes(where / f"{module}.marshal", marshal.dumps({**old, **codes} if len(old) < 200 else codes))

    setattr(dataclasses, "exec", cached_exec)  # noqa: B010 (mypy: the module has no such name)
    atexit.register(keep)


def compiled_regexes() -> None:
    """Keep what ``re`` compiles on disk: each pattern's code for the regex engine, as ``re`` would hand it to
    ``_sre.compile``. Parsing and optimising patterns is Python code that runs again in every process (PyYAML's,
    click's and the project's: ~9 ms of a cold ``mentat check``, PyYAML's character class of the printable
    characters alone 4 ms). The same pattern and flags always give the same code; a pattern not yet kept, or a
    Python whose ``re`` is made otherwise, is compiled by ``re`` itself."""
    import marshal
    import re

    compiler = getattr(re, "_compiler", None)
    parser = getattr(re, "_parser", None)
    engine = getattr(compiler, "_sre", None)
    base = _base()
    if base is None or compiler is None or parser is None or engine is None or hasattr(compiler.compile, "kept"):
        return
    made_by_re = compiler.compile
    debug = int(getattr(compiler, "SRE_FLAG_DEBUG", 128))
    path = base / "regexes" / f"{sys.implementation.cache_tag}-{sys.hexversion:x}.marshal"
    kept = _marshalled(path)
    made: dict[tuple[Any, int], tuple[Any, ...]] = {}

    def compile_kept(pattern: Any, flags: Any = 0) -> Any:
        key = (pattern, int(flags))
        if not isinstance(pattern, (str, bytes)) or key[1] & debug:  # a parsed pattern; DEBUG prints as it compiles
            return made_by_re(pattern, flags)
        try:
            args = kept.get(key)
            if args is None:  # as re._compiler.compile makes it (Python 3.11-3.13)
                parsed = parser.parse(pattern, flags)
                code = compiler._code(parsed, flags)
                groupindex = dict(parsed.state.groupdict)
                indexgroup: list[str | None] = [None] * parsed.state.groups
                for name, i in groupindex.items():
                    indexgroup[i] = name
                # the opcodes are ints of a subclass (named constants): plain ints, as marshal keeps them
                args = (
                    int(flags | parsed.state.flags),
                    [int(c) for c in code],
                    parsed.state.groups - 1,
                    groupindex,
                    tuple(indexgroup),
                )
                made[key] = args
            return engine.compile(pattern, *args)
        except Exception:  # a bad pattern (re says so itself, below), or a re made otherwise: re compiles it
            made.pop(key, None)
            return made_by_re(pattern, flags)

    def keep() -> None:
        if not made:
            return
        try:  # patterns made from input would grow it without end: past 500, this process's alone
            data = marshal.dumps({**kept, **made} if len(kept) < 500 else made)
        except ValueError:  # a pattern marshal cannot keep: only slower
            return
        write_bytes(path, data)

    compile_kept.kept = kept  # type: ignore[attr-defined]  # marks it installed (once a process)
    compiler.compile = compile_kept
    atexit.register(keep)


@cache
def machinery_fingerprint() -> str:
    """Changes whenever the machinery, the game families, the layers or the data change; not when a rule does
    (what reads and draws a position depends on those alone)."""
    import checker
    import constraints

    h = _hash(b"machinery")
    top = constraints.__path__[0]
    layers = [(p, st) for p, st in _stats(top, "__init__.py") if os.path.dirname(os.path.dirname(p)) == top]
    found = [
        *_stats(checker.__path__[0], ".py"),
        *_stats(top, ".py", deep=False),
        *layers,
        *_stats(os.path.join(top, "data"), ".yaml", deep=False),
    ]
    for path, st in sorted(found, key=lambda item: item[0]):
        h.update(f"{path}:{st.st_mtime_ns}:{st.st_size}".encode())
    return h.hexdigest()[:16]


def _base() -> Path | None:
    """The cache's folder; None when caching is off."""
    where = os.environ.get("MENTAT_CACHE", "")
    if where == "off":
        return None
    return Path(where) if where else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "mentat"


@contextmanager
def bytecode_cache() -> Iterator[None]:
    """Imports in the block keep their compiled bytecode in the cache (``bytecode/``), where Python would keep it
    beside the sources but is told not to (``PYTHONDONTWRITEBYTECODE``): otherwise every process compiles every
    module of the rules again, a third of a second of each rulebook build. Python checks each file against its
    source's stamp, so nothing there goes stale. Nothing changes where Python writes bytecode itself, or where
    caching is off."""
    base = _base()
    if not sys.dont_write_bytecode or sys.pycache_prefix is not None or base is None:
        yield
        return
    _used(base / "bytecode")
    sys.pycache_prefix, sys.dont_write_bytecode = str(base / "bytecode"), False
    try:
        yield
    finally:
        sys.pycache_prefix, sys.dont_write_bytecode = None, True


def cache_file(kind: str, key: str, stamp: str | None = None) -> Path | None:
    """Where the entry ``key`` of a kind of cache lives (under ``stamp``, by default :func:`fingerprint`); None
    when caching is off."""
    base = _base()
    if base is None:
        return None
    name = _hash(key.encode()).hexdigest()[:24]
    stamp_dir = base / (stamp or fingerprint())
    _used(stamp_dir)
    return stamp_dir / kind / name


@cache
def _used(stamp_dir: Path) -> None:
    """Mark a stamp's caches as used (once a process): :func:`_prune` keeps the most recently used stamps. Without
    it a stamp that is only read (the rulebook's, which a rule's edit does not change) looked as old as its first
    write, and a dozen rule edits later its caches went, and the next build paid for all of them again."""
    try:
        os.utime(stamp_dir)
    except OSError:  # not made yet, or not ours to touch: only slower
        pass


def read_text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


KEPT_STAMPS = 12  # the most recently used code versions whose caches stay on disk


def write_text(path: Path, text: str) -> None:
    _write_entry(path, text.encode("utf-8"))


def read_texts(path: Path) -> dict[str, str] | None:
    """A mapping of names to texts kept by :func:`write_texts` (None: none kept, or not one)."""
    found = _marshalled(path)
    if not found or not all(isinstance(k, str) and isinstance(v, str) for k, v in found.items()):
        return None
    return found


def _marshalled(path: Path) -> dict[Any, Any]:
    """The dict a cache file keeps in marshal's format; empty where there is none, or it is damaged or not a dict."""
    import marshal

    try:
        found = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return found if isinstance(found, dict) else {}


def write_texts(path: Path, texts: dict[str, str]) -> None:
    import marshal

    _write_entry(path, marshal.dumps(texts))


def _write_entry(path: Path, data: bytes) -> None:
    try:
        stamp_dir = path.parent.parent
        if not stamp_dir.exists():  # a code version's first entry: the oldest versions' caches go
            _prune(stamp_dir.parent)
    except OSError:
        pass
    write_bytes(path, data)


def write_bytes(path: Path, data: bytes) -> None:
    """Write a cache file whole or not at all (another process may be reading it)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        pass


def _prune(base: Path) -> None:
    """Remove all but the most recently used stamps' caches under ``base`` (each code change makes a new stamp: left
    alone, a developer's cache grows by a stamp per edit). A process still using a removed stamp only misses."""
    import shutil

    try:
        stamps = sorted((p for p in base.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    for old in stamps[KEPT_STAMPS:]:
        shutil.rmtree(old, ignore_errors=True)

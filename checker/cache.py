"""A cache on disk for what is slow to rebuild and never changes between runs of the same code.

Files are named after a fingerprint of the project's code, its data and z3's version, so a
change to any rule starts a fresh cache. A cache that cannot be read or written is only slower.
``MENTAT_CACHE=off`` turns it off; ``MENTAT_CACHE=DIR`` moves it.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path


@cache
def fingerprint() -> str:
    """Changes whenever the code, the data or z3 change."""
    import z3

    import checker
    import constraints

    h = hashlib.sha256(z3.get_version_string().encode())
    for package in (checker, constraints):
        for path in sorted(Path(package.__path__[0]).rglob("*.py")):
            st = path.stat()
            h.update(f"{path}:{st.st_mtime_ns}:{st.st_size}".encode())
    for path in sorted((Path(constraints.__path__[0]) / "data").glob("*.yaml")):
        h.update(f"{path}:{path.stat().st_mtime_ns}".encode())
    return h.hexdigest()[:16]


@cache
def machinery_fingerprint() -> str:
    """Changes whenever the machinery, the game families, the layers or the data change; not when a rule does
    (what reads and draws a position depends on those alone)."""
    import checker
    import constraints

    h = hashlib.sha256(b"machinery")
    top = Path(constraints.__path__[0])
    code = [*Path(checker.__path__[0]).rglob("*.py"), *top.glob("*.py"), *top.glob("*/__init__.py")]
    for path in sorted([*code, *(top / "data").glob("*.yaml")]):
        st = path.stat()
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
    name = hashlib.sha256(key.encode()).hexdigest()[:24]
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
    try:
        stamp_dir = path.parent.parent
        if not stamp_dir.exists():  # a code version's first entry: the oldest versions' caches go
            _prune(stamp_dir.parent)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(text, encoding="utf-8")
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

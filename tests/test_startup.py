"""What a cold ``mentat check`` does to start and end quickly changes nothing it answers.

Three devices (checker/cache.py, checker/engine.py, checker/cli.py): the code ``dataclasses`` compiles is kept on
disk, z3's context is made on another thread while the position is read, and a command that asked the solver ends
its process without Python's teardown. Each is checked here in fresh processes against the plain way.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from checker.architecture import ROOT

EXAMPLE = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"

# What a class made by ``dataclasses`` is, as its users see it: its methods' signatures and annotations, an
# instance's repr, equality and hash; for the position model, a kind's facts, the verdict and a frozen record.
CLASSES_PROBE = """
import inspect, json, sys
import checker.cli
from checker.arrakis.position import Position, ShipMove, FactionState
from checker.arrakis.kinds.shipment import ShipmentFacts
from checker.engine import Verdict
from checker.sources import Cite
out = {}
for cls in (Position, ShipMove, FactionState, ShipmentFacts, Verdict, Cite):
    init = cls.__init__
    out[cls.__name__] = [str(inspect.signature(init)), repr(init.__annotations__), init.__code__.co_code.hex()]
a = ShipMove(action="ship", faction="atreides", to="Carthag", count=2)
b = ShipMove(action="ship", faction="atreides", to="Carthag", count=2)
cite = Cite("gf9", 99, "text")
out["instances"] = [repr(a), a == b, a != ShipMove(action="ship", faction="fremen", to="Carthag"), repr(cite),
                    hash(cite) == hash(Cite("gf9", 99, "text")), repr(Verdict("gf9", "legal"))]
print(json.dumps(out))
"""


def _python(code: str, cache: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MENTAT_CACHE": cache}
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120
    )


def test_dataclasses_made_from_the_kept_code_are_those_python_makes(tmp_path: Path) -> None:
    """The first process compiles and keeps each class's methods; the second makes them from what was kept (it
    compiles none); both are the classes Python makes with caching off."""
    cache = str(tmp_path / "cache")
    first = _python(CLASSES_PROBE, cache)
    assert first.returncode == 0, first.stderr
    kept = list((tmp_path / "cache" / "dataclasses").glob("*/checker.arrakis.position.marshal"))
    assert kept, "no compiled code was kept for the position model"
    counted = (  # the second process counts what it compiles of dataclasses' methods
        "import builtins\n"
        "compiled = []\n"
        "plain = builtins.compile\n"
        "def counting(source, *args, **kwargs):\n"
        "    if isinstance(source, str) and source.startswith('def __create_fn__'):\n"
        "        compiled.append(source)\n"
        "    return plain(source, *args, **kwargs)\n"
        "builtins.compile = counting\n" + CLASSES_PROBE + "print(len(compiled))\n"
    )
    second = _python(counted, cache)
    assert second.returncode == 0, second.stderr
    second_classes, second_compiled = second.stdout.splitlines()
    assert int(second_compiled) == 0
    plain = _python(CLASSES_PROBE, "off")
    assert plain.returncode == 0, plain.stderr
    assert json.loads(first.stdout) == json.loads(second_classes) == json.loads(plain.stdout)


def test_a_kept_file_that_cannot_be_read_is_only_slower(tmp_path: Path) -> None:
    """A damaged file of kept code is compiled afresh (and written again), never an error."""
    cache = tmp_path / "cache"
    assert _python(CLASSES_PROBE, str(cache)).returncode == 0
    for kept in (cache / "dataclasses").glob("*/*.marshal"):
        kept.write_bytes(b"\x00 not marshal")
    again = _python(CLASSES_PROBE, str(cache))
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout) == json.loads(_python(CLASSES_PROBE, "off").stdout)
    assert all(f.read_bytes() != b"\x00 not marshal" for f in (cache / "dataclasses").glob("*/*position.marshal"))


def test_the_context_made_early_is_z3s_one_context(tmp_path: Path) -> None:
    """The context made on another thread becomes z3's main context, and the check's terms live in it; where z3
    made its own first, that one stays and the early one is left unused. The verdict is the same either way."""
    probe = (
        "import sys, z3\n"
        "from checker.engine import make_context_early, _early\n"
        "first = z3.main_ctx() if sys.argv[1] == 'z3-first' else None\n"
        "make_context_early()\n"
        "thread = _early['thread']\n"
        "from checker.api import check_file\n"
        f"v = check_file({str(EXAMPLE)!r})\n"
        "thread.join()\n"
        "made = z3.main_ctx()\n"
        "print(v.verdict, v.forbidding(), made is first if first else made is not None, thread.is_alive())\n"
    )
    for order in ("early", "z3-first"):
        run = _python(probe, str(tmp_path / "cache"), order)
        assert run.returncode == 0, run.stderr
        assert run.stdout.split(None, 1)[0] == "illegal"
        assert run.stdout.rstrip().endswith("['gf9.shipment.storm-blocks'] True False"), (order, run.stdout)


def _mentat() -> list[str]:
    exe = Path(sys.executable).with_name("mentat")
    return [str(exe)] if exe.exists() else [sys.executable, "-c", "from checker.launch import run; run()"]


def test_a_command_that_ends_its_process_at_once_still_says_everything(tmp_path: Path) -> None:
    """``mentat check`` ends without Python's teardown: its whole output is written, its exit status is the
    verdict's, and the exit handlers ran (the classes' code was kept on disk)."""
    env = {**os.environ, "MENTAT_CACHE": str(tmp_path / "cache"), "NO_COLOR": "1"}
    run = subprocess.run(
        [*_mentat(), "check", str(EXAMPLE), "--json"], capture_output=True, text=True, env=env, timeout=120
    )
    assert run.returncode == 1, run.stderr
    verdict = json.loads(run.stdout)
    assert verdict["verdict"] == "illegal" and verdict["minimal_reason"] == ["gf9.shipment.storm-blocks"]
    assert list((tmp_path / "cache" / "dataclasses").glob("*/checker.engine.marshal"))
    bad = subprocess.run([*_mentat(), "check", str(tmp_path / "none.yaml")], capture_output=True, text=True, env=env)
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.startswith("mentat: ")


# What re makes of a pattern, as its users see it, for PyYAML's patterns (the longest to compile) and a few of the
# project's shapes: named groups, verbose and case-insensitive flags, a bytes pattern.
PATTERNS_PROBE = """
import json, re, sys
import checker.cli
import yaml
parsed = []
plain_parse = re._parser.parse
def counting(*args, **kwargs):
    parsed.append(args[0])
    return plain_parse(*args, **kwargs)
re._parser.parse = counting
re.purge()
probes = [
    ("[^\\x09\\x0A\\x0D\\x20-\\x7E\\x85\\xA0-\\uD7FF\\uE000-\\uFFFD\\U00010000-\\U0010ffff]", 0, "ok\\x07\\x1b text"),
    (r"^\\s*(?P<doc>[a-z0-9]+):L?(?P<lines>[\\d,\\s\\-L]+)\\s*$", 0, "gf9:99,223"),
    (r"(?x) (?P<n> \\d+ ) \\s* (?:forces?|tokens?)", 0, "6 forces and 1 token"),
    (r"carthag|arrakeen", re.IGNORECASE, "Carthag, then ARRAKEEN"),
    (rb"(\\d+)-(\\d+)", 0, b"97-99"),
]
out = []
for pattern, flags, text in probes:
    p = re.compile(pattern, flags)
    found = [m.groupdict() or m.groups() or m.group(0) for m in p.finditer(text)]
    out.append([repr(p.pattern), p.flags, p.groups, dict(p.groupindex), repr(found)])
count = len(parsed)
try:
    re.compile("(unclosed")
except re.error as err:
    out.append(str(err))
print(json.dumps(out))
print(count)
"""


def test_patterns_made_from_the_kept_code_are_those_re_makes(tmp_path: Path) -> None:
    """The first process keeps the code of each pattern it compiles; the second parses none of them again; both
    find what re finds with caching off (PyYAML's printable characters, named groups, flags, a bytes pattern), and
    a bad pattern is the same error."""
    cache = str(tmp_path / "cache")
    first = _python(PATTERNS_PROBE, cache)
    assert first.returncode == 0, first.stderr
    assert list((tmp_path / "cache" / "regexes").glob("*.marshal")), "no pattern was kept"
    second = _python(PATTERNS_PROBE, cache)
    assert second.returncode == 0, second.stderr
    plain = _python(PATTERNS_PROBE, "off")
    assert plain.returncode == 0, plain.stderr
    found = [run.stdout.splitlines() for run in (first, second, plain)]
    assert found[0][0] == found[1][0] == found[2][0]
    assert int(found[1][1]) == 0 and int(found[2][1]) == 5  # the second process parsed no pattern again
    for kept in (tmp_path / "cache" / "regexes").glob("*.marshal"):
        kept.write_bytes(b"\x00 not marshal")
    damaged = _python(PATTERNS_PROBE, cache)
    assert damaged.returncode == 0, damaged.stderr
    assert damaged.stdout.splitlines()[0] == found[2][0]


# Verdicts of one process over several cases of a kind asked of one long-lived solver (movement), and of kinds
# asked of a solver made for each decision (battles: their rules read from the disk cache as decisions ask for them).
VERDICTS_PROBE = """
import json, sys
from checker.api import check_file
print(json.dumps([check_file(path).as_json() for path in sys.argv[1:]]))
"""


def _verdicts(cache: str, cases: list[Path]) -> list[dict[str, object]]:
    run = _python(VERDICTS_PROBE, cache, *map(str, cases))
    assert run.returncode == 0, run.stderr
    found: list[dict[str, object]] = json.loads(run.stdout)
    return found


def test_a_solver_read_rule_by_rule_answers_as_one_built_whole(tmp_path: Path) -> None:
    """A battle's solver read from the disk cache holds its frame and only the rules its decisions asked for; the
    verdicts (findings, cores, outcomes) are those of the solver built whole through z3's API with caching off.
    A long-lived solver (movement) gives the same verdicts whether it wrote the cache or read it."""
    battles = [
        *sorted((ROOT / "cases" / "dreamrules").glob("battle-*.yaml"))[:15],
        *sorted((ROOT / "cases" / "gf9").glob("battle-*.yaml"))[:10],
    ]
    moves = sorted((ROOT / "cases" / "gf9").glob("move-*.yaml"))[:12]
    cache = str(tmp_path / "cache")
    whole, writing, reading = (_verdicts(where, battles) for where in ("off", cache, cache))
    assert {v["verdict"] for v in whole} >= {"legal", "illegal"}
    assert any(v["minimal_reason"] for v in whole)
    assert whole == writing == reading
    written, read = (_verdicts(str(tmp_path / "moves"), moves) for _ in range(2))
    assert {v["verdict"] for v in written} >= {"legal", "illegal"}
    assert list(map(_gist, written)) == list(map(_gist, read))


def _gist(v: dict[str, Any]) -> tuple[Any, ...]:
    """A movement verdict but for which of several shortest paths the solver names (its history in the process
    may change that choice, never the path's length)."""
    path = v["outcome"].get("path")
    rules = [(f["rule"], f["effect"]) for f in v["findings"]]
    return v["verdict"], v["minimal_reason"], rules, None if path is None else len(path)

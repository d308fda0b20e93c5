"""Broken input never breaks the CLI: a verdict, or exit 2 with one clear line.

Every case file is mutated (keys dropped, types changed, names misspelt,
numbers made negative or huge, text truncated, garbage and non-UTF-8 bytes
inserted) with a seeded generator, and each mutant runs through
``mentat check FILE --json``. Either the result is a normal verdict (exit 0, 1,
3 or 4 with one JSON object on stdout) or exit 2 with exactly one line on
stderr, starting "mentat:" and naming the key or the file, and one JSON object
``{"error": {...}}`` on stdout; never a traceback, never another exit code.
Set MENTAT_FUZZ_SEED to replay another run.
"""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from campaigns import LONG

from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
EXIT = {"legal": 0, "illegal": 1, "unresolved": 3, "invalid-position": 4}
SEED = int(os.environ.get("MENTAT_FUZZ_SEED", "20240611"))
BUDGET = int(os.environ.get("MENTAT_FUZZ_BUDGET", "600"))  # mutants in all, spread over the case files
# every case file is mutated at least once (the quick profile) or three times (`dev.py test --long`)
MIN_PER_CASE = 3 if LONG else 1
SHARDS = 4  # the case files in four tests, so that pytest-xdist spreads them over the cores


def assert_contract(run: Any, path: Path, what: str) -> None:
    """The CLI's promise for any input file."""
    label = f"[{what}] {path.name}"
    assert not run.traceback, f"{label}: {type(run.exception).__name__}: {run.exception}"
    assert run.code in (0, 1, 2, 3, 4), f"{label}: exit {run.code}; stderr: {run.stderr!r}"
    if run.code == 2:
        lines = run.stderr.splitlines()
        assert len(lines) == 1, f"{label}: {len(lines)} lines on stderr: {run.stderr!r}"
        line = lines[0]
        assert line.startswith("mentat:"), f"{label}: {line!r}"
        assert str(path) in line or "key '" in line, f"{label}: names neither the file nor a key: {line!r}"
        # --json: the error is one JSON object on stdout, and nothing else is
        error = json.loads(run.stdout)["error"]
        assert set(error) >= {"file", "key", "expected", "got", "suggestions"}, f"{label}: {error}"
        assert error["message"] in line, f"{label}: the JSON error is not the one reported: {error}"
        assert error["file"] == str(path) or error["key"], f"{label}: names neither the file nor a key: {error}"
    else:
        verdict = json.loads(run.stdout)
        assert isinstance(verdict, dict), label
        assert EXIT[verdict["verdict"]] == run.code, f"{label}: exit {run.code} for {verdict['verdict']}"


# -- mutations of the parsed position ----------------------------------------


def _paths(node: Any, here: tuple = ()) -> list[tuple]:
    """Every (container path, key) in a parsed YAML tree."""
    out = []
    if isinstance(node, dict):
        for k, v in node.items():
            out.append((*here, k))
            out += _paths(v, (*here, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.append((*here, i))
            out += _paths(v, (*here, i))
    return out


def _get(node: Any, path: tuple) -> Any:
    for k in path:
        node = node[k]
    return node


def _misspell(rng: random.Random, word: str) -> str:
    if len(word) < 2:
        return word + "x"
    i = rng.randrange(len(word) - 1)
    how = rng.choice(["drop", "swap", "double", "case"])
    if how == "drop":
        return word[:i] + word[i + 1 :]
    if how == "swap":
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if how == "double":
        return word[:i] + word[i] + word[i:]
    return word.swapcase()


ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, -(10**6), 10**30, 2**63, 1.5, float("nan"), "", "ten", "x" * 5000,
    [], {}, [1, 2], {"a": 1}, [[[[]]]], "2019-01-01", "Nowhere", "sardaukar-x", "\u00e9\u00e8\u2603",
]  # fmt: skip


def mutate_data(rng: random.Random, data: dict) -> tuple[str, Any]:
    data = copy.deepcopy(data)
    paths = _paths(data)
    how = rng.choice(["drop", "type", "misspell", "negative", "huge", "unknown-name", "garbage-key", "odd-key"])
    if not paths:
        return "empty", data
    path = rng.choice(paths)
    parent, key = _get(data, path[:-1]), path[-1]
    value = parent[key]
    if how == "drop":
        del parent[key]
    elif how == "type":
        parent[key] = rng.choice(ODD_VALUES)
    elif how == "misspell":
        strings = [p for p in paths if isinstance(_get(data, p), str)]
        keys = [p for p in paths if isinstance(p[-1], str)]
        if strings and rng.random() < 0.6:
            p = rng.choice(strings)
            _get(data, p[:-1])[p[-1]] = _misspell(rng, _get(data, p))
        elif keys:
            p = rng.choice(keys)
            holder = _get(data, p[:-1])
            holder[_misspell(rng, p[-1])] = holder.pop(p[-1])
    elif how in ("negative", "huge"):
        numbers = [p for p in paths if isinstance(_get(data, p), int) and not isinstance(_get(data, p), bool)]
        if numbers:
            p = rng.choice(numbers)
            n = _get(data, p)
            _get(data, p[:-1])[p[-1]] = -abs(n) - 1 if how == "negative" else rng.choice([10**9, 10**30, 2**64 + 1])
    elif how == "unknown-name":
        strings = [p for p in paths if isinstance(_get(data, p), str)]
        if strings:
            p = rng.choice(strings)
            _get(data, p[:-1])[p[-1]] = rng.choice(["Nowhere Sietch", "sardaukar-x", "reserves", "The", "polar"])
    elif how == "garbage-key":
        target = rng.choice([data] + [_get(data, p) for p in paths if isinstance(_get(data, p), dict)])
        target[rng.choice(["zzz", "storm ", "count\n2", "\u2603", "move.to"])] = rng.choice(ODD_VALUES)
    elif how == "odd-key" and isinstance(parent, dict):
        parent[rng.choice([1, 2.5, True, None])] = value
    return how, data


# -- mutations of the text ---------------------------------------------------

GARBAGE = [
    ": : :", "- - [", "{", "]]]", "\t- tab", "&a [*a]", "!!python/object:os.system echo", "? [1, 2]\n: 3",
    "key: 'unclosed", "%YAML 9.9", "---\n---", "...", "*undefined", "!!binary 'zz'", "x: !!int nope",
]  # fmt: skip


def mutate_text(rng: random.Random, text: str) -> tuple[str, bytes]:
    how = rng.choice(["truncate", "garbage", "non-utf8", "indent", "duplicate-key"])
    if how == "truncate":
        return how, text[: rng.randrange(len(text) + 1)].encode("utf-8")
    lines = text.split("\n")
    i = rng.randrange(len(lines) + 1)
    if how == "garbage":
        lines.insert(i, rng.choice(GARBAGE))
    elif how == "non-utf8":
        raw = text.encode("utf-8")
        j = rng.randrange(len(raw) + 1)
        return how, raw[:j] + rng.choice([b"\xff\xfe", b"\x80", b"\xc3\x28", b"\xed\xa0\x80"]) + raw[j:]
    elif how == "indent" and lines:
        j = rng.randrange(len(lines))
        lines[j] = rng.choice(["   ", "\t", ""]) + lines[j]
    elif how == "duplicate-key":
        lines.insert(i, "storm: 3")
    return how, "\n".join(lines).encode("utf-8")


FIXED: dict[str, bytes] = {
    "empty": b"",
    "blank": b"\n\n   \n",
    "null": b"~\n",
    "scalar": b"42\n",
    "list": b"- ruleset: gf9\n",
    "bom": b"\xef\xbb\xbfruleset: gf9\n",
    "utf16": "ruleset: gf9\n".encode("utf-16"),
    "binary": bytes(range(256)),
    "bomb": (
        b"ruleset: gf9\nexpect:\n  a: &a [x, x, x, x, x, x, x, x, x]\n  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        b"  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
        b"  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n  f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
        b"  g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\nforces: *g\nalliances: *g\nnotes: *g\n"
    ),
    "bomb-in-move": (
        b"ruleset: gf9\nx: &a [1, 1, 1, 1, 1, 1, 1, 1]\ny: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n"
        b"z: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nmove: {action: bid, faction: atreides, amount: *c}\n"
    ),
    "recursive": b"ruleset: gf9\nalliances: &a [*a]\n",
    "recursive-map": b"ruleset: gf9\nfactions: &a {atreides: *a}\n",
    "deep-list": b"ruleset: gf9\nforces: " + b"[" * 3000 + b"]" * 3000 + b"\n",
    "deep-map": b"ruleset: gf9\nnotes: " + b"{a: " * 3000 + b"1" + b"}" * 3000 + b"\n",
    "deep-move": b"ruleset: gf9\nmove: " + b"[" * 20000 + b"]" * 20000 + b"\n",
    "long-line": b"ruleset: gf9\ntitle: " + b"x" * 1_000_000 + b"\n",
    "many-forces": b"ruleset: gf9\nforces:\n" + b"  - {faction: atreides, territory: Arrakeen, count: 1}\n" * 3000,
}


def case_texts() -> list[Path]:
    return sorted(ROOT.glob("cases/*/*.yaml"))


@pytest.mark.parametrize("shard", range(SHARDS))
def test_fuzz_every_case(shard: int, tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    every = case_texts()
    cases = every[shard::SHARDS]
    assert cases
    per_case = max(MIN_PER_CASE, BUDGET // len(every))
    kinds: dict[str, int] = {}
    for case in cases:
        text = case.read_text(encoding="utf-8")
        data = parse_yaml(text)
        rng = random.Random(f"{SEED}:{case.relative_to(ROOT)}")
        for n in range(per_case):
            if rng.random() < 0.6:
                how, mutant = mutate_data(rng, data)
                raw = yaml.safe_dump(mutant, allow_unicode=True, sort_keys=False).encode("utf-8")
            else:
                how, raw = mutate_text(rng, text)
            kinds[how] = kinds.get(how, 0) + 1
            path = tmp_path / f"{case.stem}-{n}.yaml"
            path.write_bytes(raw)
            assert_contract(cli("check", path, "--json"), path, f"{how}, seed {SEED}")
    assert sum(kinds.values()) >= min(BUDGET // SHARDS, MIN_PER_CASE * len(cases))


def _replace_ints(node: Any, value: int) -> Any:
    if isinstance(node, bool):
        return node
    if isinstance(node, int):
        return value
    if isinstance(node, dict):
        return {k: _replace_ints(v, value) for k, v in node.items()}
    if isinstance(node, list):
        return [_replace_ints(v, value) for v in node]
    return node


EXTREMES = [10**30, -(10**30), 99]


@pytest.mark.parametrize("value", EXTREMES, ids=["huge", "negative", "at-the-bound"])
def test_every_number_huge_is_refused_or_judged_quickly(value: int, tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """A storm distance of 10**30 once walked the board sector by sector, for ever. Every case file meets one of
    the three extremes (the quick profile), or each of them (`dev.py test --long`)."""
    import time

    every = case_texts()
    cases = every if LONG else every[EXTREMES.index(value) :: 3]
    for case in cases:
        data = _replace_ints(parse_yaml(case.read_text(encoding="utf-8")), value)
        path = tmp_path / case.name
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        start = time.perf_counter()
        run = cli("check", path, "--json")
        took = time.perf_counter() - start
        assert_contract(run, path, f"every number {value}")
        assert took < 5, f"{case.name} with every number {value}: {took:.1f} s"


@pytest.mark.parametrize("name", sorted(FIXED))
def test_hostile_file(name: str, tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(FIXED[name])
    assert_contract(cli("check", path, "--json"), path, name)


def test_missing_file_and_directory(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    for path in (tmp_path / "no-such.yaml", tmp_path):
        run = cli("check", path, "--json")
        assert run.code == 2
        assert_contract(run, path, "missing")


@pytest.mark.parametrize(
    "move",
    ["{action: ship, faction: atreides, count: -3, to: Arrakeen}", "[", "{action: fly}", "42", "{}", "{action: ship}"],
)
def test_bad_move_option(move: str, cli) -> None:  # type: ignore[no-untyped-def]
    case = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"
    run = cli("check", case, "--json", "--move", move)
    assert run.code == 2, run.stdout
    assert_contract(run, case, "--move")
    assert "--move" in run.stderr


# -- the messages themselves -------------------------------------------------

BASE = """\
ruleset: gf9
storm: 10
factions:
  atreides: {spice: 10, reserves: 10}
move: {action: ship, faction: atreides, count: 3, to: Arrakeen}
"""


def _error(tmp_path: Path, cli: Any, text: str | bytes) -> str:
    path = tmp_path / "pos.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    run = cli("check", path, "--json")
    assert run.code == 2, f"expected an input error, got exit {run.code}: {run.stdout}"
    assert_contract(run, path, "message")
    return run.stderr.strip()


def test_base_position_is_fine(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "pos.yaml"
    path.write_text(BASE, encoding="utf-8")
    assert cli("check", path, "--json").code in (0, 1, 3)


def test_unknown_territory_suggests_nearest(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    msg = _error(tmp_path, cli, BASE.replace("to: Arrakeen", "to: Cartag"))
    assert "move.to" in msg and "'Cartag'" in msg
    assert "did you mean" in msg and "Carthag" in msg


def test_unknown_territory_in_forces(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    msg = _error(tmp_path, cli, BASE + "forces:\n  - {faction: atreides, territory: Habanya Sietch, count: 1}\n")
    assert "forces[0].territory" in msg and "Habbanya Sietch" in msg


def test_unknown_faction_suggests_nearest(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    msg = _error(tmp_path, cli, BASE.replace("atreides: {", "harkonen: {"))
    assert "factions.harkonen" in msg and "harkonnen" in msg.split("did you mean")[1]
    msg = _error(tmp_path, cli, BASE.replace("faction: atreides", "faction: atriedes"))
    assert "move.faction" in msg and "atreides" in msg.split("did you mean")[1]


def test_unknown_key_suggests_nearest(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    msg = _error(tmp_path, cli, BASE.replace("storm: 10", "strom: 10"))
    assert "'strom'" in msg and "storm" in msg.split("did you mean")[1]


@pytest.mark.parametrize(
    "old,new,key,expected",
    [
        ("storm: 10", "storm: ten", "storm", "a whole number"),
        ("storm: 10", "storm: 19", "storm", "from 1 to 18"),
        ("spice: 10", "spice: -5", "factions.atreides.spice", "a whole number from 0 to"),
        ("count: 3", "count: 100000", "move.count", "a whole number from 0 to"),
        ("count: 3", "count: [3]", "move.count", "a whole number"),
        ("storm: 10", "storm: 10\nadvanced: maybe", "advanced", "true or false"),
        ("storm: 10", "storm: 10\nforces: {a: 1}", "forces", "a list"),
        ("ruleset: gf9", "ruleset: gf8", "ruleset", "one of"),
        ("action: ship", "action: shipp", "move.action", "one of"),
    ],
)
def test_wrong_type_names_key_and_expectation(tmp_path: Path, cli, old: str, new: str, key: str, expected: str) -> None:  # type: ignore[no-untyped-def]
    assert old in BASE
    msg = _error(tmp_path, cli, BASE.replace(old, new, 1))
    assert f"key '{key}'" in msg, msg
    assert expected in msg, msg


def test_bad_yaml_gives_line_and_column(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    msg = _error(tmp_path, cli, "ruleset: gf9\nstorm: 10\nfactions: {atreides: [\n")
    assert "valid YAML" in msg and "line " in msg and "column " in msg
    msg = _error(tmp_path, cli, "ruleset: gf9\n  storm: 10\n")
    assert "line 2" in msg


def test_non_utf8_names_the_file(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    msg = _error(tmp_path, cli, BASE.encode("utf-8") + b"title: caf\xe9\n")
    assert "pos.yaml" in msg and "UTF-8" in msg


def test_key_with_a_newline_stays_one_line(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    msg = _error(tmp_path, cli, BASE + '"bad\\nkey": 1\n')
    assert "bad\\nkey" in msg


def test_bomb_is_refused_quickly(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    import time

    start = time.perf_counter()
    msg = _error(tmp_path, cli, FIXED["bomb"])
    assert time.perf_counter() - start < 5
    assert len(msg) < 2000, "the message quotes the whole bomb"

#!/usr/bin/env python3
"""Speed report: cold CLI checks against the bare import of z3 and typer, warm checks per second
(shipment, movement, storm, battle, ...; the Dice Game's per kind), and the battle planner's what-if latency.

Run by ``python3 dev.py bench [--quick]`` and by CI. It prints a table and
writes benchmarks/results/latest.json. It never fails on slowness: the exit
status is 0 unless the script itself crashes.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
README_CASE = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"
DICE_CASE = ROOT / "cases" / "dice" / "ship-sandstorm.yaml"  # the README's Dice Game example
DICE = ROOT / "cases" / "dice"
# The Arrakis board games' kinds, by case-file prefix over every ruleset's folder but the Dice Game's
# (a game of its own whose kinds are counted apart, below: their figures stay comparable across runs).
PREFIXES = {
    "shipment": "ship-",
    "movement": "move-",
    "storm": "storm-",
    "battle": "battle-",
    "charity": "charity-",
    "bidding": "bid-",
    "revival": "revive-",
    "collection": "collect-",
    "spice blow": "blow-",
    "card play": "play-",
    "alliance": "ally-",
    "bribe": "bribe-",
    "conquest (every kind)": "../conquest/",
    "dreamrules (every kind)": "../dreamrules/",
}


def median_run(cmd: list[str], n: int) -> tuple[float, int]:
    """Median wall time (s) of ``n`` runs of a command, and its last exit status, after one run untimed: a cold
    start is a new process, not a first run on a fresh clone (whose disk cache of solvers and chapters is still
    being written, so that with three runs one slow first run could still move the median)."""
    times = []
    subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    code = 0
    for _ in range(n):
        start = time.perf_counter()
        code = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
        times.append(time.perf_counter() - start)
    return statistics.median(times), code


def mentat_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("mentat")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("mentat")
    return [found] if found else [sys.executable, "-c", "from checker.cli import main; main()"]


def cases_for(prefix: str) -> list[Path]:
    if prefix.startswith("../"):  # a whole folder of cases: one ruleset's
        return sorted(ROOT.glob(f"cases/{prefix[3:]}*.yaml"))
    return sorted(p for p in ROOT.glob(f"cases/*/{prefix}*.yaml") if p.parent != DICE)


def dice_cases_by_kind() -> dict[str, list[Path]]:
    """The Dice Game's cases grouped by the kind of question each asks (``dice-ship``, ``dice-position``, ...),
    as the family names it; a case that does not load is left out (the warm figures measure checks)."""
    from checker.positions import family_of_position, read_position

    out: dict[str, list[Path]] = {}
    for p in sorted(DICE.glob("*.yaml")):
        try:
            pos = read_position(p)
            family = family_of_position(pos)
        except Exception:
            continue
        if family is not None:
            out.setdefault(family.kind_name(pos), []).append(p)
    return dict(sorted(out.items()))


def warm_rate(paths: list[Path], seconds: float) -> dict[str, Any]:
    """Checks per second through the Python API, cycling over the cases (illegal ones get their unsat core)."""
    from checker.api import check
    from checker.positions import read_position  # any family's position

    positions = []
    skipped = 0
    for p in paths:  # build the solvers once: this measures warm checks
        try:
            pos = read_position(p)
            check(pos)
        except Exception:
            skipped += 1
            continue
        positions.append(pos)
    if not positions:
        raise RuntimeError(f"none of the {len(paths)} cases could be checked")
    verdicts: dict[str, int] = {}
    n = 0
    start = time.perf_counter()
    while True:
        v = check(positions[n % len(positions)])
        if n < len(positions):
            verdicts[v.verdict] = verdicts.get(v.verdict, 0) + 1
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds and n >= len(positions):
            break
    return {
        "cases": len(positions),
        "skipped": skipped,
        "checks": n,
        "seconds": round(elapsed, 3),
        "per_second": round(n / elapsed, 1),
        "verdicts": verdicts,
    }


# A six-force, two-card battle (Advanced): the question ``mentat battle --faction atreides`` answers.
# Built here, not read from cases/, so the figure stays comparable while the battle cases change.
BATTLE_WHAT_IF: dict[str, Any] = {
    "ruleset": "gf9",
    "advanced": True,
    "phase": "battle",
    "storm": 1,
    "factions": {
        "atreides": {
            "spice": 8,
            "hand": ["Crysknife", "Shield", "Baliset"],
            "traitors": ["Umman Kudu"],
            "forces_lost_in_battle": 7,
        },
        "harkonnen": {"spice": 6, "hand": ["Chaumas", "Snooper"]},
    },
    "forces": [
        {"faction": "atreides", "territory": "Arrakeen", "count": 6},
        {"faction": "harkonnen", "territory": "Arrakeen", "count": 5},
    ],
    "move": {
        "action": "battle",
        "territory": "Arrakeen",
        "aggressor": "harkonnen",
        "plans": {
            "atreides": {"leader": "Thufir Hawat", "dial": 4, "spice": 3, "weapon": "Crysknife", "defense": "Shield"},
            "harkonnen": {"leader": "Feyd-Rautha", "dial": 3, "spice": 2, "weapon": "Chaumas", "defense": "Snooper"},
        },
    },
}
BATTLE_TARGET_S = 0.200


def battle_what_if(runs: int) -> dict[str, Any]:
    """Median latency of the battle planner on one six-force, two-card position (after one warm-up call):
    ``strongest_plan`` alone, and the whole of ``mentat battle`` (strongest plan, then can the file's plan lose)."""
    from checker.arrakis.kinds.battle_planner import can_lose, strongest_plan
    from checker.arrakis.position import load_position

    pos = load_position(json.loads(json.dumps(BATTLE_WHAT_IF)))
    best = strongest_plan(pos, "atreides")  # warm-up: imports, z3 context
    strongest, whole = [], []
    for _ in range(runs):
        start = time.perf_counter()
        strongest_plan(pos, "atreides")
        mid = time.perf_counter()
        can_lose(pos, "atreides")
        strongest.append(mid - start)
        whole.append(time.perf_counter() - start)
    med = statistics.median(strongest)
    return {
        "position": "Advanced, Arrakeen: atreides 6 forces, plan leader + Crysknife + Shield vs harkonnen 5",
        "runs": runs,
        "strongest_plan_s": round(med, 4),
        "strongest_plan_max_s": round(max(strongest), 4),
        "what_if_s": round(statistics.median(whole), 4),
        "target_s": BATTLE_TARGET_S,
        "within_target": med < BATTLE_TARGET_S,
        "strongest": best,
    }


# A random game (checker/playout.py) that plays all ten GF9 Basic turns with six factions: the record the game figures
# replay (issue 18 asks for a ten-turn six-faction record "of about 500 moves"; random players make fewer, so each
# figure is also given per 500 moves). The moves/s figure plays another game, on warm solvers.
GAME_FACTIONS = ["atreides", "harkonnen", "fremen", "emperor", "spacing-guild", "bene-gesserit"]
LONG_SEED, OTHER_SEED = 2, 3


def game_figures(runs: int) -> dict[str, Any]:
    """Issue 18's figures: ``apply`` per move on warm solvers (the steps of a warm replay), a whole record's replay
    warm (in this process) and cold (``mentat replay``, a new process), and random games' moves per second."""
    from checker.game import read_record, replay
    from checker.playout import play

    game = play("gf9", GAME_FACTIONS, seed=LONG_SEED, moves=600)
    moves = len(game.moves)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.jsonl"
        header = {k: v for k, v in game.record().items() if k != "moves"}
        path.write_text("\n".join(json.dumps(row) for row in [header, *game.moves]) + "\n", encoding="utf-8")
        record = read_record(path)
        applied = sum(type(s.result).__name__ == "Applied" for s in replay(record))  # warm-up
        steps, whole = [], []
        for _ in range(max(1, runs // 3)):
            start = last = time.perf_counter()
            for _step in replay(record):
                now = time.perf_counter()
                steps.append(now - last)
                last = now
            whole.append(time.perf_counter() - start)
        cold, code = median_run([*mentat_cmd(), "replay", str(path)], max(1, runs // 3))
    other = play("gf9", GAME_FACTIONS, seed=OTHER_SEED, moves=200)
    warm = statistics.median(whole)
    return {
        "record": f"random GF9 Basic game, {', '.join(GAME_FACTIONS)}, seed {LONG_SEED}: {moves} moves ({game.ended})",
        "moves": moves,
        "replayed": applied,
        "apply_ms": round(statistics.median(steps) * 1000, 2),
        "apply_mean_ms": round(sum(steps) / len(steps) * 1000, 2),
        "replay_warm_s": round(warm, 3),
        "replay_cold_s": round(cold, 3),
        "replay_exit": code,
        "turns": game.position.get("turn"),
        # warm: per move, so in proportion; cold: the process's start is paid once, then the moves as warm
        "per_500_warm_s": round(warm * 500 / max(1, moves), 3),
        "per_500_cold_s": round(max(0.0, cold - warm) + warm * 500 / max(1, moves), 3),
        "random_moves_per_s": round(len(other.moves) / other.seconds, 1),
        "random_judged_per_s": round(other.judged / other.seconds, 1),
        "random_game": f"seed {OTHER_SEED}: {len(other.moves)} moves applied of {other.judged} judged",
    }


# `mentat serve` under load: the server as a player starts it (`mentat serve --port 0`, a process of its own with its
# worker processes), its clients in threads of this process over loopback keep-alive connections (issue 19).
SERVE_CLIENTS = 50
SERVE_P95_TARGET_MS = 200
SERVE_EDIT_TARGET_MS = 100


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def _start_server(workers: int | None) -> tuple[subprocess.Popen[str], str, int, float]:
    """``mentat serve --port 0`` started and its address read from what it prints; the seconds it took."""
    import select

    cmd = [*mentat_cmd(), "serve", "--port", "0", *(["--workers", str(workers)] if workers is not None else [])]
    began = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    assert proc.stdout is not None
    ends = began + 120
    while time.perf_counter() < ends:
        ready, _, _ = select.select([proc.stdout], [], [], 1.0)
        if not ready:
            continue
        line = proc.stdout.readline()
        if not line:
            break
        if "serving the page at http://" in line:
            address = line.split("http://", 1)[1].split("/", 1)[0]
            host, _, port = address.rpartition(":")
            return proc, host, int(port), time.perf_counter() - began
    proc.kill()
    raise RuntimeError("mentat serve did not say where it serves within 120 s")


def serve_figures(quick: bool, workers: int | None = None) -> dict[str, Any]:
    """``mentat serve``'s latency under load and from an edit to its ruling.

    The server: ``mentat serve --port 0`` in a process of its own (its default worker processes: one a core, up to
    4). Its solvers are warmed on every case first, each case's text with a comment appended so that the answers it
    keeps do not serve the load. Load: 50 clients for 30 s (10 s quick), each on one keep-alive connection, POST
    /api/check with the cases in turn (each client from its own place in the list, so together they cycle through
    all of them): every request's latency and errors (any other status than 200, or a dropped connection). Edit to
    ruling: a case's text the server has not seen (a comment ``# edit N`` appended) posted to /api/check and then
    /api/render, as the page asks on an edit: the time for both, on every case (200 evenly spread, quick)."""
    import http.client
    import threading

    seconds = 10.0 if quick else 30.0
    proc, host, port, started = _start_server(workers)
    headers = {"Content-Type": "application/yaml"}
    try:
        conn = http.client.HTTPConnection(host, port, timeout=60)
        bodies: list[bytes] = []
        skipped = 0
        start = time.perf_counter()
        for p in sorted(ROOT.glob("cases/*/*.yaml")):  # the cases that load: a case of an input error is left out
            body = p.read_bytes()
            conn.request("POST", "/api/check", body + b"\n# warm\n", headers)
            reply = conn.getresponse()
            reply.read()
            if reply.status == 200:
                bodies.append(body)
            else:
                skipped += 1
        warmed = time.perf_counter() - start
        conn.close()
        if not bodies:
            raise RuntimeError("no case loads")
        latencies: list[list[float]] = [[] for _ in range(SERVE_CLIENTS)]
        errors = [0] * SERVE_CLIENTS
        ends = time.perf_counter() + seconds

        def client(i: int) -> None:
            conn = http.client.HTTPConnection(host, port, timeout=60)
            n = i * len(bodies) // SERVE_CLIENTS
            while time.perf_counter() < ends:
                body = bodies[n % len(bodies)]
                n += 1
                began = time.perf_counter()
                try:
                    conn.request("POST", "/api/check", body, headers)
                    reply = conn.getresponse()
                    reply.read()
                except (OSError, http.client.HTTPException):
                    errors[i] += 1
                    conn.close()
                    conn = http.client.HTTPConnection(host, port, timeout=60)
                    continue
                latencies[i].append(time.perf_counter() - began)
                if reply.status != 200:
                    errors[i] += 1
            conn.close()

        clients = [threading.Thread(target=client, args=(i,)) for i in range(SERVE_CLIENTS)]
        began = time.perf_counter()
        for c in clients:
            c.start()
        for c in clients:
            c.join()
        took = time.perf_counter() - began
        every = [t for one in latencies for t in one]
        first_pass = sum(min(len(one), len(bodies) // SERVE_CLIENTS + 1) for one in latencies)
        new = [t for one in latencies for t in one[: len(bodies) // SERVE_CLIENTS + 1]]  # questions new to the server

        # edit to ruling: one client, the server's solvers warm, the text new to it
        sample = bodies if not quick else [bodies[k * len(bodies) // 200] for k in range(min(200, len(bodies)))]
        edits: list[float] = []
        answered: dict[int, int] = {}
        conn = http.client.HTTPConnection(host, port, timeout=60)
        for k, body in enumerate(sample):
            edited = body + f"\n# edit {k}\n".encode()
            began = time.perf_counter()
            for endpoint in ("/api/check", "/api/render"):
                conn.request("POST", endpoint, edited, headers)
                reply = conn.getresponse()
                reply.read()
                answered[reply.status] = answered.get(reply.status, 0) + 1
            edits.append(time.perf_counter() - began)
        conn.close()
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
    return {
        "clients": SERVE_CLIENTS,
        "workers": workers if workers is not None else min(4, os.cpu_count() or 1),
        "started_s": round(started, 2),
        "seconds": round(took, 2),
        "cases": len(bodies),
        "skipped": skipped,
        "warm_pass_s": round(warmed, 2),
        "requests": len(every),
        "per_second": round(len(every) / took, 1),
        "errors": sum(errors),
        # a case asked again is answered from the answers kept: the first pass over the cases is not
        "from_kept": round(max(0.0, 1 - first_pass / max(1, len(every))), 3),
        "p50_ms": round(_percentile(every, 0.50) * 1000, 1),
        "p95_ms": round(_percentile(every, 0.95) * 1000, 1),
        "max_ms": round(max(every) * 1000, 1),
        "new_p50_ms": round(_percentile(new, 0.50) * 1000, 1),
        "new_p95_ms": round(_percentile(new, 0.95) * 1000, 1),
        "target_p95_ms": SERVE_P95_TARGET_MS,
        "edits": len(edits),
        "edit_statuses": {str(k): v for k, v in sorted(answered.items())},
        "edit_median_ms": round(statistics.median(edits) * 1000, 1),
        "edit_p95_ms": round(_percentile(edits, 0.95) * 1000, 1),
        "edit_max_ms": round(max(edits) * 1000, 1),
        "target_edit_ms": SERVE_EDIT_TARGET_MS,
    }


def serve_rows(report: dict[str, Any], rows: list[tuple[str, str, str]], quick: bool) -> None:
    """The serve figures into the report and the table (an error is reported, not raised)."""
    try:
        got = serve_figures(quick)
    except Exception as err:
        report["serve"] = {"error": f"{type(err).__name__}: {err}"}
        rows.append(("serve p95 (50 clients)", "error", type(err).__name__))
        return
    report["serve"] = got
    p95_ok = "ok" if got["p95_ms"] <= SERVE_P95_TARGET_MS else "SLOW"
    rows.append(
        (
            f"serve p95 (50 clients, {got['seconds']:.0f} s, POST /api/check over {got['cases']} cases, "
            f"{got['workers']} workers; "
            f"p50 {got['p50_ms']:.0f} ms, max {got['max_ms']:.0f} ms)",
            f"{got['p95_ms']:.0f} ms",
            f"{p95_ok} <{SERVE_P95_TARGET_MS}",
        )
    )
    new_ok = "ok" if got["new_p95_ms"] <= SERVE_P95_TARGET_MS else "SLOW"
    rows.append(
        (
            f"serve p95 of questions new to it (the first pass over the cases; p50 {got['new_p50_ms']:.0f} ms)",
            f"{got['new_p95_ms']:.0f} ms",
            f"{new_ok} <{SERVE_P95_TARGET_MS}",
        )
    )
    rows.append(
        (
            f"serve requests per second (50 clients: {got['errors']} errors, {got['from_kept']:.0%} answered from "
            "kept answers)",
            f"{got['per_second']:.0f}/s",
            "",
        )
    )
    edit_ok = "ok" if got["edit_median_ms"] <= SERVE_EDIT_TARGET_MS else "SLOW"
    rows.append(
        (
            f"serve edit to ruling (warm: check + render of {got['edits']} edited cases, median; "
            f"p95 {got['edit_p95_ms']:.0f} ms)",
            f"{got['edit_median_ms']:.0f} ms",
            f"{edit_ok} <{SERVE_EDIT_TARGET_MS}",
        )
    )


def rulebook_build() -> dict[str, Any] | None:
    """Full build from scratch, then an incremental rebuild after one rule's docstring changes."""
    conf = ROOT / "docs" / "conf.py"
    if not conf.exists():
        return None
    sphinx = Path(sys.executable).with_name("sphinx-build")
    cmd = [str(sphinx)] if sphinx.exists() else [sys.executable, "-m", "sphinx"]
    chapter = ROOT / "constraints" / "gf9" / "shipment.py"
    with tempfile.TemporaryDirectory() as out:

        def build(*extra: str) -> tuple[float, subprocess.CompletedProcess[str]]:
            start = time.perf_counter()
            proc = subprocess.run(
                [*cmd, "-q", "-b", "html", *extra, str(ROOT / "docs"), out], cwd=ROOT, capture_output=True, text=True
            )
            return time.perf_counter() - start, proc

        took, proc = build("-E")
        size = sum(f.stat().st_size for f in Path(out).rglob("*") if f.is_file() and ".doctrees" not in f.parts)
        again: float | None = None
        original = chapter.read_text(encoding="utf-8") if chapter.exists() else None
        # the docstring of the chapter's first rule (what its entry in the book shows), not a helper's
        first_rule = original.find('    """', original.find("@rule(")) if original else -1
        if proc.returncode == 0 and original and first_rule >= 0:
            try:  # one rule's text changes, as when a contributor edits it
                edited = original[:first_rule] + '    """(edited) ' + original[first_rule + len('    """') :]
                chapter.write_text(edited, encoding="utf-8")
                again, _ = build()
            finally:
                chapter.write_text(original, encoding="utf-8")
    return {
        "seconds": round(took, 2),
        "incremental_seconds": round(again, 2) if again is not None else None,
        "html_mb": round(size / 1e6, 1),
        "exit": proc.returncode,
        "error": proc.stderr.strip().splitlines()[-1:] if proc.returncode else [],
    }


# What issue 17 asks of each figure (ratios are to the baseline import, measured in the same process).
WANTED = (
    ("cold mentat check", "<= 1.5x (aim 1.2x)"),
    ("warm battle checks", ">= 500/s"),
    ("strongest_plan (", "<= 30 ms"),
    ("cold mentat compare", "<= 2x one cold check"),
    ("rulebook build", "<= 30 s (aim 15 s)"),
    ("rulebook rebuild", "<= 2 s"),
    ("rulebook built HTML", "<= 30 MB"),
    # issue 18
    ("mentat apply (warm", "<= 10 ms"),
    ("replay warm", "<= 2 s (500 moves)"),
    ("replay cold", "<= 3 s (500 moves)"),
    ("random games", ">= 100/s"),
    # mentat serve
    ("serve p95 (50 clients", "<= 200 ms"),
    ("serve edit to ruling (warm", "<= 100 ms"),
)


def wanted(figure: str) -> str:
    return next((want for start, want in WANTED if figure.startswith(start) or start in figure), "")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs (CI)")
    parser.add_argument("-n", type=int, default=None, help="runs per cold measurement (default 9, quick 3)")
    args = parser.parse_args(argv)
    n = args.n or (3 if args.quick else 9)
    warm_seconds = 1.0 if args.quick else 3.0
    sys.path.insert(0, str(ROOT))

    report: dict[str, Any] = {
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "quick": args.quick,
        "runs": n,
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "cold": {},
        "warm": {},
    }
    rows: list[tuple[str, str, str]] = []

    baseline, _ = median_run([sys.executable, "-c", "import z3, typer"], n)
    report["baseline_import_s"] = round(baseline, 4)
    rows.append(("baseline: python -c 'import z3, typer'", f"{baseline * 1000:.0f} ms", "1.00x"))

    cold_cases = {"readme example": README_CASE if README_CASE.exists() else None}
    moves = cases_for("move-")
    cold_cases["movement"] = next((p for p in moves if p.parent.name == "gf9"), moves[0] if moves else None)
    dream = sorted(ROOT.glob("cases/dreamrules/battle-*.yaml"))
    cold_cases["dreamrules battle"] = dream[0] if dream else None
    cold_cases["dice game"] = DICE_CASE if DICE_CASE.exists() else None
    for label, path in cold_cases.items():
        if path is None:
            rows.append((f"cold mentat check ({label})", "no case", ""))
            continue
        took, code = median_run([*mentat_cmd(), "check", str(path)], n)
        report["cold"][label] = {
            "case": str(path.relative_to(ROOT)),
            "seconds": round(took, 4),
            "ratio": round(took / baseline, 2),
            "exit": code,
        }
        rows.append((f"cold mentat check ({label}: {path.name})", f"{took * 1000:.0f} ms", f"{took / baseline:.2f}x"))

    groups = {label: cases_for(prefix) for label, prefix in PREFIXES.items()}
    try:
        groups.update({f"dice: {kind}": paths for kind, paths in dice_cases_by_kind().items()})
    except Exception as err:  # the report goes on without the Dice Game's figures
        report["warm"]["dice"] = {"error": f"{type(err).__name__}: {err}"}
        rows.append(("warm dice checks", "error", type(err).__name__))
    for label, paths in groups.items():
        if not paths:
            rows.append((f"warm {label} checks", "no cases", ""))
            continue
        try:
            got = warm_rate(paths, warm_seconds)
        except Exception as err:
            report["warm"][label] = {"error": f"{type(err).__name__}: {err}"}
            rows.append((f"warm {label} checks", "error", type(err).__name__))
            continue
        report["warm"][label] = got
        illegal = got["verdicts"].get("illegal", 0) + got["verdicts"].get("invalid-position", 0)
        rows.append(
            (f"warm {label} checks ({got['cases']} cases, {illegal} with a core)", f"{got['per_second']:.0f}/s", "")
        )

    try:
        what_if = battle_what_if(5 if args.quick else 15)
    except Exception as err:
        report["battle_what_if"] = {"error": f"{type(err).__name__}: {err}"}
        rows.append(("battle what-if: strongest_plan", "error", type(err).__name__))
    else:
        report["battle_what_if"] = what_if
        ok = "ok" if what_if["within_target"] else "SLOW"
        took, whole = what_if["strongest_plan_s"] * 1000, what_if["what_if_s"] * 1000
        rows.append(("battle what-if: strongest_plan (6 forces, 2-card plan)", f"{took:.0f} ms", f"{ok} <200"))
        rows.append(("battle what-if: strongest_plan + can_lose (mentat battle)", f"{whole:.0f} ms", ""))

    try:
        games = game_figures(n)
    except Exception as err:  # the report goes on without the game figures
        report["games"] = {"error": f"{type(err).__name__}: {err}"}
        rows.append(("mentat apply / replay / random games", "error", type(err).__name__))
    else:
        report["games"] = games
        rows.append(
            (
                f"mentat apply (warm, median of the {games['moves']} moves of a replay)",
                f"{games['apply_ms']:.1f} ms",
                "",
            )
        )
        for how in ("warm", "cold"):
            rows.append(
                (
                    f"replay {how}, per 500 moves (a {len(GAME_FACTIONS)}-faction record of {games['turns']} turns, "
                    f"{games['moves']} moves: {games[f'replay_{how}_s']:.2f} s)",
                    f"{games[f'per_500_{how}_s']:.2f} s",
                    "",
                )
            )
        rows.append(
            (
                f"random games, moves applied per second, one core ({games['random_judged_per_s']:.0f} judged/s)",
                f"{games['random_moves_per_s']:.0f}/s",
                "",
            )
        )

    serve_rows(report, rows, args.quick)  # mentat serve under 50 clients, and an edit's ruling

    # one position under every ruleset, and the solver's search for source conflicts (issue 9)
    took, code = median_run([*mentat_cmd(), "compare", str(README_CASE)], n)
    report["cold"]["compare"] = {"seconds": round(took, 4), "ratio": round(took / baseline, 2), "exit": code}
    rows.append(
        (f"cold mentat compare ({README_CASE.name}, 4 rulesets)", f"{took * 1000:.0f} ms", f"{took / baseline:.2f}x")
    )
    one = report["cold"].get("readme example", {}).get("seconds")
    if one:  # what issue 17 compares it with: one cold check of the same file
        report["cold"]["compare"]["per_cold_check"] = round(took / one, 2)
        rows.append(("cold mentat compare / one cold check (readme example)", f"{took / one:.2f}x", ""))
    start = time.perf_counter()
    found = subprocess.run(
        [*mentat_cmd(), "conflicts", "--find", "--no-write", "--json"], cwd=ROOT, capture_output=True, text=True
    )
    took = time.perf_counter() - start
    try:
        got = json.loads(found.stdout)
        summary = f"{len(got['found'])} differ, {len(got['missed'])} recorded missed"
    except (ValueError, KeyError):
        got, summary = {}, f"exit {found.returncode}"
    report["conflicts_find"] = {"seconds": round(took, 2), "ratio": round(took / baseline, 1), "summary": summary}
    rows.append((f"mentat conflicts --find ({summary})", f"{took:.1f} s", f"{took / baseline:.0f}x"))

    book = rulebook_build()
    report["rulebook"] = book
    if book is None:
        rows.append(("rulebook build (sphinx)", "no docs/conf.py", ""))
    else:
        rows.append(
            ("rulebook build (sphinx)", f"{book['seconds']:.1f} s", "" if book["exit"] == 0 else f"exit {book['exit']}")
        )
        if book.get("incremental_seconds") is not None:
            rows.append(("rulebook rebuild after one rule changes", f"{book['incremental_seconds']:.1f} s", ""))
        rows.append(("rulebook built HTML (without .doctrees)", f"{book['html_mb']:.0f} MB", ""))

    width = max(len(r[0]) for r in rows)
    print(f"\nMentat benchmarks ({'quick, ' if args.quick else ''}median of {n} runs; {report['machine']})")
    print(f"  {'figure':<{width}}  {'measured':>10}  {'ratio':>7}  wanted (issues 17, 18)")
    for what, value, ratio in rows:
        print(f"  {what:<{width}}  {value:>10}  {ratio:>7}  {wanted(what)}")
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / "latest.json"
    out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"\nwrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Worked cases: position files under ``cases/`` with an ``expect:`` block.

``expect`` keys: ``verdict``; ``forbids`` (rule ids whose checks forbid,
the complete list); ``minimal_reason``; ``permits`` (rule ids that must be
among the permitting findings); ``cites`` (``doc:line`` that some finding must
quote); ``outcome`` (a subset of the verdict's outcome); ``reason`` (a text the
unresolved reason contains); ``unknown`` (``{KEY: text}``: outcome values the
verdict reports unknown, each reason containing the text); ``under``
(``{RULESET: expect}``: the same position carried to other rulesets by
``mentat compare``, each with its own expectation).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from checker.engine import Verdict
from checker.yamlio import load_yaml

EXPECT_KEYS = ("verdict", "forbids", "minimal_reason", "permits", "cites", "outcome", "reason", "unknown", "under")
CASES = Path(__file__).resolve().parent.parent / "cases"


def all_cases() -> list[Path]:
    return sorted(CASES.glob("*/*.yaml"))


@cache
def _rules_named() -> dict[str, list[str]]:
    index: dict[str, list[str]] = {}
    for path in all_cases():
        data = load_yaml(path) or {}
        expect = data.get("expect") or {}
        named = set(expect.get("forbids", [])) | set(expect.get("permits", [])) | set(expect.get("minimal_reason", []))
        for rid in named:
            index.setdefault(rid, []).append(str(path.relative_to(CASES.parent)))
    return index


@dataclass
class Shown:
    """Which rules a set of cases shows forbidding, permitting, or left open (named in an unresolved reason)."""

    forbid: set[str] = field(default_factory=set)
    permit: set[str] = field(default_factory=set)
    unresolved: set[str] = field(default_factory=set)


def shown(paths: Iterable[Path], rule_ids: Iterable[str]) -> Shown:
    """What the cases' ``expect`` blocks show of the given rules (the both-sides tests read this)."""
    ids = list(rule_ids)
    out = Shown()
    for path in paths:
        e = (load_yaml(path) or {}).get("expect") or {}
        out.forbid |= set(e.get("forbids") or []) | set(e.get("minimal_reason") or [])
        out.permit |= set(e.get("permits") or [])
        out.unresolved |= {rid for rid in ids if rid in left_open(e)}
    return out


def left_open(expect: dict[str, Any]) -> str:
    """The text of a case's expectation that names the rules leaving something open: an unresolved verdict's
    reason, and the reasons of the outcome values it expects ``unknown``."""
    said = [str(expect.get("reason", ""))] if expect.get("verdict") == "unresolved" else []
    return " ".join(said + [str(why) for why in (expect.get("unknown") or {}).values()])


def cases_for_rule(rule_id: str) -> list[str]:
    return sorted(_rules_named().get(rule_id, []))


def mismatches(expect: dict[str, Any], verdict: Verdict | dict[str, Any]) -> list[str]:
    """How a verdict differs from a case's expectation (empty when it matches).

    ``verdict`` is a :class:`Verdict` or its JSON form (what ``mentat check --json`` prints).
    """
    out: list[str] = []
    got = verdict.as_json() if isinstance(verdict, Verdict) else verdict
    forbidding = [f["rule"] for f in got["findings"] if f["effect"] == "forbids"]
    for key in sorted(set(expect) - set(EXPECT_KEYS)):  # a misspelt key would check nothing
        out.append(f"expect.{key}: not a key of expect ({', '.join(EXPECT_KEYS)})")
    reason = got.get("reason", "")
    if expect.get("verdict") != got["verdict"]:
        out.append(f"verdict: expected {expect.get('verdict')}, got {got['verdict']} ({reason or forbidding})")
    if "forbids" in expect and sorted(expect["forbids"]) != sorted(forbidding):
        out.append(f"forbids: expected {sorted(expect['forbids'])}, got {sorted(forbidding)}")
    if "minimal_reason" in expect and sorted(expect["minimal_reason"]) != sorted(got["minimal_reason"]):
        out.append(f"minimal_reason: expected {sorted(expect['minimal_reason'])}, got {sorted(got['minimal_reason'])}")
    permitted = {f["rule"] for f in got["findings"] if f["effect"] == "permits"}
    for rid in expect.get("permits", []):
        if rid not in permitted:
            out.append(f"permits: {rid} is not among {sorted(permitted)}")
    quoted = {
        f"{s['doc']}:{n}"
        for f in got["findings"]
        for s in f["sources"]
        for n in range(s["lines"][0], s["lines"][1] + 1)
    }
    for cite in expect.get("cites", []):
        if cite.replace(":L", ":") not in quoted:
            out.append(f"cites: {cite} is not quoted by any finding")
    for key, value in (expect.get("outcome") or {}).items():
        if got["outcome"].get(key) != value:
            out.append(f"outcome.{key}: expected {value!r}, got {got['outcome'].get(key)!r}")
    if "reason" in expect and expect["reason"] not in reason:
        out.append(f"reason: expected it to mention {expect['reason']!r}, got {reason!r}")
    unknown = got["outcome"].get("unknown") or {}
    for key, text in (expect.get("unknown") or {}).items():
        if key not in unknown:
            out.append(f"unknown.{key}: expected unknown, got {got['outcome'].get(key, 'no such value')!r}")
        elif str(text) not in unknown[key]:
            out.append(f"unknown.{key}: expected its reason to mention {text!r}, got {unknown[key]!r}")
    return out

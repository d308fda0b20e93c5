"""Shipment: the worked cases, the Fremen zone, Guild rates and the Bene Gesserit's free force."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.api import check, check_text
from checker.arrakis.board import gf9_board
from checker.arrakis.kinds.shipment import GREAT_FLAT
from checker.cases import CASES
from checker.engine import Verdict
from checker.positions import read_position
from checker.rules import ruleset_rules
from checker.yamlio import load_yaml

SHIP_CASES = sorted(CASES.glob("*/ship-*.yaml"))
COMPONENTS = Path(__file__).resolve().parent.parent / "constraints" / "data" / "gf9-components.yaml"


def test_enough_cases() -> None:
    assert len([p for p in SHIP_CASES if p.parent.name == "gf9"]) >= 25


@pytest.mark.parametrize("ruleset", ["gf9", "overview"])
def test_every_shipment_rule_shown_both_ways(ruleset: str) -> None:
    forbidden: set[str] = set()
    permitted: set[str] = set()
    for path in SHIP_CASES:
        expect = (load_yaml(path) or {}).get("expect") or {}
        forbidden |= set(expect.get("forbids", [])) | set(expect.get("minimal_reason", []))
        permitted |= set(expect.get("permits", []))
    for rid, r in ruleset_rules(ruleset).items():
        if r.on != "ship" or r.one_sided or r.status != "confirmed":
            continue
        assert rid in forbidden, f"{rid}: no case where it forbids"
        assert rid in permitted, f"{rid}: no case where it permits"


def test_fremen_zone_matches_components_note() -> None:
    board = gf9_board()
    zone = {n for n in board.names if (d := board.territory_distance(GREAT_FLAT, n)) is not None and d <= 2}
    note = load_yaml(COMPONENTS)["fremen_shipment_zone_note"]
    listed = note.split("lists that zone as:")[1].split(". Derive")[0]
    names = {x.strip().lower() for x in listed.replace("\n", " ").split(",")}
    assert len(zone) == 16
    assert {z.lower() for z in zone} == names


def test_fremen_zone_form_matches_bfs() -> None:
    from constraints.gf9.factions_shipment import fremen_zone_indices

    board = gf9_board()
    bfs = {board[n].index for n in board.names if (board.territory_distance(GREAT_FLAT, n) or 99) <= 2}
    bfs.add(board[GREAT_FLAT].index)
    assert set(fremen_zone_indices()) == bfs


GUILD = """
ruleset: gf9
storm: 18
factions: {{spacing-guild: {{spice: 40, reserves: 20}}}}
forces: [{{faction: spacing-guild, territory: Habbanya Sietch, count: 20}}]
move: {move}
"""


@pytest.mark.parametrize("n", range(1, 11))
def test_guild_rates(n: int) -> None:
    cases = {
        f"{{action: ship, faction: guild, count: {n}, to: Arrakeen}}": -(-n // 2),
        f"{{action: ship, faction: guild, count: {n}, to: The Great Flat}}": n,
        f"{{action: ship, faction: guild, count: {n}, from: Habbanya Sietch, to: Carthag}}": -(-n // 2),
        f"{{action: ship, faction: guild, count: {n}, from: Habbanya Sietch, to: reserves}}": n // 2,
    }
    for move, cost in cases.items():
        v = check_text(GUILD.format(move=move))
        if "reserves" in move and n % 2:  # one per two: an odd force's charge is not said (gf9:437), either paid
            assert v.verdict == "legal" and "gf9.shipment.guild-retrieve-odd" in v.unknown["cost"], move
            assert "cost" not in v.outcome
            continue
        assert v.verdict == "legal", (move, v.forbidding(), v.reason)
        assert v.outcome["cost"] == cost, move
        assert v.outcome["paid_to"] == "bank"


@pytest.mark.parametrize("value", ["true", "polar-sink", "Polar-Sink"])
def test_accompany_polar_sink_spellings(value: str) -> None:
    v = check_text(f"""
ruleset: gf9
storm: 3
factions: {{atreides: {{spice: 10, reserves: 10}}, bene-gesserit: {{reserves: 5}}}}
move: {{action: ship, faction: atreides, count: 1, to: Carthag, accompany: {value}}}
""")
    assert v.verdict == "legal"
    assert v.outcome["bene_gesserit"] == {"territory": "Polar Sink", "advisor": False}


def test_accompany_without_bene_gesserit_in_game() -> None:
    v = check_text("""
ruleset: gf9
storm: 3
factions: {atreides: {spice: 10, reserves: 10}}
move: {action: ship, faction: atreides, count: 1, to: Carthag, accompany: true}
""")
    assert v.forbidding() == ["gf9.shipment.bg-accompany"]


def test_accompany_unknown_bg_reserves_is_unresolved() -> None:
    v = check_text("""
ruleset: gf9
storm: 3
factions: {atreides: {spice: 10, reserves: 10}}
forces: [{faction: bene-gesserit, territory: Polar Sink, count: 1}]
move: {action: ship, faction: atreides, count: 1, to: Carthag, accompany: true}
""")
    assert v.verdict == "unresolved"
    assert "factions.bene-gesserit.reserves" in v.reason


def test_no_outcome_guess_without_rule() -> None:
    """A value no rule in force fixes is left out rather than the model's whim; the overview names no payee
    and reads gf9's (gf9:205)."""
    v = check_text("""
ruleset: overview
storm: 3
factions: {atreides: {spice: 10, reserves: 10}, harkonnen: {spice: 5}}
move: {action: ship, faction: atreides, count: 2, to: Carthag}
""")
    assert v.verdict == "legal"
    assert "losses" not in v.outcome and "bene_gesserit" not in v.outcome
    assert v.outcome["paid_to"] == "bank"
    payee = next(f for f in v.findings if f.rule.defines and "paid_to" in f.rule.defines)
    assert payee.rule.layer == "gf9" and payee.rule.cites[0].doc == "gf9"


def test_advanced_fremen_named_storm_sector() -> None:
    v = check_text("""
ruleset: gf9
advanced: true
storm: 14
factions: {fremen: {reserves: 10}}
move: {action: ship, faction: fremen, count: 4, to: Wind Pass, sector: 14}
""")
    assert v.verdict == "legal"
    assert v.outcome["losses"] == {"fremen": 2}
    assert v.outcome["sector"] == 14


# -- the phase (gf9:201; overview:55-57) ---------------------------------------------------------

PHASED = """
ruleset: {ruleset}
{phase}
storm: 10
factions:
  atreides: {{spice: 10, reserves: 10}}
  spacing-guild: {{spice: 10, reserves: 10}}
  fremen: {{reserves: 10}}
forces: [{{faction: spacing-guild, territory: Tuek's Sietch, count: 5}}]
move: {move}
"""
SHIPMENTS = {
    "ordinary": "{action: ship, faction: atreides, count: 2, to: Arrakeen}",
    "guild cross-ship": "{action: ship, faction: guild, count: 2, from: Tuek's Sietch, to: Arrakeen}",
    "guild to reserves": "{action: ship, faction: guild, count: 2, from: Tuek's Sietch, to: reserves}",
    "fremen placement": "{action: ship, faction: fremen, count: 2, to: Rock Outcroppings}",
}


@pytest.mark.parametrize("ruleset", ["gf9", "overview"])
@pytest.mark.parametrize("what", sorted(SHIPMENTS))
def test_every_type_of_shipment_is_held_to_the_phase(ruleset: str, what: str) -> None:
    move = SHIPMENTS[what]
    in_phase = check_text(PHASED.format(ruleset=ruleset, phase="phase: shipment-and-movement", move=move))
    out_of_phase = check_text(PHASED.format(ruleset=ruleset, phase="phase: battle", move=move))
    assert f"{ruleset}.shipment.phase" in out_of_phase.forbidding()
    assert f"{ruleset}.shipment.phase" not in in_phase.forbidding()
    if ruleset == "gf9":
        assert in_phase.verdict == "legal", (what, in_phase.forbidding(), in_phase.reason)
        assert out_of_phase.forbidding() == ["gf9.shipment.phase"]
        assert "Battle phase" in out_of_phase.findings[0].message


def test_a_missing_phase_is_assumed_and_said() -> None:
    v = check_text(PHASED.format(ruleset="gf9", phase="", move=SHIPMENTS["ordinary"]))
    assert v.verdict == "legal"
    assert any("'phase'" in n and "Shipment and Movement" in n for n in v.notes)
    v = check_text(PHASED.format(ruleset="gf9", phase="phase: shipment-and-movement", move=SHIPMENTS["ordinary"]))
    assert not any("'phase'" in n for n in v.notes)


# -- who is paid (gf9:205, 433, 151) ---------------------------------------------------------------

ALLY_OF_GUILD = """
ruleset: gf9
storm: 3
factions: {{atreides: {{spice: 5, reserves: 10}}, spacing-guild: {{spice: 5, reserves: 15}}}}
alliances: [[atreides, spacing-guild]]
move: {{action: ship, faction: atreides, count: 4, to: Arrakeen, ally_support: {aid}}}
"""


@pytest.mark.parametrize(
    ("aid", "paid_to", "payments"),
    [
        (0, "spacing-guild", None),
        (1, "spacing-guild", {"spacing-guild": 1, "bank": 1}),
        (2, "bank", {"bank": 2}),
    ],
)
def test_the_guilds_own_contribution_goes_to_the_bank(aid: int, paid_to: str, payments: dict | None) -> None:
    v = check_text(ALLY_OF_GUILD.format(aid=aid))
    assert v.verdict == "legal"
    assert v.outcome["cost"] == 2 and v.outcome["paid_to"] == paid_to
    assert v.outcome.get("payments") == payments
    if aid:
        found = next(f for f in v.findings if f.rule.id == "gf9.shipment.guild-aid-to-bank")
        assert f"own {aid} spice" in found.message and found.rule.cites[0].first == 151


def test_the_bank_is_paid_without_the_guild_and_the_notes_say_why() -> None:
    v = check_text("""
ruleset: gf9
storm: 3
factions: {atreides: {spice: 10, reserves: 10}, harkonnen: {spice: 5}}
move: {action: ship, faction: atreides, count: 2, to: Carthag}
""")
    assert v.outcome["paid_to"] == "bank"
    assert "the Bank is paid: the Spacing Guild is not in the position" in v.notes
    alone = check_text("""
ruleset: gf9
storm: 3
factions: {atreides: {spice: 10, reserves: 10}}
move: {action: ship, faction: atreides, count: 2, to: Carthag}
""")  # one faction is no game (gf9:21): the Guild may play, and who is paid is not known
    assert alone.verdict == "legal" and alone.outcome["cost"] == 2 and "paid_to" not in alone.outcome
    assert alone.outcome["unknown"]["paid_to"].startswith("the position does not give 'factions.spacing-guild'")
    assert not any(
        "Bank is paid" in n or "not playing" in n for n in [*alone.notes, *(f.message for f in alone.findings)]
    )
    assert "Carthag lies in one sector (10): the forces land there" in v.notes
    with_guild = check_text("""
ruleset: gf9
storm: 3
factions: {atreides: {spice: 10, reserves: 10}, spacing-guild: {spice: 1}}
move: {action: ship, faction: atreides, count: 2, to: Carthag}
""")
    assert with_guild.outcome["paid_to"] == "spacing-guild"
    assert not any("Bank is paid" in n for n in with_guild.notes)


# -- one clause, one finding ---------------------------------------------------------------------


def test_stronghold_limit_names_the_two_factions() -> None:
    v = check_text("""
ruleset: gf9
storm: 3
factions: {atreides: {spice: 10, reserves: 10}}
forces: [{faction: harkonnen, territory: Carthag, count: 2}, {faction: emperor, territory: Carthag, count: 1}]
move: {action: ship, faction: atreides, count: 2, to: Carthag}
""")
    assert v.forbidding() == ["gf9.shipment.stronghold-limit"]
    assert "Emperor and Harkonnen already have forces there" in v.findings[0].message


def test_storm_at_the_origin_is_its_own_finding() -> None:
    v = check_text("""
ruleset: gf9
storm: 4
factions: {spacing-guild: {spice: 10, reserves: 10}}
forces: [{faction: spacing-guild, territory: Tuek's Sietch, count: 5}]
move: {action: ship, faction: guild, count: 2, from: Tuek's Sietch, to: Arrakeen}
""")
    assert v.forbidding() == ["gf9.shipment.storm-origin"]
    assert "out of Tuek's Sietch sector 4" in v.findings[0].message


@pytest.mark.parametrize(
    ("support", "ally_spice", "rule_id", "words"),
    [
        (7, 10, "gf9.shipment.ally-support-cost", "more than its actual cost, 6"),
        (3, 1, "gf9.shipment.ally-support-spice", "Fremen has 1 spice"),
    ],
)
def test_ally_support_names_the_condition_that_failed(support: int, ally_spice: int, rule_id: str, words: str) -> None:
    v = check_text(f"""
ruleset: gf9
storm: 3
factions: {{atreides: {{spice: 0, reserves: 10}}, fremen: {{spice: {ally_spice}, reserves: 10}}}}
alliances: [[atreides, fremen]]
move: {{action: ship, faction: atreides, count: 3, to: The Great Flat, ally_support: {support}}}
""")
    assert rule_id in v.forbidding()
    assert words in next(f.message for f in v.findings if f.rule.id == rule_id)


def _guild_back(count: int, spice: int) -> str:
    return f"""
ruleset: gf9
storm: 3
phase: shipment-and-movement
factions:
  spacing-guild: {{spice: {spice}, reserves: 5}}
forces:
  - {{faction: spacing-guild, territory: The Great Flat, count: {count}}}
move: {{action: ship, faction: spacing-guild, from: The Great Flat, count: {count}, to: reserves}}
"""


@pytest.mark.parametrize(
    ("count", "spice", "verdict", "cost"),
    [
        (4, 5, "legal", 2),
        (3, 5, "legal", None),
        (3, 2, "legal", None),
        (3, 1, "unresolved", None),
        (3, 0, "illegal", None),
    ],
)
def test_guild_back_to_reserves_odd_force_is_open(count: int, spice: int, verdict: str, cost: int | None) -> None:
    """gf9:437 rounds up only the first two types: an odd force sent back at one per two has no stated price (1 or
    2 for 3 forces). Where the Guild can pay either, the move is legal and its cost unknown; where it can pay only
    the lower, the answer is open; where not even that, illegal."""
    v = check_text(_guild_back(count, spice))
    assert v.verdict == verdict, v.reason
    assert v.outcome.get("cost") == cost
    said = {f.rule.id: f.message for f in v.findings}
    if verdict == "legal" and count % 2:
        assert "1 or 2 spice, and the Guild can pay either" in v.unknown["cost"]
        assert said["gf9.shipment.affordable"] == (
            f"Spacing Guild can pay 1 spice, the lower of the two prices the return may cost (it has {spice}); "
            "the higher, 2, too."
        )
        assert said["gf9.shipment.payee"] == "The Guild pays the Bank for its own return to reserves."
    if verdict == "unresolved":
        assert "gf9.shipment.guild-retrieve-odd-afford" in v.reason
        assert "it can pay 1 spice (the odd force free) but not 2" in v.reason
        assert said["gf9.shipment.affordable"] == (
            "Spacing Guild can pay 1 spice, the lower of the two prices the return may cost (it has 1); "
            "not the higher, 2."
        )


def test_fremen_guild_ally_outside_the_zone_is_not_called_free() -> None:
    """Beyond two borders of The Great Flat a Guild-allied Fremen ships at Guild rates (gf9:439): the finding says
    so, not that the forces come free of charge."""
    v = check(read_position(CASES / "gf9" / "ship-fremen-guild-ally-outside.yaml"))
    assert v.verdict == "legal" and v.outcome["cost"] == 1
    [zone] = [f for f in v.findings if f.rule.id == "gf9.shipment.fremen-zone"]
    assert "free of charge" not in zone.message and "Guild rates" in zone.message


def test_no_sector_named_says_which_sectors_are_clear_and_names_none() -> None:
    """A shipment into a territory of several sectors naming none: the storm's finding states the clear sectors
    (never "sector None"), the outcome names no sector, and no note claims it does."""
    v = check_text("""
ruleset: gf9
turn: 3
phase: shipment-and-movement
storm: 9
factions: {atreides: {spice: 10, reserves: 10}, harkonnen: {}}
move: {action: ship, faction: atreides, count: 2, to: Imperial Basin}
""")
    assert v.verdict == "legal" and "sector" not in v.outcome
    msg = next(f.message for f in v.findings if f.rule.id == "gf9.shipment.storm-blocks")
    assert msg == "Imperial Basin has 2 sectors clear of the storm (8, 10) beside sector 9, under it."
    assert not any("lowest-numbered" in n for n in v.notes)
    assert any("the outcome names none, the player's choice" in n for n in v.notes)
    clear = check_text("""
ruleset: gf9
storm: 15
factions: {atreides: {spice: 10, reserves: 10}}
move: {action: ship, faction: atreides, count: 2, to: Imperial Basin}
""")
    msg = next(f.message for f in clear.findings if f.rule.id == "gf9.shipment.storm-blocks")
    assert msg == "Imperial Basin (sectors 8, 9, 10) is clear of the storm (sector 15)."


def test_cross_shipment_payee_quotes_the_line_that_covers_it() -> None:
    """gf9:433 pays the Guild for shipments from off-planet reserves: a cross-shipment's payee quotes gf9:151."""
    v = check_text("""
ruleset: gf9
storm: 2
factions: {spacing-guild: {spice: 5, reserves: 10}, atreides: {spice: 10, reserves: 10}}
forces: [{faction: atreides, territory: Arrakeen, count: 6}]
alliances: [[atreides, spacing-guild]]
move: {action: ship, faction: atreides, count: 3, from: Arrakeen, to: Carthag}
""")
    payee = next(f for f in v.findings if f.rule.id == "gf9.shipment.payee")
    lines = {(c.doc, c.first) for c in payee.cites}
    assert ("gf9", 151) in lines and ("gf9", 433) not in lines


def test_affordable_quotes_ally_lines_where_an_ally_pays_or_might() -> None:
    """gf9:147, 157 (an ally may pay part of a shipment) belong to the finding only where the shipper has an ally."""
    short = "ruleset: gf9\nstorm: 1\nfactions:\n  atreides: {spice: 3, reserves: 10}\n  fremen: {spice: 10}\n"
    move = "move: {action: ship, faction: atreides, count: 2, to: Sihaya Ridge}\n"

    def lines(v: Verdict) -> list[int]:
        finding = next(f for f in v.findings if f.rule.id == "gf9.shipment.affordable")
        return [c.first for c in finding.cites]

    alone = check_text(short + move)
    assert alone.verdict == "illegal" and lines(alone) == [3]
    allied = check_text(short + "alliances: [[atreides, fremen]]\n" + move)
    assert allied.verdict == "illegal" and lines(allied) == [3, 147, 157]
    assert "promised none (move.ally_support" in allied.findings[0].message
    rich = check_text(short.replace("spice: 3", "spice: 9") + "alliances: [[atreides, fremen]]\n" + move)
    assert rich.verdict == "legal" and lines(rich) == [3]  # it pays alone: no ally line

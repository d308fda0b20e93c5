"""Position validity and victory (checker/arrakis/kinds/position.py, constraints/*/position.py).

What a player notices: the verdict, the winner, the rule and line that decided, and the
position's own numbers in the finding.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker import engine
from checker.arrakis.board import STRONGHOLD_NAMES
from checker.arrakis.position import load_position
from checker.engine import Verdict, evaluate
from checker.errors import InputError
from checker.yamlio import parse_yaml

FACTIONS = ["atreides", "harkonnen", "emperor", "spacing-guild", "fremen", "bene-gesserit"]


def judge(text: str) -> Verdict:
    return evaluate(load_position(parse_yaml(text)))


def finding(v: Verdict, rule_id: str) -> Any:
    found = [f for f in v.findings if f.rule.id == rule_id]
    assert found, f"no finding of {rule_id}: {[f.rule.id for f in v.findings]}"
    return found[0]


def lines(f: Any) -> set[str]:
    return {f"{c.doc}:{n}" for c in f.rule.cites for n in range(c.first, c.last + 1)}


# -- validity: each element named with the position's numbers ---------------------------


def test_force_supply_names_the_faction_and_its_counts() -> None:
    v = judge(
        "ruleset: gf9\nphase: storm\nfactions: {harkonnen: {reserves: 6, tanks: 3}}\n"
        "forces: [{faction: harkonnen, territory: Carthag, count: 12}]"
    )
    assert v.verdict == "invalid-position"
    f = finding(v, "gf9.position.force-supply")
    assert "Harkonnen has 21 force tokens: 12 on the board, 6 in reserve, 3 in the Tanks" in f.message
    assert lines(f) == {"gf9:37"}


def test_force_supply_says_which_counts_are_not_given() -> None:
    v = judge("ruleset: gf9\nphase: storm\nforces: [{faction: atreides, territory: Arrakeen, count: 10}]")
    assert v.verdict == "legal"
    assert "reserves and Tanks not given" in finding(v, "gf9.position.force-supply").message


def test_hand_limit_names_harkonnen_and_its_eight() -> None:
    v = judge("ruleset: gf9\nphase: bidding\nfactions: {harkonnen: {hand: 9}, atreides: {hand: 4}}")
    f = finding(v, "gf9.position.hand-limit")
    assert f.effect == "forbids"
    assert "Harkonnen holds 9 cards" in f.message and "eight" in f.message
    assert "Atreides" not in f.message  # at its limit: not what decided


def test_advanced_emperor_over_fifteen_ordinary_forces() -> None:
    v = judge(
        "ruleset: gf9\nadvanced: true\nphase: bidding\nfactions: {emperor: {reserves: 11, reserves_special: 3}}\n"
        "forces: [{faction: emperor, territory: Arrakeen, count: 5}]"
    )
    assert v.verdict == "invalid-position"
    assert v.forbidding() == ["gf9.position.ordinary-forces"]  # 19 tokens, 3 Sardaukar: only this clause
    f = finding(v, "gf9.position.ordinary-forces")
    assert "Emperor has 16 ordinary force tokens" in f.message and "15" in f.message
    assert lines(f) == {"gf9:53"}


def test_advanced_fremen_seventeen_ordinary_is_fine_eighteen_is_not() -> None:
    base = "ruleset: gf9\nadvanced: true\nphase: bidding\nfactions: {{fremen: {{reserves: {n}}}}}"
    assert judge(base.format(n=17)).verdict == "legal"
    v = judge(base.format(n=18))
    assert v.forbidding() == ["gf9.position.ordinary-forces"]
    assert "Fremen has 18 ordinary force tokens" in finding(v, "gf9.position.ordinary-forces").message


def test_a_faction_in_two_alliances() -> None:
    v = judge("ruleset: gf9\nphase: bidding\nalliances: [[atreides, fremen], [fremen, emperor]]")
    assert v.verdict == "invalid-position" and v.exit_code == 4
    f = finding(v, "gf9.position.one-alliance")
    assert "Fremen is in 2 alliances" in f.message
    assert lines(f) == {"gf9:131", "gf9:141"}


def test_three_faction_alliance_is_a_position_answer_not_an_input_error() -> None:
    v = judge("ruleset: gf9\nphase: bidding\nalliances: [[atreides, fremen, emperor]]")
    assert v.verdict == "invalid-position"
    assert v.forbidding() == ["gf9.position.alliance-size"]
    f = finding(v, "gf9.position.alliance-size")
    assert lines(f) == {"gf9:131"}
    assert "3 factions" in f.message
    see_also = {f"{c.doc}:{c.first}" for c in f.rule.see_also}
    assert {"gf9:23", "gf9:515"} <= see_also


def test_three_faction_alliance_members_are_all_allies() -> None:
    # the kind handles any size: each two members of the alliance are kept apart
    v = judge(
        "ruleset: overview\nphase: battle\nalliances: [[atreides, fremen, emperor]]\n"
        "forces: [{faction: fremen, territory: Tsimpo, sector: 10, count: 2},"
        " {faction: emperor, territory: Tsimpo, sector: 12, count: 2}]"
    )
    assert set(v.forbidding()) == {"overview.position.alliance-size", "overview.position.allies-apart"}
    assert "Fremen and Emperor are both in Tsimpo" in finding(v, "overview.position.allies-apart").message


@pytest.mark.parametrize("alliances", ["[[atreides, atreides]]", "[[atreides]]", "[[fremen, atreides, fremen]]"])
def test_an_alliance_naming_one_faction_twice_or_alone_is_an_input_error(alliances: str) -> None:
    with pytest.raises(InputError) as err:
        load_position(parse_yaml(f"ruleset: gf9\nalliances: {alliances}"))
    assert "alliances[0]" in str(err.value)


# -- opposing forces left in one territory after the Battle phase -------------------------


def unfought(phase: str, storm: str, a: str, b: str, advanced: bool = False) -> Verdict:
    return judge(f"ruleset: gf9\nadvanced: {str(advanced).lower()}\nphase: {phase}\n{storm}\nforces:\n  - {a}\n  - {b}")


def test_opposing_fighters_left_sharing_a_territory() -> None:
    v = unfought(
        "mentat-pause",
        "storm: 3",
        "{faction: atreides, territory: Hagga Basin, sector: 11, count: 2}",
        "{faction: harkonnen, territory: Hagga Basin, sector: 12, count: 2}",
    )
    assert v.verdict == "invalid-position"
    f = finding(v, "gf9.position.battles-fought")
    assert "Atreides and Harkonnen both have fighters in Hagga Basin" in f.message and "sector 3" in f.message
    assert lines(f) == {"gf9:101", "gf9:245"}


@pytest.mark.parametrize("phase", ["storm", "shipment-and-movement", "battle"])
def test_before_the_battle_phase_ends_they_may_share(phase: str) -> None:
    v = unfought(
        phase,
        "storm: 3",
        "{faction: atreides, territory: Hagga Basin, count: 2}",
        "{faction: harkonnen, territory: Hagga Basin, count: 2}",
    )
    assert v.verdict == "legal"


@pytest.mark.parametrize(
    ("storm", "verdict"),
    [(11, "legal"), (12, "legal"), (10, "invalid-position"), (3, "invalid-position")],
)
def test_the_storm_covers_or_separates_them(storm: int, verdict: str) -> None:
    # Emperor in Hagga Basin 11, Atreides in Hagga Basin 12: a storm over either sector keeps them apart
    v = unfought(
        "spice-collection",
        f"storm: {storm}",
        "{faction: emperor, territory: Hagga Basin, sector: 11, count: 3}",
        "{faction: atreides, territory: Hagga Basin, sector: 12, count: 2}",
    )
    assert v.verdict == verdict


def test_a_missing_sector_is_named_where_the_storm_could_separate() -> None:
    v = unfought(
        "spice-collection",
        "storm: 11",
        "{faction: emperor, territory: Hagga Basin, sector: 12, count: 3}",
        "{faction: atreides, territory: Hagga Basin, count: 2}",
    )
    assert v.verdict == "unresolved" and "forces[1].sector" in v.reason


def test_a_missing_sector_does_not_matter_where_the_storm_is_elsewhere() -> None:
    v = unfought(
        "spice-collection",
        "storm: 3",
        "{faction: emperor, territory: Hagga Basin, sector: 12, count: 3}",
        "{faction: atreides, territory: Hagga Basin, count: 2}",
    )
    assert v.verdict == "invalid-position"


def test_polar_sink_and_advisors_need_no_battle() -> None:
    v = unfought(
        "spice-collection",
        "storm: 3",
        "{faction: atreides, territory: Polar Sink, count: 2}",
        "{faction: harkonnen, territory: Polar Sink, count: 2}",
    )
    assert v.verdict == "legal"
    v = unfought(
        "spice-collection",
        "storm: 3",
        "{faction: bene-gesserit, territory: Hagga Basin, count: 2, advisors: true}",
        "{faction: harkonnen, territory: Hagga Basin, count: 2}",
        advanced=True,
    )
    assert v.verdict == "legal"


# -- victory -------------------------------------------------------------------------------

PAUSE = "ruleset: {rs}\nphase: mentat-pause\nturn: {turn}\nstorm: 1\nfactions: {{{factions}}}\n{extra}forces:\n{forces}"


def pause(
    held: dict[str, list[str]], *, turn: int = 10, factions: list[str] | None = None, rs: str = "gf9", extra: str = ""
) -> Verdict:
    listed = factions or list(held)
    forces = "\n".join(f'  - {{faction: {f}, territory: "{t}", count: 2}}' for f, where in held.items() for t in where)
    text = PAUSE.format(rs=rs, turn=turn, factions=", ".join(f"{f}: {{}}" for f in listed), extra=extra, forces=forces)
    return judge(text if forces else text + "  []")


def test_victory_finding_names_the_strongholds_and_the_requirement() -> None:
    v = pause(
        {"harkonnen": ["Carthag", "Arrakeen", "Tuek's Sietch"], "atreides": ["Habbanya Sietch"]},
        turn=5,
    )
    assert v.outcome == {"winner": "none"}
    f = finding(v, "gf9.position.victory-two-players")
    assert "Harkonnen holds Arrakeen, Carthag and Tuek's Sietch, 3 strongholds" in f.message
    assert "a two-player game needs 4" in f.message
    assert [c.ref for c in f.cites] == ["gf9:21"]  # the turn is given: turn ten's lines are not quoted
    v = pause(
        {"harkonnen": ["Carthag", "Arrakeen", "Tuek's Sietch"]}, turn=5, factions=["harkonnen", "atreides", "fremen"]
    )
    assert v.outcome == {"winner": "harkonnen"}
    assert [c.ref for c in finding(v, "gf9.position.victory").cites] == ["gf9:319", "gf9:321"]


def test_turn_ten_fremen_condition_then_guild_then_fallback() -> None:
    everyone = ["atreides", "fremen", "spacing-guild", "harkonnen"]
    ok = pause({"fremen": ["Sietch Tabr"], "spacing-guild": ["Tuek's Sietch"]}, factions=everyone)
    assert ok.outcome == {"winner": "fremen"}
    assert lines(finding(ok, "gf9.position.fremen-special")) >= {"gf9:405"}

    broken = pause({"fremen": ["Sietch Tabr"], "atreides": ["Tuek's Sietch"]}, factions=everyone)
    assert broken.outcome == {"winner": "spacing-guild"}
    assert "Atreides occupies Tuek's Sietch" in finding(broken, "gf9.position.fremen-special").message
    assert "gf9:441" in lines(finding(broken, "gf9.position.guild-special"))

    no_guild = pause({"fremen": ["Sietch Tabr"], "atreides": ["Tuek's Sietch"]}, factions=["atreides", "fremen"])
    assert no_guild.outcome == {"winner": "fremen"}
    assert "gf9.position.fallback-fremen" in [f.rule.id for f in no_guild.findings]
    assert any("Spacing Guild is not in the game" in n for n in no_guild.notes)


def test_a_turn_ten_prediction_does_not_take_the_fallback() -> None:
    """gf9:323, 361: a prediction replaces only a normal victory; gf9:325's fallback comes when no one has won."""
    held = {"harkonnen": ["Sietch Tabr", "Carthag"], "fremen": ["Habbanya Sietch"]}
    for predicted, winner, rule in [
        ("fremen", "fremen", "gf9.position.fallback-fremen"),
        ("harkonnen", "fremen", "gf9.position.fallback-fremen"),
    ]:
        prediction = f"{{prediction: {{faction: {predicted}, turn: 10}}}}"
        bg = f"factions: {{harkonnen: {{}}, fremen: {{}}, bene-gesserit: {prediction}}}"
        text = PAUSE.format(rs="gf9", turn=10, factions="", extra="", forces="").replace("factions: {}\n", bg + "\n")
        forces = "\n".join(f'  - {{faction: {f}, territory: "{t}", count: 2}}' for f, ts in held.items() for t in ts)
        v = judge(text + forces)
        assert v.verdict == "legal" and v.outcome == {"winner": winner}, v.reason
        f = finding(v, rule)
        quoted = {c.ref for c in f.sources}
        assert ("gf9:323" in quoted) == (predicted == winner), quoted
        assert ("Bene Gesserit predicted Fremen" in f.message) == (predicted == winner), f.message
    most = judge(
        PAUSE.format(
            rs="gf9",
            turn=10,
            factions="atreides: {}, harkonnen: {}, bene-gesserit: {prediction: {faction: harkonnen, turn: 10}}",
            extra="",
            forces="  - {faction: harkonnen, territory: Carthag, count: 2}\n"
            '  - {faction: harkonnen, territory: "Tuek\'s Sietch", count: 2}\n'
            "  - {faction: atreides, territory: Arrakeen, count: 2}",
        )
    )
    assert most.outcome == {"winner": "harkonnen"}, most.reason
    assert "gf9:361" in {c.ref for c in finding(most, "gf9.position.fallback-most").sources}


def test_unlisted_factions_leave_turn_ten_open_only_where_they_could_decide() -> None:
    five = "players: 5\n"
    # the Fremen condition holds: no unlisted faction changes that Fremen wins
    v = pause({"fremen": ["Sietch Tabr"]}, factions=["fremen", "atreides", "harkonnen"], extra=five)
    assert v.outcome == {"winner": "fremen"}
    # it fails: an unlisted Spacing Guild would win, so the answer names the key
    v = pause({"harkonnen": ["Sietch Tabr"]}, factions=["fremen", "atreides", "harkonnen"], extra=five)
    assert v.verdict == "unresolved" and "'factions'" in v.reason


def test_turn_ten_is_not_reached_on_turn_nine() -> None:
    v = pause({"fremen": ["Sietch Tabr"]}, turn=9, factions=["fremen", "atreides"])
    assert v.outcome == {"winner": "none"}


def test_advisors_do_not_spoil_the_fremen_condition() -> None:
    v = judge(
        "ruleset: gf9\nadvanced: true\nphase: mentat-pause\nturn: 10\nstorm: 1\n"
        "factions: {fremen: {}, bene-gesserit: {}, spacing-guild: {}}\nforces:\n"
        "  - {faction: fremen, territory: Sietch Tabr, count: 3}\n"
        "  - {faction: bene-gesserit, territory: Habbanya Sietch, count: 1, advisors: true}"
    )
    assert v.outcome == {"winner": "fremen"}


def test_overview_turn_ten_basic_none_advanced_by_the_sheets() -> None:
    """overview:96: the Basic game ends with no winner; the Advanced game applies the factions' alternate win
    conditions, their sheets (read from GF9): the Fremen's (gf9:405), then the Guild's (gf9:441); with neither, open."""
    basic = pause({"fremen": ["Sietch Tabr"]}, factions=["fremen", "atreides"], rs="overview")
    assert basic.outcome == {"winner": "none"}
    assert "overview:96" in lines(finding(basic, "overview.position.turn-limit"))
    adv = "advanced: true\n"
    fremen = pause({"fremen": ["Sietch Tabr"]}, factions=["fremen", "atreides"], rs="overview", extra=adv)
    assert fremen.outcome == {"winner": "fremen"}
    assert "gf9:405" in lines(finding(fremen, "overview.position.fremen-special"))
    guild = pause(
        {"atreides": ["Sietch Tabr"]}, factions=["fremen", "atreides", "spacing-guild"], rs="overview", extra=adv
    )
    assert guild.outcome == {"winner": "spacing-guild"}
    assert "gf9:441" in lines(finding(guild, "overview.position.guild-special"))
    neither = pause({"atreides": ["Sietch Tabr"]}, factions=["fremen", "atreides"], rs="overview", extra=adv)
    assert neither.verdict == "unresolved" and "overview.position.alternate-wins" in neither.reason


@st.composite
def turn_ten(draw: Any) -> str:
    listed = draw(st.lists(st.sampled_from(FACTIONS), min_size=2, max_size=6, unique=True))
    states = {f: "{}" for f in listed}
    if "bene-gesserit" in listed and draw(st.booleans()):
        other = draw(st.sampled_from([f for f in listed if f != "bene-gesserit"]))
        states["bene-gesserit"] = f"{{prediction: {{faction: {other}, turn: {draw(st.sampled_from([9, 10]))}}}}}"
    text = [
        f"ruleset: {draw(st.sampled_from(['gf9', 'gf9', 'overview']))}",
        f"advanced: {draw(st.sampled_from(['true', 'false']))}",
        "phase: mentat-pause",
        f"turn: {draw(st.sampled_from([9, 10, 10, 10]))}",
        f"storm: {draw(st.integers(1, 18))}",
        "factions: {" + ", ".join(f"{f}: {v}" for f, v in states.items()) + "}",
    ]
    if draw(st.booleans()):
        text.append(f"alliances: [[{listed[0]}, {listed[1]}]]")
    forces = []
    for h in STRONGHOLD_NAMES:  # mostly one side per stronghold: two are an invalid position but for the storm
        most = draw(st.sampled_from([1, 1, 1, 2]))
        for f in draw(st.lists(st.sampled_from(listed), max_size=most, unique=True)):
            forces.append(f'  - {{faction: {f}, territory: "{h}", count: 1}}')
    text.append("forces:" + ("\n" + "\n".join(forces) if forces else " []"))
    return "\n".join(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=turn_ten())
def test_one_rule_names_the_winner_and_its_form_agrees(text: str) -> None:
    """Every winner comes from exactly one rule (checked against its z3 form); in gf9 no turn-ten 'none'
    while the Fremen or the Guild is in the game."""
    pos = load_position(parse_yaml(text))
    saved, engine.VERIFY_EVERY_RULE = engine.VERIFY_EVERY_RULE, True
    try:
        v = evaluate(pos)
    finally:
        engine.VERIFY_EVERY_RULE = saved
    if v.verdict != "legal":
        return
    facts = engine.kind_of(pos).facts(pos)
    defining = [f.rule.id for f in v.findings if isinstance(f.rule.check(facts), dict)]
    assert len(defining) == 1, (defining, text)
    assert "winner" in v.outcome
    if pos.ruleset == "gf9" and pos.turn == 10 and set(pos.faction_names) & {"fremen", "spacing-guild"}:
        assert v.outcome["winner"] != "none", text


def test_victory_names_the_advisors_that_do_not_count() -> None:
    """gf9:319: advisors do not count; the finding says where they stand, so a reader sees why 2 and not 3."""
    v = judge(
        "ruleset: gf9\nadvanced: true\nturn: 5\nphase: mentat-pause\n"
        "factions: {bene-gesserit: {}, atreides: {}, harkonnen: {}}\n"
        "forces: [{faction: bene-gesserit, territory: Sietch Tabr, count: 2},"
        " {faction: bene-gesserit, territory: Habbanya Sietch, count: 2},"
        " {faction: bene-gesserit, territory: Tuek's Sietch, count: 2, advisors: true},"
        " {faction: atreides, territory: Arrakeen, count: 5}]"
    )
    assert v.outcome["winner"] == "none"
    f = finding(v, "gf9.position.victory")
    assert "2 strongholds (the Bene Gesserit advisors in Tuek's Sietch do not count)" in f.message


def test_unlisted_players_say_what_is_unknown() -> None:
    """players: 6 with three factions listed: the reason says the game's factions are not all listed."""
    from checker.api import check_text

    v = check_text("""
ruleset: gf9
phase: mentat-pause
turn: 10
players: 6
storm: 2
factions: {atreides: {}, harkonnen: {}, emperor: {}}
forces:
  - {faction: atreides, territory: Arrakeen, count: 3}
  - {faction: harkonnen, territory: Carthag, count: 3}
""")
    assert v.verdict == "unresolved"
    assert "does not give 'factions'" not in v.reason
    assert "players 6, 3 named (Atreides, Harkonnen, Emperor)" in v.reason


ONE_FACTION = """
ruleset: {ruleset}
turn: 4
phase: mentat-pause
storm: 1
forces:
{forces}
"""


def _one_faction(ruleset: str, strongholds: list[str]) -> str:
    forces = "\n".join(f'- {{faction: harkonnen, territory: "{t}", count: 3}}' for t in strongholds)
    return ONE_FACTION.format(ruleset=ruleset, forces=forces)


@pytest.mark.parametrize("ruleset", ["gf9", "overview", "dreamrules"])
def test_one_listed_faction_is_no_game_of_one_player(ruleset: str) -> None:
    """A game has two players or more (overview:3): a position listing one faction and giving no 'players' names no
    winner on an impossible count, and no sentence calls it a one-player game."""
    v = judge(_one_faction(ruleset, ["Carthag", "Arrakeen", "Tuek's Sietch"]))
    assert v.verdict == "unresolved" and "winner" not in v.outcome
    assert "the position does not give 'players' and lists only Harkonnen" in v.reason
    least = "a game has 2-6 players (overview:3)" if ruleset == "overview" else "has two players (gf9:21)"
    assert least in v.reason  # in the ruleset's own lines
    said = " ".join([v.reason, *(f.message for f in v.findings), *v.notes])
    assert "1-player" not in said and "to have 1" not in said
    v = judge(_one_faction(ruleset, ["Carthag", "Arrakeen", "Tuek's Sietch"]).replace("turn: 4", "turn: 4\nplayers: 1"))
    assert v.verdict == "invalid-position"
    assert [f.rule.id for f in v.findings if f.effect == "forbids"] == ["overview.position.players-minimum"]


def test_one_listed_faction_wins_where_every_count_agrees() -> None:
    """Four strongholds win in a game of two players (gf9:21) and of more (gf9:319), but whatever the count, an
    unlisted player may be the Bene Gesserit, whose correct prediction replaces the win (gf9:323): no winner is
    named. Where no one qualifies, the count left open does not matter, and the note says so."""
    v = judge(_one_faction("gf9", ["Carthag", "Arrakeen", "Tuek's Sietch", "Sietch Tabr"]))
    assert v.verdict == "unresolved" and "winner" not in v.outcome
    assert "the Bene Gesserit, not listed, may be one of them" in v.reason and "(gf9:323, 361)" in v.reason
    assert "gf9:323" in {c.ref for f in v.findings for c in f.sources}
    three = judge(
        _one_faction("gf9", ["Carthag", "Arrakeen", "Tuek's Sietch", "Sietch Tabr"]).replace(
            "turn: 4", "turn: 4\nplayers: 3"
        )
    )
    assert three.verdict == "unresolved" and "factions.bene-gesserit.prediction" in three.reason
    assert "the Bene Gesserit is not listed but may play (players 3, listed: Harkonnen)" in three.reason
    v = judge(_one_faction("overview", ["Carthag", "Arrakeen"]))
    assert v.verdict == "legal" and v.outcome["winner"] == "none"


def test_a_turn_asked_for_says_why() -> None:
    """gf9:325's end of turn ten is why a two-player Pause with no winner asks for the turn: said and quoted."""
    v = judge(
        "ruleset: gf9\nphase: mentat-pause\nstorm: 1\nfactions: {bene-gesserit: {}}\nforces:\n"
        "- {faction: harkonnen, territory: Carthag, count: 3}\n- {faction: harkonnen, territory: Arrakeen, count: 3}\n"
        '- {faction: harkonnen, territory: "Tuek\'s Sietch", count: 3}\n'
    )
    assert v.verdict == "unresolved"
    assert v.reason == (
        "gf9.position.victory-two-players: the position does not give 'turn' (whether it is turn ten: if nobody has "
        "won by its end, gf9:325's end-of-game conditions decide)"
    )
    assert [c.ref for c in finding(v, "gf9.position.victory-two-players").cites] == ["gf9:21", "gf9:325"]
    v = judge(_one_faction("gf9", ["Carthag", "Arrakeen"]).replace("turn: 4\n", "players: 3\n"))
    assert v.verdict == "unresolved" and "gf9:325" in v.reason  # no winner: turn ten may decide
    assert [c.ref for c in finding(v, "gf9.position.victory").cites] == ["gf9:319", "gf9:321", "gf9:325"]
    v = judge(_one_faction("gf9", ["Carthag", "Arrakeen"]).replace("turn: 4\n", "players: 3\nturn: 4\n"))
    assert [c.ref for c in finding(v, "gf9.position.victory").cites] == ["gf9:319", "gf9:321"]

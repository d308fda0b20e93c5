"""The moves of the rest of a turn carried forward (checker/arrakis/transitions_turn.py): a winning bid, the Spice
Blow, Treachery Cards played, alliances, bribes and gifts, Dreamrules' worms, Thumpers, the Surveyor and Spite; and
the moves Mentat refuses to carry, with their reasons."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from checker.api import check
from checker.game import Applied, Refused, apply, read_record, replay
from checker.positions import load_position
from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "cases" / "games" / "gf9-bidding-and-blow"


def _case(name: str, **move: Any) -> dict[str, Any]:
    """A case's position and move (the move's keys changed as given), its expectations dropped."""
    ruleset, _, file = name.partition("/")
    data = parse_yaml((ROOT / "cases" / ruleset / file).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    data.pop("expect", None)
    data["move"] = {**data["move"], **move}
    return data


def _applied(name: str, **move: Any) -> Applied:
    result = apply(_case(name, **move), str(ROOT / "cases" / name))
    assert isinstance(result, Applied), result.verdict.reason
    after = check(load_position(copy.deepcopy(result.data), name))
    assert after.verdict == "legal", (after.reason, after.forbidding())  # the position after it is valid
    return result


def _refused(name: str, **move: Any) -> Any:
    result = apply(_case(name, **move), str(ROOT / "cases" / name))
    assert isinstance(result, Refused)
    return result.verdict


def _not_carried(name: str, words: str, **move: Any) -> None:
    v = _refused(name, **move)
    assert v.verdict == "unresolved" and words in v.reason and "would be a guess" in v.reason, v.reason


# -- bidding ---------------------------------------------------------------------------------------------------


def test_a_winning_bid_pays_the_emperor_and_harkonnen_takes_its_free_card() -> None:
    after = _applied("gf9/turn-basic-04-bid.yaml", wins=True).data["factions"]
    # Harkonnen (10 spice, 2 cards) wins for 3: the Emperor, 2 before, is paid 3; the card and the free card
    assert (after["harkonnen"]["spice"], after["harkonnen"]["hand"]) == (7, 4)
    assert after["emperor"]["spice"] == 5 and after["emperor"]["hand"] == 1


def test_the_emperor_pays_the_bank_for_its_own_card() -> None:
    after = _applied("gf9/bid-emperor-own.yaml", wins=True).data["factions"]
    assert (after["emperor"]["spice"], after["emperor"]["hand"]) == (7, 2)  # 10 - 3, to no one at the table
    assert after["atreides"] == {"spice": 5, "hand": 1}


def test_the_emperor_helping_its_ally_is_paid_back_the_whole_bid() -> None:
    after = _applied("gf9/qa15a-bid-emperor-helps-ally.yaml", wins=True).data["factions"]
    # Atreides bids 5 with 2 spice, the Emperor promising 3: Atreides pays 2, the Emperor 3, the Emperor receives 5
    assert (after["atreides"]["spice"], after["atreides"]["hand"]) == (0, 2)
    assert after["emperor"]["spice"] == 12


def test_a_bid_not_said_to_win_is_unresolved_in_gf9() -> None:
    _not_carried("gf9/turn-basic-04-bid.yaml", "may be overbid")


def test_a_dreamrules_bid_records_the_high_bid_and_the_next_bid_must_beat_it(tmp_path: Path) -> None:
    """A lone position gives no high bid, so a second bid of 4 is judged alone; in a record, the first bid wrote
    current_auction, and the same 4 from Harkonnen is illegal (dreamrules.bidding.raise)."""
    data = _case("dreamrules/bid-raise.yaml")
    data.pop("current_auction")
    start = {k: v for k, v in data.items() if k != "move"}
    import yaml

    record = tmp_path / "auction.yaml"
    moves = [
        {"action": "bid", "faction": "atreides", "amount": 4},
        {"action": "bid", "faction": "harkonnen", "amount": 4},
    ]
    record.write_text(yaml.safe_dump({"record": 1, "start": start, "moves": moves}), encoding="utf-8")
    steps = list(replay(read_record(record)))
    first = steps[0].result
    assert isinstance(first, Applied) and first.data["current_auction"] == {"high_bidder": "atreides", "high_bid": 4}
    assert first.data["factions"]["atreides"]["spice"] == 5  # a high bid is not paid until it wins
    second = steps[1].result
    assert isinstance(second, Refused) and second.verdict.verdict == "illegal"
    assert "dreamrules.bidding.raise" in second.verdict.forbidding()
    alone = apply({**start, "move": moves[1]}, str(record))
    assert isinstance(alone, Applied)  # the same bid, without the record's history: nothing to beat


def test_a_dreamrules_winning_bid_settles_the_auction() -> None:
    result = _applied("dreamrules/bid-raise.yaml", wins=True)
    assert "current_auction" not in result.data
    assert result.data["factions"]["atreides"] == {"spice": 1, "hand": 2}  # 4 to the Bank: no Emperor plays


@pytest.mark.parametrize(
    ("name", "move", "words"),
    [
        # Atreides' hand is listed by name, and the card it wins is not named
        ("gf9/turn-basic-04-bid.yaml", {"faction": "atreides", "amount": 2, "wins": True}, "listed card by card"),
        ("gf9/qa15a-bid-karama-beyond.yaml", {"wins": True}, "cost, paid_to unknown"),  # gf9.bidding.karama-price
        ("dreamrules/bid-favor.yaml", {"wins": True}, "Shaddam's Favor"),
    ],
)
def test_winning_bids_whose_consequences_the_outcome_does_not_give_are_unresolved(
    name: str, move: dict[str, Any], words: str
) -> None:
    _not_carried(name, words, **move)


def test_an_overbid_is_not_applied() -> None:
    v = _refused("gf9/turn-basic-04-bid.yaml", amount=11, wins=True)
    assert v.verdict == "illegal" and "gf9.bidding.affordable" in v.forbidding()


# -- the Spice Blow and worms ----------------------------------------------------------------------------------


def test_a_territory_card_places_its_spice() -> None:
    after = _applied("gf9/turn-basic-02-blow.yaml").data
    assert {"territory": "Broken Land", "amount": 8, "sector": 11} in after["spice"]


def test_a_blow_under_the_storm_places_nothing() -> None:
    case = _case("gf9/blow-storm-over-sector.yaml")
    after = _applied("gf9/blow-storm-over-sector.yaml")
    assert after.data.get("spice") == case.get("spice") and "places none" in after.notes[0]


def test_a_blow_on_a_position_without_spice_is_unresolved() -> None:
    _not_carried("gf9/blow-territory-card.yaml", "does not give the spice on the board")


def test_shai_hulud_devours_to_the_tanks_and_brings_a_nexus() -> None:
    before = _case("gf9/blow-worm-devours.yaml")
    before["factions"] = {"harkonnen": {"tanks": 2}}
    result = apply(before, "blow-worm-devours")
    assert isinstance(result, Applied)
    after = result.data
    # Harkonnen's 5 in Hagga Basin to the Tanks (2 -> 7); Fremen and its protected ally stay; the 6 spice is gone
    assert after["factions"]["harkonnen"]["tanks"] == 7
    assert {(g["faction"], g["territory"]) for g in after["forces"]} == {
        ("fremen", "Hagga Basin"),
        ("atreides", "Hagga Basin"),
        ("emperor", "Carthag"),
    }
    assert after["spice"] == [] and after["phase"] == "nexus"


def test_a_dreamrules_worm_and_a_thumper() -> None:
    worm = _applied("dreamrules/worm-devours.yaml").data
    assert worm["shield_wall_markers"] == 2 and worm["spice"] == []
    assert "harkonnen" not in {g["faction"] for g in worm["forces"]}
    thumper = _applied("dreamrules/thumper-riding-worm.yaml").data
    assert thumper["factions"]["fremen"]["thumpers"] == 1 and thumper["spice"] == []  # one of its 2 spent


def test_worm_losses_split_between_groups_are_unresolved() -> None:
    # the Ixians lose 1 of the 2 in Wind Pass North, some aboard the Surveyor: the verdict says not which
    _not_carried("dreamrules/qa15-worm-surveyor.yaml", "but not which forces")


# -- Treachery Cards -------------------------------------------------------------------------------------------


def test_weather_control_moves_the_storm_and_leaves_the_hand() -> None:
    after = _applied("gf9/play-weather-control.yaml").data
    assert after["storm"] == 9 and after["factions"]["atreides"]["hand"] == ["Lasgun"]


def test_weather_control_over_forces_is_unresolved() -> None:
    data = _case("gf9/play-weather-control.yaml")
    data["forces"] = [{"faction": "atreides", "territory": "Old Gap", "sector": 8, "count": 2}]
    result = apply(data, "weather-over-forces")
    assert isinstance(result, Refused) and "not what it destroys" in result.verdict.reason


def test_family_atomics_destroys_the_shield_wall_and_its_forces() -> None:
    after = _applied("gf9/play-atomics.yaml").data
    assert after["shield_wall"] == "destroyed" and after["factions"]["atreides"]["hand"] == []
    assert [g["territory"] for g in after["forces"]] == ["Imperial Basin"]


def test_a_dreamrules_karama_stops_the_advantage_for_the_phase() -> None:
    after = _applied("dreamrules/karama-sardaukar-window.yaml").data
    assert after["factions"]["emperor"]["suppressed"] == ["Sardaukar"]
    assert "Karama" not in after["factions"]["atreides"].get("hand", [])


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("gf9/play-karama-voice.yaml", "does not record the advantage a Karama stops"),
        ("gf9/play-karama-atreides-power.yaml", "Karama power"),
        ("gf9/play-hajr.yaml", "extra_movements"),
        ("dreamrules/play-ghola-troops.yaml", "revival by a Fate or a Treachery card"),
    ],
)
def test_cards_whose_effect_is_not_carried_are_unresolved(name: str, words: str) -> None:
    _not_carried(name, words)


# -- alliances, bribes and gifts -------------------------------------------------------------------------------


def test_an_alliance_formed_and_broken() -> None:
    assert _applied("gf9/ally-nexus-form.yaml").data["alliances"] == [["atreides", "fremen"]]
    assert "alliances" not in _applied("gf9/ally-break-nexus.yaml").data
    shared = _applied("gf9/ally-shared-territory.yaml")
    assert "Arrakeen: one must leave" in shared.notes[0]


def test_a_bribe_waits_in_front_of_the_shield() -> None:
    after = _applied("gf9/bribe-advanced.yaml").data["factions"]
    assert after["harkonnen"]["spice"] == 7
    assert after["spacing-guild"] == {"spice": 5, "spice_in_front": 3}  # not behind its shield before Mentat
    pile = _applied("dreamrules/bribe-from-pile.yaml").data["factions"]
    # 2 behind Harkonnen's shield and 3 from its bribe pile: all 5 to the Guild's bribe pile
    assert pile["harkonnen"] == {"spice": 0, "bribe_pile": 0}
    assert pile["spacing-guild"] == {"spice": 5, "bribe_pile": 5}


def test_the_emperor_gives_spice_to_its_ally() -> None:
    after = _applied("gf9/give-emperor-to-ally.yaml").data["factions"]
    assert (after["emperor"]["spice"], after["atreides"]["spice"]) == (8, 5)


def test_an_illegal_bribe_is_not_applied() -> None:
    assert _refused("gf9/bribe-advanced.yaml", amount=11).verdict == "illegal"


# -- Dreamrules' other moves -----------------------------------------------------------------------------------


def test_the_surveyor_moves_and_spite_swaps_the_played_cards() -> None:
    assert _applied("dreamrules/surveyor-move.yaml").data["hidden_mobile_surveyor"] == {"territory": "Hagga Basin"}
    played = _applied("dreamrules/spite-swap.yaml").data["last_battle"]["cards_played"]
    assert played == {"harkonnen": ["Snooper", "Shield"], "atreides": ["Chaumas", "Crysknife"]}


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("dreamrules/tech-legal.yaml", "the card taken off the auction"),  # a hand listed card by card
        ("dreamrules/tech-token-legal.yaml", "drawn at random"),  # the record does not name the token drawn
    ],
)
def test_moves_whose_consequence_the_record_does_not_give_are_unresolved(name: str, words: str) -> None:
    _not_carried(name, words)


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("dreamrules/deal-action-for-spice.yaml", "carried out by moves of their own"),
        ("dreamrules/interject-first.yaml", "the order of the turns"),
    ],
)
def test_deals_and_interjections_change_nothing_a_position_records(name: str, words: str) -> None:
    result = _applied(name)
    data = _case(name)
    assert result.data == {k: v for k, v in data.items() if k not in ("move", "title", "notes")}
    assert any(words in n for n in result.notes)


def test_technology_swaps_the_card_and_is_used_for_the_phase() -> None:
    """The Ixians swap a card of their hand for the card up for bid (dreamrules:352): the record names the card taken;
    a second use this Bidding phase is then forbidden by the record's own position."""
    data = _case("dreamrules/tech-legal.yaml")
    data["move"]["takes"] = "Lasgun"
    after = apply(data)
    assert isinstance(after, Applied)
    ixians = after.data["factions"]["ixians"]
    assert ixians["hand"] == ["Lasgun"] and ixians["technology_used"] is True
    again = check(load_position({**after.data, "move": {**data["move"], "card": "Lasgun"}}))
    assert again.verdict == "illegal" and "dreamrules.technology.once-per-phase" in again.forbidding()


def test_a_note_changes_nothing() -> None:
    data = _case("dreamrules/note-cards-atreides.yaml")
    assert _applied("dreamrules/note-cards-atreides.yaml").data == {
        k: v for k, v in data.items() if k not in ("move", "title", "notes")
    }


# -- the record ------------------------------------------------------------------------------------------------


def test_the_bidding_and_blow_record_replays_with_its_numbers() -> None:
    steps = list(replay(read_record(GAME / "record.yaml")))
    assert len(steps) == 5 and all(isinstance(s.result, Applied) for s in steps)
    after = [s.result.data for s in steps if isinstance(s.result, Applied)]
    bid, played, worm, blow, ally = after
    # the auction: Harkonnen pays the Emperor 3 (5 -> 8) and takes the card and its free card (0 -> 2)
    assert (bid["factions"]["harkonnen"]["spice"], bid["factions"]["emperor"]["spice"]) == (7, 8)
    assert bid["factions"]["harkonnen"]["hand"] == 2
    assert played["factions"]["atreides"]["hand"] == ["Crysknife"]  # Truthtrance discarded
    # Shai-Hulud in Broken Land: Harkonnen's 3 to the Tanks, the 8 spice to the Bank, a Nexus
    assert worm["factions"]["harkonnen"]["tanks"] == 3 and worm["spice"] == [] and worm["phase"] == "nexus"
    assert blow["spice"] == [{"territory": "Red Chasm", "amount": 8, "sector": 6}]
    assert ally["alliances"] == [["atreides", "emperor"]]


def test_the_overbid_mutant_stops_at_the_bid_with_its_rule(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import shutil

    mutant = tmp_path / "mutant-overbid.yaml"
    shutil.copy(GAME / "mutant-overbid.yaml", mutant)  # the replay writes the stopped position beside the record
    run = cli("replay", mutant, "--json")
    assert run.code == 1
    body = run.json()
    assert body["move_number"] == 1 and body["applied"] == 0
    assert "gf9.bidding.affordable" in body["ruling"]["minimal_reason"]


def test_a_tech_token_drawn_joins_the_winner_s_tokens() -> None:
    """The token drawn is chance, which the record names (move.token): it joins the winner's tokens, as many as the
    outcome counts."""
    result = _applied("dreamrules/tech-token-legal.yaml", token="Spice Production")
    assert result.data["factions"]["atreides"]["tech_tokens"] == ["Spice Production"]
    assert result.verdict.outcome["tech_tokens"] == {"atreides": 1}

"""The Dice Game family's core: its position files, its map, `mentat new dice` and its drawing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from checker.dice import FAMILY
from checker.dice.board import text_board
from checker.dice.position import CombatMove, ShipMove, load_position, read_position, schema, with_move
from checker.dice.setup import new_dice
from checker.dice.svg import draw
from checker.engine import evaluate
from checker.errors import InputError
from checker.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parent.parent


def load(**data: Any) -> Any:
    return load_position({"ruleset": "dice", **data})


def refused(data: dict[str, Any]) -> InputError:
    with pytest.raises(InputError) as err:
        load_position({"ruleset": "dice", **data}, "pos.yaml")
    assert err.value.file == "pos.yaml"
    return err.value


def test_a_case_file_loads_with_its_facts() -> None:
    pos = read_position(ROOT / "cases/dice/position-start-five.yaml")
    assert pos.round == 1 and pos.step == "roll" and pos.player_count == 5
    assert pos.sandstorm == "Jacurutu"
    assert pos.turn_order[-1] == "bene-gesserit"
    assert pos.state("corrino").board_troops == 3 and pos.state("corrino").cards == ["landsraad"]
    prediction = pos.state("bene-gesserit").prediction
    assert prediction is not None and prediction.faction == "corrino"
    assert pos.troops_in("Polar Sink", "bene-gesserit") == 3
    assert pos.fortification_in("Great Flat") is not None
    assert pos.controllers("Great Flat") == {"harkonnen"}


def test_names_are_forgiven_as_players_write_them() -> None:
    pos = load(
        sandstorm="the great flat",
        factions={"Guild": {"cards": ["Turn Order"]}, "BG": {}},
        troops=[{"faction": "fremen", "region": "habbanaya sietch", "count": 2}],  # dice:57's spelling
    )
    assert pos.sandstorm == "Great Flat"
    assert set(pos.factions) == {"spacing-guild", "bene-gesserit"}
    assert pos.state("spacing-guild").cards == ["turn-order"]
    assert pos.troops[0].region == "Habbanya Sietch"


def test_dice_slots_take_a_face_or_a_list_of_faces() -> None:
    pos = load(factions={"atreides": {"dice": {"combat": [1, 6], "ship": 3, "Harkonnen": 2}}})
    st = pos.state("atreides")
    assert st.faces("combat") == [1, 6] and st.faces("ship") == [3] and st.faces("harkonnen") == [2]
    assert st.dice_on_board == 4
    err = refused({"factions": {"atreides": {"dice": {"ship": 7}}}})
    assert err.key == "factions.atreides.dice.ship" and "from 1 to 6" in err.expected


def test_charts_take_faces_or_a_question_mark() -> None:
    pos = load(factions={"harkonnen": {"kanly_chart": {"plot": [1, 2], "assassinate": "?"}, "combat_chart": {6: 2}}})
    st = pos.state("harkonnen")
    assert st.kanly_chart == {"plot": [1, 2], "assassinate": [1, 2, 3, 4, 5, 6]}
    assert st.combat_chart == {6: 2}
    err = refused({"factions": {"harkonnen": {"kanly_chart": {"asassinate": [1]}}}})
    assert err.key == "factions.harkonnen.kanly_chart.asassinate" and "assassinate" in err.suggestions


def test_an_unknown_key_names_the_nearest() -> None:
    err = refused({"factions": {"atreides": {"leadr": 2}}})
    assert err.key == "factions.atreides.leadr" and err.suggestions == ["leader"]
    err = refused({"sandstrom": "Carthag"})
    assert err.key == "sandstrom" and "sandstorm" in err.suggestions


def test_other_games_houses_are_refused_with_the_dice_games_name() -> None:
    err = refused({"factions": {"emperor": {}}})  # the Dice Game's house is Corrino (dice:220)
    assert err.key == "factions.emperor" and err.suggestions == ["corrino"]


def test_a_misspelt_region_names_the_nearest() -> None:
    err = refused({"troops": [{"faction": "fremen", "region": "Minor Erk", "count": 1}]})
    assert err.key == "troops[0].region" and err.suggestions[0] == "Minor Erg"


def test_moves_load_with_their_keys() -> None:
    pos = load(move={"action": "ship", "faction": "atreides", "count": 2, "to": "Carthag", "ally_consents": True})
    assert isinstance(pos.move, ShipMove) and pos.move.to == "Carthag" and pos.move.ally_consents
    pos = load(
        move={
            "action": "combat",
            "faction": "harkonnen",
            "region": "Arrakeen",
            "sent": {"harkonnen": 3, "atreides": 2},
            "leaders_sent": {"atreides": 1},
            "rolls": {"harkonnen": [1, 6]},
            "fortification_removes": {"atreides": 1},
            "loyalty_revealed": {"atreides": ["harkonnen"]},
            "shai_hulud": {"harkonnen": 1},
            "shai_hulud_by": "Fremen",
        }
    )
    assert isinstance(pos.move, CombatMove) and pos.move.rolls == {"harkonnen": [1, 6]}
    assert pos.move.shai_hulud_by == "fremen"
    err = refused({"move": {"action": "shipp", "faction": "atreides"}})
    assert err.key == "move.action" and err.suggestions[0] == "ship"
    err = refused({"move": {"action": "kanly", "faction": "atreides", "kanly_action": "plott", "target": "fremen"}})
    assert err.key == "move.kanly_action" and "plot" in err.suggestions
    moved = with_move(load(), {"action": "sandstorm", "to": "Arrakeen"})
    assert moved.move is not None and moved.move.action == "sandstorm"


def test_a_token_without_a_controller_is_uncontrolled_when_the_file_says_none() -> None:
    troops = [
        {"faction": "harkonnen", "region": "Great Flat", "count": 2},
        {"faction": "atreides", "region": "Great Flat", "count": 1},
    ]
    order = ["atreides", "harkonnen"]
    for said in ("none", "None", "uncontrolled", None):
        pos = load(troops=troops, turn_order=order, fortifications=[{"region": "Great Flat", "controller": said}])
        assert pos.fortifications[0].uncontrolled and pos.fortifications[0].controller is None
        control = pos.token_control("Great Flat")  # dice:158: the first in Turn Order with Troops there takes it
        assert control.faction == "atreides" and "dice:158" in control.note
    pos = load(troops=troops, fortifications=[{"region": "Great Flat", "controller": "none"}])
    assert not pos.token_control("Great Flat").known and pos.token_control("Great Flat").key == "turn_order"
    pos = load(troops=troops, turn_order=order, fortifications=[{"region": "Great Flat"}])  # left out: unknown
    control = pos.token_control("Great Flat")
    assert not control.known and control.key == "fortifications[0].controller" and "dice:157" in control.why
    pos = load(troops=troops[:1], fortifications=[{"region": "Great Flat"}])  # the only Faction there (dice:157)
    assert pos.token_control("Great Flat").faction == "harkonnen"
    err = refused({"fortifications": [{"region": "Great Flat", "controller": "nobodi"}]})
    assert err.key == "fortifications[0].controller"
    controller = schema()["properties"]["fortifications"]["items"]["properties"]["controller"]
    assert "`none`" in controller["description"] and {"type": "null"} in controller["anyOf"]


def test_in_round_one_without_the_guild_the_sandstorm_is_on_jacurutu_until_its_step() -> None:
    game = {
        "round": 1,
        "turn_order": ["atreides", "harkonnen"],
        "factions": {"atreides": {}, "harkonnen": {"board_troops": 3}},
        "troops": [{"faction": "harkonnen", "region": "Great Flat", "count": 2}],
    }
    ship = {"action": "ship", "faction": "harkonnen", "count": 2, "to": "Great Flat"}
    pos = load(**game, step="ship", move=ship)  # left out: the text puts it on Jacurutu (dice:50)
    assert pos.sandstorm == "Jacurutu" and "dice:50" in pos.inferred[0]
    v = evaluate(pos)
    assert v.verdict == "legal" and any("Jacurutu" in n for n in v.notes)
    err = refused({**game, "step": "ship", "sandstorm": "Carthag", "move": ship})  # it cannot have moved yet
    assert err.key == "sandstorm" and "dice:50" in err.expected and err.suggestions == ["Jacurutu"]
    sandstorm = {"action": "sandstorm", "faction": "atreides", "to": "Arrakeen"}
    assert refused({**game, "step": "sandstorm", "sandstorm": "Carthag", "move": sandstorm}).key == "sandstorm"
    # after it may have moved, with the Guild, or with an unnamed player who may be the Guild: no such inference
    assert load(**{**game, "round": 2}, step="ship", move=ship).sandstorm is None
    assert load(**game, step="end", sandstorm="Carthag").sandstorm == "Carthag"
    assert load(**game, players=3, step="ship", move=ship).sandstorm is None
    guild = {**game, "factions": {**game["factions"], "spacing-guild": {}}}
    assert load(**guild, step="ship", sandstorm="Carthag", move=ship).sandstorm == "Carthag"
    moved = with_move(load(**game, step="ship"), ship)  # `mentat check --move` infers it too
    assert moved.sandstorm == "Jacurutu" and moved.inferred


def test_the_text_board_knows_carthags_borders_only() -> None:
    board = text_board()
    assert len(board.names) == 11 and not board.all_named  # dice:55: 12 Regions, 11 named
    assert board.adjacent("Carthag", "Arrakeen") is True  # dice:170
    assert board.adjacent("Great Flat", "Carthag") is True  # borders are shared (dice:60)
    assert board.adjacent("Carthag", "Jacurutu") is False  # not among the Sandstorm's choices (dice:170)
    assert board.adjacent("Carthag", "Polar Sink") is None  # excluded by dice:169 whatever the border
    assert board.adjacent("Carthag", "Broken Land") is None
    assert board.adjacent("Arrakeen", "Minor Erg") is None
    assert board.source("Carthag", "Arrakeen") == "dice:170"
    assert board["Polar Sink"].neutral and board["Polar Sink"].desert  # dice:56, 59
    assert [n for n in board.names if board[n].strategic] == [
        "Carthag",
        "Sietch Tabr",
        "Habbanya Sietch",
        "Tuek's Sietch",
        "Jacurutu",
    ]
    assert {n for n in board.names if board[n].city} == {"Carthag", "Arrakeen", "Sietch Tabr"}
    assert {n for n in board.names if board[n].outer} == {"Broken Land", "Outer Plain"}


def test_a_positions_board_completes_the_map() -> None:
    pos = load(board={"Arrakeen": {"adjacent": ["Carthag", "Minor Erg"]}, "False Wall": {"kind": "desert"}})
    board = pos.board
    assert board.adjacent("Arrakeen", "Minor Erg") is True and board.source("Arrakeen", "Minor Erg") == "board"
    assert board.adjacent("Arrakeen", "Great Flat") is False  # a Region's list is all its neighbours
    assert board.adjacent("Minor Erg", "Great Flat") is None
    assert board.all_named and board["False Wall"].desert and not board["False Wall"].strategic
    assert board.adjacent("Carthag", "False Wall") is False  # the twelfth is no neighbour of Carthag (dice:170)
    assert load(board={"False Wall": {}}, troops=[{"faction": "fremen", "region": "false wall", "count": 1}])


def test_a_board_that_contradicts_the_text_is_refused() -> None:
    err = refused({"board": {"Carthag": {"adjacent": ["Arrakeen"]}}})  # dice:170 gives four
    assert err.key == "board.Carthag.adjacent" and "dice:170" in err.expected
    err = refused({"board": {"Jacurutu": {"adjacent": ["Carthag"]}}})
    assert err.key == "board.Jacurutu.adjacent"
    err = refused({"board": {"Arrakeen": {"kind": "strategic"}}})  # dice:57 names the five
    assert err.key == "board.Arrakeen.kind"
    err = refused({"board": {"Minor Erk": {}}})  # a misspelling is not the twelfth Region
    assert err.suggestions[0] == "Minor Erg"
    err = refused({"board": {"False Wall": {}, "Red Chasm": {}}})  # dice:55: twelve Regions
    assert err.key == "board.Red Chasm"


def test_a_board_file_is_read_relative_to_the_position(tmp_path: Path) -> None:
    (tmp_path / "map.yaml").write_text("regions:\n  Minor Erg: {adjacent: [Carthag, Polar Sink]}\n")
    (tmp_path / "pos.yaml").write_text("ruleset: dice\nboard: map.yaml\n")
    pos = read_position(tmp_path / "pos.yaml")
    assert pos.board.adjacent("Polar Sink", "Minor Erg") is True
    (tmp_path / "bad.yaml").write_text("ruleset: dice\nboard: nowhere.yaml\n")
    with pytest.raises(InputError) as err:
        read_position(tmp_path / "bad.yaml")
    assert err.value.key == "board"


SETUP_GAMES = [
    ["harkonnen", "fremen"],
    ["atreides", "corrino", "spacing-guild"],
    ["atreides", "harkonnen", "fremen", "corrino", "bene-gesserit"],
    ["atreides", "harkonnen", "fremen", "corrino", "spacing-guild", "bene-gesserit"],
]


@pytest.mark.parametrize("factions", SETUP_GAMES)
def test_new_dice_loads_back_unresolved_until_the_troops_are_placed(factions: list[str]) -> None:
    """The placements the text leaves to the players are not written as facts: no empty ``troops`` that the
    setup rules would judge (dice:199, 204, 210), but an answer naming the key a player must fill in."""
    text = FAMILY.new("dice", factions, False)
    data = parse_yaml(text)
    assert "troops" not in data  # each game here has a Faction placing Troops where it chooses
    assert ("fortifications" in data) == ("harkonnen" not in factions)  # dice:204: the Harkonnen choose its Region
    pos = load_position(data)
    assert pos.round == 1 and pos.player_count == len(factions)
    assert pos.common_dice == 3 * len(factions)  # dice:53
    verdict = evaluate(pos)
    assert verdict.verdict == "unresolved", [f.rule.id for f in verdict.findings if f.effect == "forbids"]
    assert "troops" in verdict.missing and "'troops'" in verdict.reason
    protection = sum(pos.state(f).cards.count("protection") for f in pos.factions)
    assert protection == (1 if len(factions) in (4, 5) else 2)  # dice:43
    assert (pos.sandstorm == "Jacurutu") == ("spacing-guild" not in factions)  # dice:50


# Where the players put what the text leaves to them: non-strategic Regions (dice:199, 204, 210), an empty one for
# the Harkonnen and its Fortification (dice:204), the Sandstorm in an empty Region that is not outer (dice:228).
CHOICES = {"atreides": "Minor Erg", "harkonnen": "Great Flat", "fremen": "Broken Land"}


def _filled(text: str) -> str:
    """The file `mentat new dice` wrote, with every placeholder filled in and uncommented, as a player would."""
    out = []
    for line in text.splitlines():
        body = line.lstrip()
        if body.startswith(("# troops:", "#   - ", "# fortifications:", "# sandstorm:", "# prediction:")):
            line = line.replace("# ", "", 1)
            owner = "harkonnen" if "kind: fortification" in line else line.split("faction: ")[-1].split(",")[0]
            line = line.replace("region: REGION", f"region: {CHOICES.get(owner, '')}")
            line = line.replace("sandstorm: REGION", "sandstorm: Tuek's Sietch")
            line = line.replace("{faction: FACTION}", "{faction: atreides}")
        out.append(line)
    filled = "\n".join(out) + "\n"
    assert ": REGION" not in filled and "{faction: FACTION}" not in filled
    return filled


@pytest.mark.parametrize("factions", SETUP_GAMES[2:])
def test_new_dice_filled_in_is_a_legal_start_with_five_or_six_players(factions: list[str]) -> None:
    pos = load_position(parse_yaml(_filled(FAMILY.new("dice", factions, False))))
    verdict = evaluate(pos)
    assert verdict.verdict == "legal", (verdict.reason, [f.message for f in verdict.findings if f.effect != "permits"])
    assert pos.troops_in("Polar Sink", "bene-gesserit") == 3  # dice:235
    assert pos.troops_in("Great Flat", "harkonnen") == 2 and pos.fortification_in("Great Flat") is not None
    permits = {f.rule.id for f in verdict.findings if f.effect == "permits"}
    assert {"dice.setup.unclaimed-cards", "dice.setup.harkonnen-fortification"} <= permits


@pytest.mark.parametrize(
    ("factions", "card", "never"),
    [
        (["harkonnen", "fremen"], "landsraad", "dice:212"),  # the Fremen, last, never hold the Landsraad card
        (["atreides", "corrino", "spacing-guild"], "turn-order", "dice:230"),  # nor the Guild the Turn Order card
        (["atreides", "harkonnen", "fremen", "corrino", "spacing-guild"], "turn-order", "dice:230"),
    ],
)
def test_new_dice_filled_in_with_a_card_the_last_can_never_have_is_unresolved(
    factions: list[str], card: str, never: str
) -> None:
    """dice:51 gives every unclaimed card to the last in Turn Order; without the Bene Gesserit (only in games of 5
    or more, dice:45) that is a Faction which can never have one of them: the text does not say who holds it."""
    text = FAMILY.new("dice", factions, False)
    assert f"the {card} card is unclaimed" in text and f"never have it ({never})" in text
    verdict = evaluate(load_position(parse_yaml(_filled(text))))
    assert verdict.verdict == "unresolved" and "dice.setup.unclaimed-never" in verdict.reason
    assert "troops" not in verdict.missing


def test_new_dice_leaves_the_players_choices_as_placeholders() -> None:
    text = new_dice("dice", ["harkonnen", "fremen"], False)
    assert "#   - {faction: harkonnen, region: REGION, count: 2}" in text  # dice:204: a Region of your choice
    # dice:51 gives the unclaimed Landsraad card to the last in Turn Order, the Fremen, who never have it (dice:212)
    assert "never have it (dice:212)" in text
    assert "landsraad" not in parse_yaml(text)["factions"]["fremen"].get("cards", [])
    with pytest.raises(InputError) as err:
        new_dice("dice", ["atreides", "bg"], False)
    assert "dice:45" in err.value.expected


def test_the_drawing_shows_the_known_borders_and_the_unnamed_region() -> None:
    pos = read_position(ROOT / "cases/dice/position-start-five.yaml")
    svg = draw(pos)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "Carthag borders Arrakeen (dice:170)" in svg
    assert "? (unnamed)" in svg and "Sandstorm" in svg and "bene-gesserit 3" in svg
    assert svg.count("<line") == 4  # Carthag's four neighbours: nothing else is known


def test_the_schema_lists_the_dice_keys() -> None:
    out = schema()
    assert "kanly_chart" in out["properties"]["factions"]["additionalProperties"]["properties"]
    actions = {m["properties"]["action"]["enum"][0] for m in out["properties"]["move"]["anyOf"] if "properties" in m}
    assert actions == {
        "ship",
        "move",
        "kanly",
        "fortify",
        "sandstorm",
        "propose-alliance",
        "recruit",
        "combat",
        "roll",
        "choam",
    }


ARRAKIS = ("checker.arrakis",)


def test_the_dice_family_imports_nothing_of_the_arrakis_family() -> None:
    import ast

    for path in [*(ROOT / "checker/dice").rglob("*.py"), *(ROOT / "constraints/dice").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            bad = [n for n in names if n in ARRAKIS or n.startswith(tuple(f"{a}." for a in ARRAKIS))]
            assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


# -- the board template a user fills in (constraints/data/dice-board-template.yaml) ----------------------------


def _template_position(tmp_path: Path, board_text: str, to: str) -> Any:
    (tmp_path / "my-board.yaml").write_text(board_text)
    (tmp_path / "pos.yaml").write_text(
        "ruleset: dice\nstep: move\nsandstorm: Jacurutu\nboard: my-board.yaml\n"
        "troops:\n- {faction: fremen, region: Arrakeen, count: 3}\n"
        f"move: {{action: move, faction: fremen, to: {to}, from: {{Arrakeen: 2}}}}\n"
    )
    return evaluate(read_position(tmp_path / "pos.yaml"))


def test_the_board_template_loads_as_a_board_file_and_adds_nothing() -> None:
    from checker.dice.board import TEMPLATE, board_file_facts, with_facts

    facts = board_file_facts(TEMPLATE, str(TEMPLATE))
    assert set(facts) == set(text_board().names)  # every Region the text names (dice:55-61), the twelfth not
    board = with_facts(facts)
    text = text_board()
    pairs = [(a, b) for a in text.names for b in text.names]
    assert [board.adjacent(a, b) for a, b in pairs] == [text.adjacent(a, b) for a, b in pairs]  # only dice:170's
    assert all(board[n].kinds == text[n].kinds for n in text.names)
    assert board.adjacent("Arrakeen", "Minor Erg") is None


def test_a_position_pointing_at_the_template_works_and_filling_it_in_decides(tmp_path: Path) -> None:
    from checker.dice.board import TEMPLATE

    text = TEMPLATE.read_text()
    assert _template_position(tmp_path, text, "Carthag").verdict == "legal"  # dice:170
    v = _template_position(tmp_path, text, "Minor Erg")
    assert v.verdict == "unresolved" and v.missing == ["board"]
    assert "whether Arrakeen borders Minor Erg: the text does not say" in " ".join(v.notes)
    # the user fills in Arrakeen's neighbours from the printed map (made up here)
    line = "    # adjacent: [Carthag, REGION, ...]                           # Carthag by dice:170\n"
    arrakeen = text.index("  Arrakeen:\n")
    assert text.index(line, arrakeen) == text.index("    kind: city\n", arrakeen) + len("    kind: city\n")
    filled = text[:arrakeen] + text[arrakeen:].replace(line, "    adjacent: [Carthag, Minor Erg, Polar Sink]\n", 1)
    assert _template_position(tmp_path, filled, "Minor Erg").verdict == "legal"
    assert _template_position(tmp_path, filled, "Great Flat").verdict == "illegal"  # left out: no border


def test_the_texts_own_board_data_is_refused_as_a_board_file_naming_the_template(tmp_path: Path) -> None:
    (tmp_path / "pos.yaml").write_text(f"ruleset: dice\nboard: {ROOT / 'constraints/data/dice-board.yaml'}\n")
    with pytest.raises(InputError) as err:
        read_position(tmp_path / "pos.yaml")
    assert err.value.key == "board" and "dice-board-template.yaml" in err.value.expected


def test_new_dice_points_at_the_board_template() -> None:
    from checker.dice.board import TEMPLATE

    text = new_dice("dice", ["harkonnen", "fremen"], False)
    assert "# board: my-board.yaml" in text and TEMPLATE.relative_to(ROOT).as_posix() in text
    assert "board" not in parse_yaml(text)  # a pointer, not a fact


# -- answers that must not go beyond the position -------------------------------------------------------------


def _alliance(**harkonnen: Any) -> Any:
    return evaluate(
        load(
            step="alliance",
            factions={
                "harkonnen": {"dice": {"fremen": 4}, **harkonnen},
                "fremen": {"dice": {"harkonnen": 1}, "bonus_slots": ["harkonnen"]},
            },
            move={"action": "propose-alliance", "faction": "harkonnen", "with": "fremen"},
        )
    )


def test_unknown_bonus_slots_leave_gained_out_and_an_empty_list_is_none() -> None:
    v = _alliance()  # Harkonnen's bonus-die slots not given: unknown (dice:84-85)
    assert v.verdict == "legal" and v.outcome["gained"] == {"fremen": 1}
    assert any("no bonus_slots for harkonnen" in n for n in v.notes)
    v = _alliance(bonus_slots=[])  # given: none of its slots carries the symbol
    assert v.verdict == "legal" and v.outcome["gained"] == {"harkonnen": 0, "fremen": 1}
    assert not any("bonus_slots" in n for n in v.notes)


def test_a_combat_says_its_kill_note_once_and_counts_sent_troops_after_the_fortification() -> None:
    v = evaluate(read_position(ROOT / "docs/guides/examples/dice/combat.yaml"))
    assert v.verdict == "legal"
    assert len(v.notes) == len(set(v.notes))
    message = next(f.message for f in v.findings if f.rule.id == "dice.combat.sent-within")
    assert "Corrino sends 4 of 4 (the 5 in Arrakeen less 1 removed first)" in message  # dice:140, 142


def test_an_unknown_border_is_named_for_the_sandstorm_too() -> None:
    guild = {"spacing-guild": {"cards": ["sandstorm"]}}
    v = evaluate(
        load(step="sandstorm", sandstorm="Arrakeen", factions=guild, move={"action": "sandstorm", "to": "Minor Erg"})
    )
    assert v.verdict == "unresolved" and v.missing == ["board"]
    assert "whether Arrakeen borders Minor Erg: the text does not say" in " ".join(v.notes)

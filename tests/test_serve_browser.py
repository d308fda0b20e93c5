"""``mentat serve``'s page in a real browser (Debian's headless Chromium through Selenium), as a table uses it.

Each test starts from a fresh page on a server of its own on 127.0.0.1 and asserts what a player reads: the
verdict, the quoted line and its link, the outcome's numbers. Clicks go where a player's would: a sector of the
board, a territory, a form's field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import serving

from checker.serve import Api, make_server

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
WAIT = 15  # seconds for any one step (a ruling comes in well under one)


@pytest.fixture
def browser(module_browser: Any) -> Any:
    """The module's browser, at its desktop size (the phone test narrows it)."""
    module_browser.set_window_size(1400, 1000)
    return module_browser


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    book = tmp_path_factory.mktemp("book")  # a book's front page: the ruling's lines link into it
    (book / "index.html").write_text("<p>the rulebook</p>", encoding="utf-8")
    yield from serving(make_server("127.0.0.1", 0, Api(book=book)))


def _wait(drv: Any, what: str, cond: Callable[[Any], Any]) -> Any:
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(drv, WAIT).until(cond)
    except TimeoutException:
        verdict = drv.find_element("id", "verdict").text
        ruling = drv.find_element("id", "ruling").text[:400]
        pytest.fail(f"{what}: not within {WAIT} s (the page shows {verdict!r}: {ruling!r})")


def _idle(drv: Any) -> None:
    """Wait for the page's answer to the last edit (it redraws the board and forms with it)."""
    _wait(
        drv, "the answer to the last edit", lambda d: d.execute_script("return document.body.dataset.state") == "idle"
    )


def _verdict(drv: Any, word: str) -> str:
    """Wait for the verdict to start with ``word``; the ruling's text."""
    _wait(drv, f"the verdict {word}", lambda d: d.find_element("id", "verdict").text.startswith(word))
    _idle(drv)
    return str(drv.find_element("id", "ruling").text)


def _fresh(drv: Any, url: str) -> None:
    """The page as a new player opens it: a new GF9 game of Atreides and Harkonnen."""
    drv.get(url)
    _idle(drv)  # the page has saved what it opened with: nothing of it is written after the clear
    drv.execute_script("localStorage.clear()")
    drv.get(url)
    _verdict(drv, "VALID")


def _select(drv: Any, css: str, text: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(drv.find_element("css selector", css)).select_by_visible_text(text)
    _idle(drv)


def _type(drv: Any, css: str, text: str) -> None:
    field = drv.find_element("css selector", css)
    field.clear()
    field.send_keys(text)


def _pick(drv: Any, key: str, name: str) -> None:
    """One of the position's factions picked for a key of the move (a click, as a player's)."""
    drv.find_element("css selector", f"#move-form input[aria-label='{key} {name}']").click()


LEADERS = {
    "atreides": ["Thufir Hawat", "Lady Jessica", "Gurney Halleck", "Duncan Idaho", "Dr. Wellington Yueh"],
    "harkonnen": ["Feyd-Rautha", "Beast Rabban", "Piter de Vries", "Captain Iakin Nefud", "Umman Kudu"],
}


def _plan_box(drv: Any, faction: str) -> Any:
    """A faction's battle plan in the move's form, once the page has drawn it."""
    _wait(drv, f"{faction}'s plan", lambda d: d.find_elements("xpath", f"//legend[starts-with(., '{faction}')]"))
    _idle(drv)
    return drv.find_element("xpath", f"//fieldset[legend[starts-with(., '{faction}')]]")


def _plan(box: Any, plan: dict[str, str]) -> None:
    """A battle plan filled in: its leader picked among the faction's (a click), the other keys typed."""
    for key, value in plan.items():
        if key == "leader":
            box.find_element("css selector", f"input[aria-label='leader {value}']").click()
            continue
        field = box.find_element("css selector", f"[aria-label={key}]")
        if field.tag_name == "select":  # a name among a few: picked
            from selenium.webdriver.support.ui import Select

            Select(field).select_by_visible_text(value)
            continue
        field.clear()
        field.send_keys(value)


def _tool(drv: Any, name: str) -> None:
    _idle(drv)
    drv.find_element("css selector", f"input[name=tool][value={name}]").click()


def _storm_to(drv: Any, sector: int) -> None:
    _tool(drv, "storm")
    drv.find_element("css selector", f'#board text[data-sector="{sector}"]').click()
    _wait(
        drv,
        f"the storm in sector {sector}",
        lambda d: f"storm: {sector}\n" in d.find_element("id", "yaml").get_attribute("value"),
    )


def _atreides_ship_three_to_carthag(browser: Any, url: str, storm: int) -> None:
    """From a new game: the Shipment and Movement phase, the storm over ``storm`` by a click, the shipment from the
    move's form."""
    _fresh(browser, url)
    _select(browser, "#position-form select[aria-label=phase]", "shipment-and-movement")
    _storm_to(browser, storm)
    _select(browser, "#action", "ship")
    _pick(browser, "faction", "atreides")
    _type(browser, "#move-form input[aria-label=to]", "Carthag")
    _type(browser, "#move-form input[aria-label=count]", "3")


def test_the_page_opens_on_the_file_serve_was_started_with(browser: Any) -> None:
    """`mentat serve cases/gf9/ship-storm-carthag.yaml`: the page opens on that position and its ruling, once per start
    of the server (a reload keeps what was edited since)."""
    from checker.cli import _start_file

    start = _start_file(ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml", 256 * 1024)
    for url in serving(make_server("127.0.0.1", 0, Api(book=None, start=start))):
        browser.get(url)
        _idle(browser)  # the page has noted the file it opened: nothing of it is written after the clear
        browser.execute_script("localStorage.clear()")
        browser.get(url)
        ruling = _verdict(browser, "ILLEGAL")
        assert "Atreides cannot ship into Carthag: sector 10 is under the storm." in ruling, ruling
        # the sector's number on the storm track moves the storm, whichever tool is chosen (Forces, here)
        assert browser.find_element("css selector", "input[name=tool][value=pieces]").is_selected()
        browser.find_element("css selector", '#board text[data-sector="5"]').click()
        _verdict(browser, "LEGAL")
        assert "Basic, turn 2, shipment-and-movement" in browser.find_element("id", "verdict").text
        # the file's title and expected verdict spoke of the storm over Carthag: an edit leaves them out of a download
        text = browser.find_element("id", "yaml").get_attribute("value")
        assert "expect:" not in text and "title:" not in text and "storm: 5\n" in text, text
        browser.get(url)  # the same server's file is not opened again over the edit
        assert "outcome: cost 3; paid to bank" in _verdict(browser, "LEGAL")


def test_the_readme_dispute_settled_by_clicking(browser: Any, page_url: str) -> None:
    """The storm over Carthag: set by a click on the board, the shipment from the move's form; ILLEGAL quoting
    gf9:99 with its line linked into the rulebook; the storm moved on by a click, LEGAL with the cost and payee."""
    _atreides_ship_three_to_carthag(browser, page_url, storm=10)
    ruling = _verdict(browser, "ILLEGAL")
    assert "✗ gf9.shipment.storm-blocks" in ruling
    assert "Atreides cannot ship into Carthag: sector 10 is under the storm." in ruling
    assert "gf9:L99" in ruling and "Forces cannot ship, move or battle into" in ruling
    link = browser.find_element("link text", "gf9:L99")
    assert link.get_attribute("href").endswith("/book/line/gf9/99")
    _storm_to(browser, 5)
    ruling = _verdict(browser, "LEGAL")
    assert "outcome: cost 3; paid to bank" in ruling, ruling
    assert "move:\n  action: ship\n  faction: atreides\n  to: Carthag\n  count: 3" in browser.find_element(
        "id", "yaml"
    ).get_attribute("value")


def test_a_battle_set_up_from_the_forms(browser: Any, page_url: str) -> None:
    """The battle chosen, its phase set by the page's offer, Harkonnen forces placed in Arrakeen by a click (which
    also names the battle's territory), both plans from the move's form: the winner and the losses read off the
    ruling."""
    _fresh(browser, page_url)
    _storm_to(browser, 1)
    _select(browser, "#action", "battle")
    said = "battle is played in the battle phase (the position is in the storm phase): set it"
    assert browser.find_element("css selector", "#move-phase button.set-phase").text == said
    offer = browser.find_element("css selector", "#offer button.set-phase")  # over the ruling too, where one looks
    assert offer.text == said
    offer.click()
    _wait(
        browser, "the Battle phase", lambda d: "phase: battle\n" in d.find_element("id", "yaml").get_attribute("value")
    )
    _tool(browser, "pieces")
    browser.find_element("css selector", '#board [data-place="Arrakeen"]').click()
    _type(browser, '#place-editor input[name="harkonnen.count"]', "5")
    use = browser.find_element("css selector", "#place-editor button.use-place")
    assert use.text == "set, and make Arrakeen the move's territory"
    use.click()
    _wait(
        browser,
        "Harkonnen's forces in Arrakeen",
        lambda d: (
            "- faction: harkonnen\n  territory: Arrakeen\n  count: 5"
            in d.find_element("id", "yaml").get_attribute("value")
        ),
    )
    assert (
        browser.find_element("css selector", "#move-form input[aria-label=territory]").get_attribute("value")
        == "Arrakeen"
    )
    _pick(browser, "aggressor", "harkonnen")
    _idle(browser)
    both = browser.find_element("css selector", "#move-form button[aria-label='add the factions in Arrakeen to plans']")
    assert both.text == "+ atreides and harkonnen (in Arrakeen)"
    both.click()
    for faction, plan in (
        ("harkonnen", {"leader": "Feyd-Rautha", "dial": "5", "weapon": "Crysknife"}),
        ("atreides", {"leader": "Duncan Idaho", "dial": "7", "defense": "Snooper"}),
    ):
        _plan(_plan_box(browser, faction), plan)
    ruling = _verdict(browser, "LEGAL")
    # Feyd-Rautha 6 + dial 5 beats Duncan Idaho's side's dial 7 (the Crysknife kills him: no Shield)
    assert "outcome: winner Harkonnen; explosion no; leaders killed Duncan Idaho" in ruling, ruling
    assert "losses Harkonnen 5, Atreides 10" in ruling, ruling
    assert "= gf9.battle.winner Harkonnen 11 (dial 5, Feyd-Rautha 6) against Atreides 7" in ruling, ruling


def test_a_battle_dispute_board_first(browser: Any, page_url: str) -> None:
    """The order a player goes: a new four-faction game, the forces set in Arrakeen (the turn 1 Storm phase judges
    that INVALID-POSITION, as the game's start), the battle offered with its phase in one click, the territory
    from the place just set, the aggressor and the sides picked, leaders and dials typed: the winner and losses."""
    _fresh(browser, page_url)
    browser.find_element("css selector", "#newgame summary").click()
    for faction in ("emperor", "fremen"):
        browser.find_element("css selector", f"#new-factions input[value={faction}]").click()
    browser.find_element("id", "new-start").click()
    _wait(browser, "four factions", lambda d: "players: 4\n" in d.find_element("id", "yaml").get_attribute("value"))
    _verdict(browser, "VALID")
    _tool(browser, "pieces")
    browser.find_element("css selector", '#board [data-place="Arrakeen"]').click()
    # the first count is focused: what is typed replaces the 10 shown; more than the reserves hold is refused
    browser.switch_to.active_element.send_keys("25")
    _type(browser, '#place-editor input[name="harkonnen.count"]', "6")
    browser.find_element("id", "place-ok").click()
    error = browser.find_element("id", "place-error")
    assert error.is_displayed() and error.text.startswith("atreides has 10 in reserves, not the 15 more"), error.text
    counts = browser.find_element("css selector", '#place-editor input[name="atreides.count"]')
    counts.click()
    counts.send_keys("5")
    browser.find_element("id", "place-ok").click()
    ruling = _verdict(browser, "INVALID-POSITION")  # the page does not soften `check`'s ruling
    yaml_text = browser.find_element("id", "yaml").get_attribute("value")
    assert "count: 5\n" in yaml_text and "reserves: 15\n" in yaml_text, yaml_text  # 5 of Arrakeen's 10 went back
    assert "Atreides starts with 5 forces in Arrakeen; gf9:343 gives ten" in ruling, ruling
    offer = browser.find_element("id", "offer")
    _wait(browser, "the offer of a move's phase", lambda d: offer.find_elements("css selector", "button"))
    assert offer.text.startswith("Valid in another phase: with only its phase changed (now storm)"), offer.text
    battle = offer.find_element("css selector", "button[data-action=battle]")
    assert battle.text == "battle"
    battle.click()
    _wait(
        browser, "the Battle phase", lambda d: "phase: battle\n" in d.find_element("id", "yaml").get_attribute("value")
    )
    _idle(browser)
    assert browser.find_element("id", "action").get_attribute("value") == "battle"
    last = browser.find_element("css selector", "#move-form button[aria-label='territory: Arrakeen']")
    assert last.text == "Arrakeen (last set on the board)"
    last.click()
    _idle(browser)
    _pick(browser, "aggressor", "harkonnen")
    _idle(browser)
    # only the factions in Arrakeen: a battle has two sides, not the game's four
    assert not browser.find_elements("css selector", "#move-form button[aria-label='add every faction to plans']")
    browser.find_element(
        "css selector", "#move-form button[aria-label='add the factions in Arrakeen to plans']"
    ).click()
    for faction, plan in (
        ("atreides", {"leader": "Duncan Idaho", "dial": "3"}),
        ("harkonnen", {"leader": "Feyd-Rautha", "dial": "4"}),
    ):
        box = _plan_box(browser, faction)
        shown = [
            x.get_attribute("aria-label")
            for x in box.find_elements("css selector", "input, select")
            if x.is_displayed()
        ]
        # the faction's five leaders to pick (or another typed), the dial, weapon and defense; the traitor and the
        # Cheap Hero under "more"
        assert shown == [*(f"leader {n}" for n in LEADERS[faction]), "leader: another", "dial", "weapon", "defense"]
        _plan(box, plan)
    ruling = _verdict(browser, "LEGAL")
    assert "outcome: winner Harkonnen; explosion no; leaders killed none; losses Harkonnen 4, Atreides 5" in ruling, (
        ruling
    )
    assert "= gf9.battle.winner Harkonnen 10 (dial 4, Feyd-Rautha 6) against Atreides 5" in ruling, ruling
    assert not browser.find_element("id", "offer").text  # the phase is the battle's: nothing left to offer


def test_an_uploaded_case_is_ruled(browser: Any, page_url: str) -> None:
    """A case file opened from disk: its position on the board and in the YAML, the ruling its file expects."""
    _fresh(browser, page_url)
    case = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"
    browser.find_element("id", "upload").send_keys(str(case))
    ruling = _verdict(browser, "ILLEGAL")
    assert "gf9.shipment.storm-blocks" in ruling
    assert "title: Atreides ships into Carthag while the storm is over it" in browser.find_element(
        "id", "yaml"
    ).get_attribute("value")


def test_yaml_edits_rule_and_a_bad_key_is_named(browser: Any, page_url: str) -> None:
    """The YAML is editable: a storm out of range is named as `check` names it, and nothing is drawn from it."""
    _fresh(browser, page_url)
    yaml = browser.find_element("id", "yaml")
    text = yaml.get_attribute("value").replace("storm: 18", "storm: 40")
    browser.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", yaml, text
    )
    _wait(browser, "the input error", lambda d: d.find_element("id", "verdict").text == "INPUT ERROR")
    assert "key 'storm': expected a whole number from 1 to 18, got 40" in browser.find_element("id", "yaml-error").text


def test_keyboard_sets_the_storm(browser: Any, page_url: str) -> None:
    """Every place and sector of the board takes the focus; Enter acts as a click."""
    from selenium.webdriver.common.keys import Keys

    _fresh(browser, page_url)
    _tool(browser, "storm")
    label = browser.find_element("css selector", '#board text[data-sector="7"]')
    assert label.get_attribute("tabindex") == "0"
    browser.execute_script("arguments[0].focus()", label)
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    _wait(
        browser, "the storm in sector 7", lambda d: "storm: 7\n" in d.find_element("id", "yaml").get_attribute("value")
    )


def test_the_phone_layout(browser: Any, page_url: str, tmp_path: Path) -> None:
    """On a phone's width: one column, the board first and as wide as the screen, the ruling under it, nothing wider
    than the screen."""
    browser.set_window_size(390, 844)
    try:
        _fresh(browser, page_url)
        width = browser.execute_script("return document.documentElement.clientWidth")
        scroll = browser.execute_script("return document.documentElement.scrollWidth")
        assert scroll <= width + 1, f"the page is {scroll} px wide on a {width} px screen"
        board = browser.find_element("css selector", "#board svg").rect
        ruling = browser.find_element("id", "ruling-pane").rect
        assert board["width"] >= width * 0.85, board
        assert ruling["y"] >= board["y"] + board["height"] - 1, (board, ruling)
        browser.save_screenshot(str(tmp_path / "phone.png"))
    finally:
        browser.set_window_size(1400, 1000)


def test_apply_plays_the_move_on_and_compare_shows_each_ruleset(
    browser: Any, page_url: str, tmp_path: Path, cli: Any
) -> None:
    """A legal shipment applied: the forces on the board and the spice paid, the move gone; the same question
    under each ruleset of the game in a table."""
    _atreides_ship_three_to_carthag(browser, page_url, storm=5)
    _verdict(browser, "LEGAL")
    browser.find_element("id", "compare").click()
    _wait(browser, "the comparison", lambda d: d.find_elements("css selector", "table.compare tr"))
    rows = {r.text.split()[0]: r.text for r in browser.find_elements("css selector", "table.compare tr")[1:]}
    assert set(rows) == {"gf9", "overview", "conquest", "dreamrules"}, rows
    assert "LEGAL" in rows["gf9"] and "cost 3" in rows["gf9"]
    browser.find_element("id", "apply").click()
    _wait(
        browser,
        "the position after the move",
        lambda d: "move:" not in d.find_element("id", "yaml").get_attribute("value"),
    )
    _verdict(browser, "VALID")
    yaml = browser.find_element("id", "yaml").get_attribute("value")
    assert "territory: Carthag\n  count: 3" in yaml, yaml
    assert "atreides:\n    spice: 7" in yaml, yaml  # 3 forces to a stronghold: 1 spice each (overview:57)
    # the move played, as a game record that `mentat replay` plays again to the same position
    assert browser.find_element("id", "download-record").text == "Download record (1 move)"
    text = browser.execute_async_script(
        "const done = arguments[0]; save = (blob, name) => blob.text().then(done); downloadRecord();"
    )
    record = tmp_path / "record.jsonl"
    record.write_text(text, encoding="utf-8")
    replayed = cli("replay", record, "--json")
    assert replayed.code == 0 and replayed.json()["applied"] == 1, replayed.stdout
    after = replayed.json()["position"]
    assert {"faction": "atreides", "territory": "Carthag", "count": 3} in after["forces"], after["forces"]
    assert after["factions"]["atreides"]["spice"] == 7


def test_a_game_record_steps_through(browser: Any, page_url: str) -> None:
    """A game record opened from disk: its moves stepped through, to its end."""
    _fresh(browser, page_url)
    record = ROOT / "cases" / "games" / "gf9-all-pass" / "record.yaml"
    browser.find_element("id", "upload").send_keys(str(record))
    status = browser.find_element("id", "record-status")
    _wait(browser, "the record's start", lambda d: status.text.startswith("0 of "))
    total = int(status.text.split()[2])
    browser.find_element("id", "record-next").click()
    _wait(browser, "its first move", lambda d: status.text == f"1 of {total} moves applied")
    assert "storm: 5\n" in browser.find_element("id", "yaml").get_attribute("value")  # the dials 2 and 3 (gf9:83)
    _idle(browser)
    browser.find_element("id", "record-end").click()
    _wait(browser, "its end", lambda d: status.text == f"{total} of {total} moves applied")


def test_the_dice_game_on_its_map(browser: Any, page_url: str) -> None:
    """The Dice Game: a new game from the ruleset menu, the Sandstorm moved and Troops placed by clicking Regions."""
    _fresh(browser, page_url)
    _select(browser, "#ruleset", "dice")  # a new Dice Game: `mentat new dice`'s position (its verdict is its own)
    assert browser.find_element("id", "tool-storm").text == "Sandstorm"
    yaml = lambda d: d.find_element("id", "yaml").get_attribute("value")  # noqa: E731 - read again each wait
    assert "ruleset: dice" in yaml(browser)
    _tool(browser, "storm")
    browser.find_element("css selector", '#board [data-place="Carthag"]').click()
    _wait(browser, "the Sandstorm in Carthag", lambda d: "sandstorm: Carthag\n" in yaml(d))
    _tool(browser, "pieces")
    browser.find_element("css selector", '#board [data-place="Arrakeen"]').click()
    _type(browser, '#place-editor input[name="atreides.count"]', "2")
    browser.find_element("id", "place-ok").click()
    _wait(browser, "two Atreides Troops in Arrakeen", lambda d: "region: Arrakeen\n  count: 2" in yaml(d))
    _idle(browser)
    assert browser.find_element("id", "verdict").text.split()[0] in ("VALID", "INVALID-POSITION", "UNRESOLVED")


def test_a_move_being_filled_in_asks_for_its_keys_and_the_board_still_answers(browser: Any, page_url: str) -> None:
    """An action chosen, its keys not yet given: the page asks for them (not an input error), and a click on the
    board still moves the storm, drawn and in the YAML."""
    _fresh(browser, page_url)
    _select(browser, "#action", "ship")
    _wait(browser, "the keys asked for", lambda d: d.find_element("id", "verdict").text.startswith("The move needs: "))
    assert "faction" in browser.find_element("id", "verdict").text
    _storm_to(browser, 10)
    assert browser.find_elements("css selector", "#board path[stroke='#c62828']"), "the storm is not drawn"
    _pick(browser, "faction", "atreides")
    _type(browser, "#move-form input[aria-label=to]", "Carthagg")
    _wait(
        browser,
        "the misspelt territory named",
        lambda d: "did you mean: Carthag" in d.find_element("id", "ruling").text,
    )
    assert browser.find_element("id", "verdict").text == "The move is not complete"

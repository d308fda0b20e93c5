"""The rulebook: it builds with warnings as errors, and every rule, source line and case has its place.

The book is built once per session (``-W``, from scratch) into a temporary directory.
"""

from __future__ import annotations

import functools
import itertools
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag

import pytest
from typer.testing import CliRunner

from checker.cli import app
from checker.docs import case_docname, case_label, chapters, line_count, line_id
from checker.rules import load_all
from checker.sources import DOCS

ROOT = Path(__file__).resolve().parent.parent
# myst-parser's include directive uses an API Sphinx 9 deprecates: not ours to fix
pytestmark = pytest.mark.filterwarnings("ignore:.*BuildEnvironment.app.*")


def _root(book: dict[str, Any]) -> Path:
    return Path(next(iter(book["__root__"].ids)))


def test_every_source_line_has_its_anchor_in_its_chapter(book: dict[str, Any]) -> None:
    for doc in DOCS:
        chs = chapters(doc)
        assert chs[0].first == 1 and chs[-1].last == line_count(doc)
        for a, b in itertools.pairwise(chs):
            assert b.first == a.last + 1, f"{doc}: chapters must not skip or overlap lines"
        for ch in chs:
            ids = book[f"{ch.docname}.html"].ids
            missing = [n for n in range(ch.first, ch.last + 1) if line_id(doc, n) not in ids]
            assert not missing, f"{ch.docname}: no anchor for lines {missing[:10]}"


def test_every_rule_has_an_anchor(book: dict[str, Any]) -> None:
    all_ids = {i for page in book.values() for i in page.ids}
    for rid in load_all():
        forms = {f"rule-{rid}", "rule-" + re.sub(r"[^a-z0-9]+", "-", rid.lower()).strip("-")}
        assert forms & all_ids, f"rule {rid} has no entry in the book"


def test_every_case_has_its_anchor_on_its_page_linked_from_the_index(book: dict[str, Any]) -> None:
    index = book["_generated/cases/index.html"]
    linked = {urldefrag(h) for h in index.hrefs}
    for path in map(Path, book["__cases__"].hrefs):
        page = f"{case_docname(path)}.html"
        assert page in book, f"{path}: no page {page}"
        assert case_label(path) in book[page].ids, f"{path}: no anchor #{case_label(path)} on {page}"
        href = Path(page).relative_to("_generated/cases").as_posix()
        assert (href, case_label(path)) in linked, f"{path}: the case index does not link {href}#{case_label(path)}"


def test_the_book_holds_every_book_rule_case_and_source_line_once(book: dict[str, Any]) -> None:
    """Counted against the sources, the registry and cases/: nothing is lost when pages are regrouped."""
    pages = {name: page for name, page in book.items() if not name.startswith("__")}
    books = [doc for doc in DOCS if f"_generated/books/{doc}/index.html" in pages]
    assert books == list(DOCS)
    line_ids = {line_id(doc, n) for doc in DOCS for n in range(1, line_count(doc) + 1)}
    found_lines = sum(len(line_ids & page.ids) for name, page in pages.items() if name.startswith("_generated/books/"))
    assert found_lines == len(line_ids) == sum(line_count(doc) for doc in DOCS)
    all_ids = {i for page in pages.values() for i in page.ids}
    rules = load_all()
    anchored = [rid for rid in rules if {f"rule-{rid}", "rule-" + re.sub(r"[^a-z0-9]+", "-", rid.lower())} & all_ids]
    assert len(anchored) == len(rules), f"{len(anchored)} rule anchors for {len(rules)} rules"
    cases = [Path(p) for p in book["__cases__"].hrefs]
    labels = {case_label(p) for p in cases}
    assert len(labels) == len(cases), "two cases share an anchor"
    found_cases = [i for name, page in pages.items() if name.startswith("_generated/cases/") for i in page.ids]
    assert sorted(i for i in found_cases if i.startswith("case-")) == sorted(labels)
    case_pages = [
        name for name in pages if name.startswith("_generated/cases/") and name != "_generated/cases/index.html"
    ]
    assert len(case_pages) < len(cases) // 20, f"{len(case_pages)} pages for {len(cases)} cases: group them"


def test_no_broken_internal_links(book: dict[str, Any]) -> None:
    root = _root(book)
    broken: list[str] = []
    for page, links in book.items():
        if page.startswith("__") or page in ("genindex.html", "search.html"):
            continue
        here = (root / page).parent
        for href in links.hrefs:
            if re.match(r"^[a-z]+:", href) or href.startswith("//"):
                continue
            path, frag = urldefrag(href)
            path = path.split("?", 1)[0]
            target = (here / unquote(path)).resolve() if path else (root / page)
            if not target.exists():
                broken.append(f"{page}: {href}")
                continue
            if frag and target.suffix == ".html":
                rel = target.relative_to(root).as_posix()
                if rel in book and frag not in book[rel].ids:
                    broken.append(f"{page}: {href} (no #{frag})")
    assert not broken, f"{len(broken)} broken links, e.g. {broken[:10]}"


def test_mentat_coverage_ends_with_a_summary() -> None:
    result = CliRunner().invoke(app, ["coverage"])
    assert result.exit_code == 0, result.output
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("coverage: ") and "encoded" in last


def test_mentat_show_svg(tmp_path: Path) -> None:
    out = tmp_path / "pos.svg"
    case = ROOT / "cases" / "gf9" / "ship-storm-carthag.yaml"
    result = CliRunner().invoke(app, ["show", str(case), "--svg", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<svg") and "the storm is over sector 10" in text and "Carthag" in text


def test_generate_rewrites_only_changed_files(tmp_path: Path) -> None:
    from checker.docs import generate

    first = generate(tmp_path)
    assert "board.svg" in first and any(p.startswith("books/gf9/") for p in first)
    assert generate(tmp_path) == []


def test_one_rules_change_rewrites_only_its_chapter(tmp_path: Path) -> None:
    """Sphinx's incremental build rereads the files generate() rewrites: one rule's docstring, one chapter."""
    import dataclasses

    from checker.docs import chapter_of, generate, home
    from checker.rules import REGISTRY

    generate(tmp_path)
    rid = "gf9.shipment.storm" if "gf9.shipment.storm" in load_all() else sorted(REGISTRY)[0]
    rule = REGISTRY[rid]
    where = home(rule)
    assert where is not None
    REGISTRY[rid] = dataclasses.replace(rule, doc=f"(edited) {rule.doc}")
    try:
        written = generate(tmp_path)
    finally:
        REGISTRY[rid] = rule
    assert written == [f"books/{where[0]}/{chapter_of(*where).slug}.md"]


# -- the position format: every action, every key, one example each ------------------------------

EXAMPLES = ROOT / "docs" / "guides" / "examples"
ACTIONS = ("ship", "move", "revive", "bid", "charity", "storm", "battle", "collect", "play")


def _section(md: str, label: str) -> str:
    """One labelled section of the generated position-format fragment, up to the next label."""
    start = md.index(f"({label})=")
    end = md.find("\n(schema-", start + 1)
    return md[start : end if end > 0 else None]


def _written_keys(props: dict[str, Any]) -> list[str]:
    """The keys a user writes: Python's spelling of an alias (``from_`` beside ``from``) left out."""
    return [k for k in props if not (k.endswith("_") and k.rstrip("_") in props)]


def test_position_format_lists_every_action_with_every_key_once() -> None:
    from checker.docs import _md, move_schemas, schema_fragment

    md = schema_fragment()
    moves = move_schemas()
    assert set(ACTIONS) <= set(moves), f"actions missing from the schema: {set(ACTIONS) - set(moves)}"
    for action, m in moves.items():
        assert m is not None, f"the schema lists no keys for action {action}"
        sec = _section(md, f"schema-move-{action}")
        props = m["properties"]
        for key in _written_keys(props):
            rows = re.findall(rf"^\* - `{re.escape(key)}`.*$", sec, flags=re.M)
            assert len(rows) == 1, f"{action}: key {key} listed {len(rows)} times"
            doc = props[key].get("description")
            if doc:
                assert _md(doc) in sec, f"{action}: the doc of {key} is not shown"
        hidden = [k for k in props if k not in _written_keys(props)]
        for key in hidden:
            assert f"`{key}`" not in sec, f"{action}: {key} is Python's spelling, not the key a user writes"
        assert "```yaml" in sec, f"{action}: no example"
    assert "`from`" in _section(md, "schema-move-move") and "`from_`" not in md


def test_position_format_lists_every_battle_plan_key_with_its_type() -> None:
    import dataclasses

    from checker.arrakis.position import BattlePlan
    from checker.docs import schema_fragment

    md = schema_fragment()
    label = re.findall(r"^\((schema-move-battle-move-plans-[a-z]+)\)=$", md, flags=re.M)
    assert len(label) == 1, "no section for the battle plan"
    plan = _section(md, label[0])
    assert "One side's battle plan" in plan
    for f in dataclasses.fields(BattlePlan):
        rows = re.findall(rf"^\* - `{f.name}`.*\n  - (.*)$", plan, flags=re.M)
        assert len(rows) == 1, f"plan key {f.name} listed {len(rows)} times"
        assert rows[0] and "mapping of name to object" not in rows[0]
    battle = _section(md, "schema-move-battle")
    assert re.search(r"^\* - `plans`.*\n  - mapping of faction to a record, \{ref\}`move\.plans\.FACTION", battle, re.M)
    voice = _section(md, f"{label[0]}-voice")
    assert "* - `not_play`" in voice


@pytest.mark.parametrize("action", ACTIONS)
def test_every_action_example_is_a_position_mentat_reads(action: str) -> None:
    from checker.arrakis.position import load_position
    from checker.yamlio import load_yaml

    path = EXAMPLES / f"{action}.yaml"
    pos = load_position(load_yaml(path), str(path))
    assert pos.move is not None and getattr(pos.move, "action", None) == action


def test_position_format_page_has_a_section_per_action(book: dict[str, Any]) -> None:
    page = book["guides/position-format.html"]
    for action in ACTIONS:
        assert f"schema-move-{action}" in page.ids, f"no section for action {action}"
    assert "schema-move-battle-move-plans-faction" in page.ids
    assert "mapping of name to object" not in page.html
    assert '<span class="pre">from_</span>' not in page.html and '<span class="pre">from</span>' in page.html


# -- rule entries: statement and quote first, see also, status, code folded away -----------------


def _fake_rule(status: str, reason: str = "", see_also: str = "") -> Any:
    from checker.rules import Rule
    from checker.sources import parse_cites

    def check(_facts: Any) -> bool:
        """Forces may not land in the sector under the storm."""
        return True

    return Rule(
        id=f"gf9.docs-test.{status}",
        on="ship",
        title="A rule for the rulebook's tests",
        cites=parse_cites("gf9:99"),
        check=check,
        doc="Forces may not land in the sector under the storm.",
        form=lambda v: v,
        status=status,
        reason=reason,
        see_also=parse_cites(see_also),
        phase="ship",
    )


def test_rule_entry_order_statement_quote_see_also_then_folded_code() -> None:
    from checker.docs import rule_entry

    text = rule_entry(_fake_rule("confirmed", see_also="gf9:31,223"), {})
    order = [
        "Forces may not land in the sector under the storm.",
        '<blockquote class="src-quote rule-quote">',
        "#gf9-l99",
        "See also: ",
        "#gf9-l31",
        "#gf9-l223",
        "Status: <strong>confirmed</strong>",
        '<details class="mentat-collapsed">',
        "<summary>z3 form and check</summary>",
        "<p>z3 form:</p>",
        "<p>Check (",
    ]
    where = [text.find(s) for s in order]
    assert -1 not in where, f"missing: {[s for s, w in zip(order, where, strict=True) if w < 0]}"
    assert where == sorted(where), f"out of order: {where}"


def test_rule_entry_says_an_open_question_or_a_gap_with_its_reason() -> None:
    from checker.docs import rule_entry

    open_q = rule_entry(_fake_rule("unresolved", reason="the text does not say who pays"), {})
    assert "open question" in open_q and "the text does not say who pays" in open_q
    gap = rule_entry(_fake_rule("gap", reason="the Fremen victory is not encoded"), {})
    assert "Status: <strong>gap</strong> (" in gap and "): not encoded yet" in gap
    assert "the Fremen victory is not encoded" in gap
    assert "open question" not in gap and "not encoded yet" not in rule_entry(_fake_rule("confirmed"), {})


_ANCHORS: dict[int, dict[str, tuple[str, int]]] = {}  # id(book) -> anchor -> (the page's html, where it is)


def _entry(book: dict[str, Any], rid: str) -> str | None:
    if id(book) not in _ANCHORS:  # every rule anchor of the book, found once
        found: dict[str, tuple[str, int]] = {}
        for name, page in book.items():
            if not name.startswith("__"):
                for m in re.finditer(r'id="(rule-[^"]+)"', page.html):
                    found.setdefault(m.group(1), (page.html, m.start()))
        _ANCHORS[id(book)] = found
    for anchor in (f"rule-{rid}", "rule-" + re.sub(r"[^a-z0-9]+", "-", rid.lower()).strip("-")):
        html, at = _ANCHORS[id(book)].get(anchor, ("", -1))
        if at >= 0 and '<dl class="std rule">' in html[max(0, at - 200) : at]:
            end = html.find('<dl class="std rule">', at)
            return str(html[at : end if end > 0 else None])
    return None


def test_rule_pages_show_the_quote_first_and_fold_the_code(book: dict[str, Any]) -> None:
    from checker.docs import home
    from checker.yamlio import load_yaml

    words = {"confirmed": "confirmed", "unresolved": "open question", "gap": "not encoded yet"}
    reasons: dict[str, list[Path]] = {}
    ids = set(load_all())
    for path in map(Path, book["__cases__"].hrefs):
        reason = str(((load_yaml(path) or {}).get("expect") or {}).get("reason") or "")
        # the rule ids the reason names (a sentence's full stop is not part of an id)
        for rid in {w.rstrip(".") for w in re.findall(r"[\w.-]+", reason)} & ids:
            reasons.setdefault(rid, []).append(path)
    checked = 0
    for rid, r in load_all().items():
        if home(r) is None:
            continue
        entry = _entry(book, rid)
        assert entry is not None, f"{rid}: no entry"
        quote, fold = entry.find("src-quote"), entry.find('<details class="mentat-collapsed')
        assert quote >= 0, f"{rid}: no quote"
        assert "<pre" not in entry[: fold if fold >= 0 else None], f"{rid}: code shown unfolded"
        if r.status != "gap":  # a gap has no code of its own to show
            assert quote < fold, f"{rid}: the quote must come before the folded code"
            assert "z3 form" in entry[fold:] or "Check (" in entry[fold:]
        assert words[r.status] in entry, f"{rid}: status {r.status} not shown"
        for c in r.see_also:
            assert f"#{line_id(c.doc, c.first)}" in entry, f"{rid}: see-also line {c} not linked"
        if r.open:  # an unresolved case names an open question or a gap in its reason: the entry links it
            for path in reasons.get(rid, []):
                assert f"#{case_label(path)}" in entry, f"{rid}: its case {path.name} is not linked"
        checked += 1
    assert checked > 50


# -- victory comparison, coverage, gap lines ---------------------------------------------------------

# The sections on winning, read from the sources: "Mentat Pause and victory", "Scoring / Victory Conditions"
VICTORY_LINES = {"gf9": range(315, 328), "overview": range(88, 97)}


def test_victory_page_shows_the_victory_rules_of_each_ruleset(book: dict[str, Any]) -> None:
    html = book["compare/victory.html"].html
    assert "No rules on this topic" not in html
    wanted = [
        r
        for r in load_all().values()
        if r.layer in VICTORY_LINES
        and r.on != "battle"
        and ("victory" in r.id or any(c.doc == r.layer and c.first in VICTORY_LINES[r.layer] for c in r.cites))
    ]
    assert {r.layer for r in wanted} == {"gf9", "overview"}
    for r in wanted:
        assert r.id in html, f"victory rule {r.id} is not on the victory page"
    assert "gf9.battle.winner" not in html, "a battle's winner is not the game's"


def test_coverage_page_has_a_gaps_column_and_lists_the_gap_rules(book: dict[str, Any]) -> None:
    from checker.coverage import report

    html = book["coverage.html"].html
    header = html[html.find("<thead") : html.find("</thead>")]
    assert re.search(r">\s*gaps\s*<", header), "no gaps column"
    assert "Gap rules" in html
    for r in load_all().values():
        if r.status == "gap":
            assert r.id in html and f"#{line_id(r.cites[0].doc, r.cites[0].first)}" in html
    for row in report():
        cells = re.search(rf">{row.doc}</span></a></p></td>\s*((?:<td>.*?</td>\s*)+)</tr>", html, re.S)
        assert cells, f"no row for {row.doc}"
        values = re.findall(r"<td><p>([^<]*)</p></td>", cells.group(1))
        assert values[:5] == [
            str(x) for x in (row.total, len(row.encoded), len(row.gaps), len(row.set_aside), len(row.unclassified))
        ]


def test_coverage_fragment_lists_a_gap_rule_and_its_lines() -> None:
    from checker.coverage import cited_lines
    from checker.docs import coverage_fragment
    from checker.rules import REGISTRY, gap

    load_all()
    rid = "gf9.docs-test.gap"
    gap(rid, on="position", cites="gf9:325", title="A test gap", reason="not encoded here", when=lambda f: False)
    cited_lines.cache_clear()
    try:
        text = coverage_fragment()
    finally:
        del REGISTRY[rid]
        cited_lines.cache_clear()
    assert f"- {{rule}}`{rid}`: A test gap ({{ref}}`gf9:325 <gf9-l325>`). not encoded here" in text
    if 325 not in cited_lines().get("gf9", {}):  # a real rule may encode it meanwhile
        assert "Gaps (cited only by gap rules): " in text and "{ref}`gf9:325 <gf9-l325>`" in text


def test_book_marks_gap_lines_apart_from_encoded_ones(book: dict[str, Any]) -> None:
    from checker.coverage import coverage
    from checker.docs import chapter_of

    for doc in DOCS:
        cov = coverage(doc)
        for kind, lines_, mark in (("gap", cov.gaps, "src-gap"), ("encoded", cov.encoded, "src-cited")):
            for n in lines_:
                classes = book[f"{chapter_of(doc, n).docname}.html"].classes.get(line_id(doc, n), set())
                if not classes:  # a blank line cited within a range
                    continue
                assert mark in classes, f"{doc}:{n} is {kind} but marked {classes}"
                assert not {"src-gap", "src-cited"} - {mark} & classes


# -- the Dice Game: its examples and its book ------------------------------------------------------

DICE_EXAMPLES = sorted((EXAMPLES / "dice").glob("*.yaml"))


def test_the_dice_examples_cover_every_move_and_the_end_of_a_round() -> None:
    from checker.dice.position import ACTIONS as DICE_ACTIONS

    assert {p.stem for p in DICE_EXAMPLES} == {*DICE_ACTIONS, "end-of-round"}


@pytest.mark.parametrize("path", DICE_EXAMPLES, ids=lambda p: p.stem)
def test_every_dice_example_reads_and_answers_legal(path: Path) -> None:
    from checker.engine import evaluate
    from checker.positions import read_position

    pos = read_position(path)
    assert pos.ruleset == "dice"
    if path.stem == "end-of-round":
        assert pos.move is None
    else:
        assert pos.move is not None and pos.move.action == path.stem
    verdict = evaluate(pos)
    assert verdict.verdict == "legal", (verdict.reason, [f.message for f in verdict.findings if f.effect != "permits"])


def test_the_dice_book_has_a_chapter_per_step_of_the_round() -> None:
    from checker.sources import lines

    titles = {ch.first: ch.title for ch in chapters("dice")}
    for n in (89, 96, 106, 120, 122, 126, 131, 135, 161, 167, 174, 180, 186, 193):  # the text's own headings
        assert titles.get(n) == lines("dice")[n - 1].strip(), f"dice:{n} starts no chapter"
    assert titles[106] == "Kanly Step" and 82 not in titles  # Re-Assign Slots stays under Rounds (dice:64)
    assert 111 not in titles and 205 not in titles  # Plot, a Faction's Leader: sub-headings
    # the other books keep their long chapters
    from checker.docs import MIN_CHAPTER

    assert all(ch.last - ch.first + 1 >= MIN_CHAPTER for doc in DOCS if doc != "dice" for ch in chapters(doc)[:-1])


def test_the_dice_book_links_the_map_page() -> None:
    from checker.docs import book_index

    assert "{doc}`/dice-map`" in book_index("dice")
    assert "dice-map" not in book_index("gf9")


# -- the games: every record of cases/games on a page of its own, move by move ---------------------------------


def _expect(path: Path) -> dict[str, Any]:
    from checker.yamlio import load_yaml

    return dict((load_yaml(path) or {}).get("expect") or {})


def _game_records() -> list[Path]:
    from checker.docs import game_files

    return [p for p in game_files() if "stops_at" not in _expect(p)]


def _mutants() -> list[Path]:
    from checker.docs import game_files

    return [p for p in game_files() if "stops_at" in _expect(p)]


def _move_items(html: str) -> dict[int, str]:
    """A game page's moves: number -> the HTML of its item."""
    return {int(n): body for n, body in re.findall(r'<li value="(\d+)" id="move-\1">(.*?)</li>', html, flags=re.S)}


def _article(html: str) -> str:
    """A page's own content, without the theme's navigation around it (Furo's ``article``)."""
    start, end = html.find("<article"), html.find("</article>")
    return html[start:end] if 0 <= start < end else html


@functools.cache
def _replayed(path: Path) -> list[Any]:
    """A record's steps as ``mentat replay`` gives them, replayed once per session."""
    from checker.game import read_record, replay

    return list(replay(read_record(path)))


def test_every_game_record_has_its_page_with_every_move_its_verdict_and_its_rules(book: dict[str, Any]) -> None:
    """Each move as `mentat replay` judges it: its verdict's word, its outcome, a link to each finding's rule."""
    from checker.cli import _kind, verdict_word
    from checker.docs import _html, game_docname
    from checker.game import Applied

    records = _game_records()
    assert len(records) >= 5, "the games of cases/games"
    for path in records:
        page = f"{game_docname(path)}.html"
        assert page in book, f"{path}: no page {page}"
        items = _move_items(book[page].html)
        steps = _replayed(path)
        assert sorted(items) == [s.number for s in steps], f"{page}: the moves shown are not the moves replayed"
        for step in steps:
            item, verdict = items[step.number], step.result.verdict
            assert f'<strong class="game-{verdict.verdict}">{verdict_word(verdict)}</strong>' in item, (page, item)
            assert str(step.move["action"]) in item
            # each value of the outcome under its label (the values themselves as the replay in this process gives
            # them: a movement's end "sector", where the move names none, is the solver's pick and may differ)
            labels: dict[str, str] = getattr(_kind(verdict), "labels", {}) or {}
            for key in verdict.outcome:
                label = labels.get(key, key.replace("_", " "))
                assert key == "unknown" or f"{_html(label)} " in item, f"{page} move {step.number}: no {label!r}"
            for f in verdict.findings:
                assert f'#rule-{f.rule.id}"' in item, f"{page} move {step.number}: no link to {f.rule.id}"
            if isinstance(step.result, Applied):
                for note in step.result.notes:
                    assert _html(note) in item, f"{page} move {step.number}: no note {note!r}"


def test_every_mutant_is_on_its_games_page_with_the_move_it_stops_at_and_its_rule(book: dict[str, Any]) -> None:
    from checker.docs import game_docname, game_label

    mutants = _mutants()
    assert mutants
    for path in mutants:
        record = path.with_name("record.yaml")  # a folder's mutants change its record
        assert record.is_file(), f"{path}: no record.yaml beside it"
        page = f"{game_docname(record)}.html"
        assert page in book and game_label(path) in book[page].ids, f"{path}: no #{game_label(path)} on {page}"
        html = book[page].html
        start = html.index(f'id="{game_label(path)}"')
        following = [i for i in (html.find('id="game-', start + 1), html.find("</article>", start)) if i > 0]
        section = html[start : min(following)]
        stop = _replayed(path)[-1]
        assert f"stopped at move {stop.number}" in section and f'<li value="{stop.number}">' in section
        expect = _expect(path)
        for rid in [*(expect.get("forbids") or []), *([expect["rule"]] if expect.get("rule") else [])]:
            assert f'#rule-{rid}"' in section, f"{path}: the rule it stops on, {rid}, is not linked"
        assert "Changed: " in section


def test_the_games_index_is_in_the_toctree_and_links_every_game_page(book: dict[str, Any]) -> None:
    from checker.docs import game_docname

    assert "_generated/games/index.html" in book["index.html"].hrefs
    linked = {urldefrag(h)[0] for h in book["_generated/games/index.html"].hrefs}
    pages = {n for n in book if n.startswith("_generated/games/") and n != "_generated/games/index.html"}
    assert pages == {f"{game_docname(p)}.html" for p in _game_records()}, "one page per game, no other"
    assert {str(Path(p).relative_to("_generated/games")) for p in pages} <= linked


def test_the_game_pages_stay_small_one_drawing_per_turn(book: dict[str, Any]) -> None:
    """A drawing at the start of each turn (the family's turn) and one at the end, never one per move; the text of
    a move (its verdict, outcome, rule links, notes) a few kilobytes at most; all games a small part of the book."""
    from checker.docs import game_docname
    from checker.family import family_of

    total = 0
    for path in _game_records():
        html = book[f"{game_docname(path)}.html"].html
        article = _article(html)
        steps = _replayed(path)
        family = family_of(str(steps[0].before.get("ruleset")))
        assert family is not None and family.turn_and_phase is not None
        turns = [family.turn_and_phase(s.before)[0] for s in steps]
        starts = [t for i, t in enumerate(turns) if i == 0 or turns[i - 1] != t]
        drawings = re.findall(r"<svg class=\"case-board game-board\".*?</svg>", article, flags=re.S)
        assert len(drawings) == len(starts) + 1, f"{path}: {len(drawings)} drawings for {len(starts)} turns"
        assert all(len(d) < 20_000 for d in drawings), f"{path}: a drawing of {max(map(len, drawings))} bytes"
        shown = len(steps) + (len([m for m in _mutants() if m.parent == path.parent]) if path.stem == "record" else 0)
        text = len(article) - sum(map(len, drawings))
        assert text < 4_000 + 3_000 * shown, f"{path}: {text} bytes of text for {shown} moves"
        total += len(html)
    everything = sum(len(p.html) for name, p in book.items() if not name.startswith("__"))
    assert total < everything // 10, f"the game pages are {total} bytes of {everything}"


def test_a_mutants_changed_move_is_named_against_its_game() -> None:
    from checker.docs import changed_moves, run_game

    folder = ROOT / "cases" / "games" / "gf9-basic-turn"
    game = run_game(folder / "record.yaml")
    extra = changed_moves(game, run_game(folder / "mutant-extra-force.yaml"))
    assert len(extra) == 1 and extra[0].startswith("move 10 <code>{action: ship, faction: atreides, count: 11,")
    assert 'instead of the game\'s <a href="#move-10">move 10</a>' in extra[0]
    skipped = changed_moves(game, run_game(folder / "mutant-storm-skipped.yaml"))
    assert skipped == ['the game\'s <a href="#move-1">move 1</a> <code>{action: storm, dials: [2, 3]}</code> left out']


def test_a_game_that_stops_where_its_file_expects_none_says_so(tmp_path: Path) -> None:
    """The page shows the replay, not the expectation: a record whose third move is refused stops there, with the
    ruling's rule linked, and says that its file expected otherwise."""
    import yaml

    from checker.docs import _folder_pages

    raw = yaml.safe_load((ROOT / "cases" / "games" / "gf9-shipments" / "record.yaml").read_text(encoding="utf-8"))
    raw["moves"][2]["count"] = 99
    game = tmp_path / "shipments" / "record.yaml"
    game.parent.mkdir()
    game.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    pages, rows = _folder_pages([game])
    page = pages["_generated/games/shipments/record"]
    assert "2 of 4 moves applied; stopped at move 3" in page and "applied: 4" in page and "it does not" in page
    assert '<li value="3" id="move-3">' in page and '<strong class="game-illegal">ILLEGAL</strong>' in page
    assert 'rule-gf9.shipment.reserves"><code>gf9.shipment.reserves</code></a> Harkonnen ships 99 forces' in page
    assert "The position before move 3, where the replay stopped" in page
    assert rows == [
        f"- {{doc}}`record </_generated/games/shipments/record>` (`gf9`, stopped at move 3): {raw['title']}"
    ]


def test_one_records_edit_replays_its_folder_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game pages are kept on disk: an edited record replays its own folder again, not the others."""
    import shutil

    import checker.docs as docs

    games = tmp_path / "games"
    for name in ("gf9-shipments", "dice-round"):
        shutil.copytree(ROOT / "cases" / "games" / name, games / name)
    for path in games.rglob("*.yaml"):  # their boards and start files, read relative to the record
        path.write_text(path.read_text(encoding="utf-8").replace("../../../", f"{ROOT}/"), encoding="utf-8")
    monkeypatch.setattr(docs, "GAMES", games)
    monkeypatch.setenv("MENTAT_CACHE", str(tmp_path / "cache"))
    load_all()
    replayed: list[str] = []
    real = docs.run_game

    def counted(path: Path) -> Any:
        replayed.append(f"{path.parent.name}/{path.name}")
        return real(path)

    monkeypatch.setattr(docs, "run_game", counted)
    first = docs._game_pages("homes")
    assert sorted(first) == ["games/dice-round/record.md", "games/gf9-shipments/record.md", "games/index.md"]
    assert len(replayed) == 6  # the shipments record, its four mutants, the round
    replayed.clear()
    assert docs._game_pages("homes") == first and replayed == []
    record = games / "dice-round" / "record.yaml"
    record.write_text(record.read_text(encoding="utf-8").replace("title: One", "title: Just one"), encoding="utf-8")
    again = docs._game_pages("homes")
    assert replayed == ["dice-round/record.yaml"]
    assert [k for k in first if first[k] != again[k]] == ["games/index.md", "games/dice-round/record.md"]


def test_a_docstrings_edit_replays_no_game_a_code_edit_does(tmp_path: Path) -> None:
    """The game pages are keyed on the rules' code without docstrings: the rulebook's text of a rule is not part of
    a verdict, its code is."""
    from checker.docs import _code_digest

    rule = tmp_path / "chapter.py"
    rule.write_text('"""A chapter."""\n\n\ndef check(s):\n    """Forbids it."""\n    return s.count <= 10\n')
    first = _code_digest(rule, {}, {})
    edited = '"""A chapter, edited."""\n\n\ndef check(s):  # a comment\n    """Forbids it, edited."""\n'
    rule.write_text(edited + "    return s.count <= 10\n")
    assert _code_digest(rule, {}, {}) == first
    rule.write_text('"""A chapter."""\n\n\ndef check(s):\n    """Forbids it."""\n    return s.count <= 11\n')
    assert _code_digest(rule, {}, {}) != first


def test_a_game_over_two_turns_is_drawn_at_each_turns_start_and_at_the_end(tmp_path: Path) -> None:
    """The Basic turn, then turn 2's storm: a section per turn, a heading per phase, three drawings (not one per
    move): the start, turn 2's start, the end."""
    import yaml

    from checker.docs import _folder_pages

    raw = yaml.safe_load((ROOT / "cases" / "games" / "gf9-basic-turn" / "record.yaml").read_text(encoding="utf-8"))
    raw["moves"] += [{"action": "storm", "dials": [1, 2]}, {"action": "next-phase"}]
    game = tmp_path / "two-turns" / "record.yaml"
    game.parent.mkdir()
    game.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    page = _folder_pages([game])[0]["_generated/games/two-turns/record"]
    assert re.findall(r"^## (.*)$", page, flags=re.M) == ["Turn 1", "Turn 2", "The end"]
    turn2 = page[page.index("## Turn 2") : page.index("## The end")]
    assert "the position before move 16" in turn2 and '<li value="16" id="move-16">' in turn2
    assert re.findall(r'<p class="game-phase"><strong>(.*?)</strong>', turn2) == ["Storm"]
    assert page.count('<svg class="case-board game-board"') == 3
    assert "17 of 17 moves applied" in page

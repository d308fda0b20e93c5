"""Game families: what the machinery needs to know about a game, and nothing more.

A game family (the Arrakis board games; the Dice Game) owns its position model, its board, its
kinds of question, its starting positions and its drawing. A ruleset's layer names its family by
module (``layer("dice", family="checker.dice", ...)``); the machinery imports that module by name,
only when a position of that ruleset is read, and never a family at the top level.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any


@dataclass(frozen=True)
class ConflictSearch:
    """What the conflicts finder (:mod:`checker.conflicts`) may change in a family's positions: data, no code."""

    # Position keys at the top of a file that a solver may set directly (a number or a truth).
    top_level: tuple[str, ...] = ()
    # A freed number's bounds, by its position key (``storm``: 1 to 18): what a position file could say;
    # a key not listed takes ``default_bounds``.
    bounds: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    default_bounds: tuple[int, int] = (0, 30)
    # For a recorded conflict the plain seeds do not show: each seed again with one of these patches (position
    # path -> value; a patch applies only where the seed has the parent key: a move with that key).
    patches: tuple[Mapping[str, Any], ...] = ()


@dataclass(frozen=True)
class Planner:
    """A family's planner for one kind of question (``mentat battle``): the plan, and its lines for a reader."""

    # (position, faction or "both" or None, a known opposing total or None, "one"/"all"/None) -> the plan (JSON)
    plan: Callable[[Any, str | None, float | None, str | None], dict[str, Any]]
    describe: Callable[[dict[str, Any]], list[str]]


@dataclass(frozen=True)
class Family:
    """A game family: its position model, its kinds of question and what the machinery asks of it."""

    name: str  # "arrakis", "dice"
    title: str
    # kind name -> the module that registers it on import ("checker.dice.kinds.ship")
    kinds: Mapping[str, str]
    # (YAML data, the file it came from or None) -> a position; raises InputError naming the key
    load: Callable[[dict[str, Any], str | None], Any]
    # (position, move data) -> the position with that move; raises InputError
    with_move: Callable[[Any, Any], Any]
    # the JSON Schema of the family's position files
    schema: Callable[[], dict[str, Any]]
    # (ruleset, factions, advanced) -> the YAML text of a starting position
    new: Callable[[str, list[str], bool], str]
    # a position -> an SVG drawing of its board
    draw: Callable[[Any], str] | None = None
    # (position, the URL of the empty board's drawing) -> an SVG of the position alone over that picture (the
    # rulebook's cases: the board downloaded once); None: the rulebook shows ``draw``'s whole drawing
    draw_over: Callable[[Any, str], str] | None = None
    # a position -> the name of the kind of question it asks; None: the layer's prefix + the move's action
    kind_of: Callable[[Any], str] | None = None
    # (position data carried to ``target``, source ruleset, target ruleset) -> the data as ``target`` reads it,
    # and notes on what changed, beyond the layers' ``names`` and ``carry`` (``mentat compare``: a ruleset whose
    # text prints no board keeps the source's board)
    carry: Callable[[dict[str, Any], str, str], tuple[dict[str, Any], list[str]]] | None = None
    # Position keys with few possible values: when only one of them is missing, the engine tries every value and
    # answers only if the answer is the same for all of them (``turn``: 1 to 10)
    splittable: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    # What the conflicts finder may change in the family's positions
    search: ConflictSearch = field(default_factory=ConflictSearch)
    # The rulebook's comparison pages (``docs/compare/<topic>.md``): the topics, in order, that rules are grouped
    # by, and the two rulesets shown side by side (a text, then the base it replaces rules of)
    topics: tuple[str, ...] = ()
    compared: tuple[str, str] | None = None
    # ``mentat battle``: the family's battle planner, if it has one
    battle_planner: Planner | None = None
    # ``mentat apply``: kind of question -> "module:function" carrying a position over a legal move of that kind
    # (checker.game.Transition); a kind not named is not carried forward yet (the answer is unresolved)
    transitions: Mapping[str, str] = field(default_factory=dict)
    # ``mentat replay``: the stretch of play a position's data is in (the turn and phase; the Dice Game's round). A
    # carried kind played again by the same faction in the same stretch is answered unresolved: how often one may is
    # not a fact of a lone position, and a record's history is not read for it yet (a move with no faction, the
    # storm, counts once per stretch).
    stretch: Callable[[dict[str, Any]], Any] | None = None
    # The rulebook's game pages: position data -> the turn and the part of it a record's move is played in, as a
    # reader names them (``("Turn 2", "Bidding")``; the Dice Game: the round and its step), "" where the position does
    # not say. A page groups the moves so and draws the position once per turn. None: one group, drawn at both ends
    turn_and_phase: Callable[[dict[str, Any]], tuple[str, str]] | None = None
    # kinds a record may play again in one stretch, where the text allows it and the rules judge each repeat from
    # the position the earlier one left (the battles of a Battle phase)
    may_repeat: tuple[str, ...] = ()
    # kinds whose rules read the position's history of the stretch (its key: ``history``): where the position gives
    # it, a repeat is judged by those rules rather than answered unresolved
    judged_by_history: tuple[str, ...] = ()
    history: str = ""
    # (position data, the moving faction or None, the kind) -> whether the data gives the history that kind's rules
    # read, where it is not one list at the top (``history``): the Dice Game's per-Faction counts of the round
    history_given: Callable[[dict[str, Any], str | None, str], bool] | None = None
    # ``mentat apply`` / ``replay``: (position data, the kind just applied or None, the next move or None) -> the data
    # carried forward where the text says what comes next (the step a move ends, the round's next steps up to the
    # next move's, a new round), and notes saying so; raises checker.game.NotCarried where it cannot. None: positions
    # stay where the moves leave them
    advance: Callable[[dict[str, Any], str | None, dict[str, Any] | None], tuple[dict[str, Any], list[str]]] | None = (
        None
    )
    # (position data, ruleset) -> the keys and moves of the data that only other rulesets' positions have
    # (:class:`checker.model.Foreign`): ``load`` refuses them, ``mentat compare`` carries a position over without
    # them (a move of another ruleset stays, and the ruleset cannot express the position)
    foreign: Callable[[dict[str, Any], str], list[Any]] | None = None
    # random games (checker/playout.py): "module:attribute" of the family's ``checker.playout.Playout``, which
    # proposes candidate moves for a position; None: the family plays no random games
    playout: str | None = None
    # ``mentat serve``: ruleset -> the names its page offers for a key of a position or a move ("faction": the
    # factions, "to": the territories, "leader": the leaders, "card": the cards), so a player picks rather than types
    offered: Callable[[str], dict[str, list[str]]] | None = None
    # ``mentat serve``: where the page's board clicks write in a position: ``pieces`` (the list of groups on the
    # board), ``place`` (a group's key naming where it stands: what a drawn place's ``data-place`` names),
    # ``sector`` (its sector key, if any), ``counts`` (its number keys), ``storm`` (the key a click sets: with
    # ``storm_by`` "sector" a drawn ``data-sector``, "place" a place), ``tokens``/``token_amount`` (a list of
    # amounts lying on places: spice), ``reserves`` (count key -> the faction's key its pieces come from and return to),
    # ``phase_key`` and ``phase_of`` (a move's action -> the phase, or step, it is made in: the page offers to set it),
    # ``rarely_set`` (keys of a move the page folds away until set)
    board_keys: Mapping[str, Any] = field(default_factory=dict)

    def kind_name(self, pos: Any) -> str:
        """The kind of question a position of this family asks: ``kind_of``'s answer, or by default ``position``
        (no move) or the move's action, each behind the ruleset layer's ``kinds`` prefix (``conquest-ship``,
        ``dice-ship``) and through its ``actions`` map; ``unencoded`` when the family has no such kind."""
        if self.kind_of is not None:
            return self.kind_of(pos)
        from checker.rules import layer_of

        action = getattr(pos.move, "action", None) or "position"
        lay = layer_of(pos.ruleset)
        if lay is not None and lay.kinds:  # a game with kinds of its own (conquest-ship, ...)
            action = lay.kinds + lay.actions.get(action, action)
        return action if action in self.kinds else "unencoded"

    def load_kind(self, name: str) -> Any:
        """The kind of question ``name`` (a :class:`checker.facts.Kind`), its module imported; None when the
        family has no such kind."""
        from checker.facts import KINDS

        if name not in self.kinds:
            return None
        importlib.import_module(self.kinds[name])
        return KINDS.get(name)


# The order rulesets are listed in (the README's), any other after, by name. The conflicts finder orients a pair
# of rulesets by it (and names the cases it writes so). Data about the games, kept here because the list is read
# on every position (``ruleset_name``) without importing any ruleset or family; a layer field (``order=``, read
# with ``ast`` as checker/architecture.py reads ``family=``) would put it beside each ruleset.
RULESET_ORDER = ("gf9", "overview", "conquest", "dreamrules", "dice")


@cache
def rulesets() -> tuple[str, ...]:
    """Every ruleset: each package under ``constraints`` that declares a layer (read, not imported)."""
    import pkgutil

    import constraints

    found = []
    for info in pkgutil.iter_modules(constraints.__path__):
        if info.ispkg and info.name not in ("data", "sources"):
            found.append(info.name)
    order = RULESET_ORDER
    return tuple(sorted(found, key=lambda n: (order.index(n) if n in order else len(order), n)))


def family_of(ruleset: str) -> Family | None:
    """The family a ruleset's layer names (its module's ``FAMILY``), or None for a ruleset with none."""
    from checker.rules import layer_of

    lay = layer_of(ruleset)
    if lay is None or not lay.family:
        return None
    return _family(lay.family)


def families() -> dict[str, Family]:
    """Every family some ruleset names, by name, in the order of :func:`rulesets`."""
    out: dict[str, Family] = {}
    for r in rulesets():
        family = family_of(r)
        if family is not None:
            out.setdefault(family.name, family)
    return out


def family_rulesets(ruleset: str) -> tuple[str, ...]:
    """The rulesets of the same family as ``ruleset`` (itself first); a ruleset with no family is alone."""
    family = family_of(ruleset)
    if family is None:
        return (ruleset,)
    same = [r for r in rulesets() if r != ruleset and (other := family_of(r)) is not None and other.name == family.name]
    return (ruleset, *same)


def load_kinds() -> dict[str, Any]:
    """Every kind of question of every family (tests and the rulebook): name -> Kind."""
    from checker.facts import KINDS

    for family in families().values():
        for module in dict.fromkeys(family.kinds.values()):
            importlib.import_module(module)
    return KINDS


@cache
def _family(module: str) -> Family:
    family = importlib.import_module(module).FAMILY
    assert isinstance(family, Family), f"{module}.FAMILY is not a Family"
    return family

"""Dreamrules' worms: a drawn Shai-Hulud striking a territory, and a Fremen Thumper calling a riding worm.

``move: {action: worm, territory: T}`` (a drawn Shai-Hulud and where it strikes) and
``move: {action: thumper, faction: fremen, territory: T}`` (a Thumper discarded to call a riding worm,
dreamrules:268). Two kinds, ``worm`` and ``thumper``, over the same facts.

Outcome (each value fixed by a rule; ``outcome()`` reads it from the model): ``devoured`` (faction -> troops sent to
the Tanks, a faction losing none left out), ``spice_lost`` (spice lying in the territory, back to the Bank),
``returned_to_reserves`` (faction -> troops at a destroyed spice mine) and ``shield_wall_markers`` (the markers
after the worm, when the position gives ``shield_wall_markers``); ``losses``, the shared key, sums ``devoured`` and
``returned_to_reserves`` (every troop leaving the board, checker.outcomes).

Conventions fixed here:

* The worm strikes the whole territory (every sector), as GF9's Shai-Hulud does (gf9:113).
* A group is *at a spice mine* when it is in the mine's territory and sector (``spice_mines``). Where a territory of
  several sectors holds both a mine and a group, a missing sector on either leaves the answer unresolved, naming
  ``forces[].sector`` or ``spice_mines[].sector``.
* Without a ``spice`` key the spice lying there is unknown (the answer names the key); without ``forces`` no troops
  are on the board. Fremen's ally is the faction ``alliances`` pairs with Fremen.
* ``factions.fremen.suppressed`` naming Worm Riding (any spelling: "Worm Riding", worm-riding) is Karama's stop of
  that advantage for the phase (dreamrules:898).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from checker.arrakis.board import gf9_board
from checker.arrakis.position import Position, ThumperMove, WormMove
from checker.facts import Facts, Kind, Vars, fact, kind, label

STARTING_THUMPERS = 2  # dreamrules:268 "Fremen starts with two Thumper tokens."


@dataclass
class WormFacts(Facts):
    """The facts of a sandworm or a thumper."""

    territory: str = label(doc="where the worm strikes or is called")
    terrain: str = label(doc="the territory's kind: sand, rock, stronghold, polar-sink")
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    turn: int | None = fact(None, key="turn", doc="the game turn")
    thumper: bool = fact(False, doc="a Thumper's riding worm (not a drawn Shai-Hulud)")
    sand: bool = fact(False, doc="the territory is sand")
    polar: bool = fact(False, doc="the territory is the Polar Sink")
    rock_or_stronghold: bool = fact(False, doc="the territory is rock or a stronghold")
    fremen_in_game: bool = fact(False, doc="Fremen is in the game (listed, allied, or an unlisted player)")
    worm_riding: bool = fact(True, doc="Fremen's Worm Riding is not stopped by Karama this phase")
    by_fremen: bool = fact(False, doc="the Thumper's faction is Fremen")
    thumpers: int | None = fact(None, key="factions.FACTION.thumpers", doc="Thumper tokens the faction holds")
    thumper_used: bool | None = fact(
        None,
        key="factions.FACTION.thumper_used_this_turn",
        doc="the faction used a Thumper this turn (holding both its starting two: none); None: not known",
    )
    fremen_there: bool = fact(False, doc="Fremen troops are in the territory")
    spice_there: int | None = fact(None, key="spice", doc="spice lying in the territory")
    mine_there: bool = fact(False, doc="a spice mine lies in the territory")
    placed: bool | None = fact(True, key="forces[].sector", doc="which groups stand at the mine is known")
    markers_given: bool = fact(False, doc="the position gives shield_wall_markers")
    markers: int | None = fact(None, key="shield_wall_markers", doc="Shield Wall markers before the worm")
    # troop groups in the territory: one per (faction, sector, aboard the Surveyor)
    group_count: list[int] = fact([])
    group_fremen: list[bool] = fact([])
    group_ally: list[bool] = fact([], doc="Fremen's ally")
    group_surveyor: list[bool] = fact([], doc="aboard the Hidden Mobile Surveyor")
    group_at_mine: list[bool] = fact([], doc="at the spice mine (its sector)")
    group_faction: tuple[str, ...] = label(())
    group_sector: tuple[int, ...] = label(())
    carryall: str = label("", doc="the faction holding the Carryall tech token ('' for none)")
    unplaced: str = label("", doc="the group or mine whose sector is needed")

    def position_key(self, key: str) -> str:
        if key == "forces[].sector" and self.unplaced.startswith("spice_mines"):
            return "spice_mines[].sector"
        return key.replace("FACTION", self.faction or "FACTION")

    def missing_detail(self, key: str) -> str:
        return f"the spice lying in {self.territory}" if key == "spice" else ""


def _facts(pos: Position, territory: str, faction: str, thumper: bool) -> WormFacts:
    board = gf9_board()
    t = board[territory]
    several = len(t.sectors) > 1
    mines = [(i, m) for i, m in enumerate(getattr(pos, "spice_mines", None) or []) if m.territory == territory]
    allies = pos.allies_of("fremen")
    unplaced = ""
    mine_sectors: set[int] = set()
    for i, m in mines:
        if m.sector is not None:
            mine_sectors.add(m.sector)
        elif not several:
            mine_sectors.add(t.sectors[0] if t.sectors else 0)
        elif any(g.territory == territory and g.total for g in pos.forces):
            unplaced = unplaced or f"spice_mines[{i}] ({territory})"
    merged: dict[tuple[str, int, bool], int] = {}
    for i, g in enumerate(pos.forces):
        if g.territory != territory or not g.total:
            continue
        sector = g.sector if g.sector is not None else (t.sectors[0] if t.sectors and not several else 0)
        if mines and several and g.sector is None:
            unplaced = unplaced or f"forces[{i}] ({g.faction} in {territory})"
        key = (g.faction, sector, bool(getattr(g, "surveyor", False)))
        merged[key] = merged.get(key, 0) + g.total
    groups = list(merged.items())
    state = pos.factions.get(faction) if faction else None
    spice = sum(sp.amount for sp in pos.spice if sp.territory == territory) if "spice" in pos.given else None
    # dreamrules:86 "Sand territories are the open desert where spice appears": none lies in the Polar Sink
    no_spice_there = spice is None and t.is_polar_sink
    spice = 0 if no_spice_there else spice
    markers = getattr(pos, "shield_wall_markers", None)
    f = WormFacts(
        faction=faction,
        advanced=True,
        territory=territory,
        terrain=t.kind,
        phase_index=pos.phase_index,
        turn=pos.turn,
        thumper=thumper,
        sand=t.kind == "sand",
        polar=t.is_polar_sink,
        rock_or_stronghold=t.kind in ("rock", "stronghold"),
        fremen_in_game=pos.in_game("fremen") is not False,  # listed, allied, or may be unlisted
        worm_riding=not pos.stopped("fremen", "worm-riding"),
        by_fremen=faction == "fremen",
        thumpers=getattr(state, "thumpers", None) if state else None,
        thumper_used=_thumper_used(state),
        fremen_there=any(fa == "fremen" for (fa, _, _), _ in groups),
        spice_there=spice,
        mine_there=bool(mines),
        placed=None if unplaced else True,
        markers_given=markers is not None,
        markers=markers,
        group_count=[n for _, n in groups],
        group_fremen=[fa == "fremen" for (fa, _, _), _ in groups],
        group_ally=[fa in allies for (fa, _, _), _ in groups],
        group_surveyor=[aboard for (_, _, aboard), _ in groups],
        group_at_mine=[bool(mines) and sec in mine_sectors for (_, sec, _), _ in groups],
        group_faction=tuple(fa for (fa, _, _), _ in groups),
        group_sector=tuple(sec for (_, sec, _), _ in groups),
        carryall=next((fa for fa, st in pos.factions.items() if getattr(st, "carryall", False)), ""),
        unplaced=unplaced,
    )
    notes: list[str] = []
    if pos.phase is None:
        notes.append("the position does not give 'phase': it is taken to be the Spice Blow phase")
    if "forces" not in pos.given:
        notes.append("the position gives no 'forces': no troops are taken to be on the board")
    if no_spice_there:
        notes.append(f"no spice lies in {territory}: spice appears in sand territories (dreamrules:86)")
    if markers is None and not thumper:
        notes.append("the position gives no 'shield_wall_markers': the markers after this worm are not counted")
    f.notes = notes
    return f


def _thumper_used(state: Any) -> bool | None:
    """Whether the faction used a Thumper this turn: the turn's history a game record writes
    (``thumper_used_this_turn``), or none where it still holds both its starting Thumpers (dreamrules:268)."""
    if state is None:
        return None
    if state.thumper_used_this_turn is not None:
        return bool(state.thumper_used_this_turn)
    return False if state.thumpers is not None and state.thumpers >= STARTING_THUMPERS else None


class _WormKind(Kind):
    ruled = ("devoured", "spice_lost", "returned_to_reserves", "shield_wall_markers")
    outcome_keys: ClassVar[dict[str, str]] = {
        "devoured": "faction -> troops the worm sends to the Tanks",
        "returned_to_reserves": "faction -> troops at a destroyed spice mine, back to reserves",
        "shield_wall_markers": "the Shield Wall markers after the worm",
    }
    # the troops leaving the board: devoured, or back to reserves from a destroyed mine
    derived: ClassVar[dict[str, tuple[str, ...]]] = {"losses": ("devoured", "returned_to_reserves")}

    def choices(self, v: Any, facts: Facts) -> None:  # v: Vars, given new choice attributes
        import z3

        assert isinstance(facts, WormFacts)
        n = len(facts.group_count)
        v.devoured = [z3.Int(f"devoured_{i}") for i in range(n)]
        v.returned = [z3.Int(f"returned_{i}") for i in range(n)]
        v.spice_back = z3.Int("spice_back")
        v.markers_after = z3.Int("markers_after")

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        out = [v.spice_back >= 0, v.markers_after >= 0]
        for d, r, n in zip(v.devoured, v.returned, v.group_count, strict=True):  # no more than is there
            out += [d >= 0, r >= 0, d + r <= n]
        return out

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, WormFacts)
        devoured: dict[str, int] = {}
        returned: dict[str, int] = {}
        for faction, d, r in zip(facts.group_faction, v.devoured, v.returned, strict=True):
            if value(d):
                devoured[faction] = devoured.get(faction, 0) + value(d)
            if value(r):
                returned[faction] = returned.get(faction, 0) + value(r)
        return {
            "devoured": devoured,
            "spice_lost": value(v.spice_back),
            "returned_to_reserves": returned,
            "shield_wall_markers": value(v.markers_after),
        }


@kind
class Worm(_WormKind):
    name = "worm"
    title = "Shai-Hulud striking a territory"

    def facts(self, pos: Position) -> WormFacts:
        m = pos.move
        assert isinstance(m, WormMove)
        return _facts(pos, m.territory, "", thumper=False)


@kind
class Thumper(_WormKind):
    name = "thumper"
    title = "A Thumper's riding worm"

    def facts(self, pos: Position) -> WormFacts:
        m = pos.move
        assert isinstance(m, ThumperMove)
        return _facts(pos, m.territory, m.faction, thumper=True)

"""Spice collection: a faction's forces take the spice lying with them (Spice Collection phase).

The move names the faction, the territory and, where the territory spans several
sectors, the sector. GF9 collects only spice in the same territory *and sector*
as the forces (gf9:307); the overview speaks of territories only (overview:65).

The solver fixes the outcome: ``rate`` (spice per force), ``spice_collected``
(what the faction takes from the board), ``spice_left`` (what stays on the board
there) and, in the Advanced game, ``stronghold_income`` (a separate benefit,
gf9:313, its amounts printed only in overview:106) when the territory is a
stronghold paying it and the faction occupies it. Rules fix these values;
``outcome()`` reads them from the model. ``spice_gained``, the shared key, sums what
the faction receives: the spice collected, the stronghold income and (Dreamrules)
Leto's Tithe.

Where a group's sector is not given in a territory of several sectors and it
could change the answer, the answer is unresolved naming that key. Spice with no
sector in a territory with a spice-blow sector is taken to lie there (a note
says so): a spice blow places it in that sector (gf9:105).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from checker.arrakis.board import gf9_board
from checker.arrakis.position import PHASES, CollectMove, Position
from checker.facts import Facts, Kind, Vars, fact, kind, label
from checker.names import display, whose

CITIES = ("Arrakeen", "Carthag")  # a faction occupying either collects three per force (gf9:307)
# Advanced stronghold income as overview:106 prints it (gf9:313 names the benefit, prints no amount)
INCOME = {"Arrakeen": 2, "Carthag": 2, "Tuek's Sietch": 1}


@dataclass
class CollectionFacts(Facts):
    """The facts of a spice collection."""

    territory: str = label(doc="where the forces collect")
    where: str = label(doc="the territory and, where it has several, the sector: for messages")
    sector: int | None = label(None, doc="the sector collected in (None: not known)")
    city: str = label(doc="the city the faction occupies (Arrakeen or Carthag), for messages")
    other_sectors: str = label(doc="other sectors of the territory where the faction has forces, for messages")
    spice_elsewhere: str = label(doc="sectors of the territory where spice lies, other than the collecting one")
    forces_key: str = label(doc="the position key whose absence leaves the forces in the sector unknown")
    spice_key: str = label(doc="the position key whose absence leaves the spice in the sector unknown")
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    fighters: int | None = fact(key="FORCES_KEY", doc="the faction's forces in the sector that can collect")
    advisors: int | None = fact(key="FORCES_KEY", doc="Advanced Bene Gesserit advisors in the sector (cannot collect)")
    spice_here: int | None = fact(key="SPICE_KEY", doc="spice lying in the territory and sector")
    occupies_city: bool = fact(False, doc="the faction has a force that counts for occupation in Arrakeen or Carthag")
    forces_in_territory: int = fact(0, doc="the faction's forces anywhere in the territory (overview)")
    fighters_in_territory: int = fact(
        0, doc="the faction's forces anywhere in the territory that can collect: Advanced advisors apart (overview)"
    )
    spice_in_territory: int | None = fact(
        0, key="spice", doc="spice anywhere in the territory (overview); None: the position does not give 'spice'"
    )
    advisors_nearby: bool = fact(False, doc="Advanced advisors of the faction in the territory, Arrakeen or Carthag")
    income_city: bool = fact(False, doc="the territory is Arrakeen or Carthag (Advanced income 2)")
    income_tueks: bool = fact(False, doc="the territory is Tuek's Sietch (Advanced income 1)")
    occupies_territory: bool = fact(False, doc="the faction has a force that counts for occupation in the territory")
    # -- dreamrules (constraints/dreamrules/collection.py) --
    cyborgs: int = fact(0, doc="dreamrules: the Ixians' Cyborgs among the fighters in the sector")
    mine_here: bool = fact(False, doc="dreamrules: a spice mine lies in the territory (spice_mines)")
    is_atreides: bool = fact(False)
    kh_gained: bool | None = fact(
        False, key="factions.atreides.forces_lost_in_battle", doc="dreamrules: Atreides has the Kwisatz Haderach"
    )
    tithe_strongholds: int = fact(0, doc="dreamrules: strongholds Atreides controls (its fighters alone there)")
    tithe_suppressed: bool = fact(False, doc="dreamrules: Karama stopped Leto's Tithe this phase")
    tithe_held: str = label("", doc="the strongholds Atreides controls, for messages")

    @property
    def phase_name(self) -> str:
        return "?" if self.phase_index is None else PHASES[self.phase_index]

    @property
    def pays_income(self) -> bool:
        """Advanced: the territory is a stronghold paying income, and the faction occupies it."""
        return self.advanced and (self.income_city or self.income_tueks) and self.occupies_territory

    @property
    def rate(self) -> int:
        return 3 if self.occupies_city else 2

    def position_key(self, key: str) -> str:
        return {"FORCES_KEY": self.forces_key, "SPICE_KEY": self.spice_key}.get(key, key)

    def missing_detail(self, key: str) -> str:
        if key == "spice":
            return f"the spice on the board: how much lies in {self.where}"
        return ""

    def fmt(self) -> dict[str, Any]:
        out = super().fmt()
        out["rate"] = self.rate
        return out


def _counts(pos: Position, faction: str, territory: str) -> tuple[int, int]:
    """(fighters, advisors) of a faction in a territory; advisors are only Advanced Bene Gesserit's."""
    fighters = advisors = 0
    for g in pos.groups(faction, territory):
        if g.advisors and pos.advanced:
            advisors += g.total
        else:
            fighters += g.total
    return fighters, advisors


@kind
class Collection(Kind):
    name = "collect"
    title = "Spice collection"
    ruled = ("stronghold_income", "letos_tithe")
    outcome_keys: ClassVar[dict[str, str]] = {
        "rate": "spice each force collects",
        "spice_collected": "spice the faction takes from the board",
        "spice_left": "spice that stays on the board there",
        "stronghold_income": "Advanced: the occupied stronghold's income, apart from the spice collected",
        "letos_tithe": "Dreamrules: Atreides' Leto's Tithe this phase",
    }
    # what the faction receives: the spice it collects, and the income and tithe beside it
    derived: ClassVar[dict[str, tuple[str, ...]]] = {
        "spice_gained": ("spice_collected", "stronghold_income", "letos_tithe")
    }

    def facts(self, pos: Position) -> CollectionFacts:
        m = pos.move
        assert isinstance(m, CollectMove)
        board = gf9_board()
        t = board[m.territory]
        me = m.faction
        notes: list[str] = []
        several = len(t.sectors) > 1

        # -- where the spice lies: its own sector, the spice-blow sector, or unknown ----------
        spice: list[tuple[int | None, int, int]] = []  # (sector, amount, index)
        for i, sp in enumerate(pos.spice):
            if sp.territory != t.name or sp.amount == 0:
                continue
            blow_at = sp.sector if sp.sector is not None else (t.sectors[0] if len(t.sectors) == 1 else None)
            if not t.sectors:
                blow_at = 0
            if blow_at is None and t.spice_blow is not None:
                blow_at = t.spice_blow[0]
                notes.append(
                    f"spice[{i}] ({sp.amount} in {t.name}) has no sector: taken to lie in the spice-blow sector "
                    f"{blow_at}, where a spice blow places it (gf9:105)"
                )
            spice.append((blow_at, sp.amount, i))

        # -- the faction's groups in the territory, by sector ------------------------------
        groups = [(i, g) for i, g in enumerate(pos.forces) if g.faction == me and g.territory == t.name and g.total]

        def group_sector(g: Any) -> int | None:
            if not t.sectors:
                return 0
            if g.sector is not None:
                return int(g.sector)
            return t.sectors[0] if len(t.sectors) == 1 else None

        # -- the collecting sector: the move's, the only one, or the one the spice lies in ----
        sector: int | None = m.sector if m.sector is not None else (None if several else group_sector_of(t))
        forces_key = spice_key = "move.sector"
        if sector is None:
            spice_sectors = {s for s, _, _ in spice if s is not None}
            force_sectors = {group_sector(g) for _, g in groups}
            if len(spice_sectors) == 1 and all(s is not None for s, _, _ in spice):
                sector = next(iter(spice_sectors))
                notes.append(f"the move gives no sector: the spice in {t.name} lies in sector {sector}")
            elif not spice and len(force_sectors) == 1 and None not in force_sectors:
                sector = next(iter(force_sectors))
                notes.append(f"the move gives no sector: {whose(me)} forces in {t.name} are in sector {sector}")

        # -- spice in that sector ------------------------------------------------------------
        # With a 'spice' list, no heap here means none; with no 'spice' key the board's spice is unknown.
        spice_given = "spice" in pos.given
        spice_here: int | None
        if not spice_given:
            spice_here = None
            spice_key = "spice" if sector is not None else spice_key
        elif sector is None:
            spice_here = None if spice else 0
        else:
            unplaced_spice = [i for s, _, i in spice if s is None]
            spice_here = sum(a for s, a, _ in spice if s == sector)
            if unplaced_spice:
                spice_here = None
                spice_key = f"spice[{unplaced_spice[0]}].sector"

        # -- the faction's forces in that sector -----------------------------------------------
        fighters: int | None
        advisors: int | None
        if sector is None:
            fighters = advisors = None if groups else 0
        else:
            fighters = advisors = 0
            unplaced: list[tuple[int, bool, int]] = []  # (index, advisor, forces)
            for i, g in groups:
                advisor = g.advisors and pos.advanced
                s = group_sector(g)
                if s is None:
                    unplaced.append((i, advisor, g.total))
                elif s == sector:
                    if advisor:
                        advisors += g.total
                    else:
                        fighters += g.total
            if unplaced:
                rate = 3 if _occupies(pos, me, CITIES)[0] else 2
                unplaced_advisors = any(a for _, a, _ in unplaced)
                # the unplaced groups matter unless the placed fighters already take all the spice there
                settled = (
                    spice_here is not None and fighters > 0 and rate * fighters >= spice_here and not unplaced_advisors
                )
                if settled:
                    first = unplaced[0][0]
                    notes.append(
                        f"forces[{first}] ({display(me)} in {t.name}) has no sector: whether it stands in sector "
                        f"{sector} does not change the answer ({fighters} forces there already take all "
                        f"{spice_here} spice)"
                    )
                else:
                    fighters = advisors = None
                    forces_key = f"forces[{unplaced[0][0]}].sector"

        occupied_city, city = _occupies(pos, me, CITIES)
        in_t = _counts(pos, me, t.name)
        advisors_nearby = pos.advanced and any(_counts(pos, me, name)[1] for name in (t.name, *CITIES))
        others = sorted({s for _, g in groups if (s := group_sector(g)) not in (None, sector)})
        elsewhere = sorted({s for s, _, _ in spice if s is not None and s != sector})
        if pos.phase is None:
            notes.append("the position does not give 'phase': it is taken to be the Spice Collection phase")
        where = f"{t.name} sector {sector}" if several and sector is not None else t.name
        if pos.ruleset == "overview":  # the overview collects territory-wide: sectors play no part
            notes = [n for n in notes if "sector" not in n]
        facts = CollectionFacts(
            faction=me,
            advanced=pos.advanced,
            notes=notes,
            territory=t.name,
            where=where,
            sector=sector,
            city=city,
            other_sectors=", ".join(map(str, others)),
            spice_elsewhere=", ".join(map(str, elsewhere)),
            forces_key=forces_key,
            spice_key=spice_key,
            phase_index=pos.phase_index,
            fighters=fighters,
            advisors=advisors,
            spice_here=spice_here,
            occupies_city=occupied_city,
            forces_in_territory=sum(in_t),
            fighters_in_territory=in_t[0],
            spice_in_territory=sum(a for _, a, _ in spice) if spice_given else None,
            advisors_nearby=advisors_nearby,
            income_city=t.name in CITIES,
            income_tueks=t.name == "Tuek's Sietch",
            occupies_territory=in_t[0] > 0,
        )
        if pos.ruleset == "dreamrules":
            _dreamrules_facts(pos, facts, sector)
        return facts

    def choices(self, v: Any, facts: Facts) -> None:  # v: Vars, given new choice attributes
        import z3

        v.rate = z3.Int("rate")
        v.spice_collected = z3.Int("spice_collected")
        v.spice_left = z3.Int("spice_left")
        v.stronghold_income = z3.Int("stronghold_income")
        v.letos_tithe = z3.Int("letos_tithe")  # dreamrules: Atreides' Leto's Tithe this phase

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        return [v.spice_collected >= 0, v.spice_left >= 0, v.stronghold_income >= 0, v.rate >= 0, v.letos_tithe >= 0]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, CollectionFacts)
        out: dict[str, Any] = {
            "rate": value(v.rate),
            "spice_collected": value(v.spice_collected),
            "spice_left": value(v.spice_left),
            "stronghold_income": value(v.stronghold_income),
            "letos_tithe": value(v.letos_tithe),
        }
        return out


KH_AFTER = 7  # dreamrules:1048: Atreides gains the Kwisatz Haderach after losing seven troops in battles


def _dreamrules_facts(pos: Position, f: CollectionFacts, sector: int | None) -> None:
    """Dreamrules' facts: the Ixians' Cyborgs, spice mines, Leto's Tithe."""
    from checker.arrakis.board import STRONGHOLD_NAMES

    board = gf9_board()
    t = board[f.territory]
    me = f.faction
    if me == "ixians":
        f.cyborgs = sum(
            g.special
            for g in pos.groups(me, t.name)
            if not t.sectors or len(t.sectors) == 1 or g.sector is None or g.sector == sector
        )
    for mine in getattr(pos, "spice_mines", None) or []:
        where = mine.get("territory") if isinstance(mine, dict) else getattr(mine, "territory", None)
        if where == t.name:
            f.mine_here = True
    f.is_atreides = me == "atreides"
    if f.is_atreides:
        state = pos.factions.get("atreides")
        lost = state.forces_lost_in_battle if state else None
        f.kh_gained = None if lost is None else lost >= KH_AFTER
        held = [h for h in STRONGHOLD_NAMES if pos.occupants(h) == {"atreides"}]
        f.tithe_strongholds = len(held)
        f.tithe_held = ", ".join(held)
        f.tithe_suppressed = pos.stopped("atreides", "Leto's Tithe")


def group_sector_of(t: Any) -> int | None:
    """The only sector of a territory (0 for the Polar Sink), or None where it has several."""
    if not t.sectors:
        return 0
    return int(t.sectors[0]) if len(t.sectors) == 1 else None


def _occupies(pos: Position, faction: str, names: tuple[str, ...]) -> tuple[bool, str]:
    """Whether the faction occupies one of the strongholds (a force that counts, gf9:7), and which."""
    held = [name for name in names if _counts(pos, faction, name)[0] > 0]
    return bool(held), " and ".join(held)

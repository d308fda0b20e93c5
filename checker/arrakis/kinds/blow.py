"""Spice blow and Nexus: the top Spice Card is turned over (Spice Blow and Nexus phase).

``move: {action: blow, card: TERRITORY | shai-hulud, pile: a | b, previous: TERRITORY | shai-hulud,
fremen_protects: true | false}``. ``card`` is the card turned over; ``pile`` (Advanced) the discard pile it
is drawn for; ``previous`` the card previously on top of that pile (the one a Shai-Hulud attacks, gf9:113);
``fremen_protects`` whether Fremen protects its ally from this worm (gf9:119), asked only when its ally has
forces in the attacked territory.

The solver fixes the outcome; rules fix every value, ``outcome()`` reads them from the model:

* a territory card: ``spice_placed`` ``{territory, sector, amount}``: the amount printed on the card in the
  territory's spice-blow sector (both from constraints/data/arrakis-board.yaml), 0 when the storm is over
  that sector (gf9:105);
* a Shai-Hulud card: ``devoured`` (faction -> force tokens sent to the Tanks, a faction losing none left
  out), ``spice_lost`` (spice returned to the Bank from the attacked territory) and ``nexus`` (whether
  the worm brings a Nexus once the draw is complete); ``losses``, the shared key, repeats ``devoured``.

Conventions fixed here: the attacked territory is the whole territory (every sector) of ``previous``;
Advanced Bene Gesserit advisors there are forces a worm takes (gf9:375). Without a ``spice`` key the spice
lying there is unknown (the answer names the key); without ``forces`` no forces are on the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from checker.arrakis.board import gf9_board
from checker.arrakis.position import NEXUS, SPICE_BLOW, BlowMove, Position
from checker.facts import Facts, Kind, Vars, fact, kind, label
from checker.names import whose

BLOW_PHASES = (SPICE_BLOW, NEXUS)  # the one phase "Spice Blow and Nexus"
WORM = "shai-hulud"
_BLOWN = ("blow", "blow-a", "blow-b")  # what a record's history writes for a territory card resolved (transitions)


@dataclass
class BlowFacts(Facts):
    """The facts of a spice blow."""

    card: str = label(doc="the card turned over: a territory, or shai-hulud")
    territory: str = label(doc="a territory card's territory ('' for Shai-Hulud)")
    previous: str = label(doc="the card previously on top of the pile ('' when not given)")
    pile: str = label(doc="'A' or 'B' where the move names the pile")
    names_there: list[str] = label([], doc="the factions with forces in the attacked territory, in list order")
    spice_key: str = label("spice", doc="the position key whose absence leaves the attacked spice unknown")
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    turn: int | None = fact(None, key="turn", doc="the game turn")
    storm_sector: int | None = fact(None, key="storm", doc="the sector under the storm")
    worm: bool = fact(False, doc="the card is Shai-Hulud")
    consecutive: bool = fact(False, doc="a Shai-Hulud card drawn on top of another (previous is shai-hulud)")
    pile_b: bool = fact(False, doc="the move draws for discard pile B")
    blows_before: int | None = fact(
        None, key="this_phase", doc="territory cards resolved as spice blows earlier this phase (any pile)"
    )
    pile_blown: bool | None = fact(
        None, key="this_phase", doc="a territory card already resolved this phase on the pile the move names"
    )
    blow_sector: int = fact(0, doc="the territory card's spice-blow sector")
    printed: int = fact(0, doc="the spice printed on the territory card")
    spice_there: int | None = fact(None, key="SPICE_KEY", doc="spice lying in the attacked territory")
    attacked_known: bool | None = fact(True, key="move.previous", doc="a worm's attacked territory is given")
    forces_there: list[int] = fact([], doc="each faction's force tokens in the attacked territory")
    is_fremen: list[bool] = fact([], doc="that faction is Fremen")
    is_ally: list[bool] = fact([], doc="that faction is Fremen's ally")
    fremen_protects: bool | None = fact(None, key="move.fremen_protects", doc="Fremen protects its ally (gf9:119)")
    fremen_in_game: bool = fact(False, doc="Fremen is in the game (listed, allied, or an unlisted player)")
    immunity_stopped: bool = fact(False, key="move.karama_cancels", doc="a Karama stopped Fremen's worm immunity")
    protection_stopped: bool = fact(
        False, key="move.karama_cancels", doc="a Karama stopped Fremen's protection of its ally"
    )

    def position_key(self, key: str) -> str:
        if key == "ally_protection":
            return "move.fremen_protects"
        return key.replace("SPICE_KEY", self.spice_key)

    def missing_detail(self, key: str) -> str:
        if key != "move.fremen_protects":
            return ""
        ally = ", ".join(f"{whose(n)} {forces_word(c)}" for n, c in self.force_count(lambda i: self.is_ally[i]))
        spared = self.spared
        sure = self.force_count(lambda i: not self.is_ally[i] and not spared[i])
        others = ", ".join(f"{whose(n)} {forces_word(c)}" for n, c in sure)
        besides = f"; it devours {others} either way" if others else ""
        return (
            f"whether Fremen protects its ally from the worm (gf9:119): unless it does, the worm devours {ally} in "
            f"{self.previous}{besides}"
        )

    @property
    def ally_protection(self) -> bool | None:
        """Fremen's choice for its ally, where the worm asks it (its ally's forces are there and no Karama stopped
        the protection): unknown when the move does not give it; True where nothing is asked."""
        asked = any(self.is_ally) and not self.protection_stopped
        return self.fremen_protects if asked else True

    @property
    def where(self) -> str:
        """The pile named in messages."""
        return f"pile {self.pile}" if self.pile else "the discard pile"

    @property
    def spared(self) -> list[bool]:
        """Forces a worm does not take: Fremen's, and its ally's when Fremen protects it (unless a Karama stopped
        that advantage: gf9:401)."""
        own = not self.immunity_stopped
        ally = bool(self.fremen_protects) and not self.protection_stopped
        return [(f and own) or (a and ally) for f, a in zip(self.is_fremen, self.is_ally, strict=True)]

    def force_names(self, flags: list[bool]) -> set[str]:
        """The factions in the attacked territory whose flag is set."""
        return {n for n, f in zip(self.names_there, flags, strict=True) if f}

    def force_count(self, pred: Any) -> list[tuple[str, int]]:
        return [(n, c) for i, (n, c) in enumerate(zip(self.names_there, self.forces_there, strict=True)) if pred(i)]


def forces_word(n: int) -> str:
    return f"{n} force{'s' if n != 1 else ''}"


def _notes(pos: Position, f: BlowFacts) -> list[str]:
    out: list[str] = []
    if pos.phase is None:
        out.append("the position does not give 'phase': it is taken to be the Spice Blow and Nexus phase")
    if not f.worm:
        card = f.territory if f.territory.startswith("The ") else f"the {f.territory}"
        out.append(
            f"{card} card prints {f.printed} spice; {f.territory}'s spice-blow sector is "
            f"{f.blow_sector} (constraints/data/arrakis-board.yaml)"
        )
    elif f.previous and not f.consecutive and "forces" not in pos.given:
        out.append("the position gives no 'forces': no forces are taken to be on the board")
    if f.pile_b:
        out.append(
            "the position does not record pile A's draw: this answer takes it to be finished, as pile B is "
            "revealed only after it (gf9:127)"
        )
    return out


@kind
class Blow(Kind):
    name = "blow"
    title = "Spice blow and Nexus"
    ruled = ("spice_placed", "devoured", "spice_lost", "nexus")
    outcome_keys: ClassVar[dict[str, str]] = {
        "spice_placed": "a territory card: {territory, sector, amount} of the spice placed (0 under the storm)",
        "devoured": "Shai-Hulud: faction -> force tokens it sends to the Tanks (the same tokens as `losses`)",
        "nexus": "whether the worm brings a Nexus once the draw is complete",
    }
    derived: ClassVar[dict[str, tuple[str, ...]]] = {"losses": ("devoured",)}

    def facts(self, pos: Position) -> BlowFacts:
        m = pos.move
        assert isinstance(m, BlowMove)
        board = gf9_board()
        worm = m.card == WORM
        territory = "" if worm else m.card
        blow = board[territory].spice_blow if territory else None
        attacked = m.previous if worm and m.previous not in (None, WORM) else None
        names: list[str] = []
        counts: list[int] = []
        spice_there: int | None = 0
        spice_key = "spice"
        if worm and m.previous is None:
            spice_there, spice_key = None, "move.previous"
        if attacked is not None:
            for g in pos.groups(territory=attacked):
                if g.total == 0:
                    continue
                if g.faction not in names:
                    names.append(g.faction)
                    counts.append(0)
                counts[names.index(g.faction)] += g.total
            if "spice" in pos.given:
                spice_there = sum(sp.amount for sp in pos.spice if sp.territory == attacked)
            else:
                spice_there = None
        allies = pos.allies_of("fremen")
        f = BlowFacts(
            faction="",
            advanced=pos.advanced or pos.ruleset == "dreamrules",  # dreamrules:15: always Advanced
            card=m.card,
            territory=territory,
            previous=m.previous or "",
            pile=(m.pile or "").upper(),
            names_there=names,
            spice_key=spice_key,
            phase_index=pos.phase_index,
            turn=pos.turn,
            storm_sector=pos.storm,
            worm=worm,
            consecutive=worm and m.previous == WORM,
            pile_b=m.pile == "b",
            blows_before=None if pos.this_phase is None else sum(e in _BLOWN for e in pos.this_phase),
            pile_blown=None if pos.this_phase is None else bool(m.pile) and f"blow-{m.pile}" in pos.this_phase,
            blow_sector=blow[0] if blow else 0,
            printed=blow[1] if blow else 0,
            spice_there=spice_there,
            attacked_known=None if worm and m.previous is None else True,
            forces_there=counts,
            is_fremen=[n == "fremen" for n in names],
            is_ally=[n in allies for n in names],
            # a Karama stopped the protection: there is no choice to make (gf9:401)
            fremen_protects=False if "ally-worm-protection" in m.karama_cancels else m.fremen_protects,
            immunity_stopped="worm-immunity" in m.karama_cancels,
            protection_stopped="ally-worm-protection" in m.karama_cancels,
            fremen_in_game=pos.in_game("fremen") is not False,  # listed, allied, or may be unlisted
        )
        f.notes = _notes(pos, f)
        return f

    def choices(self, v: Any, facts: Facts) -> None:  # v: Vars, given new choice attributes
        import z3

        assert isinstance(facts, BlowFacts)
        v.amount = z3.Int("amount")  # spice placed by a territory card
        v.returned = z3.Int("returned")  # spice a worm returns to the Bank
        v.nexus = z3.Bool("nexus")
        v.devoured = [z3.Int(f"devoured_{i}") for i in range(len(facts.forces_there))]

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        out = [v.amount >= 0, v.returned >= 0]
        for d, n in zip(v.devoured, v.forces_there, strict=True):  # a worm takes no more than is there
            out += [d >= 0, d <= n]
        return out

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, BlowFacts)
        if not facts.worm:
            placed = {"territory": facts.territory, "sector": facts.blow_sector, "amount": value(v.amount)}
            return {"spice_placed": placed}
        devoured = {n: value(d) for n, d in zip(facts.names_there, v.devoured, strict=True) if value(d)}
        return {"devoured": devoured, "spice_lost": value(v.returned), "nexus": value(v.nexus)}

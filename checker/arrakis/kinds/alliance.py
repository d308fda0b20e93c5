"""Alliances and deals: three kinds of question.

* ``ally``: ``move: {action: ally, factions: [A, B]}`` forms an alliance; with ``break: true`` the
  alliance is broken (``factions: [A]``: A leaves its alliance; ``[A, B]``: A and B's alliance ends).
  Outcome: ``alliances`` (as they stand after the move) and ``must_separate`` (the territories outside
  the Polar Sink where the new allies both have forces, advisors included: one must leave during
  Shipment and Movement, gf9:137, 143, 383); dreamrules: ``left``, the alliances a forming faction leaves to
  form this one in the same Nexus (dreamrules:556: one ``ally`` move both leaves and forms).
* ``bribe``: ``move: {action: bribe, faction, to, amount}``: spice put in front of the recipient's shield.
  Outcome: ``spice_total`` (the briber's spice behind its shield afterwards), ``in_front_of_shield``
  (recipient -> spice) and ``spendable_from: mentat-pause`` (gf9:333).
* ``give``: ``move: {action: give, faction, to, amount}``: spice given directly to an ally, behind its
  shield (the Emperor's advantage, gf9:391). Outcome: ``spice_total`` (the giver's afterwards) and, where
  the position gives the recipient's spice, ``ally_spice_total``.

Conventions fixed here:

* A Nexus is the position's ``phase: nexus``, whichever Shai-Hulud (or pile, in the Advanced game) brought
  it: the phase names the Nexus, and a position in another phase is not in one.
* ``factions.F.spice`` is the spice behind F's shield; spice in front of a shield (a bribe) has no key.
* Forming an alliance that already stands changes nothing: it is permitted, and a note says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from checker.arrakis.board import POLAR_SINK
from checker.arrakis.position import AllyMove, BribeMove, GiveMove, Position, phase_words
from checker.errors import InputError
from checker.facts import Facts, Kind, Vars, fact, kind, label
from checker.names import display, whose

EMPEROR = "emperor"
SPENDABLE_FROM = "mentat-pause"  # a bribe is collected at the start of the Mentat Pause (gf9:333)


def phase_title(index: int | None) -> str:
    """The phase as a player names it ("the Shipment and Movement phase")."""
    if index is None:
        return "an unknown phase"
    return f"the {phase_words(index)} phase"


def names(factions: list[str]) -> str:
    shown = [display(f) for f in factions]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def spice_word(n: int | None) -> str:
    return "no spice" if n == 0 else f"{n} spice"


# -- ally ---------------------------------------------------------------------------------------


@dataclass
class AllyFacts(Facts):
    """The facts of a proposed alliance."""

    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    breaking: bool = fact(False, doc="the move breaks an alliance rather than forming one")
    size: int = fact(0, doc="how many factions the alliance formed joins")
    allied_elsewhere: int = fact(0, doc="forming factions already allied with a faction outside the move")
    existing: bool = fact(False, doc="to break: the named factions are allied")
    shared: int = fact(0, doc="territories outside the Polar Sink where the new allies both have forces")
    shared_apart: int = fact(
        0, doc="dreamrules: those territories, Bene Gesserit advisors and troops aboard the Surveyor not counted"
    )
    turn: int | None = fact(None, key="turn", doc="the game turn")
    nexus_card: int | None = fact(None, key="nexus_card", doc="dreamrules: this turn's Nexus card (0 blank)")
    nexus_card_given: bool = fact(False, doc="dreamrules: the position gives this turn's Nexus card")
    factions: list[str] = label([], doc="the factions of the move")
    elsewhere: list[tuple[str, str]] = label([], doc="(forming faction, its ally outside the move)")
    shared_names: list[str] = label([], doc="those territories")
    shared_apart_names: list[str] = label([], doc="dreamrules: those territories, advisors and Surveyor aside")
    after: list[list[str]] = label([], doc="the alliances after the move")
    left: list[list[str]] = label(
        [], doc="dreamrules: the alliances the forming factions leave to form this one (dreamrules:556)"
    )
    after_leaving: list[list[str]] = label([], doc="dreamrules: the alliances after the move, those left dropped")


def _alliances_after(pos: Position, m: AllyMove) -> list[list[str]]:
    first, rest = m.factions[0], set(m.factions[1:])
    if m.break_:
        return [list(a) for a in pos.alliances if not (first in a and rest <= set(a))]
    if any(set(a) == set(m.factions) for a in pos.alliances):
        return [list(a) for a in pos.alliances]
    return [*(list(a) for a in pos.alliances), list(m.factions)]


def _shared(pos: Position, factions: list[str], *, apart: bool = False) -> list[str]:
    """Territories outside the Polar Sink where each of the factions has forces (advisors included, gf9:383).

    ``apart``: Dreamrules' count, where Bene Gesserit advisors coexist (dreamrules:568) and troops aboard the
    Hidden Mobile Surveyor are in a territory of their own (dreamrules:1232)."""
    where: list[str] = []
    for g in pos.forces:
        t = g.territory
        if t == POLAR_SINK or t in where:
            continue

        def counts(h: Any) -> bool:
            return h.total > 0 and not (apart and (h.advisors or h.surveyor))

        if all(any(counts(h) for h in pos.groups(faction=f, territory=t)) for f in factions):
            where.append(t)
    return where


@kind
class Ally(Kind):
    name = "ally"
    title = "Forming or breaking an alliance"
    outcome_keys: ClassVar[dict[str, str]] = {
        "alliances": "the alliances as they stand after the move",
        "must_separate": "the territories outside the Polar Sink where the new allies both have forces: one must leave",
        "left": "Dreamrules: the alliances a forming faction leaves in the same Nexus (dreamrules:556)",
    }
    ruled = ("must_separate", "left")

    def facts(self, pos: Position) -> AllyFacts:
        m = pos.move
        assert isinstance(m, AllyMove)
        if len(set(m.factions)) != len(m.factions):
            raise InputError("move.factions", "different factions", m.factions)
        if m.break_ and not m.factions:
            raise InputError("move.factions", "the faction leaving its alliance (or the two allies)", m.factions)
        if not m.break_ and len(m.factions) < 2:
            raise InputError(
                "move.factions", "the two factions forming an alliance (to leave one: break: true)", m.factions
            )
        first = m.factions[0]
        elsewhere = [(f, a) for f in m.factions for a in sorted(pos.allies_of(f)) if a not in m.factions]
        allies = pos.allies_of(first)
        existing = bool(allies) and all(f in allies for f in m.factions[1:])
        shared = [] if m.break_ or len(m.factions) != 2 else _shared(pos, m.factions)
        apart = [] if m.break_ or len(m.factions) != 2 else _shared(pos, m.factions, apart=True)
        card = getattr(pos, "nexus_card", None)
        f = AllyFacts(
            faction=first,
            advanced=pos.advanced,
            phase_index=pos.phase_index,
            breaking=m.break_,
            size=len(m.factions),
            allied_elsewhere=len({f for f, _ in elsewhere}),
            existing=existing,
            shared=len(shared),
            shared_apart=len(apart),
            turn=pos.turn,
            nexus_card=0 if card == "blank" else card,
            nexus_card_given=card is not None,
            factions=list(m.factions),
            elsewhere=elsewhere,
            shared_names=shared,
            shared_apart_names=apart,
            after=_alliances_after(pos, m),
        )
        if not m.break_ and elsewhere:
            f.left = [list(a) for a in pos.alliances if set(a) & set(m.factions) and set(a) != set(m.factions)]
            f.after_leaving = [a for a in f.after if a not in f.left]
        if not m.break_ and any(set(a) == set(m.factions) for a in pos.alliances):
            f.notes.append(f"{names(m.factions)} are already allied: the alliance stands as it is")
        return f

    def choices(self, v: Any, facts: Facts) -> None:
        import z3

        v.separate = z3.Int("separate")  # territories the new allies must separate in
        v.left = z3.Int("left")  # dreamrules: alliances the forming factions leave in the same Nexus

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        return [v.separate >= 0, v.left >= 0, v.left <= v.allied_elsewhere]  # type: ignore[attr-defined]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, AllyFacts)
        separate = value(v.separate)  # type: ignore[attr-defined]
        where = facts.shared_names if separate == facts.shared else facts.shared_apart_names
        left = value(v.left) > 0  # type: ignore[attr-defined]
        return {
            "alliances": facts.after_leaving if left else facts.after,
            "must_separate": list(where) if separate else [],
            "left": facts.left if left else [],
        }


# -- bribe --------------------------------------------------------------------------------------


@dataclass
class BribeFacts(Facts):
    """The facts of a bribe."""

    spice: int | None = fact(None, key="factions.FACTION.spice", doc="spice behind the briber's shield")
    amount: int = fact(0, key="move.amount", doc="the bribe")
    allied: bool = fact(False, doc="briber and recipient are allies")
    to: str = label("", doc="the recipient")
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    bribe_pile: int | None = fact(
        None, key="factions.FACTION.bribe_pile", doc="dreamrules: bribes waiting in front of the briber's shield"
    )
    tleilaxu: bool = fact(False, doc="Bene Tleilax gives or receives the bribe")
    tleilaxu_pays: bool = fact(False, doc="dreamrules: Bene Tleilax gives the bribe")
    information: bool | None = fact(
        None, key="move.information", doc="dreamrules: the bribe buys binding information about a card up for bid"
    )

    def position_key(self, key: str) -> str:
        return key.replace("FACTION", self.faction or "FACTION")

    def missing_detail(self, key: str) -> str:
        if key == "move.information":
            return (
                "whether the bribe buys binding information about a card up for bid, which Bene Tleilax may pay "
                "for outside Mentat"
            )
        return ""


@kind
class Bribe(Kind):
    name = "bribe"
    title = "A bribe"
    outcome_keys: ClassVar[dict[str, str]] = {
        "spice_total": "the briber's spice behind its shield afterwards",
        "in_front_of_shield": "recipient -> the bribe's spice in front of its shield",
        "spendable_from": "the phase from which the recipient may spend it (`mentat-pause`)",
    }
    derived: ClassVar[dict[str, tuple[str, ...]]] = {"spice_gained": ("in_front_of_shield",)}  # the recipient's
    ruled = ("spice_total", "in_front_of_shield", "spendable_from")

    def facts(self, pos: Position) -> BribeFacts:
        m = pos.move
        assert isinstance(m, BribeMove)
        if m.to == m.faction:
            raise InputError("move.to", "another faction than move.faction", m.to)
        state = pos.factions.get(m.faction)
        f = BribeFacts(
            faction=m.faction,
            advanced=pos.advanced,
            spice=state.spice if state else None,
            amount=m.amount,
            allied=m.to in pos.allies_of(m.faction),
            to=m.to,
            phase_index=pos.phase_index,
            bribe_pile=state.bribes_waiting if state and state.bribes_waiting is not None else (0 if state else None),
            tleilaxu="bene-tleilax" in (m.faction, m.to),
            tleilaxu_pays=m.faction == "bene-tleilax",
            information=m.information,
        )
        if pos.ruleset == "dreamrules" and state and state.bribes_waiting is None:
            f.notes.append(f"the position does not give factions.{m.faction}.bribe_pile: it is taken to be empty")
        if pos.ruleset not in ("overview", "dreamrules") and "advanced" not in pos.given:
            f.notes.append("the position does not give 'advanced': a Basic game (the format's default)")
        if pos.ruleset == "dreamrules":
            f.notes.append(f"the bribe goes to {whose(m.to)} bribe pile: the outcome's in_front_of_shield")
        elif pos.ruleset != "overview":
            f.notes.append(
                f"factions.{m.to}.spice is the spice behind {whose(m.to)} shield: a bribe in front of it does not "
                f"change it (it joins factions.{m.to}.spice_in_front, spendable from the Mentat Pause)"
            )
        return f

    def choices(self, v: Any, facts: Facts) -> None:
        import z3

        v.left = z3.Int("left")  # the briber's spice afterwards
        v.placed = z3.Int("placed")  # spice in front of the recipient's shield

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        return [v.placed >= 0]  # type: ignore[attr-defined]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, BribeFacts)
        return {
            "cost": facts.amount,  # the move's own amount, paid to the recipient
            "paid_to": facts.to,
            "spice_total": value(v.left),  # type: ignore[attr-defined]
            "in_front_of_shield": {facts.to: value(v.placed)},  # type: ignore[attr-defined]
            "spendable_from": SPENDABLE_FROM,
        }


# -- give ---------------------------------------------------------------------------------------


@dataclass
class GiveFacts(Facts):
    """The facts of a gift between factions."""

    spice: int | None = fact(None, key="factions.FACTION.spice", doc="spice behind the giver's shield")
    to_spice: int | None = fact(None, key="factions.TO.spice", doc="spice behind the recipient's shield")
    amount: int = fact(0, key="move.amount", doc="the spice given")
    is_emperor: bool = fact(False, doc="the giver is the Emperor")
    allied: bool = fact(False, doc="giver and recipient are allies")
    to: str = label("", doc="the recipient")

    def position_key(self, key: str) -> str:
        return key.replace("FACTION", self.faction or "FACTION").replace("TO", self.to or "TO")


@kind
class Give(Kind):
    name = "give"
    title = "Spice given to an ally"
    outcome_keys: ClassVar[dict[str, str]] = {
        "spice_total": "the giver's spice afterwards",
        "ally_spice_total": "the recipient's spice afterwards, where the position gives what it held",
    }
    ruled = ("spice_total", "ally_spice_total")

    def facts(self, pos: Position) -> GiveFacts:
        m = pos.move
        assert isinstance(m, GiveMove)
        if m.to == m.faction:
            raise InputError("move.to", "another faction than move.faction", m.to)
        giver, taker = pos.factions.get(m.faction), pos.factions.get(m.to)
        return GiveFacts(
            faction=m.faction,
            advanced=pos.advanced,
            spice=giver.spice if giver else None,
            to_spice=taker.spice if taker else None,
            amount=m.amount,
            is_emperor=m.faction == EMPEROR,
            allied=m.to in pos.allies_of(m.faction),
            to=m.to,
        )

    def choices(self, v: Any, facts: Facts) -> None:
        import z3

        v.left = z3.Int("left")  # the giver's spice afterwards
        v.ally_total = z3.Int("ally_total")  # the recipient's afterwards

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, GiveFacts)
        out: dict[str, Any] = {
            "cost": facts.amount,  # the move's own amount, given to the ally
            "paid_to": facts.to,
            "spice_gained": {facts.to: facts.amount},
            "spice_total": value(v.left),  # type: ignore[attr-defined]
            "ally_spice_total": value(v.ally_total),  # type: ignore[attr-defined]
        }
        if facts.to_spice is None:  # the gift is known, the ally's total is not
            key = f"factions.{facts.to}.spice"
            out["unknown"] = {"ally_spice_total": f"the position does not give '{key}' (the spice the ally holds)"}
        return out

"""CHOAM Charity: a faction calls for charity in the CHOAM Charity phase.

``move: {action: charity, faction: F}``. The solver fixes the outcome:
``received`` (the spice the faction takes) and ``total`` (its spice afterwards);
rules fix both, and ``outcome()`` reads them from the model.

Outcome keys: ``spice_gained`` (the shared key: faction -> the amount received)
and ``spice_total`` (the faction's spice behind its shield afterwards; unknown
where the position does not give the spice it holds).

Conventions fixed here:

* ``factions.F.spice`` is the spice behind the faction's shield (the position
  format says so). Spice promised by a bribe and sitting in front of a shield is
  not spendable (gf9:165) and is not counted; the position format has no key for
  it, so it cannot be miscounted.
* Without ``phase`` the move is taken to be made in the CHOAM Charity phase (a
  note says so); with it, the phase rule judges it.
* Without ``advanced`` the game is Basic (the format's default); for the Bene
  Gesserit, whose two spice regardless of holdings is Advanced (gf9:163, 169), a
  note says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from checker.arrakis.position import PHASES, CharityMove, Position, phase_words
from checker.facts import Facts, Kind, Vars, fact, kind, label
from checker.names import whose

CHARITY_LEVEL = 2  # "bring its total to two" (gf9:161, overview:45)
BG_CHARITY = 2  # "receives two spice regardless of its existing holdings" (gf9:163)


@dataclass
class CharityFacts(Facts):
    """The facts of a claim of CHOAM Charity."""

    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    spice: int | None = fact(key="factions.FACTION.spice", doc="spice behind the faction's shield")
    is_bene_gesserit: bool = fact(False)
    charity_stopped: bool = fact(False, doc="dreamrules: Karama stopped the faction's Charity advantage this phase")
    pile: int = label(0, doc="spice of bribes in front of its shield (spice_in_front, or bribe_pile): not counted")

    @property
    def advanced_bene_gesserit(self) -> bool:
        return self.is_bene_gesserit and self.advanced

    @property
    def phase_name(self) -> str:
        return "?" if self.phase_index is None else PHASES[self.phase_index]

    def position_key(self, key: str) -> str:
        return key.replace("FACTION", self.faction or "FACTION")


def _advantage(name: str) -> str:
    """An advantage's name as ``suppressed`` may spell it, folded ("Charity" -> charity)."""
    return "-".join(str(name).lower().replace("_", " ").replace("-", " ").split())


def spice_word(n: int | None) -> str:
    return "no spice" if n == 0 else f"{n} spice"


def pile_words(pile: int) -> str:
    """Bribe spice in front of a shield, which no payment or count of holdings may use (gf9:165, 333)."""
    return f" ({pile} spice of bribes lies in front of its shield, not yet spendable)" if pile else ""


def received(s: CharityFacts, o: dict[str, Any]) -> Any:
    """The spice the faction receives, as the outcome gives it."""
    return (o.get("spice_gained") or {}).get(s.faction)


def two_more(s: CharityFacts) -> dict[str, Any]:
    """The Bene Gesserit's two spice whatever it holds; its total only where the position gives what it holds."""
    out: dict[str, Any] = {"spice_gained": {s.faction: BG_CHARITY}}
    if s.spice is not None:
        out["spice_total"] = s.spice + BG_CHARITY
    return out


def two_more_said(s: CharityFacts, o: dict[str, Any], who: str) -> str:
    """``who`` receives two spice whatever it holds, and (where known) its total afterwards."""
    if s.spice is None:
        return f"{who} whatever it holds."
    return f"{who} whatever it holds ({spice_word(s.spice)}): {o.get('spice_total')} spice after charity."


def phase_title(s: CharityFacts) -> str:
    """The phase as a player names it ("the Shipment and Movement phase")."""
    words = "?" if s.phase_index is None else phase_words(s.phase_index)
    return f"the {words} phase"


def _notes(pos: Position, f: CharityFacts) -> list[str]:
    """The facts this answer infers rather than reads (the gf9 readings only where gf9's rules judge)."""
    out: list[str] = []
    if pos.phase is None:
        out.append("the position does not give 'phase': it is taken to be the CHOAM Charity phase")
    if pos.ruleset == "overview":
        return out
    if f.is_bene_gesserit and not f.advanced and f.spice != 0:
        given = "" if "advanced" in pos.given else "the position does not give 'advanced': "
        out.append(
            f"{given}a Basic game: the Bene Gesserit's two spice regardless of holdings is Advanced "
            "(gf9:163, 169; gf9:373 stands among its Advanced advisor rules), so it takes charity as any "
            "faction does (gf9:161)"
        )
    if f.advanced and f.spice is not None and (state := pos.factions.get(f.faction)) and state.bribes_waiting is None:
        out.append(
            f"factions.{f.faction}.spice is read as the spice behind {whose(f.faction)} shield: spice "
            "promised by a bribe in front of it is not counted (gf9:165)"
        )
    return out


@kind
class Charity(Kind):
    name = "charity"
    title = "CHOAM Charity"
    ruled = ("spice_gained", "spice_total")
    outcome_keys: ClassVar[dict[str, str]] = {"spice_total": "the faction's spice behind its shield afterwards"}

    def facts(self, pos: Position) -> CharityFacts:
        m = pos.move
        assert isinstance(m, CharityMove)
        state = pos.factions.get(m.faction)
        f = CharityFacts(
            faction=m.faction,
            advanced=pos.advanced or pos.ruleset == "dreamrules",  # dreamrules:15: always Advanced
            phase_index=pos.phase_index,
            spice=state.spice if state else None,
            is_bene_gesserit=m.faction == "bene-gesserit",
            charity_stopped=pos.stopped(m.faction, "charity"),
            pile=(state.bribes_waiting or 0) if state else 0,
        )
        f.notes = _notes(pos, f)
        return f

    def choices(self, v: Any, facts: Facts) -> None:  # v: Vars, given new choice attributes
        import z3

        v.received = z3.Int("received")  # spice the faction takes from the Bank
        v.total = z3.Int("total")  # its spice afterwards

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        # The faction keeps what it held and adds what it receives; charity never takes spice away.
        return [v.received >= 0, v.total == v.spice + v.received]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, CharityFacts)
        out: dict[str, Any] = {"spice_gained": {facts.faction: value(v.received)}, "spice_total": value(v.total)}
        if facts.spice is None:  # the Bene Gesserit's two spice do not need it; its total does
            key = f"factions.{facts.faction}.spice"
            out["unknown"] = {"spice_total": f"the position does not give '{key}' (the spice it holds)"}
        return out

"""The next phase: the players end the phase and begin the next (after the Mentat Pause, the next turn).

``move: {action: next-phase, to: PHASE}`` (``to`` optional: checked against the order when given). The solver
fixes the outcome: ``phase`` (the phase begun) and, after the Mentat Pause, ``turn`` (the turn begun).

What a phase must have seen before it ends is read three ways:

* the order of the phases, from the position's ``phase`` (its absence leaves the question open);
* what a finished phase leaves on the board (no battle left after the Battle phase, ...): the position after the
  move is judged by the position kind's rules, and a rule it breaks that the position before it did not break
  shows the phase is not complete; a question the position after it raises that the one before it did not
  leaves the answer open;
* what a phase does that the board does not show (the storm moved, the spice blows resolved): the position's
  ``this_phase`` history, which a game record writes (``mentat replay``); a lone position rarely gives it.

The winner at the Mentat Pause is the position kind's answer on the position itself.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from checker.arrakis.history import COLLECTED, passed_on_card
from checker.arrakis.position import (
    BIDDING,
    MENTAT_PAUSE,
    NEXUS,
    PHASES,
    SPICE_BLOW,
    STORM,
    NextPhaseMove,
    Position,
    phase_words,
)
from checker.facts import Facts, Kind, Vars, fact, kind, label
from checker.names import display

# The turn's nine phases (overview:33-67); the Nexus is part of "Spice Blow and Nexus", not a phase of its own.
NINE = tuple(i for i in range(len(PHASES)) if i != NEXUS)
# Dreamrules' ten phases: the Nexus a phase of its own, after the Storm and before the Spice Blow (dreamrules:244)
TEN = (STORM, NEXUS, SPICE_BLOW, *range(NEXUS + 1, len(PHASES)))
LAST_TURN = 10  # "The game plays up to 10 turns" (overview:3); "the end of turn ten" (gf9:325)


def next_phase(index: int, nexus_first: bool = False) -> int:
    """The phase after ``index`` in the turn's order (the Storm phase after the Mentat Pause); ``nexus_first``:
    Dreamrules' ten phases, the Nexus its own phase after the Storm."""
    if nexus_first:
        return TEN[(TEN.index(index) + 1) % len(TEN)]
    if index == NEXUS:
        index = SPICE_BLOW
    return NINE[(NINE.index(index) + 1) % len(NINE)]


def follows(s: PhaseFacts) -> dict[str, Any] | bool:
    """The order rules' answer: the phase begun is the one after the position's (``s.next_index``, in the ruleset's
    order); a move naming another is refused."""
    assert s.next_index is not None
    if s.names_phase and s.to_index != s.next_index:
        return False
    return {"phase": PHASES[s.next_index]}


def follows_form(v: Any, nexus_first: bool = False) -> Any:
    """The same over the solver's variables: the next phase, in the order ``next_phase`` gives."""
    import z3

    nxt: Any = z3.IntVal(STORM)
    for i in TEN if nexus_first else range(len(PHASES)):
        nxt = z3.If(v.phase_index == i, next_phase(i, nexus_first), nxt)
    return z3.And(z3.Implies(v.names_phase, v.to_index == nxt), v.next_phase == nxt)


def phase_title(index: int | None, nexus_first: bool = False) -> str:
    """A phase as a player names it ("the Shipment and Movement phase"); ``nexus_first``: as Dreamrules names its
    ten ("the Nexus phase")."""
    if index is None:
        return "the phase"
    if index in (SPICE_BLOW, NEXUS) and not nexus_first:
        return "the Spice Blow and Nexus phase"
    return f"the {'Mentat' if nexus_first and index == MENTAT_PAUSE else phase_words(index)} phase"


def upper(words: str) -> str:
    """Words opening a sentence."""
    return words[:1].upper() + words[1:]


@dataclass
class PhaseFacts(Facts):
    """The facts of ending a phase and starting the next."""

    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    names_phase: bool = fact(False, doc="the move names the phase begun (to)")
    to_index: int = fact(0, key="move.to", doc="the phase the move names (0 when it names none)")
    turn: int | None = fact(None, key="turn", doc="the game turn")
    nexus_first: bool = fact(
        False, key="ruleset", doc="the ruleset plays the Nexus as a phase of its own after the Storm (dreamrules)"
    )
    storm_moved: bool | None = fact(None, key="this_phase", doc="this phase's history: the storm moved")
    blows: int | None = fact(None, key="this_phase", doc="spice blows resolved this phase (Basic: any pile)")
    blow_a: bool | None = fact(None, key="this_phase", doc="a spice blow resolved on pile A this phase")
    blow_b: bool | None = fact(None, key="this_phase", doc="a spice blow resolved on pile B this phase")
    bidders: int | None = fact(None, key="HAND", doc="factions whose hand is not full (eligible bidders)")
    cards_dealt: int | None = fact(None, key="cards_dealt", doc="the cards dealt for this Bidding phase's auction")
    sold: int | None = fact(None, key="this_phase", doc="cards of this auction won so far")
    eligible: list[bool] = fact(
        [], doc="each listed faction: its hand is not full, so it may bid ([]: a hand not given)"
    )
    passed_card: list[bool] = fact(
        [], doc="each listed faction: it passed since the last card sold, or the phase began ([]: no history)"
    )
    winner_due: bool | None = fact(None, key="WINNER", doc="the position names a winner (its own verdict)")
    faults: int | None = fact(None, key="AFTER", doc="rules the position after the move breaks, beyond the one before")
    fault_words: str = label("", doc="the first of those faults, as its rule says it")
    winner_words: str = label("", doc="the winner the position names, with its verb (Atreides wins)")
    after_missing: str = label("", doc="the position key the position after the move lacks")
    winner_missing: str = label("", doc="the position key the winner's verdict lacks")
    winner_open: str = label("", doc="why the position's own verdict leaves its winner open, no key lacking")
    spice_by_forces: str = label("", doc="a territory where forces stand with spice on the board ('' for none)")
    spice_given: bool = label(True, doc="the position gives 'spice' (absent: forces may stand where spice lies)")
    hand_missing: str = label("", doc="a listed faction whose hand the position does not give")
    mines: int = fact(0, key="spice_mines", doc="dreamrules: spice mines on the board")
    in_front: list[int] = fact([], doc="per faction listed: bribe spice in front of its shield (0: none or not given)")
    faction_names: list[str] = label([], doc="the factions listed, in the order of in_front")
    bribes_waiting: str = label(
        "", doc="a faction with bribe spice in front of its shield (Dreamrules' bribe pile) ('' for none)"
    )
    token_holder: str = label("", doc="dreamrules: a faction holding a tech token or the Carryall ('' for none)")

    bidder_names: list[str] = label(
        [], doc="the listed factions, as the position lists them (the order of eligible and passed_card)"
    )

    @property
    def passes_known(self) -> bool:
        """The hands and the phase's history are given: who may bid and who passed on the card up for bid."""
        return bool(self.eligible) and len(self.passed_card) == len(self.eligible)

    @property
    def all_passed(self) -> bool:
        """Every eligible bidder (one at least) passed on the card up for bid: the auction is over (overview:49)."""
        if not self.passes_known:
            return False
        return any(self.eligible) and all(p for e, p in zip(self.eligible, self.passed_card, strict=True) if e)

    @property
    def not_passed(self) -> list[str]:
        """The eligible bidders that have not passed on the card up for bid, by name."""
        if not self.passes_known:
            return []
        return [n for n, e, p in zip(self.bidder_names, self.eligible, self.passed_card, strict=True) if e and not p]

    @property
    def leaving(self) -> str:
        return phase_title(self.phase_index, self.nexus_first)

    @property
    def game_over(self) -> bool:
        """The last turn's Mentat Pause: no phase follows it."""
        return self.phase_index == MENTAT_PAUSE and (self.turn or 0) >= LAST_TURN

    @property
    def next_index(self) -> int | None:
        return None if self.phase_index is None else next_phase(self.phase_index, self.nexus_first)

    def position_key(self, key: str) -> str:
        out = key.replace("WINNER", self.winner_missing or "phase").replace("AFTER", self.after_missing or "phase")
        return out.replace("HAND", f"factions.{self.hand_missing or 'FACTION'}.hand")


def _judged(data: dict[str, Any], source: str | None) -> Any:
    """The position kind's verdict on a position's data (no move)."""
    from checker.positions import judge_position

    return judge_position(data, source)


def hand_limit(faction: str) -> int:
    """Four cards; Harkonnen's eight (gf9:59, 425; the overview's four, overview:49, and Harkonnen's sheet)."""
    return 8 if faction == "harkonnen" else 4


def _held(hand: int | list[str] | None) -> int | None:
    return len(hand) if isinstance(hand, list) else hand


def _by_spice(pos: Position, group: Any) -> bool:
    """Forces (not advisors) standing where spice lies: the same territory, and the same sector where both say.
    With no 'spice' key the board's spice is unknown: any such forces may stand by some."""
    if group.advisors or not (group.count or group.special):
        return False
    if "spice" not in pos.given:
        return True
    return any(
        p.territory == group.territory and p.amount and (p.sector is None or group.sector in (None, p.sector))
        for p in pos.spice
    )


def after_data(pos: Position, data: dict[str, Any], to: int) -> tuple[dict[str, Any], list[str]]:
    """The position's data once the next phase begins: the phase (and after the Mentat Pause the turn) moved on,
    and what a position says of the phase (or turn) just ended cleared, since it no longer holds."""
    out = {k: v for k, v in data.items() if k != "move"}
    out["phase"] = PHASES[to]
    cleared: list[str] = []
    out["this_phase"] = []  # a phase begun has seen nothing yet: from here a record knows its whole history
    new_turn = to == STORM and pos.turn is not None
    if new_turn:
        out["turn"] = pos.turn + 1  # type: ignore[operator]
    out.pop("cards_dealt", None)  # the auction's, which the Bidding phase ends
    if new_turn:
        out.pop("nexus_card", None)  # Dreamrules: the turn's Nexus card, returned and reshuffled (dreamrules:228)
    for key in ("last_battle", "acted_this_phase", "current_auction"):
        if out.pop(key, None):
            cleared.append(key)
    per_faction = ["leaders_used_this_phase", "leaders_killed_this_phase", "suppressed", "made_ordinary_move"]
    per_faction += ["shipped_this_phase"]
    per_faction += ["technology_used"] if to == BIDDING + 1 else []
    per_faction += ["kwisatz_haderach_used_in", "revived_this_turn"] if new_turn else []
    factions = out.get("factions")
    if isinstance(factions, dict):
        out["factions"] = factions = {name: dict(state or {}) for name, state in factions.items()}
        for name, state in factions.items():
            for key in per_faction:
                if state.pop(key, None):
                    cleared.append(f"factions.{name}.{key}")
            # a new turn has seen no Thumper yet (dreamrules:268: at most one a turn): known from here on
            if new_turn and "thumper_used_this_turn" in state:
                if state["thumper_used_this_turn"]:
                    cleared.append(f"factions.{name}.thumper_used_this_turn")
                state["thumper_used_this_turn"] = False
            # dreamrules:746 "Return the cache cards at the end of Battle."
            hand = state.get("hand")
            if pos.ruleset == "dreamrules" and pos.phase == "battle" and isinstance(hand, list):
                kept = [c for c in hand if str(c).lower() not in _cache_names()]
                if len(kept) != len(hand):
                    state["hand"] = kept
                    cleared.append(f"factions.{name}.hand: its Supplies cache cards (returned, dreamrules:746)")
    return out, cleared


def _cache_names() -> set[str]:
    from checker.arrakis.kinds.battle import SUPPLIES_CACHE

    return {c.lower() for c in SUPPLIES_CACHE}


@kind
class NextPhase(Kind):
    name = "next-phase"
    title = "The next phase"
    ruled = ("phase", "turn", "cards_dealt", "bribes_collected")
    decisive = ("phase",)
    outcome_keys: ClassVar[dict[str, str]] = {
        "phase": "the phase begun",
        "turn": "the turn begun (after the Mentat Pause)",
        "cards_dealt": "the Treachery Cards dealt for the auction (the Bidding phase begun)",
        "bribes_collected": "faction -> bribe spice moved from in front of its shield to behind it (the Mentat Pause "
        "begun)",
    }

    def facts(self, pos: Position) -> PhaseFacts:
        from checker.model import to_data

        m = pos.move
        assert isinstance(m, NextPhaseMove)
        here = pos.phase_index
        history = None if pos.this_phase is None else list(pos.this_phase)
        collected = {e.removeprefix(COLLECTED).strip() for e in history or () if e.startswith(COLLECTED)}
        f = PhaseFacts(
            advanced=pos.advanced,
            phase_index=here,
            names_phase=m.to is not None,
            to_index=0 if m.to is None else PHASES.index(m.to),
            turn=pos.turn,
            nexus_first=pos.ruleset == "dreamrules",
            mines=len(pos.spice_mines),
            storm_moved=None if history is None else "storm" in history,
            blows=None if history is None else sum(e.startswith("blow") for e in history),
            blow_a=None if history is None else "blow-a" in history,
            blow_b=None if history is None else "blow-b" in history,
            cards_dealt=pos.cards_dealt,
            sold=None if history is None else history.count("card-sold"),
        )
        f.bribes_waiting = next((n for n, st in pos.factions.items() if st.bribes_waiting), "")
        f.faction_names = list(pos.factions)
        f.in_front = [st.bribes_waiting or 0 for st in pos.factions.values()]
        f.token_holder = next((n for n, st in pos.factions.items() if st.tech_tokens or st.carryall), "")
        hands = {name: _held(state.hand) for name, state in pos.factions.items()}
        f.hand_missing = next((name for name, held in hands.items() if held is None), "")
        if not f.hand_missing:
            f.bidders = sum(held < hand_limit(name) for name, held in hands.items() if held is not None)
            f.bidder_names = list(hands)  # as the position lists them
            f.eligible = [(hands[name] or 0) < hand_limit(name) for name in f.bidder_names]
            if history is not None:
                passed = passed_on_card(history)
                f.passed_card = [name in passed for name in f.bidder_names]
        f.spice_given = "spice" in pos.given
        f.spice_by_forces = next(
            (g.territory for g in pos.forces if g.territory not in collected and _by_spice(pos, g)), ""
        )
        if here is None:
            return f
        data = to_data(dataclasses.replace(pos, move=None))
        judged_before: list[Any] = []

        def before() -> Any:
            """The position's own verdict, worked out only where the answer needs it (it costs a whole check)."""
            if not judged_before:
                judged_before.append(_judged(data, None))
            return judged_before[0]

        if here == MENTAT_PAUSE:
            own = before()
            winner = own.outcome.get("winner")
            if (winner is None or "winner" in own.outcome.get("unknown", {})) and own.missing:
                f.winner_missing = own.missing[0]
            elif winner is None or "winner" in own.outcome.get("unknown", {}):
                f.winner_open = own.reason or "the position's own verdict names no winner"
            else:
                f.winner_due = winner != "none"
                names = [display(w) for w in (winner if isinstance(winner, list) else [winner])]
                f.winner_words = " and ".join(names) + (" win" if len(names) > 1 else " wins")
        if f.game_over:
            return f  # no phase follows: nothing to judge after it
        after, _ = after_data(pos, data, next_phase(here, f.nexus_first))
        judged = _judged(after, None)
        if judged.verdict == "invalid-position":
            was = set(before().forbidding())
            new = [x for x in judged.findings if x.effect == "forbids" and x.rule.id not in was]
            f.faults = len(new)
            f.fault_words = new[0].message if new else ""
        elif judged.verdict == "unresolved" and not judged.open_rules() <= before().open_rules():
            f.after_missing = (judged.missing or ["phase"])[0]
        else:
            f.faults = 0
            if judged.verdict == "unresolved":
                f.notes.append(
                    "the position after the move leaves open only what the position before it leaves open: the "
                    "phase is taken to end complete as far as the board shows"
                )
        return f

    def choices(self, v: Any, facts: Facts) -> None:  # v: Vars, given new choice attributes
        import z3

        v.next_phase = z3.Int("next_phase")  # the phase begun
        v.next_turn = z3.Int("next_turn")  # the turn begun
        v.dealt = z3.Int("dealt")  # the cards dealt for the auction
        assert isinstance(facts, PhaseFacts)
        v.collected = [z3.Int(f"collected_{i}") for i in range(len(facts.in_front))]  # bribes behind the shields

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        next_value = value(v.next_phase)  # type: ignore[attr-defined]
        out: dict[str, Any] = {"phase": PHASES[next_value] if 0 <= next_value < len(PHASES) else next_value}
        out["turn"] = value(v.next_turn)  # type: ignore[attr-defined]
        out["cards_dealt"] = value(v.dealt)  # type: ignore[attr-defined]
        assert isinstance(facts, PhaseFacts)
        collected = zip(facts.faction_names, (value(c) for c in v.collected), strict=True)  # type: ignore[attr-defined]
        out["bribes_collected"] = {name: n for name, n in collected if n}
        return out

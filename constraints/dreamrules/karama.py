"""Dreamrules: Karama (dreamrules:776-982), a play of the card (or a Bene Gesserit worthless card as one).

A Karama that stops an advantage names the opposing faction's eligible advantage (``move.cancels``, by its heading
in the chapter: ``Sardaukar``, ``Leto's Tithe``, ...), is played at that advantage's window, and suppresses it for
the rest of the phase (outcome ``suppressed``; later positions list it in ``factions.X.suppressed``, which the other
kinds read). There are no special faction Karama powers (the Fates are separate). Taking an auction card is a ``bid``
move (dreamrules.bidding.affordable); a shipment's discount is a ship question (``move.karama``). An entry the book
says "specifies no Karama interaction" is under the council's Karama review (#1852): unresolved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import z3

from checker.arrakis.kinds.play import DR_ADVANTAGES, PlayFacts, phase_title
from checker.arrakis.position import PHASES
from checker.names import display, whose
from checker.rules import chapter, rule

chapter("play", "dreamrules:776-982")

# dreamrules:794 (a Karama halving a shipment's cost) is a ship question: move.karama on the ship move
# (dreamrules.shipment.karama-half, constraints/dreamrules/shipment.py).


@dataclass(frozen=True)
class Entry:
    """One entry of the chapter's list: its line and window."""

    line: int
    kind: str  # window | any | none (no interaction specified, #1852) | immune | unstated
    phases: tuple[str, ...] = ()
    stage: str = ""  # battle: "commit" (before plans are committed) or "reveal" (before they are revealed)
    words: str = ""  # the window as the line says it


SM = "shipment-and-movement"
ENTRIES: dict[str, Entry] = {
    "Bidding Prescience": Entry(810, "window", ("bidding",), words="Bidding, before inspection"),
    "Nexus Prescience": Entry(814, "window", ("storm",), words="Storm"),
    "Battle Prescience": Entry(818, "window", ("battle",), "reveal", "at the Prescience window, before the answer"),
    "Kwisatz Haderach": Entry(822, "window", ("battle",), "commit", "before battle-plan commitment"),
    "Leto's Tithe": Entry(826, "window", ("spice-collection",), words="Spice Collection"),
    "Extra Treachery Cards": Entry(830, "window", ("bidding",), words="Bidding, before drawing"),
    "Captured Leaders": Entry(834, "window", ("battle",), words="at the leader-capture step"),
    "Vladimir's Spite": Entry(838, "window", ("battle",), "commit", "before battle-plan commitment"),
    "Extra Traitors": Entry(842, "none"),
    "Bidding Payments": Entry(846, "window", ("bidding",), words="before the first bid on a card"),
    "Shaddam's Favor": Entry(850, "window", ("bidding",), words="Bidding, before the phase ends"),
    "Sardaukar": Entry(854, "window", ("battle",), "commit", "before battle-plan commitment"),
    "Shipping Payments": Entry(858, "window", (SM,), words="Shipment and Movement"),
    "Discount Shipping": Entry(862, "window", (SM,), words="Shipment and Movement"),
    "Three Types of Shipment": Entry(866, "window", (SM,), words="Shipment and Movement"),
    "Three Types of Interjection": Entry(870, "unstated", words="before Guild's normal turn in storm order"),
    "Retreat": Entry(874, "window", ("battle",), "commit", "before battle-plan commitment"),
    "Free Spice Dialing": Entry(878, "window", ("battle",), "commit", "before battle-plan commitment"),
    "Fedaykin": Entry(882, "window", ("battle",), "commit", "before battle-plan commitment"),
    "Fanatical Tactics": Entry(886, "window", ("battle",), words="at its early card-reveal window"),
    "Native Movement": Entry(890, "window", (SM,), words="Shipment and Movement"),
    "Zensunni Path": Entry(894, "window", (SM,), words="Shipment and Movement"),
    "Worm Riding": Entry(898, "window", ("spice-blow",), words="Spice Blow"),
    "Storm Immunity": Entry(902, "window", ("storm", SM), words="Storm or Shipment and Movement"),
    "Storm Knowledge": Entry(906, "window", ("storm",), words="Storm"),
    "Spice Blow Knowledge": Entry(910, "window", ("spice-blow",), words="Spice Blow"),
    "Rallying Shipment": Entry(914, "none"),
    "Thumpers": Entry(914, "none"),
    "Rain on Arrakis": Entry(914, "none"),
    "Charity": Entry(918, "window", ("choam-charity",), words="CHOAM Charity"),
    "Worthless Karama": Entry(922, "any", words="any phase"),
    "The Voice": Entry(926, "window", ("battle",), "reveal", "at the Voice window"),
    "Spiritual Advisors": Entry(930, "window", (SM,), words="Shipment and Movement, before an affected flip"),
    "Prediction": Entry(934, "immune"),
    "Political Marriages": Entry(934, "immune"),
    "Infiltration": Entry(938, "window", ("storm",), words="Storm"),
    "Revival Income": Entry(942, "window", ("revival",), words="Revival"),
    "Discount Revival": Entry(946, "window", ("revival",), words="Revival"),
    "Synthetic Spice": Entry(950, "window", (SM,), words="Shipment and Movement"),
    "Zoal": Entry(954, "window", ("battle",), "commit", "before battle-plan commitment"),
    "Dishonorable": Entry(958, "none"),
    "General Bidding Knowledge": Entry(962, "window", ("bidding",), words="Bidding, before the batch is inspected"),
    "Technology": Entry(966, "window", ("bidding",), words="Bidding"),
    "Augmented Troops": Entry(970, "window", ("battle",), "commit", "before battle-plan commitment"),
    "Cyborgs": Entry(970, "immune"),
    "Hidden Mobile Surveyor": Entry(974, "window", ("mentat-pause",), words="Mentat"),
    "Shared Treachery Cards": Entry(978, "any", words="any phase"),
    "Initial Treachery Knowledge": Entry(982, "none"),
}
assert list(ENTRIES) == [name for name, _holder in DR_ADVANTAGES], "ENTRIES and play.DR_ADVANTAGES must agree"
INDEX = {name: i for i, (name, _holder) in enumerate(DR_ADVANTAGES, 1)}
STOPPABLE = tuple(INDEX[n] for n, e in ENTRIES.items() if e.kind in ("window", "any"))


def slug(name: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in name.lower().replace("'", "")).split())


def _stop(s: PlayFacts) -> bool:
    """A Karama played to stop an advantage (``cancels`` given), under dreamrules."""
    return s.karama and s.karama_use == 0 and s.dr_advantage is not None


def _named(index: int) -> Callable[[PlayFacts], bool]:
    def when(s: PlayFacts) -> bool:
        return _stop(s) and s.dr_advantage == index

    return when


def _of(s: PlayFacts) -> str:
    return f"{whose(s.dr_holder)} {s.dr_name}"


# -- the uses -----------------------------------------------------------------------------------------
# dreamrules:786 "Name the opposing faction and the eligible advantage you are stopping. Play at that advantage's
#                 declaration window. ..."
# dreamrules:802 "First choose the use. For suppression, name one eligible advantage and check its timing. ..."


@rule(
    "dreamrules.karama.names",
    on="play",
    cites="dreamrules:786,802",
    title="A Karama that stops an advantage names it",
    permits=lambda s, _o: f"{display(s.faction)} plays {s.card} to stop {s.dr_name or s.cancels}.",
    needs=("karama_use", "dr_advantage"),
    when=lambda s: s.karama and s.karama_use != 1,
    replaces="gf9.cards.karama-names-advantage",
    one_sided="it asks which use of Karama, and which advantage it names; it never forbids",
)
def names(s: PlayFacts) -> bool:
    """A Karama played to suppress names the advantage (``move.cancels``); without the use or the name the
    answer waits for them."""
    return True


@names.z3
def _(v: Any) -> Any:
    return v.karama_use == 0


@rule(
    "dreamrules.karama.opposing",
    on="play",
    cites="dreamrules:786",
    title="A Karama stops an opposing faction's advantage",
    forbids=lambda s, _o: f"{s.dr_name} is {whose(s.faction)} own advantage: Karama names the opposing faction's.",
    permits=lambda s, _o: f"{s.dr_name} is {whose(s.dr_holder)} advantage, not {whose(s.faction)}.",
    when=lambda s: _stop(s) and bool(s.dr_advantage),
)
def opposing(s: PlayFacts) -> bool:
    """The advantage named belongs to an opposing faction, not to the player."""
    return not s.dr_own


@opposing.z3
def _(v: Any) -> Any:
    return z3.Not(v.dr_own)


@rule(
    "dreamrules.karama.unlisted",
    on="play",
    cites="dreamrules:802",
    see_also="dreamrules:786",
    title="Whether the advantage named is an eligible one",
    status="unresolved",
    reason="the Karama names an advantage the Karama chapter does not list (move.cancels); dreamrules:802 stops "
    "'one eligible advantage', and the chapter lists: " + ", ".join(n for n, _h in DR_ADVANTAGES),
    when=lambda s: _stop(s) and s.dr_advantage == 0 and s.cancels_index in (0, None),
    replaces="gf9.cards.karama-advantage-unknown",
    one_sided="an open question: whether the named thing is an eligible advantage is not encoded",
)
def unlisted(s: PlayFacts) -> bool:
    """A name the chapter does not list leaves the question open."""
    return True


@unlisted.z3
def _(v: Any) -> Any:
    return z3.BoolVal(True)


# dreamrules:778 "Stopping an advantage suppresses that advantage for the rest of the current phase. A single use
#                 does not stop every advantage of the faction. Suppression ends with the phase."


@rule(
    "dreamrules.karama.suppress",
    on="play",
    cites="dreamrules:778",
    see_also="dreamrules:798",
    title="Stopping an advantage suppresses it for the rest of the phase",
    permits=lambda s, _o: f"{_of(s)} is suppressed for the rest of the phase (and only that advantage).",
    defines=("suppressed",),
    when=lambda s: _stop(s) and s.dr_advantage in STOPPABLE,
    one_sided="it says what the play does; it never forbids",
)
def suppress(s: PlayFacts) -> dict[str, Any]:
    """The advantage named, and only it, is suppressed for the rest of the current phase."""
    return {"suppressed": {s.dr_holder: [s.dr_name]}}


@suppress.z3
def _(v: Any) -> Any:
    return v.suppresses


# dreamrules:782 "Dreamrules has no special faction Karama powers. Each faction has its own Fate ability, activated
#                 with a matching worthless card."


@rule(
    "dreamrules.karama.no-powers",
    on="play",
    cites="dreamrules:782",
    title="No special faction Karama powers",
    forbids=lambda s, _o: (
        f"{display(s.faction)} has no special Karama power under dreamrules: a Fate is activated with a matching "
        "worthless card, not a Karama."
    ),
    permits="The Karama is not spent on a special faction power.",
    when=lambda s: s.is_karama_card,
    replaces=(
        "gf9.cards.karama-power-bene-gesserit",
        "gf9.cards.karama-power-once",
        "gf9.cards.karama-power-atreides",
        "gf9.cards.karama-power-fremen-phase",
        "gf9.cards.karama-power-fremen-sand",
        "gf9.cards.karama-power-unprinted",
    ),
    differs="gf9:483 lets each faction but the Bene Gesserit spend a Karama on its special power once per game; "
    "dreamrules:782 has no special faction Karama powers",
)
def no_powers(s: PlayFacts) -> bool:
    """A Karama card is never spent on a special faction power (``karama_use: power``)."""
    return s.karama_use != 1


@no_powers.z3
def _(v: Any) -> Any:
    return v.karama_use != 1


# -- the chapter's entries: each advantage's window (dreamrules:808-982) ------------------------------------------
# dreamrules:806 "The battle sequence matters. ... Several other battle advantages must be stopped before plans are
#                 committed, even when their effects would happen after reveal. ..."


def _window_check(index: int, e: Entry) -> tuple[Any, Any]:
    want = tuple(PHASES.index(p) for p in e.phases)

    def check(s: PlayFacts) -> bool:
        if s.phase_index not in want:
            return False
        if e.stage == "commit":
            return not s.plans_committed
        if e.stage == "reveal":
            return not s.plans_revealed
        return True

    def form(v: Any) -> Any:
        parts = [z3.Or(*[v.phase_index == p for p in want])]
        if e.stage == "commit":
            parts.append(z3.Not(v.plans_committed))
        if e.stage == "reveal":
            parts.append(z3.Not(v.plans_revealed))
        return z3.And(*parts)

    return check, form


def _late(e: Entry) -> str:
    return "committed" if e.stage == "commit" else "revealed"


def _window(name: str, e: Entry) -> None:
    index = INDEX[name]
    check, form = _window_check(index, e)
    when_phases = " or ".join(phase_title(PHASES.index(p)) for p in e.phases)

    def forbids(s: PlayFacts, _o: Any, e: Entry = e, name: str = name) -> str:
        window = f"Karama stops {name} only at its window, {e.words} (dreamrules:{e.line})."
        if s.phase_index is not None and PHASES[s.phase_index] in e.phases:
            return f"The battle plans are {_late(e)}: {window}"
        return f"It is {phase_title(s.phase_index)}: {window}"

    def permits(s: PlayFacts, _o: Any, e: Entry = e, name: str = name) -> str:
        return f"It is {phase_title(s.phase_index)}: within {name}'s Karama window, {e.words} (dreamrules:{e.line})."

    check.__doc__ = f"Karama stops {name} only in {when_phases}, {e.words} (dreamrules:{e.line})."
    r = rule(
        f"dreamrules.karama.{slug(name)}",
        on="play",
        cites=f"dreamrules:{e.line}",
        see_also="dreamrules:806" if e.stage else "",
        title=f"Karama stops {name} at its window",
        forbids=forbids,
        permits=permits,
        needs=("phase_index",),
        when=_named(index),
        replaces="gf9.cards.karama-before-reveal" if name == "Captured Leaders" else (),
    )(check)
    r.z3(form)


def _any(name: str, e: Entry) -> None:
    index = INDEX[name]

    def check(_s: PlayFacts) -> bool:
        return True

    check.__doc__ = f"{name} may be stopped in any phase (dreamrules:{e.line})."
    r = rule(
        f"dreamrules.karama.{slug(name)}",
        on="play",
        cites=f"dreamrules:{e.line}",
        title=f"Karama stops {name} in any phase",
        permits=lambda s, _o: f"{s.dr_name} may be stopped in any phase ({phase_title(s.phase_index)} included).",
        when=_named(index),
        one_sided="its window is any phase: no timing forbids it",
    )(check)
    r.z3(lambda _v: z3.BoolVal(True))


def _immune(name: str, e: Entry) -> None:
    index = INDEX[name]
    why = {
        "Prediction": "Prediction has no Karama interaction",
        "Political Marriages": "the Voice granted by Political Marriages cannot be stopped by Karama",
        "Cyborgs": "Cyborgs themselves are immune to Karama",
    }[name]

    def check(_s: PlayFacts) -> bool:
        return False

    check.__doc__ = f"{why} (dreamrules:{e.line})."
    r = rule(
        f"dreamrules.karama.{slug(name)}",
        on="play",
        cites=f"dreamrules:{e.line}",
        see_also="dreamrules:1220" if name == "Cyborgs" else "",
        title=f"Karama cannot stop {name}",
        forbids=f"Karama cannot stop it: {why} (dreamrules:{e.line}).",
        when=_named(index),
        one_sided="it names what Karama cannot affect; it never permits",
    )(check)
    r.z3(lambda _v: z3.BoolVal(False))


def _open(name: str, e: Entry) -> None:
    index = INDEX[name]
    if e.kind == "none":
        reason = (
            f"the faction sheet specifies no Karama interaction for {name} (dreamrules:{e.line}); the Karama "
            "interaction review is an open council question (#1852, dreamrules:1372): provisionally Karama does not "
            "stop it, but the book does not settle it"
        )
        see = "dreamrules:1372"
    else:
        reason = (
            f"{name}'s window is 'before Guild's normal turn in storm order' (dreamrules:{e.line}): the line names no "
            "phase, and the position has no key for the Guild's turn not having come yet"
        )
        see = ""

    def check(_s: PlayFacts) -> bool:
        return True

    check.__doc__ = f"Open: {reason}"
    r = rule(
        f"dreamrules.karama.{slug(name)}",
        on="play",
        cites=f"dreamrules:{e.line}",
        see_also=see,
        title=f"Whether Karama stops {name}",
        status="unresolved",
        reason=reason,
        when=_named(index),
        one_sided="an open question: it makes the answer unresolved",
    )(check)
    r.z3(lambda _v: z3.BoolVal(True))


for _name, _e in ENTRIES.items():
    if _e.kind == "window":
        _window(_name, _e)
    elif _e.kind == "any":
        _any(_name, _e)
    elif _e.kind == "immune":
        _immune(_name, _e)
    else:
        _open(_name, _e)

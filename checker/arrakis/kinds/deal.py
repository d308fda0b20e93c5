"""Deals and written notes (dreamrules:188-192, 588-650): two kinds of question.

* ``deal``: ``move: {action: deal, factions: [A, B], terms: [...]}``: a binding deal, its terms stated aloud.
  ``terms`` says what is promised (``information``, ``card-information`` about a card up for bid, ``action``,
  ``spice``, ``end-infiltration``, ``transfer`` of cards, leaders or troops, ``faction-power``). The answer is
  whether the factions may make it; the deal has no outcome.
* ``note``: ``move: {action: note, faction: F, about: treachery-cards | deal}``: a faction keeps written notes.

The position format has no key for a deal already made or a Truthtrance pause in progress: the answer assumes
the deal is made in the open game (notes say so).
"""

from __future__ import annotations

from dataclasses import dataclass

from checker.arrakis.position import DealMove, NoteMove, Position
from checker.errors import InputError
from checker.facts import Facts, Kind, fact, kind, label

# What a deal may promise (dreamrules:596); what it may not (dreamrules:598); what Bene Tleilax may bind itself to
# (dreamrules:344, 628, 1174: buying information about cards up for bid, paying for it, ending an Infiltration).
MAY_PROMISE = ("information", "card-information", "action", "spice", "end-infiltration")
TLEILAXU_TERMS = ("card-information", "spice", "end-infiltration")


def terms_words(terms: list[str]) -> str:
    """A deal's terms in words: ``spice, information and action``."""
    words = [t.replace("-", " ") for t in terms] or ["nothing"]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@dataclass
class DealFacts(Facts):
    """The facts of a deal between factions."""

    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    parties: int = fact(0, doc="how many factions make the deal")
    allied: bool = fact(False, doc="two of the parties are allies")
    tleilaxu: bool = fact(False, doc="Bene Tleilax is a party")
    terms_known: bool | None = fact(None, key="move.terms", doc="the deal's terms are given")
    forbidden_terms: int = fact(0, doc="terms a deal may not include (a transfer, a faction power)")
    basic: bool = fact(False, key="advanced", doc="the Basic game (binding deals are an Advanced rule in gf9)")
    tleilaxu_other: int = fact(0, doc="terms beyond the information, payment and Infiltration Bene Tleilax may bind")
    tleilaxu_exception: bool = fact(False, doc="the terms buy card information or end an Infiltration")
    end_infiltration: bool = fact(False, doc="the terms end a Face Dancer Infiltration")
    factions: list[str] = label([], doc="the parties")
    allies: list[str] = label([], doc="two allied parties")
    terms: list[str] = label([], doc="the terms, as given")


@kind
class Deal(Kind):
    name = "deal"
    title = "A binding deal"

    def facts(self, pos: Position) -> DealFacts:
        m = pos.move
        assert isinstance(m, DealMove)
        if len(set(m.factions)) != len(m.factions) or len(m.factions) < 2:
            raise InputError("move.factions", "two or more different factions making the deal", m.factions)
        allied = next(
            ([a, b] for i, a in enumerate(m.factions) for b in m.factions[i + 1 :] if b in pos.allies_of(a)), []
        )
        terms: list[str] = list(m.terms or [])
        f = DealFacts(
            faction=m.factions[0],
            advanced=pos.advanced,
            phase_index=pos.phase_index,
            parties=len(m.factions),
            basic=not pos.advanced,
            allied=bool(allied),
            tleilaxu="bene-tleilax" in m.factions,
            terms_known=None if m.terms is None else True,
            forbidden_terms=len([t for t in terms if t not in MAY_PROMISE]),
            tleilaxu_other=len([t for t in terms if t not in TLEILAXU_TERMS]),
            tleilaxu_exception=any(t in ("card-information", "end-infiltration") for t in terms),
            end_infiltration="end-infiltration" in terms,
            factions=list(m.factions),
            allies=allied,
            terms=terms,
        )
        f.notes.append(
            "the position has no key for a Truthtrance pause in progress: the deal is taken to be made outside one "
            "(dreamrules:994 allows no binding deal during it)"
        )
        return f


@dataclass
class NoteFacts(Facts):
    """The facts of a note a faction writes."""

    about_cards: bool = fact(False, doc="the notes record Treachery Cards")
    about_deal: bool = fact(False, doc="the notes record a public deal")
    is_atreides: bool = fact(False)


@kind
class Note(Kind):
    name = "note"
    title = "Written notes"

    def facts(self, pos: Position) -> NoteFacts:
        m = pos.move
        assert isinstance(m, NoteMove)
        return NoteFacts(
            faction=m.faction,
            advanced=pos.advanced,
            about_cards=m.about == "treachery-cards",
            about_deal=m.about == "deal",
            is_atreides=m.faction == "atreides",
        )

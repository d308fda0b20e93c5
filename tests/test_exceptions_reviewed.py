"""A rule that can forbid must not ignore an exception its own lines name (dreamrules:568's "including Bene Gesserit
advisors, allow coexistence"). Every Dreamrules rule in force outside the battle whose quoted lines say "except",
"exception", "including" or "unless" is on the review list below, with how the exception is honoured; a new one
fails this test until it is reviewed. (The battle's rules are reviewed beside the battle chapter.)"""

from __future__ import annotations

import re

from checker.rules import cites_under, ruleset_rules
from checker.sources import lines

WORDS = re.compile(r"\b(except|exceptions?|including|unless)\b", re.IGNORECASE)

REVIEWED: dict[str, str] = {
    "dreamrules.bidding.favor-suppressed": "'including after the final sale' widens Karama's window",
    "dreamrules.deals.infiltration-mentat": "is the exception of dreamrules:628 (ending an Infiltration, in Mentat)",
    "dreamrules.deals.tleilaxu-binding": "its check admits both exceptions (card information, ending an Infiltration)",
    "dreamrules.deals.tleilaxu-information": "is the exception (buying information about a card up for bid)",
    "dreamrules.deals.tleilaxu-mentat": "leaves Bene Tleilax's paying during Bidding to dreamrules.deals."
    "tleilaxu-information (move.information)",
    "dreamrules.fates.stone-burner-battle": "'including Fremen' widens whose troops; the step is a gap",
    "dreamrules.karama.battle-prescience": "'including after the question' widens the window",
    "dreamrules.karama.bidding-payments": "'including spice used for subsidy' widens the effect",
    "dreamrules.karama.discount-revival": "'including the three-troop limit' names what returns",
    "dreamrules.karama.extra-treachery-cards": "'including after winning an auction' widens the window",
    "dreamrules.karama.native-movement": "'including after movement is declared' widens the window",
    "dreamrules.karama.shaddams-favor": "'including after the final sale' widens the window",
    "dreamrules.karama.zensunni-path": "'including its closing window' widens the window",
    "dreamrules.movement.allies": "the Polar Sink, the ally's Bene Gesserit advisors, troops aboard the Surveyor and "
    "the Bene Gesserit moving advisors that stay advisors all permit",
    "dreamrules.movement.native-suppressed": "'including after movement is declared' widens the window",
    "dreamrules.movement.zensunni-end": "'including the Guild' widens who must have finished",
    "dreamrules.movement.zensunni-fremen": "'including themselves' admits the Fremen",
    "dreamrules.movement.zensunni-suppressed": "'including its closing window' widens the window",
    "dreamrules.notes.treachery-atreides": "names Atreides, the one faction excepted; public deals are #1850's gap",
    "dreamrules.position.allies-apart": "the Polar Sink, Bene Gesserit advisors and the Surveyor are apart",
    "dreamrules.position.surveyor-ixians-only": "'including Bene Gesserit advisors' widens the ban",
    "dreamrules.revival.discount-suppressed": "'including the three-troop limit' names what returns",
    "dreamrules.revival.ghola-in-hand": "gf9:59's Karama clause is the bid's, not the hand's",
    "dreamrules.revival.prison-planet-affordable": "battle step 3 is dreamrules.revival.prison-planet-battle's gap",
    "dreamrules.revival.prison-planet-emperor": "battle step 3 is dreamrules.revival.prison-planet-battle's gap",
    "dreamrules.revival.prison-planet-five": "battle step 3 is dreamrules.revival.prison-planet-battle's gap",
    "dreamrules.shipment.affordable": "the ally's agreed cover is move.ally_support, counted",
    "gf9.alliances.break-in-nexus": "Dreamrules names no effect that changes an alliance outside a Nexus",
    "gf9.bidding.hand-full": "a full hand passes even with Karama; the Karama clause of gf9:173 is removed "
    "(gf9.bidding.karama-held)",
    "gf9.cards.in-hand": "gf9:59's Karama clause is the bid's, not the hand's",
    "gf9.collection.advisors": "the Ixian Cyborgs' rate is dreamrules.collection.cyborgs",
    "gf9.position.traitor-cards": "'including your own leaders' widens what is kept",
    "gf9.revival.kh-atreides": "forbids only another faction reviving the Kwisatz Haderach",
    "gf9.revival.kh-in-tanks": "the Ghola and Tleilaxu exceptions are to the revival's eligibility, not to the "
    "token being dead (gf9.revival.kh-tleilaxu's gap)",
    "gf9.position.kh-dead-active": "the Ghola and Tleilaxu exceptions are to the revival's eligibility, not to how "
    "the token dies",
    "gf9.blow.karama-cancels": "is gf9:401's exception itself ('unless an applicable cancellation'); its key, "
    "move.karama_cancels, is an input error under dreamrules (Karama stops Worm Riding for the phase, dreamrules:898)",
    "gf9.setup.harkonnen-traitors": "Bene Tleilax is dealt none: the rule asks only Harkonnen",
    "gf9.shipment.bg-advisor": "'unless it becomes alone' is the flip, not the placement",
    "overview.setup.keep-one-traitor": "Bene Tleilax, dealt none, keeps one of its five (dreamrules:158)",
}


def _flagged() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for rid, r in ruleset_rules("dreamrules").items():
        if r.on == "battle" or r.open or not r.forbids:
            continue
        hits = [
            f"{c.doc}:{n}"
            for c in cites_under(r, "dreamrules")
            for n in range(c.first, c.last + 1)
            if WORDS.search(lines(c.doc)[n - 1])
        ]
        if hits:
            out[rid] = hits
    return out


def test_every_forbidding_rule_quoting_an_exception_is_reviewed() -> None:
    flagged = _flagged()
    unreviewed = {rid: hits for rid, hits in flagged.items() if rid not in REVIEWED}
    assert not unreviewed, f"rules quoting an exception, not yet reviewed: {unreviewed}"
    stale = sorted(set(REVIEWED) - set(flagged))
    assert not stale, f"reviewed rules no longer flagged (remove them): {stale}"
    assert all(REVIEWED[rid] for rid in flagged)

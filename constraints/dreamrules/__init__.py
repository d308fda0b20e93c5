"""Dreamrules v0.8 (``dreamrules``): a fan variant of GF9's Advanced game, as a delta over ``gf9``.

Like a python-chess variant, the layer states only what it changes: its own rules (new ones, and
those that ``replaces=`` a gf9 rule, each beside its lines), the gf9 rules it ``removes`` (with why),
and everything else is GF9's Advanced game unchanged (dreamrules:15 "Dreamrules builds on GF9's
Advanced Game"). A question the book leaves to its council (#1835 to #1862) answers ``unresolved``.
"""

from checker.rules import layer
from constraints.gf9 import from_conquest

layer(
    "dreamrules",
    family="checker.arrakis",
    base="gf9",
    title="Dreamrules v0.8, over GF9's Advanced game",
    removes={
        # shipment (constraints/dreamrules/shipment.py)
        "gf9.shipment.guild-retrieve-odd": "dreamrules:424 halves every kind of Guild shipment, territory to "
        "reserves included, 'rounding the total up': an odd return to reserves is not open under Dreamrules",
        "gf9.shipment.guild-retrieve-odd-afford": "dreamrules:424 rounds an odd return to reserves up: its price is "
        "not open under Dreamrules",
        # setup (constraints/dreamrules/setup.py)
        "gf9.setup.expansion-faction": "Dreamrules prints the Ixians' and Bene Tleilax's setups (dreamrules:166, "
        "1168, 1210): dreamrules.setup.ixians-*, dreamrules.setup.tleilax-*",
        "gf9.setup.bg-advisor-side": "dreamrules:164 places 'one troop' in an unoccupied territory and does not say "
        "which side it shows: dreamrules.setup.bg-posture",
        "overview.position.players": "Dreamrules covers eight factions (dreamrules:118) and describes a six-player "
        "setup (dreamrules:158): dreamrules.setup.players",
        # economy (constraints/dreamrules/{bidding,revival,victory}.py)
        "gf9.bidding.karama-held": "no bid may exceed what the bidder can pay, Karama or not (dreamrules:328); "
        "Karama takes the card unpaid instead (dreamrules:790): dreamrules.bidding.affordable",
        "gf9.bidding.karama-price": "Karama does not raise a bid (dreamrules:328): it takes the card up for auction "
        "without paying spice (dreamrules:790)",
        "gf9.revival.leader-never-all-dead": "leader revival begins with one or fewer leaders available, not all "
        "five dead (dreamrules:386): dreamrules.revival.leader-available, dreamrules.revival.leader-continue",
        "gf9.revival.emperor-three": "Dreamrules has no Emperor payment for its ally's extra revivals: allies "
        "cannot pay directly for one another (dreamrules:1088): dreamrules.revival.no-ally-payment",
        "gf9.revival.emperor-cost": "no Emperor payment for its ally's revivals (dreamrules:1088)",
        "gf9.revival.emperor-spice": "no Emperor payment for its ally's revivals (dreamrules:1088)",
        # Karama (constraints/dreamrules/karama.py): each advantage's window is its entry's rule
        "gf9.cards.karama-attempted-phase": "a Karama is played at the advantage's declaration window "
        "(dreamrules:786), each entry of the chapter giving its own: dreamrules.karama.<entry>",
        "gf9.cards.karama-attempted-holder": "a Karama names the opposing faction's eligible advantage "
        "(dreamrules:786), by its heading in the chapter: dreamrules.karama.<entry>",
        "gf9.cards.karama-attempt-open": "the chapter's own prescience entries give their windows "
        "(dreamrules:810-818): dreamrules.karama.bidding-prescience and the others",
        "gf9.position.guild-special": "The Guild has no stallout victory (dreamrules:700; dreamrules:11-13)",
    },
    names={"imperium": "emperor"},  # Conquest's Imperium is the Emperor's house
    carry=from_conquest,
    whole_game=True,  # a kind of question is answered only once the book's chapter on it is encoded
    open_questions=r"^(#\d{4}): (.+?)\.?$",  # the council's questions, listed at dreamrules:1352-1394
    book_links=(
        "The council's open questions and the rules that recognise each: {doc}`/_generated/rules/open-dreamrules`.",
    ),
)

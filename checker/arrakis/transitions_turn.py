"""How the legal moves of a turn around the board carry an Arrakis position forward (``mentat apply``): a winning
bid, a Spice Card turned over, a Treachery Card played, alliances, bribes and gifts, Dreamrules' worms, Thumpers,
the Surveyor, Vladimir's Spite, the Ixians' Technology, deals and the Guild's interjection (which change nothing a
position records). Each applies what its verdict's outcome says, and the move itself (the card that leaves the
hand, the Thumper spent); a variant whose consequences the outcome does not give answers unresolved
(``NotCarried``), never a guessed position: so are a tech token drawn at random (the record does not say which) and
the Guild's Retreat (council questions #1839, #1841)."""

from __future__ import annotations

import dataclasses
from typing import Any

from checker.arrakis.board import SECTORS
from checker.arrakis.history import PASSED, SOLD
from checker.arrakis.position import (
    AllyMove,
    BidMove,
    BribeMove,
    FactionState,
    GiveMove,
    MoveSurveyorMove,
    PlayMove,
    Position,
    SpiceGroup,
    SpiteMove,
    TakeTechTokenMove,
    TechnologyMove,
    ThumperMove,
)
from checker.arrakis.transitions import _decided, _spice, _struck, _written, happened, lose, to_tanks
from checker.engine import Verdict
from checker.game import NotCarried
from checker.model import to_data
from checker.names import whose

Carried = tuple[dict[str, Any], list[str]]
SHIELD_WALL = "Shield Wall"


# -- bidding ---------------------------------------------------------------------------------------------------


def bid(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """A pass changes nothing on the board: the phase's history records it (``passed: FACTION``). A bid the move
    says wins the card (``wins: true``: every other faction passed after it) is paid as the outcome says (the
    bidder, and its ally for the share it promised, pay ``cost`` to ``paid_to``) and the ``cards_gained`` join the
    bidder's hand. A Dreamrules bid that does not win is the auction's new high bid (``current_auction``); a GF9 or
    overview position records no auction, so such a bid is not carried."""
    m = pos.move
    assert isinstance(m, BidMove)
    if m.amount is None:
        if pos.ruleset == "dreamrules":
            raise NotCarried(
                "Mentat does not carry a Dreamrules pass yet: the last pass closes the auction for its high bidder, "
                "which the outcome does not give"
            )
        out = {k: v for k, v in data.items() if k != "move"}
        happened(out, f"{PASSED} {m.faction}")  # all passing on a card ends the auction (overview:49)
        return out, []
    if not m.wins:
        if pos.ruleset == "dreamrules":
            out = {k: v for k, v in data.items() if k != "move"}
            out["current_auction"] = {"high_bidder": m.faction, "high_bid": m.amount}
            return out, [f"{m.faction} holds the high bid ({m.amount}): the auction goes on (current_auction)"]
        raise NotCarried(
            "a bid that does not say it wins (move.wins) may be overbid: its outcome is what happens if it wins the "
            f"card, and the position records no auction under way ({pos.ruleset} has no key for one)"
        )
    o = verdict.outcome
    _decided(o, "cost", "paid_to", "cards_gained")
    if m.karama or m.shaddams_favor:
        raise NotCarried(
            "Mentat does not carry a bid won with Karama or Shaddam's Favor yet: what the card or the Emperor pays "
            "is not in the verdict"
        )
    cost, payee, gained = o["cost"], o["paid_to"], o["cards_gained"]
    factions = dict(pos.factions)
    ally = next(iter(sorted(pos.allies_of(m.faction))), None)
    share = {m.faction: cost - m.ally_support, **({ally: m.ally_support} if ally and m.ally_support else {})}
    for who, amount in share.items():
        factions[who] = _spice(factions.get(who), -amount, who)
    if payee != "bank":
        if payee not in factions:
            raise NotCarried(f"the verdict names {payee} as the payee, whom the position does not list")
        factions[payee] = _spice(factions[payee], cost, payee)
    me = factions.get(m.faction) or FactionState()
    if isinstance(me.hand, list):
        raise NotCarried(
            f"{m.faction}'s hand is listed card by card, and the move does not name the card(s) it wins: give the "
            "hand as a count"
        )
    factions[m.faction] = dataclasses.replace(me, hand=None if me.hand is None else me.hand + gained)
    out = _written(data, pos, list(pos.forces), factions)
    out.pop("current_auction", None)  # the auction is settled
    to = "the Bank" if payee == "bank" else payee
    happened(out, SOLD)
    return out, [f"{m.faction} wins the card: {cost} spice to {to}, {gained} card(s) into its hand"]


# -- the Spice Blow, worms and Thumpers ------------------------------------------------------------------------


def blow(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """A territory card: the spice the outcome places (none under the storm). A Shai-Hulud: the forces it devours to
    the Tanks and the spice lying there to the Bank, as the outcome gives them; a Nexus it brings makes the phase
    ``nexus`` (the draw goes on in it: the Spice Blow and Nexus are one phase for a blow)."""
    o = verdict.outcome
    m = pos.move
    if "spice_placed" in o or "spice_placed" in (o.get("unknown") or {}):
        _decided(o, "spice_placed")
        placed = o["spice_placed"]
        out = {k: v for k, v in data.items() if k != "move"}
        pile = getattr(m, "pile", None)
        happened(out, f"blow-{pile}" if pile else "blow")  # a territory card resolves the blow
        if not placed["amount"]:
            return out, [f"no spice is placed in {placed['territory']}: the verdict places none"]
        if "spice" not in data:
            raise NotCarried(
                "the position does not give the spice on the board: written after the blow, it would say none lies "
                "anywhere else"
            )
        out["spice"] = to_data(_placed(list(pos.spice), placed["territory"], placed.get("sector"), placed["amount"]))
        return out, []
    _decided(o, "devoured", "spice_lost", "nexus")
    territory = getattr(m, "previous", None)
    if o["devoured"] or o["spice_lost"]:
        assert territory is not None and territory != "shai-hulud"  # the verdict gives losses only where it strikes
    out, notes = _devour(data, pos, territory or "", o["devoured"], o["spice_lost"])
    if o["nexus"]:
        out["phase"] = "nexus"
        notes.append("Shai-Hulud brings a Nexus: the phase is now nexus (the draw goes on until a territory card)")
    return out, notes


def worm(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """Dreamrules: a drawn Shai-Hulud strikes a territory: the troops it devours to the Tanks, the spice there to the
    Bank, and the Shield Wall markers the outcome gives."""
    return _worm(data, pos, verdict)


def thumper(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """Dreamrules: Fremen discards a Thumper (dreamrules:268) to call a riding worm: the worm's effects as the outcome
    gives them, and one Thumper fewer where the position counts them."""
    m = pos.move
    assert isinstance(m, ThumperMove)
    out, notes = _worm(data, pos, verdict)
    state = out["factions"].get(m.faction)
    if state is not None and state.get("thumpers") is not None:
        state["thumpers"] -= 1
    if state is not None:  # at most one a turn (dreamrules:268): the turn's history, cleared when the turn ends
        state["thumper_used_this_turn"] = True
    return out, notes


def _worm(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    o = verdict.outcome
    _decided(o, "devoured", "spice_lost")
    if o.get("returned_to_reserves"):
        raise NotCarried("Mentat does not carry a position over troops a destroyed spice mine returns to reserves yet")
    territory = getattr(pos.move, "territory", "")
    out, notes = _devour(data, pos, territory, o["devoured"], o["spice_lost"])
    if "shield_wall_markers" in o:
        out["shield_wall_markers"] = o["shield_wall_markers"]
    return out, notes


def _placed(spice: list[SpiceGroup], territory: str, sector: int | None, amount: int) -> list[SpiceGroup]:
    """Spice placed in a territory's sector: joined to a pile lying there, or a new pile (none when 0)."""
    if not amount:
        return spice
    for i, sp in enumerate(spice):
        if sp.territory == territory and sp.sector == sector:
            spice[i] = dataclasses.replace(sp, amount=sp.amount + amount)
            return spice
    return [*spice, SpiceGroup(territory=territory, amount=amount, sector=sector)]


def _devour(data: dict[str, Any], pos: Position, territory: str, lost: dict[str, int], spice_lost: int) -> Carried:
    """Forces destroyed in a whole territory (a worm, Family Atomics on the Shield Wall) to the Tanks, and the spice
    lying there to the Bank. Each faction's losses are taken from its groups there only where they account for them
    exactly (every group lost whole, or its one group of one kind of force): never shared out by a guess."""
    forces, factions = list(pos.forces), dict(pos.factions)
    for faction, count in lost.items():
        here = [i for i, g in enumerate(forces) if g.faction == faction and g.territory == territory]
        dead = lose(forces, here, count)
        if dead is None:
            raise NotCarried(f"the verdict gives {faction}'s losses in {territory} ({count}) but not which forces")
        to_tanks(factions, faction, *dead)
    spice = list(pos.spice)
    if spice_lost:
        there = [sp for sp in spice if sp.territory == territory]
        if sum(sp.amount for sp in there) != spice_lost:
            raise NotCarried(f"the verdict gives the spice lost in {territory} ({spice_lost}) but not which piles")
        spice = [sp for sp in spice if sp.territory != territory]
    out = _written(data, pos, [g for g in forces if g.count or g.special], factions)
    if "spice" in data or spice_lost:  # a position without a spice key leaves the spice on the board unknown
        out["spice"] = to_data(spice)
    return out, []


# -- Treachery Cards -------------------------------------------------------------------------------------------

# the outcome keys a card's play may give that the transition applies (any other: not carried)
_PLAYED = {"discarded", "removed_from_game", "suppressed", "storm_distance", "storm_sector"}
_ATOMICS = {"destroyed", "losses", "shield_wall", "atomics_sietches"}


def play(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """A Treachery Card played: it leaves the hand (discarded or removed from the game, as the outcome says) and its
    effect applies where the outcome gives it: Weather Control's storm sector, Family Atomics' dead and the Shield
    Wall (or the sietches it opens), the advantages a Dreamrules Karama stops for the phase."""
    m = pos.move
    assert isinstance(m, PlayMove)
    o = verdict.outcome
    _decided(o)
    gone = o.get("discarded") or o.get("removed_from_game")
    other = set(o) - _PLAYED - _ATOMICS
    if not gone or other:
        what = ", ".join(sorted(other)) if other else "nothing of what becomes of the card"
        raise NotCarried(f"Mentat does not carry {m.card} played this way yet: the verdict gives {what}")
    if m.karama_use == "power":
        raise NotCarried("the verdict gives the Karama discarded but not what the faction's Karama power does")
    if (m.card_keys.get("cancels") or m.karama_use == "cancel") and not o.get("suppressed"):
        raise NotCarried(
            f"a {pos.ruleset} position does not record the advantage a Karama stops (a battle move's karama key "
            "names it there)"
        )
    notes: list[str] = []
    if _ATOMICS & set(o):
        target = str(m.card_keys.get("territory") or SHIELD_WALL)
        out, notes = _devour(data, pos, target, o.get("destroyed") or {}, 0)  # forces, not spice
        if "shield_wall" in o:
            out["shield_wall"] = o["shield_wall"]
        if o.get("atomics_sietches"):
            out["atomics_sietches"] = sorted({*pos.atomics_sietches, *o["atomics_sietches"]})
    else:
        out = _written(data, pos, list(pos.forces), dict(pos.factions))
    if "storm_sector" in o:
        _storm_path_clear(pos, o["storm_distance"])
        out["storm"] = o["storm_sector"]
    factions = out["factions"]
    for faction, stopped in (o.get("suppressed") or {}).items():
        state = factions.setdefault(faction, {})
        already = state.get("suppressed", [])
        state["suppressed"] = [*already, *(a for a in stopped if a not in already)]
    me = factions.setdefault(m.faction, {})
    hand = me.get("hand")
    if isinstance(hand, list):
        if gone not in hand:
            raise NotCarried(f"{m.faction}'s listed hand does not hold {gone}, which the verdict says leaves it")
        hand = list(hand)
        hand.remove(gone)
        me["hand"] = hand
    elif isinstance(hand, int):
        me["hand"] = hand - 1
    return out, notes


def _storm_path_clear(pos: Position, distance: int) -> None:
    """Weather Control moves the storm without saying what it destroys on its way: carried only where nothing lies
    in a sector it crosses (the verdict gives the storm's new sector and no losses)."""
    if not distance:
        return
    if pos.storm is None:
        raise NotCarried("the position does not give the storm's sector")
    crossed = {(pos.storm - 1 + step) % SECTORS + 1 for step in range(1, distance + 1)}
    things = [(g.territory, g.sector) for g in pos.forces] + [(sp.territory, sp.sector) for sp in pos.spice]
    if any(_struck(pos, t, s, crossed) is not False for t, s in things):
        raise NotCarried(
            "Mentat does not carry Weather Control moving the storm over forces or spice yet: the verdict gives the "
            "storm's new sector, not what it destroys"
        )


def spite(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """Dreamrules' Vladimir's Spite: the two played cards change places in the last battle's cards played (the
    discards that follow are moves of their own)."""
    m = pos.move
    assert isinstance(m, SpiteMove)
    o = verdict.outcome
    _decided(o, "swapped")
    battle = pos.last_battle
    if battle is None:
        raise NotCarried("the position does not give last_battle, whose played cards Spite swaps")
    played = dict(battle.cards_played)
    swapped: dict[str, str] = o["swapped"]
    foe = next(f for f in swapped if f != m.faction)
    gives, takes = swapped[foe], swapped[m.faction]
    if gives not in played.get(m.faction, []) or takes not in played.get(foe, []):
        raise NotCarried("the position's last_battle does not list the cards each side played")
    played[m.faction] = [takes if c == gives else c for c in played[m.faction]]
    played[foe] = [gives if c == takes else c for c in played[foe]]
    out = {k: v for k, v in data.items() if k != "move"}
    out["last_battle"] = to_data(dataclasses.replace(battle, cards_played=played))
    return out, []


# -- alliances, bribes and gifts -------------------------------------------------------------------------------


def ally(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """The alliances as the outcome says they stand after the move (one formed, left or broken)."""
    m = pos.move
    assert isinstance(m, AllyMove)
    o = verdict.outcome
    _decided(o, "alliances")
    out = {k: v for k, v in data.items() if k != "move"}
    out["alliances"] = [list(pair) for pair in o["alliances"]]
    if not out["alliances"]:
        out.pop("alliances")
    notes = []
    if o.get("must_separate"):
        where = ", ".join(o["must_separate"])
        notes.append(f"the new allies both have forces in {where}: one must leave during Shipment and Movement")
    return out, notes


def bribe(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """The briber keeps the spice the outcome gives (``spice_total``; the rest of the bribe out of its own bribe
    pile, Dreamrules); the bribe waits in front of the recipient's shield (``bribe_pile`` in Dreamrules,
    ``spice_in_front`` otherwise) until the Mentat Pause."""
    m = pos.move
    assert isinstance(m, BribeMove)
    o = verdict.outcome
    _decided(o, "cost", "spice_total", "in_front_of_shield")
    factions = dict(pos.factions)
    me = factions.get(m.faction) or FactionState()
    if me.spice is None:
        raise NotCarried(f"the position does not give {m.faction}'s spice")
    from_pile = o["cost"] - (me.spice - o["spice_total"])
    factions[m.faction] = dataclasses.replace(me, spice=o["spice_total"])
    key = "bribe_pile" if pos.ruleset == "dreamrules" else "spice_in_front"
    notes: list[str] = []
    if from_pile:
        if me.bribes_waiting is None or me.bribes_waiting < from_pile:
            raise NotCarried(f"the position does not give the {from_pile} spice {m.faction} pays from its bribe pile")
        factions[m.faction] = dataclasses.replace(factions[m.faction], **{key: me.bribes_waiting - from_pile})
    for to, amount in o["in_front_of_shield"].items():
        if to not in factions:
            raise NotCarried(f"the position does not list {to}, who receives the bribe")
        had = factions[to].bribes_waiting
        if had is None:
            notes.append(f"the position did not give {to}'s {key}: taken to be empty before the bribe")
        factions[to] = dataclasses.replace(factions[to], **{key: (had or 0) + amount})
    return _written(data, pos, list(pos.forces), factions), notes


def give(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """Spice given to an ally, behind its shield: the giver's and the ally's spice as the outcome gives them."""
    m = pos.move
    assert isinstance(m, GiveMove)
    o = verdict.outcome
    _decided(o, "cost", "spice_gained", "spice_total", "ally_spice_total")
    factions = dict(pos.factions)
    factions[m.faction] = _spice(factions.get(m.faction), -o["cost"], m.faction)
    for who, gained in o["spice_gained"].items():
        factions[who] = _spice(factions.get(who), gained, who)
    if (factions[m.faction].spice, factions[m.to].spice) != (o["spice_total"], o["ally_spice_total"]):
        raise NotCarried("the verdict's spice totals are not what the gift leaves each side")
    return _written(data, pos, list(pos.forces), factions), []


# -- Dreamrules' other moves -----------------------------------------------------------------------------------


def note(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """Written notes change nothing the position records."""
    return {k: v for k, v in data.items() if k != "move"}, []


def move_surveyor(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """The Hidden Mobile Surveyor to the end of the path the outcome gives."""
    m = pos.move
    assert isinstance(m, MoveSurveyorMove)
    o = verdict.outcome
    _decided(o, "path")
    if any(g.surveyor for g in pos.forces):
        raise NotCarried("Mentat does not carry the troops aboard the Surveyor with it yet")
    if not o["path"]:
        raise NotCarried("the verdict gives no path for the Surveyor")
    out = {k: v for k, v in data.items() if k != "move"}
    out["hidden_mobile_surveyor"] = {"territory": o["path"][-1]}
    where = pos.board.territories.get(o["path"][-1])
    notes = []
    if where is not None and len(where.sectors) > 1:
        notes.append(f"the move does not say in which sector of {o['path'][-1]} the Surveyor stands")
    return out, notes


def _refused(why: str) -> Any:
    def transition(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
        raise NotCarried(why)

    transition.__doc__ = f"Not carried: {why}."
    return transition


def deal(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """A deal changes nothing a position records: its terms are carried out by moves of their own (a gift, a bribe,
    a shipment), each judged when it is made."""
    return {k: v for k, v in data.items() if k != "move"}, [
        "a deal changes nothing the position records: its terms are carried out by moves of their own"
    ]


def interject(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """The Guild's interjection changes the order of the Shipment and Movement turns, which a position does not
    record: nothing it holds changes (the turns that follow are judged from the phase's history)."""
    return {k: v for k, v in data.items() if k != "move"}, [
        "the Guild's interjection changes the order of the turns, which the position does not record"
    ]


def technology(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """Ixian Technology (dreamrules:352, 1218): the card from the hand goes up for bid and the card it replaces joins
    the hand (the move's ``takes`` names it); Technology is used this phase (``technology_used``)."""
    m = pos.move
    assert isinstance(m, TechnologyMove)
    factions = dict(pos.factions)
    me = factions.get(m.faction) or FactionState()
    if isinstance(me.hand, list) and m.takes is None:
        raise NotCarried(
            f"{whose(m.faction)} hand is listed card by card, and the move does not name the card taken off the "
            "auction (move.takes)"
        )
    hand = me.hand
    if isinstance(hand, list):
        hand = [*[c for i, c in enumerate(hand) if i != hand.index(m.card)], str(m.takes)]
    factions[m.faction] = dataclasses.replace(me, hand=hand, technology_used=True)
    return _written(data, pos, list(pos.forces), factions), [f"{m.card} goes up for bid in place of the card taken"]


def take_tech_token(data: dict[str, Any], pos: Position, verdict: Verdict) -> Carried:
    """A battle's winner draws a tech token from the unused pool (dreamrules:654): the record names the token drawn
    (chance, as a Spice Card turned over); it joins the faction's tokens, as many as the outcome says."""
    m = pos.move
    assert isinstance(m, TakeTechTokenMove)
    if m.token is None:
        raise NotCarried(
            "the token is drawn at random from the unused pool, and the move does not name it (move.token)"
        )
    o = verdict.outcome
    _decided(o, "tech_tokens")
    factions = dict(pos.factions)
    me = factions.get(m.faction) or FactionState()
    factions[m.faction] = dataclasses.replace(me, tech_tokens=[*me.tech_tokens, m.token])
    if len(factions[m.faction].tech_tokens) != o["tech_tokens"].get(m.faction):
        raise NotCarried(f"the verdict's count of {whose(m.faction)} tokens is not the tokens it would hold")
    return _written(data, pos, list(pos.forces), factions), []


retreat = _refused("what the Guild's Retreat costs and loses awaits council questions #1839 and #1841")

"""How a legal move carries an Arrakis position forward (``mentat apply``): what its verdict's outcome says
changes, written back in the published format. A variant whose consequences the outcome does not give (forces
lost to the storm on landing, a Guild cross-shipment; storm losses the
verdict gives per faction that the groups it crossed do not account for exactly; a revival by Tleilaxu Ghola) is
not carried yet: the answer is unresolved rather than a guessed position. No transition here changes the phase or
the turn (the moves of the rest of a turn: checker/arrakis/transitions_turn.py)."""

from __future__ import annotations

import dataclasses
from typing import Any

from checker.arrakis.position import (
    GF9_FAMILY,
    PHASES,
    CharityMove,
    CollectMove,
    FactionState,
    ForceGroup,
    MoveMove,
    Position,
    RevivedThisTurn,
    ReviveMove,
    ShipMove,
)
from checker.engine import Verdict
from checker.game import NotCarried
from checker.model import to_data
from checker.names import whose


def ship(data: dict[str, Any], pos: Position, verdict: Verdict) -> tuple[dict[str, Any], list[str]]:
    """Forces from reserves to the board; the shipper (and its ally, for its promised share) pays the cost to
    the payee the verdict names."""
    m = pos.move
    assert isinstance(m, ShipMove)
    o = verdict.outcome
    if m.from_ is not None or m.to == "reserves" or m.also_to or m.karama:
        raise NotCarried(
            "Mentat does not carry a position over a cross-shipment, a shipment back to reserves, "
            "to several places, or with Karama yet"
        )
    if o.get("posture") or o.get("losses"):
        raise NotCarried(
            "Mentat does not carry a position over a shipment with storm losses or a Dreamrules Bene Gesserit "
            "posture yet"
        )
    cost, payee = o.get("cost"), o.get("paid_to")
    if cost is None or (cost and payee is None):
        raise NotCarried("the verdict does not give the shipment's cost and payee")
    # who receives what, where the Guild contributes toward its ally's shipment (its share to the Bank, gf9:151)
    received: dict[str, int] = dict(o.get("payments") or ({payee: cost} if cost else {}))
    if sum(received.values()) != cost:
        raise NotCarried(f"the verdict's payments ({received}) do not add up to the shipment's cost ({cost})")
    factions = dict(pos.factions)
    ally = next((x for pair in pos.alliances if m.faction in pair for x in pair if x != m.faction), None)
    share = {m.faction: cost - m.ally_support, **({ally: m.ally_support} if ally and m.ally_support else {})}
    for who, amount in share.items():
        factions[who] = _spice(factions.get(who), -amount, who)
    for who, amount in received.items():
        if who in factions:
            factions[who] = _spice(factions[who], amount, who)
    me = factions.get(m.faction) or FactionState()
    factions[m.faction] = dataclasses.replace(
        me,
        shipped_this_phase=True,  # its one shipment of the phase (gf9:201), known now whatever came before
        reserves=None if me.reserves is None else me.reserves - m.count,
        reserves_special=None
        if me.reserves_special is None
        else me.reserves_special - m.special
        if m.special
        else me.reserves_special,
    )
    forces = _add(list(pos.forces), m.faction, m.to, m.sector, m.count, m.special, pos)
    notes = _sector_note(pos, m.to, m.sector)
    if o.get("bene_gesserit"):
        notes += _accompanied(forces, factions, o["bene_gesserit"], m.sector, pos)
    out = _written(data, pos, forces, factions)
    happened(out, f"shipped: {m.faction}")
    return out, notes


def _accompanied(
    forces: list[ForceGroup], factions: dict[str, FactionState], sent: dict[str, Any], sector: int | None, pos: Position
) -> list[str]:
    """The Bene Gesserit's free force sent along with another faction's shipment, as the verdict places it: from
    its reserves to the Polar Sink (gf9:363), or as an advisor to the shipment's destination (gf9:377)."""
    bg = factions.get("bene-gesserit") or FactionState()
    if not bg.reserves:
        raise NotCarried("the position does not give the Bene Gesserit's reserves, from which its force is sent")
    factions["bene-gesserit"] = dataclasses.replace(bg, reserves=bg.reserves - 1)
    territory, advisor = str(sent["territory"]), bool(sent.get("advisor"))
    where = pos.board.territories.get(territory)
    sector = sector if where is not None and len(where.sectors) > 1 else None
    for i, g in enumerate(forces):
        if g.faction == "bene-gesserit" and g.territory == territory and g.sector in (sector, None):
            if g.advisors != advisor:  # all its forces in a territory show one side (gf9:371): the rules' to settle
                raise NotCarried(f"the Bene Gesserit's force sent to {territory} would join forces of the other side")
            forces[i] = dataclasses.replace(g, count=g.count + 1)
            break
    else:
        forces.append(
            ForceGroup(faction="bene-gesserit", territory=territory, count=1, sector=sector, advisors=advisor)
        )
    if not advisor:
        return []
    return [
        f"the Bene Gesserit's advisor sent to {territory} cannot flip to a fighter this turn unless alone (gf9:377)"
    ]


def move(data: dict[str, Any], pos: Position, verdict: Verdict) -> tuple[dict[str, Any], list[str]]:
    """One group across the board, from its territory (and sector) to the destination the verdict names."""
    m = pos.move
    assert isinstance(m, MoveMove)
    o = verdict.outcome
    if m.zensunni_path or any(g.surveyor or g.advisors for g in pos.forces if g.faction == m.faction):
        raise NotCarried(
            "Mentat does not carry a position over a move of advisors, aboard the Surveyor or by the Zensunni Path yet"
        )
    forces = list(pos.forces)
    from_sector = m.from_sector if m.from_sector is not None else o.get("from_sector")
    here = [i for i, g in enumerate(forces) if g.faction == m.faction and g.territory == m.from_]
    if len(here) > 1:
        here = [i for i in here if forces[i].sector == from_sector]
    if len(here) != 1:
        raise NotCarried(f"the position does not say which of {m.faction}'s groups in {m.from_} moves")
    g = forces[here[0]]
    left = dataclasses.replace(g, count=g.count - m.count, special=g.special - m.special)
    if left.count < 0 or left.special < 0:  # the move gathers forces from several sectors of the territory
        raise NotCarried(
            f"Mentat does not carry a position over a move gathering {m.faction}'s forces from several "
            f"groups in {m.from_} yet"
        )
    forces[here[0]] = left
    forces = [f for f in forces if f.count or f.special]
    forces = _add(forces, m.faction, m.to, m.sector, m.count, m.special, pos)
    factions = dict(pos.factions)
    if pos.ruleset in GF9_FAMILY:  # its one (ordinary) movement of the phase (gf9:201, dreamrules:392), known now
        factions[m.faction] = dataclasses.replace(factions.get(m.faction) or FactionState(), made_ordinary_move=True)
    out = _written(data, pos, forces, factions)
    happened(out, f"moved: {m.faction}")
    return out, _sector_note(pos, m.to, m.sector)


def _sector_note(pos: Position, territory: str, sector: int | None) -> list[str]:
    """A destination of several sectors the move names none of: the player's choice, not the solver's."""
    where = pos.board.territories.get(territory)
    if sector is None and where is not None and len(where.sectors) > 1:
        return [f"the move does not say in which sector of {territory} the forces stand: the position leaves it out"]
    return []


def _gain(state: FactionState, gained: int) -> FactionState:
    """Spice received: added to what the faction holds; an amount the position does not give stays unknown."""
    return state if state.spice is None else dataclasses.replace(state, spice=state.spice + gained)


def unwritten_gains(factions: dict[str, FactionState], gained: dict[str, int]) -> list[str]:
    """Notes for spice gained by a faction whose spice the position does not give (it stays not given)."""
    return [
        f"the position does not give {whose(who)} spice: the {n} it gains are not written (it stays not given)"
        for who, n in gained.items()
        if n and (who not in factions or factions[who].spice is None)
    ]


def _spice(state: FactionState | None, change: int, who: str) -> FactionState:
    state = state or FactionState()
    if not change:
        return state
    if state.spice is None:
        raise NotCarried(f"the position does not give {who}'s spice, which the move changes by {change}")
    if state.spice + change < 0:  # paid in part otherwise (Bene Tleilax's Synthetic Spice): the outcome says not how
        raise NotCarried(f"{who} pays more than its {state.spice} spice; how it pays the rest is not in the verdict")
    return dataclasses.replace(state, spice=state.spice + change)


def _add(
    forces: list[ForceGroup], faction: str, territory: str, sector: int | None, count: int, special: int, pos: Position
) -> list[ForceGroup]:
    """Forces arriving in a territory: joined to the faction's group there (in that sector), or a new group; the
    sector is written only where the territory spans several."""
    where = pos.board.territories.get(territory)
    several = where is not None and len(where.sectors) > 1
    sector = sector if several else None
    for i, g in enumerate(forces):
        if g.faction == faction and g.territory == territory and not g.advisors and g.sector in (sector, None):
            if g.sector == sector or not several:
                forces[i] = dataclasses.replace(g, count=g.count + count, special=g.special + special)
                return forces
    return [*forces, ForceGroup(faction=faction, territory=territory, count=count, special=special, sector=sector)]


def _written(
    data: dict[str, Any], pos: Position, forces: list[ForceGroup], factions: dict[str, FactionState]
) -> dict[str, Any]:
    """The position's data with its forces and factions as they now stand (the other keys as the file gave them)."""
    out = {k: v for k, v in data.items() if k != "move"}
    out["forces"] = to_data(forces)
    out["factions"] = {name: to_data(state) for name, state in factions.items()}
    return out


def storm(data: dict[str, Any], pos: Position, verdict: Verdict) -> tuple[dict[str, Any], list[str]]:
    """The storm to its new sector; the forces and spice the verdict says it destroys leave the board, the forces
    to the Tleilaxu Tanks. The storm kind's verdict gives the losses group by group (``losses_by_group``); a verdict
    with losses per faction only (Conquest's) is taken from the groups in the sectors it crossed only where those
    account for them exactly. The spice lost in all is taken from the piles in the sectors it crossed where those
    account for it; nothing is ever shared out by a guess. From a position that gives no 'spice' the spice lost is
    unknown, and the board's spice stays not given after the move: nothing of it to remove."""
    o = verdict.outcome
    spice_given = "spice" in pos.given
    if not spice_given and set(o.get("unknown") or {}) == {"spice_lost"}:
        o = {k: v for k, v in o.items() if k != "unknown"}
    _decided(o, "storm")
    if o.get("returned_to_reserves"):
        raise NotCarried("Mentat does not carry a position over troops a destroyed spice mine returns to reserves yet")
    crossed = set(o.get("sectors_crossed") or ())
    if any(_struck(pos, mine.territory, mine.sector, crossed) is not False for mine in pos.spice_mines):
        raise NotCarried("Mentat does not carry a position over a storm reaching a spice mine yet")
    forces = list(pos.forces)
    if "losses_by_group" in o:
        dead = _storm_groups(forces, o["losses_by_group"], o.get("losses") or {})
    else:
        dead = _storm_factions(pos, forces, o.get("losses") or {}, crossed)
    factions = dict(pos.factions)
    for faction, (count, special) in dead.items():
        to_tanks(factions, faction, count, special)
    spice = list(pos.spice)
    lost_spice = o.get("spice_lost") or 0
    if lost_spice:
        piles = [(sp, _struck(pos, sp.territory, sp.sector, crossed)) for sp in spice if sp.amount]
        if any(hit is None for _, hit in piles):
            raise NotCarried("the position does not give the sector of each spice pile the storm may reach")
        reached = [sp for sp, hit in piles if hit]
        if sum(sp.amount for sp in reached) != lost_spice:
            raise NotCarried(f"the verdict gives the spice the storm destroys ({lost_spice}) but not which piles")
        spice = [sp for sp in spice if sp not in reached]
    out = _written(data, pos, [g for g in forces if g.count or g.special], factions)
    out["storm"] = o["storm"]
    if spice_given:
        out["spice"] = to_data(spice)
    else:  # the spice on the board stays unknown
        out.pop("spice", None)
    happened(out, "storm")
    return out, []


def _storm_groups(
    forces: list[ForceGroup], groups: list[dict[str, Any]], losses: dict[str, int]
) -> dict[str, tuple[int, int]]:
    """Take each group's storm losses from ``forces`` (in place): the position's groups of that faction, territory
    and sector lost whole, or its one group there; (ordinary, special) lost per faction."""
    by_faction: dict[str, int] = {}
    for lost in groups:
        by_faction[lost["faction"]] = by_faction.get(lost["faction"], 0) + lost["tokens"]
    if by_faction != losses:
        raise NotCarried("the verdict's storm losses per group do not add up to its losses per faction")
    dead: dict[str, tuple[int, int]] = {}
    for lost in groups:
        faction, territory, sector = lost["faction"], lost["territory"], lost["sector"]
        where = territory + (f" sector {sector}" if sector is not None else "")
        if lost["count"] is None or lost["special"] is None:
            raise NotCarried(
                f"the verdict gives {faction}'s storm losses in {where} ({lost['tokens']}) but not which of its "
                "forces there: the text leaves it to the owner"
            )
        if sector is None and any(g.faction == faction and g.territory == territory and g.sector for g in forces):
            # the verdict merged a group placed nowhere with one placed: which lost what is not said
            raise NotCarried(f"the position gives the sector of some of {faction}'s groups in {where}, not of all")
        here = [
            i
            for i, g in enumerate(forces)
            if (g.faction, g.territory, g.sector) == (faction, territory, sector)
            and (g.count or g.special)
            and not getattr(g, "surveyor", False)
        ]
        count, special = lost["count"], lost["special"]
        if sum(forces[i].count for i in here) == count and sum(forces[i].special for i in here) == special:
            for i in here:  # the groups there, lost whole
                forces[i] = dataclasses.replace(forces[i], count=0, special=0)
        elif len(here) == 1 and forces[here[0]].count >= count and forces[here[0]].special >= special:
            g = forces[here[0]]  # its one group there: the losses are its own
            forces[here[0]] = dataclasses.replace(g, count=g.count - count, special=g.special - special)
        else:
            raise NotCarried(f"the verdict gives {faction}'s storm losses in {where} but not which group's they are")
        was = dead.get(faction, (0, 0))
        dead[faction] = (was[0] + count, was[1] + special)
    return dead


def _storm_factions(
    pos: Position, forces: list[ForceGroup], losses: dict[str, int], crossed: set[int]
) -> dict[str, tuple[int, int]]:
    """Take losses given per faction only from ``forces`` (in place), where the faction's groups in the sectors
    crossed account for them exactly (every such group lost whole, or its one group there, of one kind of force)."""
    dead: dict[str, tuple[int, int]] = {}
    for faction, lost in losses.items():
        hits = [(i, _struck(pos, g.territory, g.sector, crossed)) for i, g in enumerate(forces) if g.faction == faction]
        if any(hit is None for _, hit in hits):
            raise NotCarried(f"the position does not give the sector of each of {faction}'s groups the storm may reach")
        struck = [i for i, hit in hits if hit]
        taken = lose(forces, struck, lost)
        if taken is None:
            where = ", ".join(sorted({forces[i].territory for i in struck})) or "no sector it crossed"
            raise NotCarried(
                f"the verdict gives {faction}'s storm losses ({lost}) but not which of its forces in {where} they are"
            )
        dead[faction] = taken
    return dead


def lose(forces: list[ForceGroup], at: list[int], lost: int) -> tuple[int, int] | None:
    """Take ``lost`` tokens from the groups ``forces[at]`` (in place) where they account for them exactly: every group
    lost whole, or its one group there, of one kind of force; the (ordinary, special) tokens lost, or None where the
    losses could be any of several forces (never shared out by a guess)."""
    groups = [forces[i] for i in at]
    if sum(g.total for g in groups) == lost:
        for i in at:
            forces[i] = dataclasses.replace(forces[i], count=0, special=0)
        return sum(g.count for g in groups), sum(g.special for g in groups)
    if len(groups) == 1 and not (groups[0].count and groups[0].special) and groups[0].total > lost:
        g = groups[0]
        count, special = (lost, 0) if g.count else (0, lost)
        forces[at[0]] = dataclasses.replace(g, count=g.count - count, special=g.special - special)
        return count, special
    return None


def to_tanks(factions: dict[str, FactionState], faction: str, count: int, special: int) -> None:
    """Forces killed to the faction's Tanks (ordinary and special), where the position lists its Tanks; a faction it
    does not list keeps Tanks it does not give."""
    me = factions.get(faction)
    if me is None:
        return
    factions[faction] = dataclasses.replace(
        me,
        tanks=None if me.tanks is None else me.tanks + count,
        tanks_special=None if me.tanks_special is None else me.tanks_special + special,
    )


def revive(data: dict[str, Any], pos: Position, verdict: Verdict) -> tuple[dict[str, Any], list[str]]:
    """Forces from the Tanks to reserves and a leader out of the Tanks; the reviver (and the Emperor, for what
    it pays for its ally) pays the cost the verdict gives, to whom it names; Bene Tleilax receives its income."""
    m = pos.move
    assert isinstance(m, ReviveMove)
    o = verdict.outcome
    if m.fate or m.card or m.played:
        raise NotCarried("Mentat does not carry a position over a revival by a Fate or a Treachery card yet")
    if m.leader and pos.ruleset == "dreamrules":
        raise NotCarried("Mentat does not carry a Dreamrules leader revival yet (whether its leader revival goes on)")
    _decided(o, "cost")
    own = sum(o.get(part) or 0 for part in ("force_cost", "leader_cost", "kh_cost"))
    emperor = o.get("emperor_cost") or 0
    if own + emperor != o["cost"]:
        raise NotCarried(f"the verdict's cost ({o['cost']}) is not the sum of the parts it gives")
    payee = o.get("paid_to")
    if o.get("leader_cost") and payee is None and pos.ruleset == "dreamrules":
        raise NotCarried("the verdict does not say who receives the leader's price")
    factions = dict(pos.factions)
    factions[m.faction] = _spice(factions.get(m.faction), -own, m.faction)
    if emperor:
        factions["emperor"] = _spice(factions.get("emperor"), -emperor, "emperor")
    if payee in factions and o.get("leader_cost"):
        factions[payee] = _spice(factions[payee], o["leader_cost"], payee)
    if o.get("tleilaxu_income"):
        factions["bene-tleilax"] = _spice(factions.get("bene-tleilax"), o["tleilaxu_income"], "bene-tleilax")
    me = factions.get(m.faction) or FactionState()
    if (me.tanks is not None and me.tanks < m.count) or (me.tanks_special is not None and me.tanks_special < m.special):
        raise NotCarried(f"the position gives fewer forces in the Tanks than {m.faction} revives")
    changes: dict[str, Any] = {
        "tanks": None if me.tanks is None else me.tanks - m.count,
        "tanks_special": None if me.tanks_special is None else me.tanks_special - m.special,
        "reserves": None if me.reserves is None else me.reserves + m.count,
        "reserves_special": None if me.reserves_special is None else me.reserves_special + m.special,
    }
    if m.kwisatz_haderach:
        changes["kwisatz_haderach_in_tanks"] = False
    if pos.ruleset in GF9_FAMILY:  # the turn's revivals, for its limits (gf9:179, 185, 191): cleared when it ends
        was = me.revived_this_turn or RevivedThisTurn()
        changes["revived_this_turn"] = RevivedThisTurn(
            forces=was.forces + m.total - (m.emperor_pays or 0),  # those its ally the Emperor pays for are beyond
            special=was.special + m.special,
            leaders=was.leaders + (1 if m.leader else 0),
        )
    factions[m.faction] = dataclasses.replace(me, **changes)
    if m.leader:
        holders = [f for f, st in factions.items() if m.leader in st.leaders_in_tanks]
        if len(holders) != 1:
            raise NotCarried(f"the position does not list {m.leader} in the Tanks")
        st = factions[holders[0]]
        factions[holders[0]] = dataclasses.replace(
            st,
            leaders_in_tanks=[n for n in st.leaders_in_tanks if n != m.leader],
            leaders_face_down=None
            if st.leaders_face_down is None
            else [n for n in st.leaders_face_down if n != m.leader],
            # a leader revived once, killed again, lies face down (gf9:195): the record remembers it
            leaders_revived=None if st.leaders_revived is None else sorted({*st.leaders_revived, m.leader}),
        )
    return _written(data, pos, list(pos.forces), factions), []


def collect(data: dict[str, Any], pos: Position, verdict: Verdict) -> tuple[dict[str, Any], list[str]]:
    """The spice the verdict says the faction collects leaves the board there; what it gains (that, and a
    stronghold's income) goes behind its shield."""
    m = pos.move
    assert isinstance(m, CollectMove)
    o = verdict.outcome
    _decided(o, "spice_collected", "spice_gained")
    if o.get("letos_tithe"):
        raise NotCarried("Mentat does not carry a position over Leto's Tithe yet")
    taken = o["spice_collected"]
    spice = list(pos.spice)
    if taken:
        here = [
            i
            for i, sp in enumerate(spice)
            if sp.territory == m.territory and sp.amount and (m.sector is None or sp.sector in (m.sector, None))
        ]
        if len(here) == 1 and spice[here[0]].amount - taken == o.get("spice_left"):
            spice[here[0]] = dataclasses.replace(spice[here[0]], amount=spice[here[0]].amount - taken)
        elif sum(spice[i].amount for i in here) == taken and not o.get("spice_left"):
            for i in here:
                spice[i] = dataclasses.replace(spice[i], amount=0)
        else:
            raise NotCarried(f"the verdict does not say from which of the spice piles in {m.territory} it is collected")
    factions = dict(pos.factions)
    for who, gained in o["spice_gained"].items():
        if who in factions:  # a faction the position does not list holds spice it does not give
            factions[who] = _gain(factions[who], gained)
    out = _written(data, pos, list(pos.forces), factions)
    out["spice"] = to_data([sp for sp in spice if sp.amount])
    happened(out, f"collected: {m.territory}")
    return out, unwritten_gains(dict(pos.factions), o["spice_gained"])


def charity(data: dict[str, Any], pos: Position, verdict: Verdict) -> tuple[dict[str, Any], list[str]]:
    """CHOAM Charity: the spice the verdict says the faction receives, behind its shield."""
    m = pos.move
    assert isinstance(m, CharityMove)
    o = verdict.outcome
    _decided(o, "spice_gained", "spice_total")
    factions = dict(pos.factions)
    for who, gained in o["spice_gained"].items():
        factions[who] = _spice(factions.get(who), gained, who)
    if factions[m.faction].spice != o["spice_total"]:
        raise NotCarried(f"the verdict's spice total ({o['spice_total']}) is not the spice {m.faction} holds after it")
    return _written(data, pos, list(pos.forces), factions), []


def next_phase(data: dict[str, Any], pos: Position, verdict: Verdict) -> tuple[dict[str, Any], list[str]]:
    """The phase the verdict names begins (after the Mentat Pause, with the turn it names); what the position said
    of the phase (or turn) just ended is cleared."""
    from checker.arrakis.kinds.phase import after_data

    o = verdict.outcome
    _decided(o, "phase")
    out, cleared = after_data(pos, data, PHASES.index(o["phase"]))
    if "turn" in o:
        out["turn"] = o["turn"]
    if "cards_dealt" in o:
        out["cards_dealt"] = o["cards_dealt"]
    for faction, amount in (o.get("bribes_collected") or {}).items():  # gf9:317: behind the shield
        state = out["factions"][faction]
        if state.get("spice") is None:
            raise NotCarried(f"the position does not give {faction}'s spice, to which its bribes are added")
        state["spice"] += amount
        state.pop("spice_in_front", None)
    begun = f"turn {o['turn']}, " if "turn" in o else ""
    notes = [f"{begun}{o['phase']} begins"]
    if cleared:
        notes.append(f"cleared, as they held only of what has ended: {', '.join(cleared)}")
    return out, notes


def happened(data: dict[str, Any], event: str) -> None:
    """Add to the phase's history (``this_phase``) where the position keeps it: a record whose start does not
    give it learns it at the next phase (an unknown history stays unknown)."""
    if isinstance(data.get("this_phase"), list):
        data["this_phase"] = [*data["this_phase"], event]


def _decided(outcome: dict[str, Any], *keys: str) -> None:
    """The outcome values a transition needs: given, and none of the outcome left unknown."""
    unknown = outcome.get("unknown") or {}
    if unknown:
        raise NotCarried(f"the verdict leaves {', '.join(sorted(unknown))} unknown")
    missing = [k for k in keys if k not in outcome]
    if missing:
        raise NotCarried(f"the verdict does not give {', '.join(missing)}")


def _struck(pos: Position, territory: str, sector: int | None, crossed: set[int]) -> bool | None:
    """Whether a group or pile lies in a sector the storm crossed (None: its sector decides, and is not given)."""
    where = pos.board.territories.get(territory)
    sectors = where.sectors if where is not None else ()
    if sector is not None:
        return sector in crossed
    inside = {s in crossed for s in sectors}
    return None if len(inside) > 1 else (inside == {True})

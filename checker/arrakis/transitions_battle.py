"""A battle carried forward (``mentat apply``, kind ``battle``; GF9 Basic and Advanced, the overview, Dreamrules).

What the verdict's outcome gives is applied: each side's losses leave the territory for its Tanks (an explosion's,
every faction's there), the leaders killed go to their faction's Tanks (the Kwisatz Haderach to its own; a captive
Harkonnen played goes back to its own faction, or killed to that faction's Tanks, gf9:427), the support
spice paid goes to the Spice Bank (gf9:33, 269; dreamrules:508), or the Fremen ally's into its own bribe pile
(dreamrules:1136), the spice gained behind the winner's shield, the cards
discarded (and the cards played as Karama) out of the hands that played them. The battle's history is written for the
questions that read it later: ``leaders_used_this_phase`` (gf9:255), ``kwisatz_haderach_used_in`` (gf9:351),
Atreides' ``forces_lost_in_battle`` (gf9:349) where the position counts them, and under Dreamrules ``last_battle`` and
``leaders_killed_this_phase``.

Answered unresolved rather than guessed: a winner's losses the outcome leaves to its choice (several selections, or
ordinary against starred tokens, gf9:299), losses spread over groups the outcome does not tell apart, played cards
whose fate the outcome leaves open (an explosion, gf9:459; a Fanatical Tactics or Spite choice pending) while the
hands are given, a Dreamrules captive's battle (its own rules), Zoal's Infiltration and the Guild's Retreat
(dreamrules:506-512), and a killed leader's face in
the Tanks where the position lists the face-down ones (gf9:195: face down only if revived before, which no position
records)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from checker.arrakis.kinds.battle import KH_NAME, leaders_of, opponent, storm_front
from checker.arrakis.position import (
    BattleMove,
    FactionState,
    ForceGroup,
    LastBattle,
    Position,
    printed_leaders,
)
from checker.arrakis.transitions import _gain, _written, to_tanks
from checker.engine import Verdict
from checker.game import NotCarried
from checker.model import to_data
from checker.names import display, whose

# outcome values an unknown may hold that a transition can still carry (each handled below)
CARRIED_UNKNOWNS = ("cards_discarded", "cards_retained", "spice_lost")


def battle(data: dict[str, Any], pos: Position, verdict: Verdict) -> tuple[dict[str, Any], list[str]]:
    """The position after a legal battle, by its verdict's outcome (module docstring)."""
    m = pos.move
    assert isinstance(m, BattleMove)
    o = verdict.outcome
    sides = [m.aggressor, opponent(pos, m, m.aggressor)]
    held = _captives_played(pos, m, sides)
    _refuse_variants(pos, m, o, sides, held)
    notes: list[str] = []
    forces, factions = list(pos.forces), dict(pos.factions)
    lost = _losses(pos, m, o, forces, factions)
    _leaders(m, o, factions, sides, notes, held)
    _pay(o, factions, notes)
    _cards(m, o, factions, sides)
    _history(pos, m, o, factions, sides, lost, notes, held)
    out = _written(data, pos, [g for g in forces if g.count or g.special], factions)
    if o.get("explosion") and "spice" in pos.given:
        here = [sp for sp in pos.spice if sp.territory == m.territory]
        if sum(sp.amount for sp in here) != o.get("spice_lost"):
            raise NotCarried(f"the verdict's spice destroyed ({o.get('spice_lost')}) is not the spice in {m.territory}")
        out["spice"] = to_data([sp for sp in pos.spice if sp.territory != m.territory])
    if pos.ruleset == "dreamrules":
        out["last_battle"] = to_data(_last_battle(m, o, sides))
    return out, notes


def _refuse_variants(
    pos: Position, m: BattleMove, o: dict[str, Any], sides: list[str], held: dict[str, tuple[str, str]]
) -> None:
    unknown = set(o.get("unknown") or {}) - set(CARRIED_UNKNOWNS)
    if unknown:
        raise NotCarried(f"the verdict leaves {', '.join(sorted(unknown))} unknown")
    if "winner" not in o or "losses" not in o:
        raise NotCarried("the verdict does not give the battle's winner and losses")
    if o.get("zoal_infiltration"):
        raise NotCarried(
            "Mentat does not carry a position over a battle Zoal's Infiltration may decide yet (Bene Tleilax's "
            "choice, dreamrules:512)"
        )
    if any(p.retreat for p in m.plans.values()):
        raise NotCarried("Mentat does not carry a position over the Guild's Retreat yet (dreamrules:506)")
    for f in sides:
        plan = m.plans.get(f)
        if plan and plan.leader and plan.leader not in leaders_of(pos, f) and plan.leader not in held:
            raise NotCarried(
                f"Mentat does not carry a position over this captive leader's battle yet ({plan.leader} fights for "
                f"{f}; where it goes after is gf9:427's, not the verdict's)"
            )
    if pos.ruleset == "dreamrules":
        piled = o.get("spice_to_bribe_pile") or {}
        for f, paid in (o.get("spice_paid") or {}).items():
            if f != "fremen" and "fremen" in pos.allies_of(f) and piled.get(f) != paid:
                raise NotCarried(
                    f"{f}, the Fremen's ally, puts its dial spice into its bribe pile (dreamrules:1136); the verdict "
                    "does not give that payment"
                )


def _captives_played(pos: Position, m: BattleMove, sides: list[str]) -> dict[str, tuple[str, str]]:
    """gf9, overview: a captured leader a plan plays, by name -> (its captor, its own faction). After its one battle
    it goes back to its own faction, or, killed, to that faction's Tanks (gf9:427)."""
    if pos.ruleset not in ("gf9", "overview"):
        return {}
    out: dict[str, tuple[str, str]] = {}
    for f in sides:
        plan, state = m.plans.get(f), pos.factions.get(f)
        if plan is None or not plan.leader or state is None or plan.leader not in (state.captured_leaders or []):
            continue
        owner = next((g for g in pos.factions if g != f and plan.leader in leaders_of(pos, g)), None)
        owner = owner or next((g for g, ls in printed_leaders(pos.ruleset).items() if plan.leader in ls), None)
        if owner is not None:
            out[plan.leader] = (f, owner)
    return out


# -- forces ---------------------------------------------------------------------------------------------------


def _losses(
    pos: Position,
    m: BattleMove,
    o: dict[str, Any],
    forces: list[ForceGroup],
    factions: dict[str, FactionState],
) -> dict[str, int]:
    """Each faction's losses from its groups in the territory to its Tanks; returns the tokens each lost."""
    explosion = bool(o.get("explosion"))
    lost_by: dict[str, int] = {}
    losses = dict(o["losses"])
    if explosion:  # gf9:275: every force in the territory, advisors and bystanders too
        there = {g.faction for g in pos.forces if g.territory == m.territory and g.total}
        if set(losses) != there:
            raise NotCarried(f"the verdict's explosion losses do not name every faction in {m.territory}")
    for faction, n in losses.items():
        if isinstance(n, list):
            raise NotCarried(
                f"{faction} chooses its losses among selections worth its dial (gf9:299: {' or '.join(map(str, n))} "
                "tokens) and the move does not say which"
            )
        dead = _take(pos, m, o, forces, faction, int(n), faction == o["winner"], explosion)
        lost_by[faction] = sum(c + s for c, s in dead)
        to_tanks(factions, faction, sum(c for c, _ in dead), sum(s for _, s in dead))
    for option in _ixian(o):
        lost_by["ixians"] = _ixian_losses(m, forces, factions, option)
    return lost_by


def _take(
    pos: Position,
    m: BattleMove,
    o: dict[str, Any],
    forces: list[ForceGroup],
    faction: str,
    n: int,
    winner: bool,
    explosion: bool,
) -> list[tuple[int, int]]:
    """Take ``n`` of a faction's tokens in the territory off the board: (ordinary, special) lost per group."""
    # an explosion destroys every force in the territory (gf9:275); a side is only its forces on the battle's side
    # of a storm splitting the territory (gf9:249)
    front = None if explosion else storm_front(pos, m).sectors
    here = [
        i
        for i, g in enumerate(forces)
        if g.faction == faction
        and g.territory == m.territory
        and g.total
        and (explosion or not (g.advisors and pos.advanced))
        and (front is None or g.sector in front)
    ]
    total = sum(forces[i].total for i in here)
    whole: list[int] | None = here if total == n else None
    if whole is not None:
        dead = [(forces[i].count, forces[i].special) for i in whole]
        for i in whole:
            forces[i] = dataclasses.replace(forces[i], count=0, special=0, patched=0)
        return dead
    if not winner or len(here) != 1 or n > total:
        raise NotCarried(f"the verdict gives {faction}'s losses ({n}) but not which of its forces in {m.territory}")
    g = forces[here[0]]
    options = {(opt["forces"], opt["special"]) for opt in o.get("winner_loss_options") or ()}
    if len(options) > 1:
        raise NotCarried(
            f"{faction} chooses which {n} tokens it loses (gf9:299: "
            + " or ".join(f"{c} ordinary and {s} special" for c, s in sorted(options))
            + ") and the move does not say which"
        )
    if options:
        count, special = options.pop()
    elif not g.special or not g.count:
        count, special = (n, 0) if g.count else (0, n)
    else:
        raise NotCarried(
            f"{faction} chooses which {n} of its ordinary and starred tokens it loses, and the move does not say which"
        )
    if count > g.count or special > g.special:
        raise NotCarried(f"the verdict's selection of {faction}'s losses is not in its group in {m.territory}")
    forces[here[0]] = dataclasses.replace(g, count=g.count - count, special=g.special - special)
    return [(count, special)]


def _ixian(o: dict[str, Any]) -> list[dict[str, int]]:
    """Dreamrules: the winning Ixians' one loss selection, where the outcome leaves them no choice."""
    options = o.get("ixian_losses") or []
    if len(options) > 1:
        raise NotCarried(
            f"the Ixians choose their losses among {len(options)} selections (dreamrules:502, 1224) and the move does "
            "not say which"
        )
    return list(options)


def _ixian_losses(
    m: BattleMove, forces: list[ForceGroup], factions: dict[str, FactionState], option: dict[str, int]
) -> int:
    here = [i for i, g in enumerate(forces) if g.faction == "ixians" and g.territory == m.territory and g.total]
    if len(here) != 1:
        raise NotCarried(f"the verdict gives the Ixians' losses but not from which of their groups in {m.territory}")
    g = forces[here[0]]
    patched = g.patched - option["patched_back"] + option["to_patched"]
    after = dataclasses.replace(
        g, count=g.count - option["suboids"], special=g.special - option["cyborgs"], patched=patched
    )
    if after.count < 0 or after.special < 0 or not 0 <= patched <= after.special:
        raise NotCarried("the verdict's Ixian losses are not in their group")
    forces[here[0]] = after
    to_tanks(factions, "ixians", option["suboids"], option["cyborgs"])
    return option["suboids"] + option["cyborgs"]


# -- leaders, spice, cards ------------------------------------------------------------------------------------


def _leaders(
    m: BattleMove,
    o: dict[str, Any],
    factions: dict[str, FactionState],
    sides: list[str],
    notes: list[str],
    held: dict[str, tuple[str, str]],
) -> None:
    """The leaders killed to their factions' Tanks; the Kwisatz Haderach to its own (gf9:353); a captive played,
    killed or not, leaves its captor for its own faction (gf9:427)."""
    owner = {m.plans[f].leader: f for f in sides if f in m.plans and m.plans[f].leader}
    for name, (captor, own) in held.items():
        owner[name] = own
        if captor in factions:
            kept = [n for n in factions[captor].captured_leaders or [] if n != name]
            factions[captor] = dataclasses.replace(factions[captor], captured_leaders=kept)
        fate = f"{whose(own)} Tanks" if name in (o.get("leaders_killed") or []) else display(own)
        notes.append(f"{name}, {whose(captor)} captive, fought its one battle: back to {fate} (gf9:427)")
    for name in o.get("leaders_killed") or []:
        if name == KH_NAME:
            if "atreides" in factions:
                factions["atreides"] = dataclasses.replace(factions["atreides"], kwisatz_haderach_in_tanks=True)
            continue
        f = owner.get(name)
        if f is None:
            raise NotCarried(f"the verdict kills {name}, whom neither plan plays")
        if f not in factions:
            notes.append(f"the position lists no factions.{f}: {name} is killed, its Tanks are not written")
            continue
        me = factions[f]
        face_down = me.leaders_face_down
        if face_down is not None and me.leaders_revived is not None:  # the record knows whether it was revived
            face_down = [*face_down, name] if name in me.leaders_revived else face_down
        elif face_down is not None:
            notes.append(
                f"{name} goes to the Tanks face down only if it was revived before (gf9:195), which the position does "
                f"not record (leaders_revived): {f}'s leaders_face_down is left out"
            )
            face_down = None
        factions[f] = dataclasses.replace(
            me, leaders_in_tanks=[*me.leaders_in_tanks, name], leaders_face_down=face_down
        )


def _pay(o: dict[str, Any], factions: dict[str, FactionState], notes: list[str]) -> None:
    """Support spice paid to the Spice Bank (gf9:33, 269; dreamrules:508), or by the Fremen's ally into its own
    bribe pile (dreamrules:1136); the spice gained behind the shield."""
    for f, paid in (o.get("spice_paid") or {}).items():
        me = factions.get(f)
        if me is None or me.spice is None:
            continue  # the position does not give its spice: it stays unknown
        if me.spice < paid:
            raise NotCarried(f"{f} pays {paid} support spice, more than its {me.spice}")
        factions[f] = dataclasses.replace(me, spice=me.spice - paid)
    for f, piled in (o.get("spice_to_bribe_pile") or {}).items():
        me = factions.get(f) or FactionState()
        if me.bribe_pile is None:
            notes.append(f"the position did not give {f}'s bribe_pile: taken to be empty before the battle")
        factions[f] = dataclasses.replace(me, bribe_pile=(me.bribe_pile or 0) + piled)
    for f, gained in (o.get("spice_gained") or {}).items():
        if f in factions:
            factions[f] = _gain(factions[f], gained)


def _played(m: BattleMove, f: str) -> list[str]:
    plan = m.plans.get(f)
    return [] if plan is None else [*plan.cards, *["Mercenaries"] * int(plan.mercenaries or 0)]


def _cards(m: BattleMove, o: dict[str, Any], factions: dict[str, FactionState], sides: list[str]) -> None:
    """The cards discarded out of the hands that played them; the cards played as Karama too (gf9:467)."""
    given = [f for f in sides if _played(m, f) and f in factions and factions[f].hand is not None]
    unknown = o.get("unknown") or {}
    open_ = unknown.get("cards_discarded") or unknown.get("cards_retained")
    if open_ or "cards_discarded" not in o:
        if given:
            raise NotCarried(
                "the verdict does not give which played cards are discarded"
                + (f" ({open_})" if open_ else " (a choice after the battle is pending)")
                + f", and the position gives {', '.join(given)}'s hand"
            )
        discards: dict[str, list[str]] = {}
    else:
        discards = _whose(m, sides, list(o["cards_discarded"]))
    karama = [(k.faction, k.card) for k in m.karama]
    if karama:
        if Counter(c for _, c in karama) != Counter(o.get("karama_discarded") or []):
            raise NotCarried("the verdict does not say which cards played as Karama are discarded")
        for f, card in karama:
            discards.setdefault(f, []).append(card)
    for f, cards in discards.items():
        me = factions.get(f)
        if me is None or me.hand is None:
            continue  # a hand the position does not give stays not given
        if isinstance(me.hand, int):
            if me.hand < len(cards):
                raise NotCarried(f"{f} discards {len(cards)} cards from a hand of {me.hand}")
            factions[f] = dataclasses.replace(me, hand=me.hand - len(cards))
            continue
        hand = list(me.hand)
        for c in cards:
            if c not in hand:
                raise NotCarried(f"{f} discards {c}, which its listed hand does not hold")
            hand.remove(c)
        factions[f] = dataclasses.replace(me, hand=hand)


def _whose(m: BattleMove, sides: list[str], discarded: list[str]) -> dict[str, list[str]]:
    """The outcome's discards (one list) shared out to the plans that played them."""
    played = {f: Counter(_played(m, f)) for f in sides}
    out: dict[str, list[str]] = {f: [] for f in sides}
    for card, n in Counter(discarded).items():
        holders = [f for f in sides if played[f][card]]
        if len(holders) == 1 and played[holders[0]][card] >= n:
            out[holders[0]] += [card] * n
        elif n == sum(played[f][card] for f in holders):
            for f in holders:
                out[f] += [card] * played[f][card]
        else:
            raise NotCarried(f"the verdict discards {card}, and does not say whose")
    return out


# -- history --------------------------------------------------------------------------------------------------


def _history(
    pos: Position,
    m: BattleMove,
    o: dict[str, Any],
    factions: dict[str, FactionState],
    sides: list[str],
    lost: dict[str, int],
    notes: list[str],
    held: dict[str, tuple[str, str]],
) -> None:
    """What later questions read of this battle: where each surviving leader (and the Kwisatz Haderach) fought
    (gf9:255, 351; a captive's own faction keeps that, gf9:427), Atreides' battle losses (gf9:349), Dreamrules'
    leaders killed this phase."""
    killed = set(o.get("leaders_killed") or [])
    for f in sides:
        plan = m.plans.get(f)
        if plan is None:
            continue
        if plan.leader in held and plan.leader not in killed:
            own = held[plan.leader][1]
            if own in factions:
                used = {**factions[own].leaders_used_this_phase, plan.leader: m.territory}
                factions[own] = dataclasses.replace(factions[own], leaders_used_this_phase=used)
            plan = dataclasses.replace(plan, leader=None)
        if f not in factions:
            continue
        me = factions[f]
        changes: dict[str, Any] = {}
        if plan.leader and plan.leader not in killed:
            changes["leaders_used_this_phase"] = {**me.leaders_used_this_phase, plan.leader: m.territory}
        if plan.leader in killed and pos.ruleset == "dreamrules":
            changes["leaders_killed_this_phase"] = {**me.leaders_killed_this_phase, plan.leader: m.territory}
        if plan.kwisatz_haderach and KH_NAME not in killed:
            changes["kwisatz_haderach_used_in"] = m.territory
        if changes:
            factions[f] = dataclasses.replace(me, **changes)
    atreides = factions.get("atreides")
    if lost.get("atreides") and atreides is not None:
        if atreides.forces_lost_in_battle is None:
            notes.append(
                f"Atreides lost {lost['atreides']} forces in battle; the position does not count its earlier losses "
                "(forces_lost_in_battle), so none is written"
            )
        else:
            factions["atreides"] = dataclasses.replace(
                atreides, forces_lost_in_battle=atreides.forces_lost_in_battle + lost["atreides"]
            )


def _last_battle(m: BattleMove, o: dict[str, Any], sides: list[str]) -> LastBattle:
    """Dreamrules: the battle just resolved, as later questions of the phase read it."""
    winner = o["winner"] if o["winner"] in sides else None
    return LastBattle(
        territory=m.territory,
        winner=winner,
        result="traitor" if any(p.traitor for p in m.plans.values()) else "ordinary",
        cards_played={f: _played(m, f) for f in sides if _played(m, f)},
        leaders_killed=[n for n in o.get("leaders_killed") or [] if n != KH_NAME],
        token_received=False if winner else None,
    )

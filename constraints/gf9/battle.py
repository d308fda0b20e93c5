"""GF9: Battle (Basic and Advanced), with the faction texts and Treachery cards that change it.

Every rule looks at both plans: the aggressor's (``a_*``) and the defender's
(``d_*``). Strengths are in half-units (``dial_h``): the Advanced game's
unsupported forces count one half (gf9:297).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import z3

from checker.board import gf9_board
from checker.kinds.battle import (
    ANSWER_CHEAP_HERO,
    KH_BONUS_H,
    KH_NAME,
    KH_THRESHOLD,
    LASGUN,
    NO_CARD,
    PHASES,
    POISON,
    PROJECTILE,
    SECTORS,
    SIDES,
    T_CARD,
    T_CHEAP_HERO,
    T_DEFENSE_KIND,
    T_WEAPON_KIND,
    T_WORTHLESS,
    VOICE_PLAY,
    WORTHLESS,
    WRONG,
    BattleFacts,
    voice_complies,
)
from checker.rules import chapter, rule

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("battle", "gf9:99-101,243-303,349-355,365-367,375,415,423,427,453-483")

BATTLE_PHASE = PHASES.index("battle")
OTHER = {"a": "d", "d": "a"}


def _get(o: Any, x: str, name: str) -> Any:
    return getattr(o, f"{x}_{name}")


def both(s: BattleFacts, ok: Callable[[BattleFacts, str], bool]) -> bool:
    return all(ok(s, x) for x in SIDES)


def zboth(v: Any, ok: Callable[[Any, str], Any]) -> Any:
    return z3.And(*(ok(v, x) for x in SIDES))


# gf9:245 "After everyone has shipped and moved, opposing forces in the same territory must fight
#          until only one faction or no forces remain. Do not battle in Polar Sink, under the storm,
#          or across the storm. Advanced Bene Gesserit advisors neither fight nor require a battle."


@rule(
    "gf9.battle.where",
    on="battle",
    cites="gf9:237,245,375",
    title="A battle needs both factions' forces in one territory, never the Polar Sink",
    forbids="No battle in {territory} between {A} ({a_forces}+{a_special} forces) and {D} ({d_forces}+{d_special}).",
    permits="{A} and {D} both have fighting forces in {territory}.",
)
def battle_where(s: BattleFacts) -> bool:
    """Opposing forces in one territory fight; the Polar Sink sees no battle, and advisors do not fight."""
    return not s.in_polar_sink and s.a_forces + s.a_special > 0 and s.d_forces + s.d_special > 0


@battle_where.z3
def _(v: Any) -> Any:
    return z3.And(z3.Not(v.in_polar_sink), v.a_forces + v.a_special >= 1, v.d_forces + v.d_special >= 1)


# gf9:135 "... Allies may not battle one another. ..."


@rule(
    "gf9.battle.not-allies",
    on="battle",
    cites="gf9:135",
    title="Allies never battle one another",
    forbids="{A} and {D} are allies: allies may not battle one another.",
    permits="{A} and {D} are not allied.",
)
def not_allies(s: BattleFacts) -> bool:
    """Only opposing factions fight: two allies sharing a territory do not battle."""
    return not s.allied


@not_allies.z3
def _(v: Any) -> Any:
    return z3.Not(v.allied)


# gf9:99  "Forces cannot ship, move or battle into, out of or through the sector currently under the
#          storm. ..."
# gf9:101 "Forces in different parts of one territory cannot battle if separated by the storm. ..."
# gf9:245 "... Do not battle in Polar Sink, under the storm, or across the storm. ..."
# gf9:249 "All of a faction's forces in the territory participate as one side unless separated by the storm."


def _reach(s: BattleFacts) -> set[int]:
    """Sectors of the territory the aggressor's forces reach without entering the storm (the board's links)."""
    board = gf9_board()
    storm = s.storm_sector
    seen = {k + 1 for k in range(SECTORS) if s.a_in_sector[k] and k + 1 != storm}
    todo = list(seen)
    while todo:
        here = todo.pop()
        for t, n in board.neighbours.get((s.territory, here), ()):
            if t == s.territory and n != storm and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


@rule(
    "gf9.battle.storm",
    on="battle",
    cites="gf9:31,99,101,245,249",
    title="No battle under the storm or across it",
    forbids="The storm (sector {storm_sector}) covers or separates {A}'s and {D}'s forces in {territory}: "
    "they cannot battle.",
    permits="{A}'s and {D}'s forces in {territory} meet clear of the storm (sector {storm_sector}).",
    needs=("sectors_known",),
    when=lambda s: s.storm_sector > 0 and not s.in_polar_sink,
)
def battle_storm(s: BattleFacts) -> bool:
    """Forces under the storm do not fight, and forces in parts of a territory the storm separates do not
    meet: some aggressor's and defender's forces must be joined by sectors of the territory clear of it."""
    reach = _reach(s)
    return any(s.d_in_sector[k - 1] for k in reach)


@battle_storm.z3
def _(v: Any) -> Any:
    # a fixpoint over the ring of sectors: sector k joins its neighbours k-1 and k+1 within the territory
    clear = [z3.And(v.terr_sectors[k], v.storm_sector != k + 1) for k in range(SECTORS)]
    reach = [z3.And(v.a_in_sector[k], v.storm_sector != k + 1) for k in range(SECTORS)]
    for _ in range(SECTORS):
        reach = [
            z3.Or(reach[k], z3.And(clear[k], z3.Or(reach[(k - 1) % SECTORS], reach[(k + 1) % SECTORS])))
            for k in range(SECTORS)
        ]
    return z3.Or(*(z3.And(reach[k], v.d_in_sector[k]) for k in range(SECTORS)))


# gf9:245 "After everyone has shipped and moved, opposing forces in the same territory must fight ..."


@rule(
    "gf9.battle.phase",
    on="battle",
    cites="gf9:245",
    title="Battles are fought in the Battle Phase",
    forbids="Battles are fought after everyone has shipped and moved, in the battle phase, not the {phase_name} phase.",
    permits="It is the battle phase.",
    when=lambda s: s.phase_index is not None,
)
def battle_phase(s: BattleFacts) -> bool:
    """Battles are resolved in the Battle Phase, after Shipment and Movement; not in any other phase."""
    return PHASES[s.phase_index or 0] == "battle"


@battle_phase.z3
def _(v: Any) -> Any:
    return v.phase_index == BATTLE_PHASE


# gf9:253 "If you have no usable leader or Cheap Hero, announce it. You still dial and battle, but
#          cannot include Treachery Cards in the plan. ..."
# gf9:457 "A Cheap Hero fills the leader position with zero strength. ... If you have no usable
#          leader but do have a Cheap Hero, you must play it. ..."
# overview:61 "... plays a leader (required if available) or cheap hero ..."


@rule(
    "gf9.battle.leader-required",
    on="battle",
    cites="gf9:253,457; overview:61",
    title="A leader or Cheap Hero is required when one is available",
    forbids="A plan needs a leader or Cheap Hero when one is available: {A} plays {a_leader_label} "
    "({a_leaders_available} leaders available), {D} plays {d_leader_label} ({d_leaders_available} available).",
    permits="Each side plays a leader or Cheap Hero, or has none available.",
    needs=("a_ch_in_hand", "d_ch_in_hand"),
    replaces="overview.battle.leader-required",
)
def leader_required(s: BattleFacts) -> bool:
    """With a usable leader or a Cheap Hero in hand, a plan must put one of them in the leader position."""

    def ok(s: BattleFacts, x: str) -> bool:
        has_one = _get(s, x, "leaders_available") > 0 or bool(_get(s, x, "ch_in_hand"))
        return _get(s, x, "leader") or _get(s, x, "ch") or not has_one

    return both(s, ok)


@leader_required.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.Implies(
            z3.Or(_get(v, x, "leaders_available") >= 1, _get(v, x, "ch_in_hand")),
            z3.Or(_get(v, x, "leader"), _get(v, x, "ch")),
        ),
    )


# gf9:255 "A living leader can fight several battles in one territory during a phase, but cannot
#          fight in two different territories that phase. ..."


@rule(
    "gf9.battle.leader-available",
    on="battle",
    cites="gf9:255",
    title="Only a living leader of one's own, not used in another territory this phase",
    forbids="{A} plays {a_leader_label}, {D} plays {d_leader_label}: a leader in the Tanks, of another "
    "faction or used in another territory this phase cannot fight in {territory}.",
    permits="The leaders are alive, their own faction's, and fought in no other territory this phase.",
    when=lambda s: s.a_leader or s.d_leader,
)
def leader_available(s: BattleFacts) -> bool:
    """A leader in the Tleilaxu Tanks, one that fought in another territory this phase, or another
    faction's cannot fight."""

    def ok(s: BattleFacts, x: str) -> bool:
        if not _get(s, x, "leader"):
            return True
        return (
            _get(s, x, "leader_own") and not _get(s, x, "leader_in_tanks") and not _get(s, x, "leader_used_elsewhere")
        )

    return both(s, ok)


@leader_available.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.Implies(
            _get(v, x, "leader"),
            z3.And(
                _get(v, x, "leader_own"),
                z3.Not(_get(v, x, "leader_in_tanks")),
                z3.Not(_get(v, x, "leader_used_elsewhere")),
            ),
        ),
    )


@rule(
    "gf9.battle.one-leader",
    on="battle",
    cites="gf9:457",
    title="A Cheap Hero fills the leader position: not both",
    forbids="A plan holds one leader position: {A} or {D} plays both a leader and a Cheap Hero.",
    permits="Each plan has at most one leader or Cheap Hero.",
    when=lambda s: s.a_ch or s.d_ch,
)
def one_leader(s: BattleFacts) -> bool:
    """The Cheap Hero takes the leader's place; a plan cannot hold both."""
    return both(s, lambda s, x: not (_get(s, x, "leader") and _get(s, x, "ch")))


@one_leader.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Not(z3.And(_get(v, x, "leader"), _get(v, x, "ch"))))


@rule(
    "gf9.battle.cards-need-leader",
    on="battle",
    cites="gf9:253",
    title="No Treachery Cards in a plan without a leader or Cheap Hero",
    forbids="A plan without a leader or Cheap Hero cannot include Treachery Cards ({A}: {a_leader_label}, "
    "{a_cards}; {D}: {d_leader_label}, {d_cards}).",
    permits="Every plan with Treachery Cards has a leader or Cheap Hero.",
    when=lambda s: bool(s.a_weapon or s.a_defense or s.d_weapon or s.d_defense),
)
def cards_need_leader(s: BattleFacts) -> bool:
    """Without a leader or Cheap Hero a faction still dials, but plays no weapon or defense."""

    def ok(s: BattleFacts, x: str) -> bool:
        cards = _get(s, x, "weapon") != NO_CARD or _get(s, x, "defense") != NO_CARD
        return not cards or _get(s, x, "leader") or _get(s, x, "ch")

    return both(s, ok)


@cards_need_leader.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.Implies(
            z3.Or(_get(v, x, "weapon") != NO_CARD, _get(v, x, "defense") != NO_CARD),
            z3.Or(_get(v, x, "leader"), _get(v, x, "ch")),
        ),
    )


# gf9:455 "A Worthless Card has no base effect. Play one instead of your weapon or defense, or two to
#          fill both places ..."
# gf9:457 "... It cannot fill a weapon or defense place merely to discard it."


@rule(
    "gf9.battle.weapon-slot",
    on="battle",
    cites="gf9:455,457",
    title="The weapon place takes a weapon or a Worthless Card",
    forbids="Only a weapon or a Worthless Card fills the weapon place ({A}: {a_cards}; {D}: {d_cards}).",
    permits="The weapon places hold weapons or Worthless Cards.",
    when=lambda s: bool(s.a_weapon or s.d_weapon),
)
def weapon_slot(s: BattleFacts) -> bool:
    """Defenses and special cards (a Cheap Hero, Karama, ...) cannot be played as weapons."""
    return both(s, lambda s, x: _get(s, x, "weapon") != WRONG)


@weapon_slot.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.And(_get(v, x, "weapon") >= NO_CARD, _get(v, x, "weapon") < WRONG))


@rule(
    "gf9.battle.defense-slot",
    on="battle",
    cites="gf9:455,457",
    title="The defense place takes a defense or a Worthless Card",
    forbids="Only a defense or a Worthless Card fills the defense place ({A}: {a_cards}; {D}: {d_cards}).",
    permits="The defense places hold defenses or Worthless Cards.",
    when=lambda s: bool(s.a_defense or s.d_defense),
)
def defense_slot(s: BattleFacts) -> bool:
    """Weapons and special cards cannot be played as defenses; a Lasgun has no defense either."""
    return both(s, lambda s, x: _get(s, x, "defense") in (NO_CARD, PROJECTILE, POISON, 4))


@defense_slot.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Or(*(_get(v, x, "defense") == c for c in (NO_CARD, PROJECTILE, POISON, 4))))


@rule(
    "gf9.battle.cards-in-hand",
    on="battle",
    cites="gf9:253,455",
    title="Only cards in hand go into a plan",
    forbids="The plans use cards not in hand ({A}: {a_missing_cards} missing; {D}: {d_missing_cards} missing).",
    permits="The plans' cards are in their hands.",
    when=lambda s: bool(s.a_cards or s.d_cards),
)
def cards_in_hand(s: BattleFacts) -> bool:
    """A plan's Treachery Cards come from the faction's hand (when the position lists it, or counts too few)."""
    return s.a_missing_cards == 0 and s.d_missing_cards == 0


@cards_in_hand.z3
def _(v: Any) -> Any:
    return z3.And(v.a_missing_cards <= 0, v.d_missing_cards <= 0)


# gf9:297 "An ordinary force contributes one-half strength without support, or one strength when
#          supported with one spice. ... You cannot support forces using spice that is not yet spendable."
# gf9:299 "If you win, select losses whose strength matches the dial and whose support matches the
#          spice committed. ..."
# gf9:303 "A Karama played before reveal can make Sardaukar or Fedaykin ordinary for that battle. ..."
# gf9:415 "Your three Fedaykin each count as two ordinary forces in battle and losses. All your forces
#          fight at full strength without spice. ..."
# overview:106 "... spice-supported combat (1 spice per force for full strength; unsupported forces at half) ..."


def _selection_ok(s: BattleFacts, x: str) -> bool:
    """Some forces present, with exactly the committed spice supporting, are worth the dial."""
    n, m, dial, spice = _get(s, x, "forces"), _get(s, x, "special"), _get(s, x, "dial_h"), _get(s, x, "spice")
    fremen = _get(s, x, "is_fremen")
    for specials in range(m + 1):
        for ordinary in range(n + 1):
            if fremen:  # full strength without spice; support is meaningless
                if 2 * ordinary + 4 * specials == dial:
                    return True
                continue
            # strength ranges over supporting `spice` of these tokens, specials first or last
            if spice > specials + ordinary:
                continue
            for sup_special in range(min(specials, spice) + 1):
                sup_ordinary = spice - sup_special
                if sup_ordinary > ordinary:
                    continue
                h = 2 * sup_ordinary + (ordinary - sup_ordinary) + 4 * sup_special + 2 * (specials - sup_special)
                if h == dial:
                    return True
    return False


@rule(
    "gf9.battle.dial-support",
    on="battle",
    cites="gf9:297,299,303,415; overview:106",
    title="Advanced: the dial is what the forces present are worth with the spice committed",
    forbids="The dials are not worth what the forces and spice allow: {A} dials {a_dial} with {a_spice} spice "
    "for {a_forces} forces and {a_special} special; {D} dials {d_dial} with {d_spice} spice "
    "for {d_forces} and {d_special}.",
    permits="{A}'s dial {a_dial} and {D}'s dial {d_dial} are worth forces present, with the spice committed.",
    needs=("a_dial_h", "d_dial_h"),
    when=lambda s: s.advanced,
)
def dial_support(s: BattleFacts) -> bool:
    """A force supported by one spice counts full, unsupported half; Fedaykin and Sardaukar count two
    ordinary forces; Fremen fight at full strength without spice. The dial must be the strength of some
    forces present whose support equals the spice committed: the losses a winner selects."""
    return both(s, _selection_ok)


@dial_support.z3
def _(v: Any) -> Any:
    def ok(v: Any, x: str) -> Any:
        os_, ou, ss, su = (_get(v, x, n) for n in ("os", "ou", "ss", "su"))
        fremen = _get(v, x, "is_fremen")
        return z3.And(
            os_ + ou <= _get(v, x, "forces"),
            ss + su <= _get(v, x, "special"),
            z3.If(fremen, 2 * (os_ + ou) + 4 * (ss + su), 2 * os_ + ou + 4 * ss + 2 * su) == _get(v, x, "dial_h"),
            z3.Or(fremen, os_ + ss == _get(v, x, "spice")),
        )

    return zboth(v, ok)


@rule(
    "gf9.battle.spice-held",
    on="battle",
    cites="gf9:297",
    title="Advanced: support only with spice the faction holds",
    forbids="Support spice exceeds what is held: {A} commits {a_spice} of {a_spice_held}, "
    "{D} {d_spice} of {d_spice_held}.",
    permits="{A} commits {a_spice} of {a_spice_held} spice, {D} {d_spice} of {d_spice_held}.",
    needs=("a_spice_held", "d_spice_held"),
    when=lambda s: s.advanced and (s.a_spice > 0 or s.d_spice > 0),
)
def spice_held(s: BattleFacts) -> bool:
    """Spice committed to support comes from the spice behind the faction's shield, no more."""
    return s.a_spice <= (s.a_spice_held or 0) and s.d_spice <= (s.d_spice_held or 0)


@spice_held.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: _get(v, x, "spice") <= _get(v, x, "spice_held"))


@rule(
    "gf9.battle.support-advanced",
    on="battle",
    cites="gf9:269; overview:106",
    title="Basic: no spice support in battle",
    forbids="Spice support is an Advanced Game rule: {A} commits {a_spice}, {D} {d_spice} in a Basic game.",
    permits="No spice is committed in the Basic game.",
    when=lambda s: not s.advanced and (s.a_spice > 0 or s.d_spice > 0),
    one_sided="applies only when a Basic plan commits spice, which it forbids",
)
def support_advanced(s: BattleFacts) -> bool:
    """Supporting forces with spice belongs to the Advanced game; a Basic plan commits none."""
    return s.a_spice == 0 and s.d_spice == 0


@support_advanced.z3
def _(v: Any) -> Any:
    return z3.And(v.a_spice == 0, v.d_spice == 0)


# gf9:349 "Secretly track Atreides force tokens lost in battles. Once at least seven have been lost,
#          the Kwisatz Haderach becomes active immediately ..."
# gf9:351 "In one territory per turn, accompany an Atreides leader or Cheap Hero with the token to add
#          two strength. It cannot fight alone. ..."


@rule(
    "gf9.battle.kwisatz-haderach",
    on="battle",
    cites="gf9:349,351",
    title="The Kwisatz Haderach: Atreides, active after seven battle losses, with a leader or Cheap Hero",
    forbids="The Kwisatz Haderach cannot join this plan: it is Atreides', active once at least seven Atreides "
    "forces were lost in battle ({a_lost_in_battle}/{d_lost_in_battle}), and accompanies a leader or Cheap Hero.",
    permits="The Kwisatz Haderach is active and accompanies {a_leader_label}/{d_leader_label}.",
    needs=("a_lost_in_battle", "d_lost_in_battle"),
    when=lambda s: s.a_kh or s.d_kh,
)
def kwisatz_haderach(s: BattleFacts) -> bool:
    """The Kwisatz Haderach is Atreides', active after seven battle losses, and never fights alone."""

    def ok(s: BattleFacts, x: str) -> bool:
        if not _get(s, x, "kh"):
            return True
        lost = _get(s, x, "lost_in_battle") or 0
        return _get(s, x, "is_atreides") and lost >= KH_THRESHOLD and (_get(s, x, "leader") or _get(s, x, "ch"))

    return both(s, ok)


@kwisatz_haderach.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.Implies(
            _get(v, x, "kh"),
            z3.And(
                _get(v, x, "is_atreides"),
                _get(v, x, "lost_in_battle") >= KH_THRESHOLD,
                z3.Or(_get(v, x, "leader"), _get(v, x, "ch")),
            ),
        ),
    )


# gf9:283 "If your opponent uses a leader matching a traitor card you hold, you may reveal it and call
#          treachery. Revealing is optional. ..."
# gf9:291 "... An Atreides leader accompanied by the Kwisatz Haderach cannot turn traitor. ..."
# gf9:351 "... An accompanied leader cannot turn traitor."
# overview:82 "During battle, if your opponent's leader matches your Traitor Card, call "Treachery!" ..."


@rule(
    "gf9.battle.traitor-call",
    on="battle",
    cites="gf9:283,291,351; overview:82",
    title="Treachery is called only on an opposing leader whose traitor card one holds",
    forbids="A traitor call needs the opposing leader's traitor card and a leader not accompanied by the "
    "Kwisatz Haderach ({A} calls on {d_leader_label}, {D} calls on {a_leader_label}).",
    permits="The traitor call names an opposing leader whose traitor card the caller holds.",
    when=lambda s: s.a_traitor or s.d_traitor,
)
def traitor_call(s: BattleFacts) -> bool:
    """Only a leader (not a Cheap Hero) whose Traitor Card the caller holds can be revealed; the
    Kwisatz Haderach protects its leader."""

    def ok(s: BattleFacts, x: str) -> bool:
        y = OTHER[x]
        if not _get(s, x, "traitor"):
            return True
        return _get(s, y, "leader") and _get(s, x, "holds_traitor") and not _get(s, y, "kh")

    return both(s, ok)


@traitor_call.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.Implies(
            _get(v, x, "traitor"),
            z3.And(_get(v, OTHER[x], "leader"), _get(v, x, "holds_traitor"), z3.Not(_get(v, OTHER[x], "kh"))),
        ),
    )


# gf9:249 "All of a faction's forces in the territory participate as one side unless separated by the
#          storm. ..."


@rule(
    "gf9.battle.own-forces",
    on="battle",
    cites="gf9:249",
    title="Only the faction's own forces in the territory fight: no mercenaries",
    forbids="GF9 has no mercenaries: {A} adds {a_mercenaries}, {D} adds {d_mercenaries}.",
    permits="Each side fights with its own forces in {territory}.",
)
def own_forces(s: BattleFacts) -> bool:
    """A side is the faction's forces in the territory; the GF9 text knows no mercenaries to add to it."""
    return s.a_mercenaries == 0 and s.d_mercenaries == 0


@own_forces.z3
def _(v: Any) -> Any:
    return z3.And(v.a_mercenaries == 0, v.d_mercenaries == 0)


# gf9:259 "Bene Gesserit Voice is used before Atreides Prescience. Voice gives one instruction about a card
#          or category to play or not play. If the opponent cannot comply, it may make an otherwise legal
#          plan. Voice does not allow extra cards or remove the need for a leader."
# gf9:365 "In battle, Voice your opponent to play or not play one weapon, defense, Worthless Card or Cheap
#          Hero as specified. A legal category instruction can name poison weapon, projectile weapon, poison
#          defense or Shield. Special cards can require exact names. If compliance is impossible, the
#          opponent may play an otherwise legal plan."
# gf9:367 "You may Voice the opponent in your ally's battle. ..."
# The plan's other legality (a leader still required, only cards in hand, one weapon and one defense)
# stays with the other rules: Voice adds no exception to them.


def _voice_ok(s: BattleFacts, x: str) -> bool:
    if not _get(s, x, "voice"):
        return True
    text = _get(s, x, "voice_text")
    what = text.removeprefix("not play ").removeprefix("play ")
    complies = voice_complies(
        what,
        _get(s, x, "voice_target"),
        _get(s, x, "weapon_name") or None,
        _get(s, x, "defense_name") or None,
        bool(_get(s, x, "ch")),
    )
    if complies == (_get(s, x, "voice") == VOICE_PLAY):
        return True
    return not _get(s, x, "voice_can")


@rule(
    "gf9.battle.voice",
    on="battle",
    cites="gf9:259,365,367",
    title="A Voiced plan complies with the Voice when it can",
    forbids="The Voice is not obeyed though it could be: {A} was told to {a_voice_text}, {D} to {d_voice_text} "
    "({A}: {a_cards}; {D}: {d_cards}).",
    permits="The plans obey the Voice, or cannot: {A}: {a_voice_text}; {D}: {d_voice_text}.",
    needs=("a_voice_can", "d_voice_can"),
    when=lambda s: bool(s.a_voice or s.d_voice),
)
def voice(s: BattleFacts) -> bool:
    """A side Voiced to play (or not play) a card or category must do so if its hand and plan allow; a side
    that cannot comply (no such card, or no leader or Cheap Hero to carry it) makes any otherwise legal plan."""
    return both(s, _voice_ok)


@voice.z3
def _(v: Any) -> Any:
    def ok(v: Any, x: str) -> Any:
        t, code = _get(v, x, "voice_target"), _get(v, x, "voice_code")
        w, d = _get(v, x, "weapon"), _get(v, x, "defense")
        matched = z3.If(
            t == T_WEAPON_KIND,
            w == code,
            z3.If(
                t == T_DEFENSE_KIND,
                d == code,
                z3.If(
                    t == T_WORTHLESS,
                    z3.Or(w == WORTHLESS, d == WORTHLESS),
                    z3.If(
                        t == T_CHEAP_HERO,
                        _get(v, x, "ch"),
                        z3.And(t == T_CARD, z3.Or(_get(v, x, "weapon_id") == code, _get(v, x, "defense_id") == code)),
                    ),
                ),
            ),
        )
        obeyed = z3.If(_get(v, x, "voice") == VOICE_PLAY, matched, z3.Not(matched))
        return z3.Implies(_get(v, x, "voice") != 0, z3.Or(obeyed, z3.Not(_get(v, x, "voice_can"))))

    return zboth(v, ok)


# gf9:261 "Atreides may then ask for one chosen element: leader, weapon, defense or number dialed. An answer
#          of no weapon or no defense uses the question; Atreides cannot choose another element. The revealed
#          element must be honored."
# gf9:265 "If a later legal effect makes a Prescience answer impossible to honor, give a new legal answer to
#          that same question before reveal. If the original answer remains possible, keep it."


def _presc_ok(s: BattleFacts, x: str) -> bool:
    element = _get(s, x, "presc")
    if not element or not _get(s, x, "presc_possible"):
        return True
    answer = _get(s, x, "presc_text").split(": ", 1)[1]
    if element == 1:
        if answer == "no leader":
            return not _get(s, x, "leader") and not _get(s, x, "ch")
        if answer == "Cheap Hero":
            return not _get(s, x, "leader") and bool(_get(s, x, "ch"))
        return bool(_get(s, x, "leader_name") == answer)
    if element in (2, 3):
        slot = "weapon" if element == 2 else "defense"
        return (_get(s, x, f"{slot}_name") or f"no {slot}") == answer
    dial = _get(s, x, "dial_h")
    return dial is None or dial == _get(s, x, "presc_answer")


@rule(
    "gf9.battle.prescience",
    on="battle",
    cites="gf9:261,265",
    title="The element revealed to Prescience is honored",
    forbids="The plan does not honor its Prescience answer ({A}: {a_presc_text}; {D}: {d_presc_text}).",
    permits="The plans honor the Prescience answers, or can no longer ({A}: {a_presc_text}; {D}: {d_presc_text}).",
    needs=("a_presc_possible", "d_presc_possible"),
    when=lambda s: bool(s.a_presc or s.d_presc),
)
def prescience(s: BattleFacts) -> bool:
    """The leader, weapon, defense or dial revealed to the Atreides (no weapon or no defense included) is what
    the plan plays, unless a later legal effect made that answer impossible (then a new answer is given)."""
    return both(s, _presc_ok)


@prescience.z3
def _(v: Any) -> Any:
    def ok(v: Any, x: str) -> Any:
        e, ans = _get(v, x, "presc"), _get(v, x, "presc_answer")
        leader, ch = _get(v, x, "leader"), _get(v, x, "ch")
        as_leader = z3.If(
            ans == 0,
            z3.And(z3.Not(leader), z3.Not(ch)),
            z3.If(ans == ANSWER_CHEAP_HERO, z3.And(z3.Not(leader), ch), z3.And(leader, _get(v, x, "leader_id") == ans)),
        )
        honored = z3.If(
            e == 1,
            as_leader,
            z3.If(
                e == 2,
                _get(v, x, "weapon_id") == ans,
                z3.If(e == 3, _get(v, x, "defense_id") == ans, _get(v, x, "dial_h") == ans),
            ),
        )
        return z3.Implies(e != 0, z3.Or(z3.Not(_get(v, x, "presc_possible")), honored))

    return zboth(v, ok)


# gf9:351 "In one territory per turn, accompany an Atreides leader or Cheap Hero with the token to add two
#          strength. ..."


@rule(
    "gf9.battle.kh-one-territory",
    on="battle",
    cites="gf9:351",
    title="The Kwisatz Haderach fights in one territory per turn",
    forbids="The Kwisatz Haderach already fought in another territory this turn; it cannot join the battle "
    "in {territory}.",
    permits="The Kwisatz Haderach has fought in no other territory this turn.",
    when=lambda s: s.a_kh or s.d_kh,
)
def kh_one_territory(s: BattleFacts) -> bool:
    """The Kwisatz Haderach may accompany leaders in several battles in one territory in a turn, but not in a
    second territory."""
    return both(s, lambda s, x: not (_get(s, x, "kh") and _get(s, x, "kh_used_elsewhere")))


@kh_one_territory.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Implies(_get(v, x, "kh"), z3.Not(_get(v, x, "kh_used_elsewhere"))))


# -- Resolution ------------------------------------------------------------------
# gf9:271 "Base weapons and protection" (the deck: projectile weapons are stopped by a Shield, poison by
#          a Snooper, a Lasgun by nothing: constraints/data/gf9-components.yaml)
# gf9:273 "A defense protects only the leader, not the dialed forces. A killed leader adds zero, but the
#          force dial still counts. If both leaders die, compare the dials; the aggressor wins a tie."
# gf9:275 "A Lasgun with any Shield in the same battle, including its own side's Shield, explodes. ..."
# gf9:285-289 traitors; overview:61,123 totals and ties.

STOPPED_BY = {PROJECTILE: PROJECTILE, POISON: POISON}  # weapon -> the defense that stops it


def _dies(weapon: int, defense: int) -> bool:
    if weapon == LASGUN:
        return True
    return weapon in STOPPED_BY and STOPPED_BY[weapon] != defense


def resolve(s: BattleFacts) -> dict[str, Any]:
    """The whole result of two legal plans, on concrete facts (the checks' side)."""
    r: dict[str, Any] = {}
    a_tr, d_tr = s.a_traitor, s.d_traitor
    explosion = (
        not a_tr and not d_tr and LASGUN in (s.a_weapon, s.d_weapon) and PROJECTILE in (s.a_defense, s.d_defense)
    )
    r["explosion"] = explosion
    dead = {"a": _dies(s.d_weapon, s.a_defense), "d": _dies(s.a_weapon, s.d_defense)}
    total = {}
    for x in SIDES:
        bonus = 2 * _get(s, x, "strength") + (KH_BONUS_H if _get(s, x, "kh") else 0)
        total[x] = _get(s, x, "dial_h") + (0 if dead[x] else bonus)
    if a_tr and d_tr:
        winner, killed = 0, {"a": True, "d": True}
    elif a_tr or d_tr:
        winner = 1 if a_tr else 2
        killed = {"a": d_tr, "d": a_tr}
    elif explosion:
        winner, killed = 0, {"a": True, "d": True}
    else:
        winner = 1 if total["a"] >= total["d"] else 2
        killed = dead
    r["winner"] = winner
    r["total_h"] = total
    for x in SIDES:
        r[f"{x}_killed"] = bool(killed[x] and _get(s, x, "leader"))
    strength_killed = sum(_get(s, x, "strength") for x in SIDES if r[f"{x}_killed"])
    for i, x in ((1, "a"), (2, "d")):
        everything = _get(s, x, "forces") + _get(s, x, "special")
        if winner == i:
            if a_tr or d_tr:
                lost = 0  # gf9:285 keeps its forces
            elif not s.advanced:
                lost = (_get(s, x, "dial_h") or 0) // 2
            elif _get(s, x, "special"):
                lost = -1  # the winner's choice among several selections (gf9:299)
            elif _get(s, x, "is_fremen"):
                lost = (_get(s, x, "dial_h") or 0) // 2
            else:
                lost = (_get(s, x, "dial_h") or 0) - _get(s, x, "spice")
        else:
            lost = everything
        r[f"{x}_lost"] = lost
        traitor_win = winner == i and (a_tr or d_tr)
        r[f"{x}_paid"] = _get(s, x, "spice") if s.advanced and not traitor_win else 0
        if winner == i:
            r[f"{x}_gain"] = _get(s, OTHER[x], "strength") if traitor_win else strength_killed
            r[f"{x}_disc"] = 1
        else:
            r[f"{x}_gain"] = 0
            r[f"{x}_disc"] = 1 if explosion else 2
    return r


def _name(s: BattleFacts, winner: int) -> str:
    return {1: s.a_name, 2: s.d_name}.get(winner, "none")


# z3 side: the same result over the solver's variables, written out again.


def zdies(v: Any, x: str) -> Any:
    w, d = _get(v, OTHER[x], "weapon"), _get(v, x, "defense")
    return z3.Or(w == LASGUN, z3.And(w == PROJECTILE, d != PROJECTILE), z3.And(w == POISON, d != POISON))


def zexplodes(v: Any) -> Any:
    return z3.And(
        z3.Or(v.a_weapon == LASGUN, v.d_weapon == LASGUN),
        z3.Or(v.a_defense == PROJECTILE, v.d_defense == PROJECTILE),
        z3.Not(v.a_traitor),
        z3.Not(v.d_traitor),
    )


def ztotal(v: Any, x: str) -> Any:
    bonus = 2 * _get(v, x, "strength") + z3.If(_get(v, x, "kh"), KH_BONUS_H, 0)
    return _get(v, x, "dial_h") + z3.If(zdies(v, x), 0, bonus)


def zwinner(v: Any) -> Any:
    """0 none, 1 aggressor, 2 defender."""
    return z3.If(
        z3.And(v.a_traitor, v.d_traitor),
        0,
        z3.If(
            v.a_traitor,
            1,
            z3.If(v.d_traitor, 2, z3.If(zexplodes(v), 0, z3.If(ztotal(v, "a") >= ztotal(v, "d"), 1, 2))),
        ),
    )


def zkilled(v: Any, x: str) -> Any:
    y = OTHER[x]
    by_result = z3.If(
        z3.Or(v.a_traitor, v.d_traitor),
        _get(v, y, "traitor"),  # the betrayed leader dies, the caller's survives (gf9:285-289)
        z3.Or(zexplodes(v), zdies(v, x)),
    )
    return z3.And(_get(v, x, "leader"), by_result)


@rule(
    "gf9.battle.winner",
    on="battle",
    cites="gf9:273,275,285,289; overview:61,123",
    title="The higher total wins, the aggressor wins ties; a traitor wins at once; an explosion has no winner",
    permits="Winner: {winner}.",
    needs=("a_dial_h", "d_dial_h"),
    defines=("winner", "explosion"),
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def battle_winner(s: BattleFacts) -> dict[str, Any]:
    """Total = dial plus the leader's strength if it survives (plus two for the Kwisatz Haderach); the higher
    total wins and the aggressor wins a tie. A revealed traitor wins outright; two traitors, or a Lasgun
    meeting a Shield, leave no winner."""
    r = resolve(s)
    return {"winner": _name(s, r["winner"]), "explosion": r["explosion"]}


@battle_winner.z3
def _(v: Any) -> Any:
    return z3.And(v.winner == zwinner(v), v.explosion == zexplodes(v))


# gf9:275 "... Kill the leaders used in that battle. Neither side wins or collects spice for killed leaders. ..."
# gf9:287 "... The winner's leader survives even if the revealed weapons would have killed it. ..."
# gf9:289 "If each side reveals the other's leader as a traitor, neither wins: both lose all forces in the
#          territory, both leaders and all played cards. ..."


@rule(
    "gf9.battle.leaders-killed",
    on="battle",
    cites="gf9:273,275,285,287,289,353",
    title="A weapon kills a leader its defense does not stop; an explosion kills both, and the Kwisatz Haderach",
    permits="Leaders killed: {leaders_killed}.",
    needs=("a_dial_h", "d_dial_h"),
    defines=("leaders_killed",),
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def leaders_killed(s: BattleFacts) -> dict[str, Any]:
    """A projectile weapon is stopped by a Shield, poison by a Snooper, a Lasgun by nothing. An explosion kills
    both leaders, and the Kwisatz Haderach if it accompanied one (only an explosion kills it); a traitor call
    kills the traitor and spares the caller's leader."""
    r = resolve(s)
    out: list[str] = []
    for x in SIDES:
        out += [_get(s, x, "leader_name")] if r[f"{x}_killed"] else []
        out += [KH_NAME] if r["explosion"] and _get(s, x, "kh") else []  # gf9:353
    return {"leaders_killed": out}


@leaders_killed.z3
def _(v: Any) -> Any:
    return z3.And(
        v.a_killed == zkilled(v, "a"),
        v.d_killed == zkilled(v, "d"),
        v.a_kh_killed == z3.And(v.a_kh, zexplodes(v)),
        v.d_kh_killed == z3.And(v.d_kh, zexplodes(v)),
    )


def zlost(v: Any, x: str, i: int) -> Any:
    everything = _get(v, x, "forces") + _get(v, x, "special")
    dial_h = _get(v, x, "dial_h")
    won = z3.If(
        z3.Or(v.a_traitor, v.d_traitor),
        0,
        z3.If(
            z3.Not(v.advanced),
            dial_h / 2,
            z3.If(
                _get(v, x, "special") > 0,
                -1,
                z3.If(_get(v, x, "is_fremen"), dial_h / 2, dial_h - _get(v, x, "spice")),
            ),
        ),
    )
    return z3.If(zwinner(v) == i, won, everything)


@rule(
    "gf9.battle.losses",
    on="battle",
    cites="gf9:273,275,285,287,289,299; overview:61,82",
    title="The loser loses all its forces there, the winner its dial's worth",
    permits="Losses: {losses}.",
    needs=("a_dial_h", "d_dial_h"),
    defines=("losses",),
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def losses(s: BattleFacts) -> dict[str, Any]:
    """The loser (and both sides of an explosion or a double traitor) loses every force in the territory;
    the winner loses forces worth its dial (none after a traitor call). An explosion also destroys the
    other forces there. Advanced: with special forces the winner picks among selections (gf9:299)."""
    r = resolve(s)
    out = {_get(s, x, "name"): r[f"{x}_lost"] for x in SIDES if r[f"{x}_lost"] > 0}  # -1: the winner's choice
    if r["explosion"]:
        out.update({f: n for f, n in zip(s.o_names, s.o_forces, strict=True) if n})
    return {"losses": out}


@losses.z3
def _(v: Any) -> Any:
    return z3.And(v.a_lost == zlost(v, "a", 1), v.d_lost == zlost(v, "d", 2))


def zgain(v: Any, x: str, i: int) -> Any:
    killed = z3.If(zkilled(v, "a"), v.a_strength, 0) + z3.If(zkilled(v, "d"), v.d_strength, 0)
    by_traitor = z3.If(_get(v, x, "traitor"), _get(v, OTHER[x], "strength"), killed)
    return z3.If(zwinner(v) == i, by_traitor, 0)


@rule(
    "gf9.battle.spice-gained",
    on="battle",
    cites="gf9:275,285,289; overview:61,82",
    title="The winner collects the killed leaders' strength in spice",
    permits="Spice gained: {spice_gained}.",
    needs=("a_dial_h", "d_dial_h"),
    defines=("spice_gained",),
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def spice_gained(s: BattleFacts) -> dict[str, Any]:
    """The winner receives the spice value of the leaders killed (the traitor's alone after a traitor call);
    an explosion or a double traitor pays no one."""
    r = resolve(s)
    return {"spice_gained": {_get(s, x, "name"): r[f"{x}_gain"] for x in SIDES if r[f"{x}_gain"]}}


@spice_gained.z3
def _(v: Any) -> Any:
    return z3.And(v.a_gain == zgain(v, "a", 1), v.d_gain == zgain(v, "d", 2))


@rule(
    "gf9.battle.spice-paid",
    on="battle",
    cites="gf9:269,285",
    title="Advanced: both sides pay their support spice, win or lose; a traitor's winner keeps it",
    permits="Support spice paid: {spice_paid}.",
    needs=("a_dial_h", "d_dial_h"),
    defines=("spice_paid",),
    one_sided="it fixes an outcome of legal plans and never forbids",
    when=lambda s: s.advanced,
)
def spice_paid(s: BattleFacts) -> dict[str, Any]:
    """Committed support spice goes to the bank whoever wins, except that a side winning by a traitor keeps it."""
    r = resolve(s)
    return {"spice_paid": {_get(s, x, "name"): r[f"{x}_paid"] for x in SIDES if r[f"{x}_paid"]}}


@spice_paid.z3
def _(v: Any) -> Any:
    def paid(x: str, i: int) -> Any:
        keeps = z3.And(zwinner(v) == i, z3.Or(v.a_traitor, v.d_traitor))
        return _get(v, x, "paid") == z3.If(keeps, 0, _get(v, x, "spice"))

    return z3.And(paid("a", 1), paid("d", 2))


@rule(
    "gf9.battle.cards-discarded",
    on="battle",
    cites="gf9:255,287,289,455,459; overview:61",
    title="The loser discards its plan's cards; a Cheap Hero is always discarded",
    permits="Cards discarded: {cards_discarded}.",
    needs=("a_dial_h", "d_dial_h"),
    defines=("cards_discarded",),
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def cards_discarded(s: BattleFacts) -> dict[str, Any]:
    """The loser (both sides of a double traitor) discards every card of its plan; the winner may keep its
    cards but discards a Cheap Hero. After an explosion only the Cheap Heroes are certainly discarded."""
    r = resolve(s)
    out: list[str] = []
    for x in SIDES:
        cards = _get(s, x, "cards") or []
        out += cards if r[f"{x}_disc"] == 2 else [c for c in cards if c.startswith("Cheap Her")]
    return {"cards_discarded": out}


@cards_discarded.z3
def _(v: Any) -> Any:
    def disc(x: str, i: int) -> Any:
        return _get(v, x, "disc") == z3.If(z3.Or(zwinner(v) == i, zexplodes(v)), 1, 2)

    return z3.And(disc("a", 1), disc("d", 2))


__all__ = ["resolve"]

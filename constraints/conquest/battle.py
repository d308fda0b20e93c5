"""Conquest: battle plans and their resolution (conquest:31-41, 47-49, 53, 59-61).

Every rule looks at both plans: the aggressor's (``a_*``, in conquest the faction holding
battle advantage, conquest:61) and the defender's (``d_*``). Dials are in half-units
(``dial_h``) as gf9's, so that a rule and its gf9 counterpart read the same variables.
The result of two legal plans is split by what decided it: an ordinary battle (totals),
one traitor call, or two; each defining rule's z3 form is guarded by its situation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import z3

from checker.arrakis.kinds.conquest_battle import NO_CARD, OTHER, SIDES, VOICE_PLAY, ConquestBattleFacts
from checker.facts import per_record
from checker.names import display
from checker.rules import chapter, gap, rule, set_aside
from constraints.gf9.battle import _get, _says, _who, both, zboth  # the side helpers, shared

ON = "conquest-battle"
chapter(ON, "conquest:31-41,47-49,53,59-61")

set_aside(
    "conquest:31,35,39,47,59",
    "a heading (a bullet naming the paragraph below it)",
)


def _num(h: int) -> Any:
    return h // 2 if h % 2 == 0 else h / 2


# -- The battle plan -------------------------------------------------------------------
# conquest:33 "Secretly dial a number of forces on your battle wheel, from 0 up to the number you have in the
#             territory. You must play a leader if you can. With a leader, you may also add a weapon card, a
#             defense card or both. Reveal plans together."


def _dial_ok(s: ConquestBattleFacts, x: str) -> bool:
    dial_h = _get(s, x, "dial_h")
    return dial_h % 2 == 0 and 0 <= dial_h // 2 <= _get(s, x, "forces") + _get(s, x, "special")


@rule(
    "conquest.battle.dial",
    on=ON,
    cites="conquest:33",
    title="Dial a whole number of forces, from 0 to those you have in the territory",
    forbids=_says(
        _dial_ok,
        lambda s, x: (
            f"{_who(s, x)} dials {s.fmt()[f'{x}_dial']} with {_get(s, x, 'forces')} forces in {s.territory}: "
            "a dial is a number of forces from 0 to those it has there."
        ),
    ),
    permits="{A} dials {a_dial} of its {a_forces} forces in {territory}, {D} {d_dial} of {d_forces}.",
    needs=("a_dial_h", "d_dial_h"),
    counterpart="overview.battle.dial",
)
def dial(s: ConquestBattleFacts) -> bool:
    """Each side dials a whole number of forces, at least 0 and at most the forces it has in the territory."""
    return both(s, _dial_ok)


@dial.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.And(
            _get(v, x, "dial_h") % 2 == 0,
            _get(v, x, "dial_h") >= 0,
            _get(v, x, "dial_h") <= 2 * (_get(v, x, "forces") + _get(v, x, "special")),
        ),
    )


def _leader_ok(s: ConquestBattleFacts, x: str) -> bool:
    return bool(_get(s, x, "leader")) or _get(s, x, "leaders_available") == 0


@rule(
    "conquest.battle.leader-required",
    on=ON,
    cites="conquest:33,37",
    title="You must play a leader if you can",
    forbids=_says(
        _leader_ok,
        lambda s, x: (
            f"{_who(s, x)} plays no leader though it could play {', '.join(_get(s, x, 'avail_names')) or 'one'}"
            + (" (a Cheap Hero is no leader: conquest names none)" if _get(s, x, "ch") else "")
            + "."
        ),
    ),
    permits="Each side that can plays a leader ({A}: {a_leader_label}; {D}: {d_leader_label}).",
    cite_when={"conquest:37": lambda s: s.a_only_killed or s.d_only_killed},  # why a side with leaders has none
    needs=("a_leaders_available", "d_leaders_available"),  # known whenever a side plays a leader
    counterpart="gf9.battle.leader-required",
    differs="gf9 lets a Cheap Hero take the leader's place (gf9:253, 457); conquest:33 requires a leader if you "
    "can and names no Cheap Hero",
)
def leader_required(s: ConquestBattleFacts) -> bool:
    """A side with a leader it can play puts one in its plan; only a side with none plays without (a side whose
    every leader was killed has none: conquest.battle.killed-leader)."""
    return both(s, _leader_ok)


@leader_required.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Or(_get(v, x, "leader"), _get(v, x, "leaders_available") == 0))


def _own_ok(s: ConquestBattleFacts, x: str) -> bool:
    return not _get(s, x, "leader") or bool(_get(s, x, "leader_own"))


@rule(
    "conquest.battle.leader-own",
    on=ON,
    cites="conquest:37",
    see_also="conquest:33",
    title="A plan's leader is your own leader",
    forbids=_says(
        _own_ok,
        lambda s, x: (
            f"{_who(s, x)} plays {_get(s, x, 'leader_name')}, a leader of "
            f"{display(_get(s, x, 'leader_faction'))}: a plan adds its own leader's strength."
        ),
    ),
    permits=lambda s, _o: (
        " and ".join(_get(s, x, "leader_name") for x in SIDES if _get(s, x, "leader"))
        + (" fight for their own factions." if s.a_leader and s.d_leader else " fights for its own faction.")
    ),
    needs=("a_leader_own", "d_leader_own"),
    when=lambda s: s.a_leader or s.d_leader,
    counterpart="gf9.battle.leader-own",
)
def leader_own(s: ConquestBattleFacts) -> bool:
    """The leader in a plan is one of the faction's own (listed in its ``leaders``): 'your leader's strength'."""
    return both(s, _own_ok)


@leader_own.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Or(z3.Not(_get(v, x, "leader")), _get(v, x, "leader_own")))


# conquest:37 "... A weapon without a matching defense kills the leader and cancels its strength. ..."
# conquest:41 "... If both reveal traitors, both lose forces, cards and leaders, and neither wins."
# A killed leader is dead: no line of the text brings one back (it prints no revival), so a leader killed in an
# earlier battle (``leaders_in_tanks``) cannot be played, and a side whose every leader was killed cannot play one,
# which is what conquest:33's "if you can" allows (conquest.battle.leader-required counts only living leaders).


def _alive_ok(s: ConquestBattleFacts, x: str) -> bool:
    return not _get(s, x, "leader_dead")


@rule(
    "conquest.battle.killed-leader",
    on=ON,
    cites="conquest:37",
    see_also="conquest:33,41",
    title="A leader killed in an earlier battle is not played again",
    forbids=_says(
        _alive_ok,
        lambda s, x: (
            f"{_who(s, x)} plays {_get(s, x, 'leader_name')}, who was killed in an earlier battle (listed in "
            "leaders_in_tanks): a weapon kills a leader, and the text brings no killed leader back."
        ),
    ),
    permits=lambda s, _o: " ".join(
        f"{_who(s, x)} plays {_get(s, x, 'leader_name')}, not one of its killed leaders "
        f"({', '.join(_get(s, x, 'killed_names'))})."
        for x in SIDES
        if _get(s, x, "leader") and _get(s, x, "killed_names")
    ),
    when=lambda s: any(_get(s, x, "leader") and _get(s, x, "killed_names") for x in SIDES),
)
def killed_leader(s: ConquestBattleFacts) -> bool:
    """A plan's leader is not one killed before: conquest:37 and 41 kill leaders and no line of the text revives
    one."""
    return both(s, _alive_ok)


@killed_leader.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Not(_get(v, x, "leader_dead")))


gap(
    "conquest.battle.cheap-hero",
    on=ON,
    cites="conquest:33",
    see_also="conquest:25",
    title="A Cheap Hero in a conquest plan",
    reason="a plan holds a Cheap Hero: conquest's plan has a leader, a weapon card and a defense card "
    "(conquest:33) and its battle cards are weapons, defenses and worthless cards (conquest:25); what a "
    "Cheap Hero does it does not say",
    when=lambda s: bool(s.a_ch or s.d_ch),
)


def _cards_ok(s: ConquestBattleFacts, x: str) -> bool:
    cards = _get(s, x, "weapon") != NO_CARD or _get(s, x, "defense") != NO_CARD
    return not cards or bool(_get(s, x, "leader"))


@rule(
    "conquest.battle.cards-need-leader",
    on=ON,
    cites="conquest:33",
    title="Weapon and defense cards only with a leader",
    forbids=_says(
        _cards_ok,
        lambda s, x: (
            f"{_who(s, x)} plays no leader, so it cannot add {', '.join(_get(s, x, 'cards'))}: cards go only "
            "with a leader."
        ),
    ),
    permits="Every plan with a weapon or defense card has a leader.",
    when=lambda s: bool(s.a_weapon or s.a_defense or s.d_weapon or s.d_defense),
    counterpart="gf9.battle.cards-need-leader",
    differs="gf9 lets a Cheap Hero carry weapon and defense cards (gf9:253, 457); conquest:33 allows cards only "
    "with a leader",
)
def cards_need_leader(s: ConquestBattleFacts) -> bool:
    """A plan adds a weapon card, a defense card or both only when it has a leader."""
    return both(s, _cards_ok)


@cards_need_leader.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.Implies(
            z3.Or(_get(v, x, "weapon") != NO_CARD, _get(v, x, "defense") != NO_CARD), _get(v, x, "leader")
        ),
    )


def _held_ok(s: ConquestBattleFacts, x: str) -> bool:
    return _get(s, x, "missing_cards") == 0


@rule(
    "conquest.battle.cards-held",
    on=ON,
    cites="conquest:33",
    see_also="conquest:25",
    title="A plan's cards are battle cards you hold",
    forbids=_says(
        _held_ok,
        lambda s, x: (
            f"{_who(s, x)} adds {', '.join(_get(s, x, 'missing_names')) or 'more cards than it holds'}, which its "
            "listed hand does not hold."
        ),
    ),
    permits="No plan adds a card its listed (or counted) hand does not hold.",
    when=lambda s: bool(s.a_cards or s.d_cards),
    counterpart="gf9.battle.cards-in-hand",
)
def cards_held(s: ConquestBattleFacts) -> bool:
    """A weapon or defense card added to a plan is one of the battle cards the faction holds (where its hand is
    listed, or counted: no more cards than it holds)."""
    return both(s, _held_ok)


@cards_held.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: _get(v, x, "missing_cards") == 0)


gap(
    "conquest.battle.worthless",
    on=ON,
    cites="conquest:33",
    see_also="conquest:25",
    title="A worthless card in a plan",
    reason="a plan holds a worthless card: conquest:25 names worthless battle cards, and conquest:33 lets a plan "
    "add a weapon card or a defense card; whether a worthless card may take either place, and what it does, it "
    "does not say",
    when=lambda s: bool(s.a_worthless or s.d_worthless),
)

gap(
    "conquest.battle.occurs",
    on=ON,
    cites="conquest:33",
    title="A battle where a side has no forces",
    reason="a side has no forces in the territory: conquest prints no rule saying when a battle occurs "
    "(conquest:33 has each side dial the forces it has there)",
    when=lambda s: s.a_forces == 0 or s.d_forces == 0,
)

# conquest:53 "Atreides see one part of an opponent's plan before plans are made. ... The Imperium ... uses the
#             Voice to force or forbid a weapon type."


def _obeys(s: ConquestBattleFacts, x: str) -> bool:
    matched = _get(s, x, "weapon") != NO_CARD and _get(s, x, "weapon") == _get(s, x, "voice_type")
    return matched == (_get(s, x, "voice") == VOICE_PLAY)


def _voice_ok(s: ConquestBattleFacts, x: str) -> bool:
    if not _get(s, x, "voice") or not _get(s, x, "voice_by_imperium"):
        return True
    return _obeys(s, x) or not _get(s, x, "voice_can")


def _unled(s: ConquestBattleFacts, x: str) -> bool:
    """The side has no leader to play, so no card: with a leader it may add a weapon (conquest:33), without one it
    plays none, whatever the Voice asks."""
    return bool(_get(s, x, "voice_unled")) and _get(s, x, "weapon") == NO_CARD


def _voice_said(s: ConquestBattleFacts, _outcome: dict[str, Any]) -> str:
    return " ".join(
        f"{_who(s, x)}, Voiced to {_get(s, x, 'voice_text')}, plays {_get(s, x, 'weapon_name') or 'no weapon'}"
        + (": it has no leader to play, and only with a leader may a plan add a weapon." if _unled(s, x) else ".")
        for x in SIDES
        if _get(s, x, "voice")
    )


@rule(
    "conquest.battle.voice",
    on=ON,
    cites="conquest:33,53",
    cite_when={"conquest:33": lambda s: any(_unled(s, x) for x in SIDES if _get(s, x, "voice"))},
    title="The Imperium's Voice forces or forbids a weapon type",
    forbids=_says(
        _voice_ok,
        lambda s, x: (
            f"{_who(s, x)} was Voiced by the Imperium to {_get(s, x, 'voice_text')}, but plays "
            f"{_get(s, x, 'weapon_name') or 'no weapon'}."
        ),
    ),
    permits=_voice_said,
    needs=("a_voice_known", "d_voice_known", "a_voice_can", "d_voice_can"),
    when=lambda s: bool((s.a_voice and s.a_voice_by_imperium) or (s.d_voice and s.d_voice_by_imperium)),
    counterpart="gf9.battle.voice",
)
def voice(s: ConquestBattleFacts) -> bool:
    """A side the Imperium Voiced to play a weapon type plays a weapon of that type; one Voiced not to, plays
    none of that type."""
    return both(s, _voice_ok)


@voice.z3
def _(v: Any) -> Any:
    def ok(v: Any, x: str) -> Any:
        w = _get(v, x, "weapon")
        matched = z3.And(w != NO_CARD, w == _get(v, x, "voice_type"))
        obeyed = z3.If(_get(v, x, "voice") == VOICE_PLAY, matched, z3.Not(matched))
        return z3.Implies(
            z3.And(_get(v, x, "voice") != 0, _get(v, x, "voice_by_imperium")),
            z3.Or(obeyed, z3.Not(_get(v, x, "voice_can"))),
        )

    return zboth(v, ok)


def _open_form(_v: Any) -> Any:
    return z3.BoolVal(True)


@rule(
    "conquest.battle.voice-impossible",
    on=ON,
    cites="conquest:53",
    title="A Voice the side cannot obey",
    status="unresolved",
    one_sided="an open question: it neither forbids nor permits, it makes the answer unresolved",
    reason="the Imperium Voiced a side to play a weapon type it cannot play (no such card, or no leader to carry "
    "it); conquest:53 does not say what such a side plays",
    when=lambda s: any(
        _get(s, x, "voice")
        and _get(s, x, "voice_by_imperium")
        and _get(s, x, "voice_known")
        and _get(s, x, "voice_can") is False
        and not _obeys(s, x)
        and not _unled(s, x)
        for x in SIDES
    ),
)
def voice_impossible(_s: ConquestBattleFacts) -> bool:
    """Left open: the text does not say what a side Voiced to play a weapon type it cannot play does."""
    return True


voice_impossible.z3(_open_form)


@rule(
    "conquest.battle.voice-elsewhere",
    on=ON,
    cites="conquest:53",
    title="A Voice in a battle the Imperium does not fight",
    status="unresolved",
    one_sided="an open question: it neither forbids nor permits, it makes the answer unresolved",
    reason="a side is Voiced in a battle against a faction other than the Imperium: conquest:53 gives the Voice "
    "to the Imperium, and does not say whether it reaches battles the Imperium does not fight",
    when=lambda s: any(_get(s, x, "voice") and not _get(s, x, "voice_by_imperium") for x in SIDES),
)
def voice_elsewhere(_s: ConquestBattleFacts) -> bool:
    """Left open: whether the Imperium may Voice a side in another faction's battle."""
    return True


voice_elsewhere.z3(_open_form)


def _seen_ok(s: ConquestBattleFacts, x: str) -> bool:
    return not _get(s, x, "presc") or bool(_get(s, x, "presc_by_atreides"))


@rule(
    "conquest.battle.atreides-sees",
    on=ON,
    cites="conquest:53",
    title="Only the Atreides see a part of an opponent's plan",
    forbids=_says(
        _seen_ok,
        lambda s, x: (
            f"A part of {_who(s, x)}'s plan was seen before plans were made, but it fights "
            f"{_who(s, OTHER[x])}: the Atreides see a part of an opponent's plan."
        ),
    ),
    permits=lambda s, _o: " ".join(
        f"The Atreides saw {_who(s, x)}'s {_get(s, x, 'presc_text')}." for x in SIDES if _get(s, x, "presc")
    ),
    when=lambda s: bool(s.a_presc or s.d_presc),
    counterpart="gf9.battle.prescience",
)
def atreides_sees(s: ConquestBattleFacts) -> bool:
    """A part of a plan seen before plans are made is the Atreides' power: only the Atreides' opponent shows one."""
    return both(s, _seen_ok)


@atreides_sees.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Or(_get(v, x, "presc") == 0, _get(v, x, "presc_by_atreides")))


@rule(
    "conquest.battle.seen-part",
    on=ON,
    cites="conquest:53",
    title="A plan that differs from the part the Atreides saw",
    status="unresolved",
    one_sided="an open question: it neither forbids nor permits, it makes the answer unresolved",
    reason="the revealed plan differs from the part the Atreides saw: conquest:53 says the Atreides see one part "
    "of an opponent's plan before plans are made, not whether the plan must then keep it",
    when=lambda s: any(
        _get(s, x, "presc") and _get(s, x, "presc_by_atreides") and not _get(s, x, "presc_kept") for x in SIDES
    ),
)
def seen_part(_s: ConquestBattleFacts) -> bool:
    """Left open: whether the part of the plan the Atreides saw binds the plan."""
    return True


seen_part.z3(_open_form)


# -- Traitors ------------------------------------------------------------------------------
# conquest:41 "If your opponent plays a leader matching a traitor card you hold, call out Traitor. You win the
#             battle, lose nothing and keep your leader. The traitor's owner loses their forces in the territory
#             and the cards they played. If both reveal traitors, both lose forces, cards and leaders, and
#             neither wins."


def _call_ok(s: ConquestBattleFacts, x: str) -> bool:
    if not _get(s, x, "traitor"):
        return True
    return bool(_get(s, OTHER[x], "leader")) and bool(_get(s, x, "holds_traitor") or _get(s, x, "ally_holds_traitor"))


def _call_refused(s: ConquestBattleFacts, x: str) -> str:
    leader = _get(s, OTHER[x], "leader_name")
    if not leader:
        return f"{_who(s, x)} calls Traitor, but {_who(s, OTHER[x])} plays no leader."
    return f"{_who(s, x)} calls Traitor on {leader}, but holds no traitor card for {leader}."


@rule(
    "conquest.battle.traitor-card",
    on=ON,
    cites="conquest:41",
    title="Traitor is called on an opposing leader whose traitor card you hold",
    forbids=_says(_call_ok, _call_refused),
    permits=lambda s, _o: " ".join(
        f"{_who(s, x)} holds {_get(s, OTHER[x], 'leader_name')}'s traitor card." for x in SIDES if _get(s, x, "traitor")
    ),
    when=lambda s: s.a_traitor or s.d_traitor,
    counterpart="gf9.battle.traitor-card",
)
def traitor_card(s: ConquestBattleFacts) -> bool:
    """A side calls Traitor only when the opposing plan's leader matches a traitor card it holds."""
    return both(s, _call_ok)


@traitor_card.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.Implies(
            _get(v, x, "traitor"),
            z3.And(_get(v, OTHER[x], "leader"), z3.Or(_get(v, x, "holds_traitor"), _get(v, x, "ally_holds_traitor"))),
        ),
    )


gap(
    "conquest.battle.allies-battle",
    on=ON,
    cites="conquest:57",
    title="A battle between allies",
    reason="the two sides are allies (in Allies mode one player runs both factions, conquest:57): the text does not "
    "say whether, or how, allied factions battle each other",
    when=lambda s: s.allied,
)


gap(
    "conquest.battle.traitor-ally",
    on=ON,
    cites="conquest:41",
    title="Traitor called with an ally's traitor card",
    reason="the caller's ally, not the caller, holds the traitor card: conquest:41 speaks of a traitor card 'you "
    "hold', and does not say whether an ally's card (or, in Allies mode, the other faction's) counts",
    when=lambda s: any(
        _get(s, x, "traitor") and not _get(s, x, "holds_traitor") and _get(s, x, "ally_holds_traitor") for x in SIDES
    ),
)


@rule(
    "conquest.battle.traitor-uncalled",
    on=ON,
    cites="conquest:41",
    title="A traitor card held but not called",
    status="unresolved",
    one_sided="an open question: it neither forbids nor permits, it makes the answer unresolved",
    reason="a side holds the traitor card of the leader its opponent plays and does not call Traitor: "
    "conquest:41 says to call out Traitor, and does not say whether the call may be withheld",
    when=lambda s: any(
        _get(s, x, "holds_traitor") and _get(s, OTHER[x], "leader") and not _get(s, x, "traitor") for x in SIDES
    ),
)
def traitor_uncalled(_s: ConquestBattleFacts) -> bool:
    """Left open: whether a side may keep a matching traitor card uncalled."""
    return True


traitor_uncalled.z3(_open_form)


# -- Resolution -------------------------------------------------------------------------------
# conquest:37 "Add your dialed forces to your leader's strength. The highest total wins; the player with battle
#             advantage wins ties. A weapon without a matching defense kills the leader and cancels its
#             strength. The winner gains spice equal to the strength of every leader killed in the battle."
# conquest:49 "The loser loses all forces in the territory and every battle card played. The winner loses only
#             the forces they dialed, so even a winning side can leave a territory empty."
# conquest:61 "The first player has battle advantage. It passes in turn order until the Battle phase ends. The
#             player with the advantage wins ties and chooses the order of their battles."
# The position names the faction holding battle advantage as the battle's aggressor (the published format).


def _hit(s: ConquestBattleFacts, x: str) -> bool:
    """Side x's leader meets a weapon its defense does not match."""
    w = _get(s, OTHER[x], "weapon")
    return w != NO_CARD and _get(s, x, "defense") != w


@per_record
def resolve(s: ConquestBattleFacts) -> Mapping[str, Any]:
    """The whole result of two legal plans, on concrete facts (the checks' side)."""
    a_tr, d_tr = s.a_traitor, s.d_traitor
    r: dict[str, Any] = {}
    total = {}
    for x in SIDES:
        killed = bool(_get(s, x, "leader")) and _hit(s, x)
        r[f"{x}_killed"] = killed
        strength = 0 if killed or not _get(s, x, "leader") else (_get(s, x, "strength") or 0)
        total[x] = (_get(s, x, "dial_h") or 0) + 2 * strength
    r["total_h"] = total
    if a_tr and d_tr:
        winner = 0
        r["a_killed"], r["d_killed"] = bool(s.a_leader), bool(s.d_leader)
    elif a_tr or d_tr:
        winner = 1 if a_tr else 2
    else:
        winner = 1 if total["a"] >= total["d"] else 2
    r["winner"] = winner
    killed_strength = sum(_get(s, x, "strength") or 0 for x in SIDES if r[f"{x}_killed"])
    for i, x in ((1, "a"), (2, "d")):
        if winner == i:
            r[f"{x}_lost"] = 0 if a_tr or d_tr else (_get(s, x, "dial_h") or 0) // 2
            r[f"{x}_gain"] = killed_strength
            r[f"{x}_disc"] = 0
        else:
            r[f"{x}_lost"] = _get(s, x, "forces") + _get(s, x, "special")
            r[f"{x}_gain"] = 0
            r[f"{x}_disc"] = 2
    return r


def _name(s: ConquestBattleFacts, winner: int) -> str:
    return {1: s.a_name, 2: s.d_name}.get(winner, "none")


def _ordinary(s: ConquestBattleFacts) -> bool:
    return not s.a_traitor and not s.d_traitor


def _one_traitor(s: ConquestBattleFacts) -> bool:
    return s.a_traitor != s.d_traitor


def _two_traitors(s: ConquestBattleFacts) -> bool:
    return s.a_traitor and s.d_traitor


def zordinary(v: Any) -> Any:
    return z3.And(z3.Not(v.a_traitor), z3.Not(v.d_traitor))


def zhit(v: Any, x: str) -> Any:
    w = _get(v, OTHER[x], "weapon")
    return z3.And(w != NO_CARD, _get(v, x, "defense") != w)


def ztotal(v: Any, x: str) -> Any:
    alive = z3.And(_get(v, x, "leader"), z3.Not(zhit(v, x)))
    return _get(v, x, "dial_h") + z3.If(alive, 2 * _get(v, x, "strength"), 0)


def zwinner(v: Any) -> Any:
    return z3.If(
        z3.And(v.a_traitor, v.d_traitor),
        0,
        z3.If(v.a_traitor, 1, z3.If(v.d_traitor, 2, z3.If(ztotal(v, "a") >= ztotal(v, "d"), 1, 2))),
    )


def zkilled(v: Any, x: str) -> Any:
    return z3.And(_get(v, x, "leader"), zhit(v, x))


def zlost(v: Any, x: str, i: int) -> Any:
    won = z3.If(z3.Or(v.a_traitor, v.d_traitor), 0, _get(v, x, "dial_h") / 2)
    return z3.If(zwinner(v) == i, won, _get(v, x, "forces") + _get(v, x, "special"))


def zgain(v: Any, x: str, i: int) -> Any:
    killed = z3.If(zkilled(v, "a"), v.a_strength, 0) + z3.If(zkilled(v, "d"), v.d_strength, 0)
    return z3.If(zwinner(v) == i, killed, 0)


def zdisc(v: Any, x: str, i: int) -> Any:
    return _get(v, x, "disc") == z3.If(zwinner(v) == i, 0, 2)


OUTCOME_NEEDS = ("a_dial_h", "d_dial_h", "a_strength", "d_strength", "a_guard_known", "d_guard_known")


def _total_text(s: ConquestBattleFacts, r: Mapping[str, Any], x: str) -> str:
    parts = [f"dial {_num(_get(s, x, 'dial_h') or 0)}"]
    if _get(s, x, "leader"):
        killed = r[f"{x}_killed"]
        parts.append(f"{_get(s, x, 'leader_name')} {'killed' if killed else _get(s, x, 'strength')}")
    return f"{_who(s, x)} {_num(r['total_h'][x])} ({', '.join(parts)})"


def _winner_said(s: ConquestBattleFacts, _outcome: dict[str, Any]) -> str:
    r = resolve(s)
    a, d = r["total_h"]["a"], r["total_h"]["d"]
    head = f"{_total_text(s, r, 'a')} against {_total_text(s, r, 'd')}"
    if a == d:
        return f"{head}: a tie, which {_who(s, 'a')}, holding battle advantage, wins."
    return f"{head}: {_who(s, 'a' if a > d else 'd')} wins with the highest total."


@rule(
    "conquest.battle.winner",
    on=ON,
    cites="conquest:37,61",
    title="The highest total wins; battle advantage wins ties",
    permits=_winner_said,
    needs=OUTCOME_NEEDS,
    defines=("winner",),
    when=_ordinary,
    one_sided="it fixes an outcome of legal plans and never forbids",
    counterpart="gf9.battle.winner",
)
def battle_winner(s: ConquestBattleFacts) -> dict[str, Any]:
    """Total = the dial plus the leader's strength, unless a weapon its defense does not match killed it; the
    highest total wins, and the side holding battle advantage (the position's aggressor) wins a tie."""
    return {"winner": _name(s, resolve(s)["winner"])}


@battle_winner.z3
def _(v: Any) -> Any:
    return z3.Implies(zordinary(v), v.winner == zwinner(v))


def _killed_said(s: ConquestBattleFacts, _outcome: dict[str, Any]) -> str:
    out = []
    for x in SIDES:
        w = _get(s, OTHER[x], "weapon_name")
        if not w or not _get(s, x, "leader"):
            continue
        d = _get(s, x, "defense_name")
        if _hit(s, x):
            out.append(
                f"{_who(s, OTHER[x])}'s {w} kills {_get(s, x, 'leader_name')} "
                + (f"({d} does not match)." if d else f"({_who(s, x)} plays no defense).")
            )
        else:
            out.append(f"{_get(s, x, 'leader_name')}'s {d} matches {_who(s, OTHER[x])}'s {w}.")
    return " ".join(out) or "No weapon is played: no leader is killed."


@rule(
    "conquest.battle.leaders-killed",
    on=ON,
    cites="conquest:37",
    title="A weapon without a matching defense kills the leader",
    permits=_killed_said,
    needs=OUTCOME_NEEDS,
    defines=("leaders_killed",),
    when=_ordinary,
    one_sided="it fixes an outcome of legal plans and never forbids",
    counterpart="gf9.battle.leaders-killed",
)
def leaders_killed(s: ConquestBattleFacts) -> dict[str, Any]:
    """A leader facing a weapon its own defense does not match is killed, and its strength no longer counts."""
    r = resolve(s)
    return {"leaders_killed": [_get(s, x, "leader_name") for x in SIDES if r[f"{x}_killed"]]}


@leaders_killed.z3
def _(v: Any) -> Any:
    return z3.Implies(zordinary(v), z3.And(v.a_killed == zkilled(v, "a"), v.d_killed == zkilled(v, "d")))


def _losses_of(s: ConquestBattleFacts, r: Mapping[str, Any]) -> dict[str, int]:
    return {_get(s, x, "name"): r[f"{x}_lost"] for x in SIDES if r[f"{x}_lost"]}


def _losses_said(s: ConquestBattleFacts, _outcome: dict[str, Any]) -> str:
    r = resolve(s)
    w = "a" if r["winner"] == 1 else "d"
    lose = OTHER[w]
    return (
        f"{_who(s, w)}, the winner, loses only the {r[f'{w}_lost']} forces it dialed; {_who(s, lose)} loses all "
        f"{r[f'{lose}_lost']} of its forces in {s.territory}."
    )


@rule(
    "conquest.battle.losses",
    on=ON,
    cites="conquest:49",
    title="The loser loses all its forces there, the winner only those it dialed",
    permits=_losses_said,
    needs=OUTCOME_NEEDS,
    defines=("losses",),
    when=_ordinary,
    one_sided="it fixes an outcome of legal plans and never forbids",
    counterpart="gf9.battle.losses",
)
def losses(s: ConquestBattleFacts) -> dict[str, Any]:
    """The loser loses every force it has in the territory; the winner loses the forces it dialed."""
    return {"losses": _losses_of(s, resolve(s))}


@losses.z3
def _(v: Any) -> Any:
    return z3.Implies(zordinary(v), z3.And(v.a_lost == zlost(v, "a", 1), v.d_lost == zlost(v, "d", 2)))


def _gains(s: ConquestBattleFacts, r: Mapping[str, Any]) -> dict[str, int]:
    return {_get(s, x, "name"): r[f"{x}_gain"] for x in SIDES if r[f"{x}_gain"]}


def _gain_said(s: ConquestBattleFacts, _outcome: dict[str, Any]) -> str:
    r = resolve(s)
    w = "a" if r["winner"] == 1 else "d"
    killed = [f"{_get(s, x, 'leader_name')} ({_get(s, x, 'strength')})" for x in SIDES if r[f"{x}_killed"]]
    if not killed:
        return f"No leader is killed: {_who(s, w)} gains no spice."
    return f"{_who(s, w)} gains {r[f'{w}_gain']} spice for {', '.join(killed)}."


@rule(
    "conquest.battle.spice-gained",
    on=ON,
    cites="conquest:37",
    title="The winner gains the strength of every leader killed in spice",
    permits=_gain_said,
    needs=OUTCOME_NEEDS,
    defines=("spice_gained",),
    when=_ordinary,
    one_sided="it fixes an outcome of legal plans and never forbids",
    counterpart="gf9.battle.spice-gained",
)
def spice_gained(s: ConquestBattleFacts) -> dict[str, Any]:
    """The winner gains spice equal to the strength of every leader killed in the battle, its own included."""
    return {"spice_gained": _gains(s, resolve(s))}


@spice_gained.z3
def _(v: Any) -> Any:
    return z3.Implies(zordinary(v), z3.And(v.a_gain == zgain(v, "a", 1), v.d_gain == zgain(v, "d", 2)))


def _discards(s: ConquestBattleFacts, r: Mapping[str, Any]) -> list[str]:
    return [c for x in SIDES if r[f"{x}_disc"] == 2 for c in (_get(s, x, "cards") or [])]


@rule(
    "conquest.battle.cards-discarded",
    on=ON,
    cites="conquest:49",
    title="The loser loses every battle card it played; the winner keeps its cards",
    permits=lambda s, o: f"Battle cards lost: {', '.join(o.get('cards_discarded') or []) or 'none'}.",
    needs=OUTCOME_NEEDS,
    defines=("cards_discarded",),
    when=_ordinary,
    one_sided="it fixes an outcome of legal plans and never forbids",
    counterpart="gf9.battle.cards-discarded",
)
def cards_discarded(s: ConquestBattleFacts) -> dict[str, Any]:
    """The loser loses every battle card of its plan; the winner, losing only dialed forces, keeps its cards."""
    return {"cards_discarded": _discards(s, resolve(s))}


@cards_discarded.z3
def _(v: Any) -> Any:
    return z3.Implies(zordinary(v), z3.And(zdisc(v, "a", 1), zdisc(v, "d", 2)))


def _traitor_said(s: ConquestBattleFacts, _outcome: dict[str, Any]) -> str:
    x = "a" if s.a_traitor else "d"
    y = OTHER[x]
    cards = ", ".join(_get(s, y, "cards") or []) or "no card"
    return (
        f"{_get(s, y, 'leader_name')} is {_who(s, x)}'s traitor: {_who(s, x)} wins, loses nothing and keeps "
        f"{_get(s, x, 'leader_name')}; {_who(s, y)} loses its {_get(s, y, 'forces')} forces in {s.territory} and "
        f"the cards it played ({cards})."
    )


@rule(
    "conquest.battle.traitor",
    on=ON,
    cites="conquest:41",
    title="Traitor: the caller wins and loses nothing; the traitor's owner loses its forces there and its cards",
    permits=_traitor_said,
    defines=("winner", "losses", "cards_discarded"),
    when=_one_traitor,
    one_sided="it fixes an outcome of legal plans and never forbids",
    counterpart="gf9.battle.traitor",
)
def traitor(s: ConquestBattleFacts) -> dict[str, Any]:
    """The caller wins, loses no forces and no cards, and keeps its leader; the traitor's owner loses every force
    it has in the territory and the cards it played."""
    r = resolve(s)
    return {"winner": _name(s, r["winner"]), "losses": _losses_of(s, r), "cards_discarded": _discards(s, r)}


@traitor.z3
def _(v: Any) -> Any:
    return z3.Implies(
        v.a_traitor != v.d_traitor,
        z3.And(
            v.winner == zwinner(v),
            v.a_lost == zlost(v, "a", 1),
            v.d_lost == zlost(v, "d", 2),
            zdisc(v, "a", 1),
            zdisc(v, "d", 2),
        ),
    )


@rule(
    "conquest.battle.traitor-leader",
    on=ON,
    cites="conquest:41",
    see_also="conquest:37",
    title="The traitor leader's fate, and spice for it",
    status="unresolved",
    one_sided="an open question: it neither forbids nor permits, it makes the answer unresolved",
    reason="one side calls Traitor: conquest:41 says the caller keeps its leader and the traitor's owner loses its "
    "forces and cards, but not whether the traitor leader (or one a weapon meets) is killed, nor so whether the "
    "winner gains its strength in spice (conquest:37)",
    when=_one_traitor,
    leaves_open=("leaders_killed", "spice_gained"),  # the winner, the losses and the cards are conquest:41's
)
def traitor_leader(_s: ConquestBattleFacts) -> bool:
    """Left open: whether the traitor leader dies (and the winner gains its strength)."""
    return True


traitor_leader.z3(_open_form)


@rule(
    "conquest.battle.double-traitor",
    on=ON,
    cites="conquest:41",
    title="Both reveal traitors: both lose forces, cards and leaders, and neither wins",
    permits="Both leaders are traitors: neither wins; {A} and {D} lose their forces in {territory}, their cards "
    "and their leaders, and no one gains spice.",
    defines=("winner", "leaders_killed", "losses", "spice_gained", "cards_discarded"),
    when=_two_traitors,
    one_sided="it fixes an outcome of legal plans and never forbids",
    counterpart="gf9.battle.double-traitor",
)
def double_traitor(s: ConquestBattleFacts) -> dict[str, Any]:
    """Both sides lose every force in the territory, their cards and their leaders; no one wins, so no one gains
    spice."""
    r = resolve(s)
    return {
        "winner": "none",
        "leaders_killed": [_get(s, x, "leader_name") for x in SIDES if r[f"{x}_killed"]],
        "losses": _losses_of(s, r),
        "spice_gained": {},
        "cards_discarded": _discards(s, r),
    }


@double_traitor.z3
def _(v: Any) -> Any:
    return z3.Implies(
        z3.And(v.a_traitor, v.d_traitor),
        z3.And(
            v.winner == 0,
            v.a_killed == v.a_leader,
            v.d_killed == v.d_leader,
            v.a_lost == v.a_forces + v.a_special,
            v.d_lost == v.d_forces + v.d_special,
            v.a_gain == 0,
            v.d_gain == 0,
            v.a_disc == 2,
            v.d_disc == 2,
        ),
    )


__all__ = ["resolve"]

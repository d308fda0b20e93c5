"""GF9: Battle (Basic and Advanced), with the faction texts and Treachery cards that change it.

Every rule looks at both plans: the aggressor's (``a_*``) and the defender's
(``d_*``). Strengths are in half-units (``dial_h``): the Advanced game's
unsupported forces count one half (gf9:297).

One clause, one finding: each rule encodes one clause of the text, and its
message names the side, the leader or the card that decided, with the
position's own numbers. The result of two legal plans is split by what decided
it: an ordinary battle (totals), a traitor call, two traitor calls, or a
lasgun-shield explosion; each defining rule's z3 form is guarded by its
situation, so that the planner may assert them all together.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import z3

from checker.arrakis.board import gf9_board
from checker.arrakis.kinds.battle import (
    ANSWER_CHEAP_HERO,
    CHEAP_HEROES,
    KH_BONUS_H,
    KH_NAME,
    KH_THRESHOLD,
    LASGUN,
    NO_CARD,
    NOT_HERE,
    OPEN_TRAITOR,
    POISON,
    PROJECTILE,
    PROJECTILE_DEFENSE,
    SECTORS,
    SIDES,
    SUPPLIES_CACHE,
    T_CARD,
    T_CHEAP_HERO,
    T_DEFENSE_KIND,
    T_WEAPON_KIND,
    T_WORTHLESS,
    VOICE_PLAY,
    WORTHLESS,
    WRONG,
    BattleFacts,
    loss_counts,
    voice_complies,
)
from checker.arrakis.position import BATTLE, PHASES
from checker.facts import all_of, per_record
from checker.names import display, possessive, whose
from checker.rules import chapter, gap, rule, set_aside

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("battle", "gf9:69,99-101,243-303,349-355,365-367,375,415,423,427,453-483")

OTHER = {"a": "d", "d": "a"}

# -- lines of the chapter that need no rule -------------------------------------------------
set_aside(
    "gf9:247",
    "the order of battles: the position names the battle and its aggressor (gf9.battle.aggressor checks it against "
    "storm order where the seats are given), and the order changes no plan's legality or result",
)
set_aside(
    "gf9:263",
    "Truthtrance and revisions before reveal: the position gives the revealed plans, which the other rules "
    "judge ('the revealed plans still need to be legal')",
)
set_aside(
    "gf9:279",
    "expansion weapons and defenses: plan cards are checked against the GF9 base deck (gf9-components.yaml), "
    "which has none",
)
set_aside(
    "gf9:355",
    "the Atreides Karama inspection reveals a plan; the position gives both plans whole, so it changes no answer",
)


def _get(o: Any, x: str, name: str) -> Any:
    return getattr(o, f"{x}_{name}")


# The side helpers below serve any battle facts with ``a_``/``d_`` fields (gf9's, Dreamrules', Conquest's).
Sided = TypeVar("Sided")


def _who(s: Any, x: str) -> str:
    return display(_get(s, x, "name"))


def _side_s(s: Any, x: str) -> str:
    """A side's faction as a possessive ("Atreides'", "Harkonnen's")."""
    return possessive(_who(s, x))


def both(s: Sided, ok: Callable[[Sided, str], bool]) -> bool:
    return all(ok(s, x) for x in SIDES)


def zboth(v: Any, ok: Callable[[Any, str], Any]) -> Any:
    return z3.And(*(ok(v, x) for x in SIDES))


def _says(ok: Callable[[Sided, str], bool], say: Callable[[Sided, str], str]) -> Any:
    """A forbids message naming each side whose plan breaks the clause."""

    def message(s: Sided, _outcome: dict[str, Any]) -> str:
        return " ".join(say(s, x) for x in SIDES if not ok(s, x))

    return message


def _cards_of(s: BattleFacts, x: str) -> str:
    return ", ".join(_get(s, x, "cards") or []) or "no card"


def _names(xs: list[str]) -> str:
    return ", ".join(xs) if xs else "none"


# gf9:69 "... In battle, the earliest involved faction in that order is the aggressor."


@rule(
    "gf9.battle.aggressor",
    on="battle",
    cites="gf9:69",
    see_also="gf9:247",
    title="The aggressor: the faction earlier in storm order",
    forbids=lambda s, _o: (
        f"{whose(s.d_name)} player circle comes before {whose(s.a_name)} in storm order from the storm in "
        f"sector {s.storm_sector}: {display(s.d_name)} is the aggressor, not {display(s.a_name)}."
    ),
    permits=lambda s, _o: (
        f"{whose(s.a_name)} player circle comes first in storm order from the storm in sector {s.storm_sector}: "
        f"{display(s.a_name)} is the aggressor."
    ),
    when=lambda s: s.a_order is not None and s.d_order is not None,
)
def aggressor(s: BattleFacts) -> bool:
    """Of the two factions in a battle, the one whose player circle comes first in storm order (from First
    Player, counterclockwise) is the aggressor, who wins ties: the position's seats and storm decide it."""
    assert s.a_order is not None and s.d_order is not None
    return s.a_order < s.d_order


@aggressor.z3
def _(v: Any) -> Any:
    return v.a_order < v.d_order


# gf9:237 "... The Polar Sink permits all factions and is never a battle site."
# gf9:245 "After everyone has shipped and moved, opposing forces in the same territory must fight until
#          only one faction or no forces remain. Do not battle in Polar Sink, under the storm, or across the
#          storm. Advanced Bene Gesserit advisors neither fight nor require a battle."


@rule(
    "gf9.battle.polar-sink",
    on="battle",
    cites="gf9:237,245",
    title="No battle in the Polar Sink",
    forbids="The Polar Sink is never a battle site: {A} and {D} do not fight there.",
    permits="{territory} is not the Polar Sink.",
    counterpart="overview.battle.where",
    differs="gf9:237, 245 make the Polar Sink a place of no battle; overview:61 has a battle wherever two players "
    "occupy the same territory, naming only the storm as an exception (overview:102)",
)
def polar_sink(s: BattleFacts) -> bool:
    """Factions share the Polar Sink in peace: no battle is fought there."""
    return not s.in_polar_sink


@polar_sink.z3
def _(v: Any) -> Any:
    return z3.Not(v.in_polar_sink)


def _fights(s: BattleFacts, x: str) -> bool:
    """The side has fighting forces in the territory (whatever their sectors, known or not): without them, neither
    the storm nor anything else but gf9.battle.both-sides keeps it from battle."""
    return _get(s, x, "forces") + _get(s, x, "special") > 0


@rule(
    "gf9.battle.both-sides",
    on="battle",
    cites="gf9:245",
    see_also="gf9:375",
    title="A battle needs both factions' fighting forces in the territory",
    forbids=_says(
        _fights,
        lambda s, x: (
            f"{_who(s, x)} has no fighting forces in {s.territory}{_get(s, x, 'beyond')} (advisors do not fight): "
            "no battle."
        ),
    ),
    permits="{A} ({a_forces}+{a_special}) and {D} ({d_forces}+{d_special}) both have fighting forces in {territory}.",
    replaces="overview.battle.where",
)
def both_sides(s: BattleFacts) -> bool:
    """Opposing forces in one territory fight: each side needs forces there; advisors do not fight."""
    return both(s, _fights)


@both_sides.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: _get(v, x, "forces") + _get(v, x, "special") >= 1)


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
# gf9:249 "All of a faction's forces in the territory participate as one side unless separated by the storm."


def _clear(s: BattleFacts, x: str) -> bool:
    """Some of the side's fighting forces are outside the storm's sector."""
    return any(_get(s, x, "in_sector")[k] and k + 1 != s.storm_sector for k in range(SECTORS))


def _zclear(v: Any, x: str) -> Any:
    return z3.Or(*(z3.And(_get(v, x, "in_sector")[k], v.storm_sector != k + 1) for k in range(SECTORS)))


@rule(
    "gf9.battle.storm-covers",
    on="battle",
    cites="gf9:99,245",
    title="No battle under the storm",
    forbids=_says(
        _clear,
        lambda s, x: (
            f"All of {_side_s(s, x)} forces in {s.territory} are under the storm (sector {s.storm_sector}): "
            "they cannot battle."
        ),
    ),
    permits="{A} and {D} both have forces in {territory} clear of the storm (sector {storm_sector}).",
    needs=("sectors_known",),
    when=lambda s: s.storm_sector > 0 and not s.in_polar_sink and both(s, _fights),
)
def storm_covers(s: BattleFacts) -> bool:
    """Forces in the sector under the storm cannot battle: each side needs some forces outside it."""
    return both(s, _clear)


@storm_covers.z3
def _(v: Any) -> Any:
    return zboth(v, _zclear)


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
    "gf9.battle.storm-separates",
    on="battle",
    cites="gf9:101",
    see_also="gf9:31,249",
    title="No battle across the storm",
    forbids="The storm (sector {storm_sector}) separates {A_s} and {D_s} forces in {territory}: they cannot battle.",
    permits="{A_s} and {D_s} forces in {territory} meet clear of the storm (sector {storm_sector}).",
    needs=("sectors_known",),
    when=lambda s: s.storm_sector > 0 and not s.in_polar_sink and both(s, _fights) and both(s, _clear),
    replaces="overview.battle.storm-separates",
)
def storm_separates(s: BattleFacts) -> bool:
    """Forces in parts of a territory the storm separates do not meet: some aggressor's and defender's forces
    must be joined by sectors of the territory clear of it."""
    reach = _reach(s)
    return any(s.d_in_sector[k - 1] for k in reach)


@storm_separates.z3
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


gap(
    "gf9.battle.storm-fronts",
    on="battle",
    cites="gf9:101,249",
    see_also="overview:102",
    title="Both sides on both sides of the storm",
    reason="the storm splits the territory and the two sides meet in each of its parts: the forces in one part "
    "cannot battle those in the other (gf9:101), each part's forces are a side (gf9:249), and the move does not "
    "say which part's battle it is (move.sector names it)",
    when=lambda s: bool(s.storm_fronts),
    explain=lambda s: (
        f"the storm (sector {s.storm_sector}) splits {s.territory}, and {s.A} and {s.D} both have forces in "
        f"{s.storm_fronts}: forces the storm separates cannot battle (gf9:101), so each part is a battle of its "
        "own, and the move does not say which it is (move.sector names a sector of its part)"
    ),
)


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
    return v.phase_index == BATTLE


# gf9:253 "If you have no usable leader or Cheap Hero, announce it. You still dial and battle, but
#          cannot include Treachery Cards in the plan. ..."
# gf9:457 "A Cheap Hero fills the leader position with zero strength. ... can be chosen instead of a living
#          leader. If you have no usable leader but do have a Cheap Hero, you must play it. ..."
# overview:61 "... plays a leader (required if available) or cheap hero ..."


def _leads(s: BattleFacts, x: str) -> bool:
    return bool(_get(s, x, "leader") or _get(s, x, "ch"))


def _leader_required_ok(s: BattleFacts, x: str) -> bool:
    return _get(s, x, "leaders_available") == 0 or _leads(s, x)


@rule(
    "gf9.battle.leader-required",
    on="battle",
    cites="gf9:253,457",
    see_also="overview:61",
    title="A side with a usable leader plays a leader or a Cheap Hero",
    forbids=_says(
        _leader_required_ok,
        lambda s, x: (
            f"{_who(s, x)} plays no leader or Cheap Hero though it has usable leaders "
            f"({_names(_get(s, x, 'avail_names'))})."
        ),
    ),
    permits="Each side with a usable leader plays a leader or a Cheap Hero ({A}: {a_leader_label}; "
    "{D}: {d_leader_label}).",
    when=lambda s: s.a_leaders_available > 0 or s.d_leaders_available > 0,
    replaces="overview.battle.leader-required",
)
def leader_required(s: BattleFacts) -> bool:
    """With a usable leader, a plan puts a leader (or, instead, a Cheap Hero) in the leader position."""
    return both(s, _leader_required_ok)


@leader_required.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.Or(_get(v, x, "leaders_available") == 0, _get(v, x, "leader"), _get(v, x, "ch")),
    )


def _ch_required_ok(s: BattleFacts, x: str) -> bool:
    return _get(s, x, "leaders_available") > 0 or not _get(s, x, "ch_in_hand") or _leads(s, x)


@rule(
    "gf9.battle.cheap-hero-required",
    on="battle",
    cites="gf9:457",
    title="With no usable leader, a Cheap Hero in hand must be played",
    forbids=_says(
        _ch_required_ok,
        lambda s, x: f"{_who(s, x)} has no usable leader but holds a Cheap Hero: it must play it.",
    ),
    permits="No side without a usable leader leaves a Cheap Hero in hand ({A}: {a_leader_label}; "
    "{D}: {d_leader_label}).",
    needs=("a_ch_in_hand", "d_ch_in_hand"),
    when=lambda s: s.a_leaders_available == 0 or s.d_leaders_available == 0,
)
def cheap_hero_required(s: BattleFacts) -> bool:
    """A side with no usable leader that holds a Cheap Hero must put it in the leader position."""
    return both(s, _ch_required_ok)


@cheap_hero_required.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.Or(
            _get(v, x, "leaders_available") >= 1,
            z3.Not(_get(v, x, "ch_in_hand")),
            _get(v, x, "leader"),
            _get(v, x, "ch"),
        ),
    )


# gf9:33  "Keep dead forces and leaders in the Tleilaxu Tanks. ..."
# gf9:191 "Once all five of your leaders are in the Tanks, you may revive one per Revival Phase until all have
#          been revived. ... The leader returns to your available leaders ..."
# (gf9:255 "A living leader can fight ...", gf9:197 "A leader revived by Ghola during Battle can fight
#  immediately": the same, seen from the leaders that may fight.)


def _leaders_played(s: BattleFacts) -> tuple[str, str]:
    """The leaders the plans play (a side with no leader or a Cheap Hero is left out), and the verb's number."""
    names = [_get(s, x, "leader_name") for x in ("a", "d") if _get(s, x, "leader")]
    return " and ".join(names), ("is" if len(names) == 1 else "are")


def _alive(s: BattleFacts, x: str) -> bool:
    return not (_get(s, x, "leader") and _get(s, x, "leader_in_tanks"))


@rule(
    "gf9.battle.leader-in-tanks",
    on="battle",
    cites="gf9:33,191",
    see_also="gf9:255,197",
    title="Only a living leader fights: none from the Tanks",
    forbids=_says(
        _alive,
        lambda s, x: (
            f"{_get(s, x, 'leader_name')} is in the Tleilaxu Tanks: {_who(s, x)} cannot fight with that leader."
        ),
    ),
    permits=lambda s, _o: "{} {} not in the Tanks.".format(*_leaders_played(s)),
    when=lambda s: s.a_leader or s.d_leader,
)
def leader_in_tanks(s: BattleFacts) -> bool:
    """A leader in the Tleilaxu Tanks is dead: it cannot fight."""
    return both(s, _alive)


@leader_in_tanks.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Not(z3.And(_get(v, x, "leader"), _get(v, x, "leader_in_tanks"))))


def _not_used_elsewhere(s: BattleFacts, x: str) -> bool:
    return not (_get(s, x, "leader") and _get(s, x, "leader_used_elsewhere"))


@rule(
    "gf9.battle.leader-used-elsewhere",
    on="battle",
    cites="gf9:255",
    title="A leader fights in one territory per phase",
    forbids=_says(
        _not_used_elsewhere,
        lambda s, x: (
            f"{_get(s, x, 'leader_name')} fought in {_get(s, x, 'leader_used_in')} this phase: "
            f"{_who(s, x)} cannot play that leader in {s.territory}."
        ),
    ),
    permits=lambda s, _o: f"{_leaders_played(s)[0]} fought in no other territory this phase.",
    when=lambda s: s.a_leader or s.d_leader,
)
def leader_used_elsewhere(s: BattleFacts) -> bool:
    """A leader that fought in another territory this phase cannot fight here (several battles in one
    territory are allowed)."""
    return both(s, _not_used_elsewhere)


@leader_used_elsewhere.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Not(z3.And(_get(v, x, "leader"), _get(v, x, "leader_used_elsewhere"))))


# gf9:253 "If you have no usable leader ..." (a faction's leaders are its own discs); gf9:427 Harkonnen's
# captured leaders are the one way a faction fights with another's leader: a gap, not a refusal.


def _whose(s: BattleFacts, x: str) -> str:
    owner = _get(s, x, "leader_faction")
    return f"a leader of {display(owner)}" if owner else "not one of its leaders"


def _own_leader(s: BattleFacts, x: str) -> bool:
    return not _get(s, x, "leader") or bool(_get(s, x, "leader_own")) or bool(_get(s, x, "is_harkonnen"))


@rule(
    "gf9.battle.leader-own",
    on="battle",
    cites="gf9:253",
    see_also="overview:61",
    title="A faction fights with its own leaders",
    forbids=_says(
        _own_leader,
        lambda s, x: (
            f"{_who(s, x)} plays {_get(s, x, 'leader_name')}, {_whose(s, x)}: a faction fights with its own leaders."
        ),
    ),
    permits=lambda s, _o: " ".join(
        f"{_get(s, x, 'leader_name')} fights for its own faction, {_who(s, x)}."
        if _get(s, x, "leader_own")
        else f"{_who(s, x)} plays {_get(s, x, 'leader_name')}, not one of its own (a captured leader: "
        "gf9.battle.captive-fights)."
        for x in SIDES
        if _get(s, x, "leader")
    ),
    when=lambda s: s.a_leader or s.d_leader,
)
def leader_own(s: BattleFacts) -> bool:
    """A plan's leader is one of the faction's own (Harkonnen's captured leaders are left to a gap rule)."""
    return both(s, _own_leader)


@leader_own.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.Or(z3.Not(_get(v, x, "leader")), _get(v, x, "leader_own"), _get(v, x, "is_harkonnen")),
    )


# gf9:427 "A captured leader may be a traitor. If it survives the one battle for you, return it to its own faction.
#          If killed, put it in the Tanks for its own faction. ..."
# gf9:193 "In Advanced play, having no leader of your own available because the others are captured ..."
# Harkonnen's captives are factions.harkonnen.captured_leaders (checker/arrakis/position.py).


def _plays_other(s: BattleFacts, x: str) -> bool:
    """Harkonnen plays a leader not its own."""
    return bool(_get(s, x, "leader") and not _get(s, x, "leader_own") and _get(s, x, "is_harkonnen"))


def _captive_said(s: BattleFacts, _o: dict[str, Any]) -> str:
    x = "a" if _plays_other(s, "a") else "d"
    owner = possessive(display(_get(s, x, "leader_faction")) if _get(s, x, "leader_faction") else "another faction")
    return (
        f"Harkonnen plays {_get(s, x, 'leader_name')}, a leader of {owner} it holds captive: a captured leader "
        "fights one battle for it."
    )


def _captive_ok(s: BattleFacts, x: str) -> bool:
    return not _plays_other(s, x) or bool(_get(s, x, "holds_captive"))


@rule(
    "gf9.battle.captive-fights",
    on="battle",
    cites="gf9:427",
    see_also="gf9:423",
    title="Harkonnen fights with another faction's leader only if it holds it captive",
    forbids=_says(
        _captive_ok,
        lambda s, x: (
            f"Harkonnen plays {_get(s, x, 'leader_name')}, a leader it does not hold captive "
            f"(factions.harkonnen.captured_leaders): only a captured leader fights for it."
        ),
    ),
    permits=_captive_said,
    when=lambda s: any(_plays_other(s, x) and _get(s, x, "holds_captive") is not None for x in SIDES),
)
def captive_fights(s: BattleFacts) -> bool:
    """A leader of another faction fights for Harkonnen only as its captive (``factions.harkonnen.captured_leaders``),
    for one battle; the position says which leaders it holds."""
    return both(s, _captive_ok)


@captive_fights.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.Implies(
            z3.And(_get(v, x, "leader"), z3.Not(_get(v, x, "leader_own")), _get(v, x, "is_harkonnen")),
            _get(v, x, "holds_captive"),
        ),
    )


gap(
    "gf9.battle.captured-leader",
    on="battle",
    cites="gf9:427",
    see_also="gf9:423",
    title="Harkonnen fighting with another faction's leader, its captives not given",
    reason="Harkonnen plays another faction's leader: a captured leader may fight one battle for Harkonnen "
    "(gf9:427), and the position does not give factions.harkonnen.captured_leaders, so whether it holds this one "
    "is not known",
    when=lambda s: any(_plays_other(s, x) and _get(s, x, "holds_captive") is None for x in SIDES),
)


# gf9:427 "... Return all captives immediately when all your own leaders are dead. ..."


def _kept_ok(s: BattleFacts, x: str) -> bool:
    return not (_plays_other(s, x) and _get(s, x, "holds_captive") and _get(s, x, "own_all_dead"))


@rule(
    "gf9.battle.captive-returned",
    on="battle",
    cites="gf9:427",
    title="Harkonnen returns its captives once all its own leaders are dead",
    forbids=_says(
        _kept_ok,
        lambda s, x: (
            f"All five of Harkonnen's own leaders are in the Tanks: it returns all captives immediately when all its "
            f"own leaders are dead, so {_get(s, x, 'leader_name')} no longer fights for it."
        ),
    ),
    permits=lambda s, _o: (
        f"Harkonnen plays its captive {_get(s, 'a' if _plays_other(s, 'a') else 'd', 'leader_name')} while not all "
        "five of its own leaders are in the Tanks: it has not had to return its captives."
    ),
    when=lambda s: any(_plays_other(s, x) and _get(s, x, "holds_captive") for x in SIDES),
)
def captive_returned(s: BattleFacts) -> bool:
    """Harkonnen keeps its captives only while one of its own leaders at least is out of the Tanks: when all are
    dead it returns every captive at once, so none fights for it."""
    return both(s, _kept_ok)


@captive_returned.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.Not(
            z3.And(
                _get(v, x, "leader"),
                z3.Not(_get(v, x, "leader_own")),
                _get(v, x, "is_harkonnen"),
                _get(v, x, "holds_captive"),
                _get(v, x, "own_all_dead"),
            )
        ),
    )


def _own_free_ok(s: BattleFacts, x: str) -> bool:
    return not _get(s, x, "leader_captive")


@rule(
    "gf9.battle.leader-captive",
    on="battle",
    cites="gf9:193,427",
    title="A leader held captive does not fight for its own faction",
    forbids=_says(
        _own_free_ok,
        lambda s, x: (
            f"{_who(s, x)} plays {_get(s, x, 'leader_name')}, whom Harkonnen holds captive: a captive is not its "
            "faction's available leader until it is returned."
        ),
    ),
    permits="Neither plan plays a leader of its own that Harkonnen holds captive ({captive_words}).",
    when=lambda s: bool(s.captive_words) and bool(s.a_leader or s.d_leader),
)
def leader_captive(s: BattleFacts) -> bool:
    """A leader Harkonnen holds captive is not available to its own faction (gf9:193); it returns after its one
    battle for Harkonnen (gf9:427)."""
    return both(s, _own_free_ok)


@leader_captive.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Not(_get(v, x, "leader_captive")))


def _one_leader_ok(s: BattleFacts, x: str) -> bool:
    return not (_get(s, x, "leader") and _get(s, x, "ch"))


@rule(
    "gf9.battle.one-leader",
    on="battle",
    cites="gf9:457",
    title="A Cheap Hero fills the leader position: not both",
    forbids=_says(
        _one_leader_ok,
        lambda s, x: (
            f"{_who(s, x)} plays both {_get(s, x, 'leader_name')} and a Cheap Hero: a plan has one leader position."
        ),
    ),
    permits="Each plan has at most one leader or Cheap Hero.",
    when=lambda s: s.a_ch or s.d_ch,
)
def one_leader(s: BattleFacts) -> bool:
    """The Cheap Hero takes the leader's place; a plan cannot hold both."""
    return both(s, _one_leader_ok)


@one_leader.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Not(z3.And(_get(v, x, "leader"), _get(v, x, "ch"))))


def _cards_carried(s: BattleFacts, x: str) -> bool:
    cards = _get(s, x, "weapon") != NO_CARD or _get(s, x, "defense") != NO_CARD
    return not cards or _leads(s, x)


@rule(
    "gf9.battle.cards-need-leader",
    on="battle",
    cites="gf9:253",
    title="No Treachery Cards in a plan without a leader or Cheap Hero",
    forbids=_says(
        _cards_carried,
        lambda s, x: f"{_who(s, x)} plays no leader or Cheap Hero, so it cannot include {_cards_of(s, x)}.",
    ),
    permits="Every plan with Treachery Cards has a leader or Cheap Hero.",
    when=lambda s: bool(s.a_weapon or s.a_defense or s.d_weapon or s.d_defense),
)
def cards_need_leader(s: BattleFacts) -> bool:
    """Without a leader or Cheap Hero a faction still dials, but plays no weapon or defense."""
    return both(s, _cards_carried)


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
# overview:75-78 the card kinds: weapons kill, defenses block, Worthless Cards have no effect, special cards.


def _weapon_ok(s: BattleFacts, x: str) -> bool:
    return bool(_get(s, x, "weapon") != WRONG)


@rule(
    "gf9.battle.weapon-slot",
    on="battle",
    cites="gf9:455,457",
    see_also="overview:75,77,78",
    title="The weapon place takes a weapon or a Worthless Card",
    forbids=_says(
        _weapon_ok,
        lambda s, x: (
            f"{_who(s, x)} plays {_get(s, x, 'weapon_name')} as a weapon: only a weapon or a Worthless "
            "Card fills the weapon place."
        ),
    ),
    permits="The weapon places hold weapons or Worthless Cards.",
    when=lambda s: bool(s.a_weapon or s.d_weapon),
)
def weapon_slot(s: BattleFacts) -> bool:
    """Defenses and special cards (a Cheap Hero, Karama, ...) cannot be played as weapons."""
    return both(s, _weapon_ok)


@weapon_slot.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.And(_get(v, x, "weapon") >= NO_CARD, _get(v, x, "weapon") < WRONG))


DEFENSES = (NO_CARD, PROJECTILE, POISON, WORTHLESS, PROJECTILE_DEFENSE)  # gf9:279: a projectile defense, no Shield


def _defense_ok(s: BattleFacts, x: str) -> bool:
    return _get(s, x, "defense") in DEFENSES


@rule(
    "gf9.battle.defense-slot",
    on="battle",
    cites="gf9:455,457",
    see_also="overview:76,77",
    title="The defense place takes a defense or a Worthless Card",
    forbids=_says(
        _defense_ok,
        lambda s, x: (
            f"{_who(s, x)} plays {_get(s, x, 'defense_name')} as a defense: only a defense or a "
            "Worthless Card fills the defense place."
        ),
    ),
    permits="The defense places hold defenses or Worthless Cards.",
    when=lambda s: bool(s.a_defense or s.d_defense),
)
def defense_slot(s: BattleFacts) -> bool:
    """Weapons and special cards cannot be played as defenses; a Lasgun has no defense either."""
    return both(s, _defense_ok)


@defense_slot.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Or(*(_get(v, x, "defense") == c for c in DEFENSES)))


def _in_hand(s: BattleFacts, x: str) -> bool:
    return bool(_get(s, x, "missing_cards") == 0)


def _missing_text(s: BattleFacts, x: str) -> str:
    names = _get(s, x, "missing_names") or []
    if names:
        return f"{_who(s, x)} plays {', '.join(names)}, not in its hand."
    return f"{_who(s, x)} plays {_cards_of(s, x)} but holds fewer cards ({_get(s, x, 'missing_cards')} missing)."


@rule(
    "gf9.battle.cards-in-hand",
    on="battle",
    cites="gf9:253,455",
    title="Only cards in hand go into a plan",
    forbids=_says(_in_hand, _missing_text),
    permits="The plans' cards are in their hands.",
    when=lambda s: bool(s.a_cards or s.d_cards),
)
def cards_in_hand(s: BattleFacts) -> bool:
    """A plan's Treachery Cards come from the faction's hand (when the position lists it, or counts too few)."""
    return both(s, _in_hand)


@cards_in_hand.z3
def _(v: Any) -> Any:
    return z3.And(v.a_missing_cards <= 0, v.d_missing_cards <= 0)


# gf9:297 "An ordinary force contributes one-half strength without support, or one strength when
#          supported with one spice. ... You cannot support forces using spice that is not yet spendable."
# gf9:299 "If you win, select losses whose strength matches the dial and whose support matches the
#          spice committed. ..."
# gf9:415 "Your three Fedaykin each count as two ordinary forces in battle and losses. All your forces
#          fight at full strength without spice. ..."
# The Sardaukar's value is stated nowhere (gf9:41, 53, 303 only name them): a side with Sardaukar is left
# to the gap rule gf9.battle.sardaukar-value, and no confirmed rule gives them a value.


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


def _full_h(s: BattleFacts, x: str) -> int:
    """The most, in half-units, the side's forces are worth: an ordinary force one with a spice of support, one half
    without (gf9:297), a Fedaykin at most two ordinary forces' worth (gf9:415): no reading of what a Fedaykin's
    support costs makes them worth more."""
    n, spice = _get(s, x, "forces"), _get(s, x, "spice")
    supported = min(n, spice)
    return 2 * supported + (n - supported) + 4 * _get(s, x, "special")


def _dial_ok(s: BattleFacts, x: str) -> bool:
    if _get(s, x, "is_fremen") or _get(s, x, "sardaukar"):
        return True  # gf9.battle.dial-fremen; the Sardaukar gap
    if _get(s, x, "fedaykin_open"):  # what support buys is gf9.battle.karama-fedaykin-support's, not past full worth
        return (_get(s, x, "dial_h") or 0) <= _full_h(s, x)
    return _selection_ok(s, x)


def _dial_text(s: BattleFacts, x: str) -> str:
    n, spice, dial = _get(s, x, "forces"), _get(s, x, "spice"), s.fmt()[f"{x}_dial"]
    if _get(s, x, "fedaykin_open"):
        return (
            f"{_who(s, x)} dials {dial} with {n} forces, {_get(s, x, 'special')} Fedaykin{_get(s, x, 'beyond')} and "
            f"{spice} spice: its spice supports at most {min(n, spice)} forces at one strength, the rest count one "
            f"half (gf9:297), and a Fedaykin is worth at most two (gf9:415): at most {_full_h(s, x) / 2:g}."
        )
    top = (2 * min(spice, n) + (n - min(spice, n))) / 2
    return (
        f"{_who(s, x)} dials {dial} with {n} forces{_get(s, x, 'beyond')} and {spice} spice: supported forces "
        "count one, unsupported "
        f"one half, the support spent exactly (at most {top:g} with this spice)."
    )


def _dial_judged(s: BattleFacts) -> str:
    """The permitting sentence, for the sides this rule judges: a Fremen or Sardaukar dial is its own rules'."""
    judged = [x for x in SIDES if not (_get(s, x, "is_fremen") or _get(s, x, "sardaukar"))]
    if not judged:
        return "Neither dial is of ordinary forces alone: the Fremen's and special forces' rules judge them."
    dials = " and ".join(f"{_side_s(s, x)} dial {s.fmt()[f'{x}_dial']}" for x in judged)
    return f"{dials} {'is' if len(judged) == 1 else 'are'} worth forces present, with the spice committed."


@rule(
    "gf9.battle.dial-support",
    on="battle",
    cites="gf9:297,299",
    see_also="overview:106",
    title="Advanced: the dial is what the forces present are worth with the spice committed",
    forbids=_says(_dial_ok, _dial_text),
    permits=lambda s, _o: _dial_judged(s),
    needs=("a_dial_h", "d_dial_h"),
    when=lambda s: s.advanced,
    replaces="overview.battle.dial-support",
)
def dial_support(s: BattleFacts) -> bool:
    """A force supported by one spice counts full, unsupported half. The dial must be the strength of some
    forces present whose support equals the spice committed: the losses a winner selects."""
    return both(s, _dial_ok)


@dial_support.z3
def _(v: Any) -> Any:
    def ok(v: Any, x: str) -> Any:
        os_, ou = _get(v, x, "os"), _get(v, x, "ou")
        return z3.Or(
            _get(v, x, "is_fremen"),
            _get(v, x, "sardaukar"),
            z3.And(
                _get(v, x, "fedaykin_open"),
                _get(v, x, "dial_h")
                <= z3.If(_get(v, x, "spice") < _get(v, x, "forces"), _get(v, x, "spice"), _get(v, x, "forces"))
                + _get(v, x, "forces")
                + 4 * _get(v, x, "special"),
            ),
            z3.And(
                z3.Not(_get(v, x, "fedaykin_open")),
                os_ + ou <= _get(v, x, "forces"),
                2 * os_ + ou == _get(v, x, "dial_h"),
                os_ == _get(v, x, "spice"),
            ),
        )

    return zboth(v, ok)


def _fremen_ok(s: BattleFacts, x: str) -> bool:
    return not _get(s, x, "is_fremen") or _selection_ok(s, x)


@rule(
    "gf9.battle.dial-fremen",
    on="battle",
    cites="gf9:415",
    see_also="gf9:299",
    title="Advanced Fremen: every force at full strength, a Fedaykin worth two",
    forbids=_says(
        _fremen_ok,
        lambda s, x: (
            f"{_who(s, x)} dials {s.fmt()[f'{x}_dial']} with {_get(s, x, 'forces')} forces and "
            f"{_get(s, x, 'special')} Fedaykin{_get(s, x, 'beyond')}: forces count one each without spice, a "
            "Fedaykin two, and the dial must be what some of them are worth."
        ),
    ),
    permits="The Fremen dial is worth some of its forces at full strength, Fedaykin counting two.",
    needs=("a_dial_h", "d_dial_h"),
    when=lambda s: s.advanced and (s.a_is_fremen or s.d_is_fremen),
)
def dial_fremen(s: BattleFacts) -> bool:
    """Fremen forces fight at full strength without spice and each Fedaykin counts as two forces: the dial is
    the worth of some of the forces present."""
    return both(s, _fremen_ok)


@dial_fremen.z3
def _(v: Any) -> Any:
    def ok(v: Any, x: str) -> Any:
        ou, su = _get(v, x, "ou"), _get(v, x, "su")
        return z3.Or(
            z3.Not(_get(v, x, "is_fremen")),
            z3.And(
                ou <= _get(v, x, "forces"),
                su <= _get(v, x, "special"),
                2 * ou + 4 * su == _get(v, x, "dial_h"),
            ),
        )

    return zboth(v, ok)


def _ordinary_dial(s: BattleFacts, x: str) -> bool:
    """Some of the side's ordinary forces alone, the committed spice supporting them, are worth the dial (gf9:297):
    the dial is legal whatever its Sardaukar are worth."""
    n, dial, spice = _get(s, x, "forces"), _get(s, x, "dial_h"), _get(s, x, "spice")
    return dial is not None and any(2 * spice + (k - spice) == dial for k in range(spice, n + 1))


def _sardaukar_dial_open(s: BattleFacts, x: str) -> bool:
    return bool(_get(s, x, "sardaukar")) and not _ordinary_dial(s, x)


gap(
    "gf9.battle.sardaukar-value",
    on="battle",
    cites="gf9:303",
    see_also="gf9:41,53",
    title="Advanced: the Sardaukar's value in battle is not stated",
    reason="Sardaukar fight in this battle, and gf9 never states their battle value (gf9:303 only names them; "
    "gf9:415 gives the Fedaykin's): whether the dial is what forces present are worth is not encoded (no "
    "selection of ordinary forces alone makes it)",
    when=lambda s: any(_sardaukar_dial_open(s, x) for x in SIDES),
)


def _sardaukar_losses_open(s: BattleFacts) -> bool:
    """A side with Sardaukar wins an ordinary battle: which tokens, worth its dial, it loses depends on their value."""
    if any(_sardaukar_dial_open(s, x) for x in SIDES) or s.a_dial_h is None or s.d_dial_h is None:
        return False
    r = resolve(s)
    return any(_get(s, x, "sardaukar") and r[f"{x}_lost"] == -1 for x in SIDES)


gap(
    "gf9.battle.sardaukar-losses",
    on="battle",
    cites="gf9:299,303",
    see_also="gf9:41,53",
    title="Advanced: a winner's losses among Sardaukar of unstated value",
    reason="the side with Sardaukar wins: its losses are forces worth its dial (gf9:299), and gf9 never states a "
    "Sardaukar's value (gf9:303 only names them), so which tokens it may lose is not encoded",
    when=_sardaukar_losses_open,
    leaves_open=("losses", "winner_loss_options"),
)


def _held_ok(s: BattleFacts, x: str) -> bool:
    return bool(_get(s, x, "spice") <= (_get(s, x, "spice_held") or 0))


@rule(
    "gf9.battle.spice-held",
    on="battle",
    cites="gf9:297",
    title="Advanced: support only with spice the faction holds",
    forbids=_says(
        _held_ok,
        lambda s, x: (
            f"{_who(s, x)} commits {_get(s, x, 'spice')} spice to support but holds {_get(s, x, 'spice_held')}"
            + (
                f" (its {_get(s, x, 'pile')} spice of bribes in front of its shield is not yet spendable)."
                if _get(s, x, "pile")
                else "."
            )
        ),
    ),
    permits="{A} commits {a_spice} of {a_spice_held} spice, {D} {d_spice} of {d_spice_held}.",
    needs=("a_spice_held", "d_spice_held"),
    when=lambda s: s.advanced and (s.a_spice > 0 or s.d_spice > 0),
)
def spice_held(s: BattleFacts) -> bool:
    """Spice committed to support comes from the spice behind the faction's shield, no more."""
    return both(s, _held_ok)


@spice_held.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: _get(v, x, "spice") <= _get(v, x, "spice_held"))


@rule(
    "gf9.battle.support-advanced",
    on="battle",
    cites="gf9:269; overview:106",
    title="Basic: no spice support in battle",
    forbids=_says(
        lambda s, x: _get(s, x, "spice") == 0,
        lambda s, x: f"{_who(s, x)} commits {_get(s, x, 'spice')} spice: support is an Advanced Game rule.",
    ),
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


def _kh_atreides_ok(s: BattleFacts, x: str) -> bool:
    return not _get(s, x, "kh") or bool(_get(s, x, "is_atreides"))


@rule(
    "gf9.battle.kh-atreides",
    on="battle",
    cites="gf9:351",
    title="The Kwisatz Haderach accompanies an Atreides leader only",
    forbids=_says(
        _kh_atreides_ok,
        lambda s, x: f"{_who(s, x)} plays the Kwisatz Haderach: it accompanies only an Atreides leader or Cheap Hero.",
    ),
    permits="The Kwisatz Haderach fights for the Atreides.",
    when=lambda s: s.a_kh or s.d_kh,
)
def kh_atreides(s: BattleFacts) -> bool:
    """The Kwisatz Haderach is the Atreides' token: no other faction plays it."""
    return both(s, _kh_atreides_ok)


@kh_atreides.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Implies(_get(v, x, "kh"), _get(v, x, "is_atreides")))


def _kh_active_ok(s: BattleFacts, x: str) -> bool:
    return not _get(s, x, "kh") or (_get(s, x, "lost_in_battle") or 0) >= KH_THRESHOLD


@rule(
    "gf9.battle.kh-active",
    on="battle",
    cites="gf9:349",
    title="The Kwisatz Haderach is active once seven Atreides forces were lost in battle",
    forbids=_says(
        _kh_active_ok,
        lambda s, x: (
            f"{_who(s, x)} has lost {_get(s, x, 'lost_in_battle')} forces in battle: the Kwisatz "
            f"Haderach is active only after {KH_THRESHOLD}."
        ),
    ),
    permits=lambda s, _o: " ".join(
        f"{_who(s, x)} has lost {_get(s, x, 'lost_in_battle')} forces in battle: the Kwisatz Haderach is active "
        f"from {KH_THRESHOLD}."
        for x in SIDES
        if _get(s, x, "kh")
    ),
    needs=("a_lost_in_battle", "d_lost_in_battle"),
    when=lambda s: s.a_kh or s.d_kh,
)
def kh_active(s: BattleFacts) -> bool:
    """The Kwisatz Haderach joins a battle only once at least seven Atreides forces have been lost in battles."""
    return both(s, _kh_active_ok)


@kh_active.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Implies(_get(v, x, "kh"), _get(v, x, "lost_in_battle") >= KH_THRESHOLD))


# gf9:353 "Only a lasgun-shield explosion kills the Kwisatz Haderach. It then requires revival for two spice. ..."


def _kh_alive_ok(s: BattleFacts, x: str) -> bool:
    return not (_get(s, x, "kh") and _get(s, x, "kh_in_tanks"))


@rule(
    "gf9.battle.kh-alive",
    on="battle",
    cites="gf9:353",
    title="A Kwisatz Haderach in the Tanks does not fight",
    forbids=_says(
        _kh_alive_ok,
        lambda s, x: (
            f"{_who(s, x)} plays the Kwisatz Haderach, which is in the Tanks "
            "(factions.atreides.kwisatz_haderach_in_tanks): killed by an explosion, it requires revival first."
        ),
    ),
    permits="The Kwisatz Haderach is alive.",
    when=lambda s: s.a_kh or s.d_kh,
)
def kh_alive(s: BattleFacts) -> bool:
    """The Kwisatz Haderach an explosion killed lies in the Tanks until it is revived: it cannot accompany a
    leader. Not given, a plan playing it takes it to be alive (a note says so)."""
    return both(s, _kh_alive_ok)


@kh_alive.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Not(z3.And(_get(v, x, "kh"), _get(v, x, "kh_in_tanks"))))


def _kh_not_alone_ok(s: BattleFacts, x: str) -> bool:
    return not _get(s, x, "kh") or _leads(s, x)


@rule(
    "gf9.battle.kh-not-alone",
    on="battle",
    cites="gf9:351",
    title="The Kwisatz Haderach cannot fight alone",
    forbids=_says(
        _kh_not_alone_ok,
        lambda s, x: f"{_who(s, x)} plays the Kwisatz Haderach with no leader or Cheap Hero: it cannot fight alone.",
    ),
    permits=lambda s, _o: " ".join(
        f"The Kwisatz Haderach accompanies {s.fmt()[f'{x}_leader_label']}." for x in SIDES if _get(s, x, "kh")
    ),
    when=lambda s: s.a_kh or s.d_kh,
)
def kh_not_alone(s: BattleFacts) -> bool:
    """The Kwisatz Haderach accompanies a leader or Cheap Hero; it never fights alone."""
    return both(s, _kh_not_alone_ok)


@kh_not_alone.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Implies(_get(v, x, "kh"), z3.Or(_get(v, x, "leader"), _get(v, x, "ch"))))


def _kh_here_ok(s: BattleFacts, x: str) -> bool:
    return not (_get(s, x, "kh") and _get(s, x, "kh_used_elsewhere"))


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
    return both(s, _kh_here_ok)


@kh_one_territory.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Implies(_get(v, x, "kh"), z3.Not(_get(v, x, "kh_used_elsewhere"))))


# gf9:41  "... The Advanced Game also uses the Kwisatz Haderach card and counter, ..."
# gf9:345 "Basic advantages"
# gf9:347 "Activate the Kwisatz Haderach"
# The Atreides sheet lists the token (gf9:349-353) under that heading: the text contradicts itself, the token is
# among what the Advanced Game adds, yet a Basic advantage. Where a legal Basic plan plays it, the answer turns
# on which line holds.
# (A plan playing it that another rule forbids stays illegal: it is illegal under either reading.)


def _kh_basic_said(s: BattleFacts) -> str:
    x = "a" if s.a_kh else "d"
    with_whom = _get(s, x, "leader_name") or ("a Cheap Hero" if _get(s, x, "ch") else "no leader")
    return (
        f"{_who(s, x)} plays the Kwisatz Haderach with {with_whom} in the Basic game: gf9:41 "
        "names its card and counter among what the Advanced Game also uses, while gf9:345-351 list it among the "
        "Atreides' Basic advantages; the text does not say which holds"
    )


gap(
    "gf9.battle.kh-basic",
    on="battle",
    cites="gf9:41,345,347",
    see_also="gf9:349,351",
    title="Basic: the Kwisatz Haderach is an Advanced component and a Basic advantage",
    reason="a plan plays the Kwisatz Haderach in the Basic game: gf9:41 says the Advanced Game uses its card and "
    "counter, while gf9:345-351 list it among the Atreides' Basic advantages; the text contradicts itself",
    when=lambda s: (s.a_kh or s.d_kh) and not s.advanced,
    explain=_kh_basic_said,
)


# gf9:283 "If your opponent uses a leader matching a traitor card you hold, you may reveal it and call
#          treachery. Revealing is optional. ..."
# gf9:291 "Harkonnen may call a traitor against its ally's opponent. An Atreides leader accompanied by the
#          Kwisatz Haderach cannot turn traitor. ..."
# gf9:293 "... In an allied Harkonnen call, the faction actually fighting is the battle winner and receives
#          the traitorous leader's spice."
# gf9:351 "... An accompanied leader cannot turn traitor."
# A plan's `traitor: true` is the faction's call, or its allied Harkonnen's (the position format).


def _card_ok(s: BattleFacts, x: str) -> bool:
    if not _get(s, x, "traitor"):
        return True
    y = OTHER[x]
    return bool(_get(s, y, "leader") and (_get(s, x, "holds_traitor") or _get(s, x, "ally_holds_traitor")))


def _card_refused(s: BattleFacts, x: str) -> str:
    y = OTHER[x]
    me = _who(s, x)
    if not _get(s, y, "leader"):
        played = "a Cheap Hero" if _get(s, y, "ch") else "no leader"
        return f"{me} calls treachery, but {_who(s, y)} plays {played}: only a leader can be a traitor."
    leader = _get(s, y, "leader_name")
    holders = [h for h in _get(s, x, "traitor_holders") or [] if h != _get(s, x, "name")]
    if not holders:
        return f"{me} calls treachery on {leader}, but the position gives no one {leader}'s traitor card."
    who = ", ".join(display(h) for h in holders)
    return (
        f"{me} calls treachery on {leader}, but holds no {leader} traitor card: {who} holds it, and only "
        f"{me}'s allied Harkonnen may call it for {me}."
    )


def _card_said(s: BattleFacts, _outcome: dict[str, Any]) -> str:
    out = []
    for x in SIDES:
        if not _get(s, x, "traitor"):
            continue
        leader = _get(s, OTHER[x], "leader_name")
        if _get(s, x, "holds_traitor"):
            out.append(f"{_who(s, x)} holds {leader}'s traitor card and calls treachery.")
        else:
            out.append(
                f"Harkonnen, {_side_s(s, x)} ally, holds {leader}'s traitor card and calls treachery against "
                f"its ally's opponent; {_who(s, x)}, the faction fighting, takes the win."
            )
    return " ".join(out)


@rule(
    "gf9.battle.traitor-card",
    on="battle",
    cites="gf9:283,291,293",
    see_also="gf9:423; overview:82",
    title="Treachery is called on an opposing leader whose traitor card the caller, or its allied Harkonnen, holds",
    forbids=_says(_card_ok, _card_refused),
    permits=_card_said,
    when=lambda s: s.a_traitor or s.d_traitor,
    replaces="overview.battle.traitor-card",
)
def traitor_card(s: BattleFacts) -> bool:
    """Only a leader (not a Cheap Hero) whose Traitor Card the caller holds can be revealed; Harkonnen may
    reveal one of its traitors against its ally's opponent, for its ally."""
    return both(s, _card_ok)


@traitor_card.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.Implies(
            _get(v, x, "traitor"),
            z3.And(_get(v, OTHER[x], "leader"), z3.Or(_get(v, x, "holds_traitor"), _get(v, x, "ally_holds_traitor"))),
        ),
    )


def _kh_guard_ok(s: BattleFacts, x: str) -> bool:
    return not (_get(s, x, "traitor") and _get(s, OTHER[x], "kh"))


@rule(
    "gf9.battle.traitor-kh",
    on="battle",
    cites="gf9:291,351",
    title="A leader accompanied by the Kwisatz Haderach cannot turn traitor",
    forbids=_says(
        _kh_guard_ok,
        lambda s, x: (
            f"{_who(s, x)} calls treachery on {_get(s, OTHER[x], 'leader_name')}, whom the Kwisatz "
            "Haderach accompanies: that leader cannot turn traitor."
        ),
    ),
    permits="No traitor call names a leader accompanied by the Kwisatz Haderach.",
    when=lambda s: s.a_traitor or s.d_traitor,
)
def traitor_kh(s: BattleFacts) -> bool:
    """The Kwisatz Haderach protects the leader it accompanies from a traitor call."""
    return both(s, _kh_guard_ok)


@traitor_kh.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Not(z3.And(_get(v, x, "traitor"), _get(v, OTHER[x], "kh"))))


# gf9:249 "All of a faction's forces in the territory participate as one side unless separated by the
#          storm. ..."


@rule(
    "gf9.battle.own-forces",
    on="battle",
    cites="gf9:249",
    title="Only the faction's own forces in the territory fight: no mercenaries",
    forbids=_says(
        lambda s, x: _get(s, x, "mercenaries") == 0,
        lambda s, x: (
            f"{_who(s, x)} adds {_get(s, x, 'mercenaries')} mercenaries: GF9 has none, a side is the "
            "faction's own forces in the territory."
        ),
    ),
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


def _voiced(s: BattleFacts, x: str) -> bool:
    """A Voice binds the side: given, and not stopped by a Karama (gf9.battle.karama-advantage)."""
    return bool(_get(s, x, "voice")) and not _get(s, x, "voice_stopped")


def _voice_ok(s: BattleFacts, x: str) -> bool:
    if not _voiced(s, x) or not _get(s, x, "voice_by_bg"):
        return True  # no Voice (or one a Karama stopped), or one no Bene Gesserit gave (gf9.battle.voice-by-bg)
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


def _voice_said(s: BattleFacts, _outcome: dict[str, Any]) -> str:
    parts = []
    for x in SIDES:
        if not _voiced(s, x):
            continue
        obeys = _voice_ok(s, x) and _get(s, x, "voice_can") is not False
        complied = voice_complies(
            _get(s, x, "voice_text").removeprefix("not play ").removeprefix("play "),
            _get(s, x, "voice_target"),
            _get(s, x, "weapon_name") or None,
            _get(s, x, "defense_name") or None,
            bool(_get(s, x, "ch")),
        ) == (_get(s, x, "voice") == VOICE_PLAY)
        how = "obeys" if complied else ("cannot comply, and may play any legal plan" if obeys else "does not obey")
        parts.append(f"{_who(s, x)}, Voiced to {_get(s, x, 'voice_text')}, {how}.")
    return " ".join(parts)


@rule(
    "gf9.battle.voice",
    on="battle",
    cites="gf9:259,365,367",
    title="A Voiced plan complies with the Voice when it can",
    forbids=_says(
        _voice_ok,
        lambda s, x: f"{_who(s, x)} was Voiced to {_get(s, x, 'voice_text')} and could, but plays {_cards_of(s, x)}.",
    ),
    permits=_voice_said,
    needs=("a_voice_can", "d_voice_can"),
    when=lambda s: _voiced(s, "a") or _voiced(s, "d"),
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
        binding = z3.And(_get(v, x, "voice") != 0, _get(v, x, "voice_by_bg"), z3.Not(_get(v, x, "voice_stopped")))
        return z3.Implies(binding, z3.Or(obeyed, z3.Not(_get(v, x, "voice_can"))))

    return zboth(v, ok)


# gf9:365 "In battle, Voice your opponent to play or not play one weapon, defense, Worthless Card or Cheap Hero
#          as specified. ..."
# gf9:367 "You may Voice the opponent in your ally's battle. ..."


def _voiced_by_bg(s: BattleFacts, x: str) -> bool:
    return not _get(s, x, "voice") or bool(_get(s, x, "voice_by_bg"))


@rule(
    "gf9.battle.voice-by-bg",
    on="battle",
    cites="gf9:365,367",
    title="Only the Bene Gesserit Voices: its opponent, or its ally's",
    forbids=_says(
        _voiced_by_bg,
        lambda s, x: (
            f"{_who(s, x)} was Voiced, but fights {display(_get(s, OTHER[x], 'name'))}, neither the Bene "
            "Gesserit nor its ally: the Bene Gesserit Voices its opponent, or its ally's opponent."
        ),
    ),
    permits="Any Voice comes from the Bene Gesserit against its opponent or its ally's.",
    when=lambda s: bool(s.a_voice or s.d_voice),
)
def voice_by_bg(s: BattleFacts) -> bool:
    """A Voice is the Bene Gesserit's: given to its own opponent in battle, or to the opponent in its ally's battle."""
    return both(s, _voiced_by_bg)


@voice_by_bg.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Implies(_get(v, x, "voice") != 0, _get(v, x, "voice_by_bg")))


# gf9:261 "Atreides may then ask for one chosen element: leader, weapon, defense or number dialed. An answer
#          of no weapon or no defense uses the question; Atreides cannot choose another element. The revealed
#          element must be honored."
# gf9:265 "If a later legal effect makes a Prescience answer impossible to honor, give a new legal answer to
#          that same question before reveal. If the original answer remains possible, keep it."


def _asked_by_atreides(s: BattleFacts, x: str) -> bool:
    return not _get(s, x, "presc") or bool(_get(s, x, "presc_by_atreides"))


@rule(
    "gf9.battle.prescience-by-atreides",
    on="battle",
    cites="gf9:261",
    title="Only the Atreides asks a Prescience question, of its opponent",
    forbids=_says(
        _asked_by_atreides,
        lambda s, x: (
            f"{_who(s, x)} answered a Prescience question ({_get(s, x, 'presc_text')}), but fights "
            f"{display(_get(s, OTHER[x], 'name'))}, not the Atreides: only the Atreides asks its opponent."
        ),
    ),
    permits="Any Prescience question comes from the Atreides, to its opponent.",
    when=lambda s: bool(s.a_presc or s.d_presc),
)
def prescience_by_atreides(s: BattleFacts) -> bool:
    """Prescience is the Atreides': it asks its own opponent in battle for one element of the plan."""
    return both(s, _asked_by_atreides)


@prescience_by_atreides.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Implies(_get(v, x, "presc") != 0, _get(v, x, "presc_by_atreides")))


def _asked(s: BattleFacts, x: str) -> bool:
    """A Prescience answer binds the side: asked, and not stopped by a Karama (gf9.battle.karama-advantage)."""
    return bool(_get(s, x, "presc")) and not _get(s, x, "presc_stopped")


def _presc_ok(s: BattleFacts, x: str) -> bool:
    element = _get(s, x, "presc")
    if not _asked(s, x) or not _get(s, x, "presc_possible"):
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


def _presc_played(s: BattleFacts, x: str) -> str:
    """What the plan holds in the element asked about."""
    element = _get(s, x, "presc")
    if element == 1:
        return _get(s, x, "leader_name") or ("Cheap Hero" if _get(s, x, "ch") else "no leader")
    if element in (2, 3):
        slot = "weapon" if element == 2 else "defense"
        return _get(s, x, f"{slot}_name") or f"no {slot}"
    dial = _get(s, x, "dial_h")
    return "no dial" if dial is None else f"dial {dial / 2:g}"


def _presc_said(s: BattleFacts, _outcome: dict[str, Any]) -> str:
    parts = []
    for x in SIDES:
        if not _asked(s, x):
            continue
        kept = "honors it" if _presc_ok(s, x) and _get(s, x, "presc_possible") else "can no longer honor it"
        parts.append(f"{_who(s, x)} answered Prescience ({_get(s, x, 'presc_text')}) and {kept}.")
    return " ".join(parts)


@rule(
    "gf9.battle.prescience",
    on="battle",
    cites="gf9:261,265",
    title="The element revealed to Prescience is honored",
    forbids=_says(
        _presc_ok,
        lambda s, x: (
            f"{_who(s, x)} answered Prescience with {_get(s, x, 'presc_text')} but its plan has "
            f"{_presc_played(s, x)}, though the answer can still be honored."
        ),
    ),
    permits=_presc_said,
    needs=("a_presc_possible", "d_presc_possible"),
    when=lambda s: _asked(s, "a") or _asked(s, "d"),
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
        asked = z3.And(e != 0, z3.Not(_get(v, x, "presc_stopped")))
        return z3.Implies(asked, z3.Or(z3.Not(_get(v, x, "presc_possible")), honored))

    return zboth(v, ok)


# -- Karama played in the battle (move.karama) ------------------------------------------------------------------
# gf9:463 "After setup and At Start actions are complete, a Karama can stop one use of a faction advantage,
#          including an alliance advantage, when that advantage is attempted. It does not switch the whole
#          faction off for the phase. In battle, play it before plans are revealed."
# gf9:479 "Name the advantage being canceled. Canceling one benefit does not cancel every other advantage. In
#          battle, act before plans are revealed."
# A Karama in move.karama is played before the plans are revealed, by any faction (gf9:155), naming the advantage
# it stops; what it stops is read in this battle (checker/arrakis/kinds/battle.py: karama_target_here).


def _karama_where(s: BattleFacts, codes: tuple[int, ...]) -> list[str]:
    return [w for w, c in zip(s.karama_words or [], s.karama_codes, strict=True) if c in codes]


def _karama_join(parts: list[str]) -> str:
    return "; ".join(parts)


def _karama_here_said(s: BattleFacts, _o: dict[str, Any]) -> str:
    out = []
    for w, c, void in zip(s.karama_words or [], s.karama_codes, s.karama_void or [], strict=True):
        if c != 0:
            continue
        if void:
            out.append(f"{w}: it stops nothing, another Karama having stopped that conversion (gf9:471)")
            continue
        out.append(f"{w}: an advantage attempted in this battle, one use of it stopped before the plans are revealed")
    said = _karama_join(out) + "."
    for x in SIDES:
        if _get(s, x, "voice_stopped"):
            said += f" The Voice given to {_who(s, x)} ({_get(s, x, 'voice_text')}) binds no plan."
        if _get(s, x, "presc_stopped"):
            said += f" {_who(s, x)} need not honor its Prescience answer ({_get(s, x, 'presc_text')})."
    return said


@rule(
    "gf9.battle.karama-advantage",
    on="battle",
    cites="gf9:463,479",
    see_also="gf9:155,303,367",
    title="In battle, a Karama stops one use of a faction advantage attempted there",
    forbids=lambda s, _o: (
        _karama_join(_karama_where(s, (NOT_HERE,)))
        + ": no faction of this battle (nor an ally of one, for an alliance advantage) attempts that advantage in it."
    ),
    permits=_karama_here_said,
    when=lambda s: any(c in (0, NOT_HERE) for c in s.karama_codes),
)
def karama_advantage(s: BattleFacts) -> bool:
    """A Karama played in a battle, before the plans are revealed, stops one use of a faction advantage (an
    alliance advantage too) that a faction of the battle attempts there: the Prescience, the Kwisatz Haderach, the
    Voice (in the Bene Gesserit's battle or its ally's), the Fedaykin, the Fremen no-spice advantage, the
    Sardaukar, Harkonnen's call for its ally, the Bene Gesserit's Worthless Card played as a Karama. A stopped Voice
    or Prescience answer binds no plan."""
    return all(c != NOT_HERE for c in s.karama_codes)


@karama_advantage.z3
def _(v: Any) -> Any:
    return all_of(c != NOT_HERE for c in v.karama_codes)


# gf9:469 "Karama does not stop a Special Victory Condition or the Bene Gesserit prediction. It cannot reduce
#          Harkonnen's hand limit or stop an ordinary traitor reveal in Harkonnen's own battle. ..."
# gf9:471 "Karama does not cancel the ordinary effect of a Treachery Card such as Hajr, or another faction's
#          Special Karama Power. Stopping Bene Gesserit from converting a Worthless Card is a cancellation of its
#          faction advantage. After an advantage is canceled, its player may choose a revised legal action that
#          respects that cancellation."


def _karama_cannot(codes: tuple[int, ...], line: str, what: str) -> Any:
    def message(s: BattleFacts, _o: dict[str, Any]) -> str:
        return f"{_karama_join(_karama_where(s, codes))}: Karama cannot stop {what} ({line})."

    return message


def _karama_never(codes: tuple[int, ...]) -> Callable[[BattleFacts], bool]:
    return lambda s: all(c not in codes for c in s.karama_codes)


def _karama_never_form(codes: tuple[int, ...]) -> Callable[[Any], Any]:
    return lambda v: all_of(z3.And(*(c != k for k in codes)) for c in v.karama_codes)


@rule(
    "gf9.battle.karama-not-victory",
    on="battle",
    cites="gf9:469",
    title="A Karama in battle does not stop a Special Victory Condition or the prediction",
    forbids=_karama_cannot((1, 2), "gf9:469", "a Special Victory Condition or the Bene Gesserit prediction"),
    permits="No Karama of this battle names a Special Victory Condition or the Bene Gesserit prediction.",
    when=lambda s: bool(s.karama_codes),
)
def karama_not_victory(s: BattleFacts) -> bool:
    """A Special Victory Condition and the Bene Gesserit prediction stand against Karama."""
    return _karama_never((1, 2))(s)


karama_not_victory.z3(_karama_never_form((1, 2)))


@rule(
    "gf9.battle.karama-not-harkonnen",
    on="battle",
    cites="gf9:469",
    see_also="gf9:423",
    title="A Karama does not stop a traitor in Harkonnen's own battle, nor its hand limit",
    forbids=_karama_cannot(
        (3, 4), "gf9:469", "Harkonnen's hand limit, nor an ordinary traitor reveal in Harkonnen's own battle"
    ),
    permits="No Karama of this battle names Harkonnen's hand limit or its traitor reveal in its own battle.",
    when=lambda s: bool(s.karama_codes),
)
def karama_not_harkonnen(s: BattleFacts) -> bool:
    """Harkonnen's traitor reveal in its own battle (and its hand limit) stand against Karama; its call against its
    ally's opponent is an alliance advantage a Karama may stop (gf9.battle.karama-advantage)."""
    return _karama_never((3, 4))(s)


karama_not_harkonnen.z3(_karama_never_form((3, 4)))


@rule(
    "gf9.battle.karama-not-cards",
    on="battle",
    cites="gf9:471",
    title="A Karama does not cancel a Treachery Card's effect or a Special Karama Power",
    forbids=_karama_cannot((5, 6), "gf9:471", "a Treachery Card's ordinary effect, nor a Special Karama Power"),
    permits="No Karama of this battle names a Treachery Card or a Special Karama Power.",
    when=lambda s: bool(s.karama_codes),
)
def karama_not_cards(s: BattleFacts) -> bool:
    """A weapon's or defense's ordinary effect (a Lasgun's, a Shield's) and another faction's Special Karama Power
    stand against Karama."""
    return _karama_never((5, 6))(s)


karama_not_cards.z3(_karama_never_form((5, 6)))

gap(
    "gf9.battle.karama-kh-basic",
    on="battle",
    cites="gf9:41,345,347",
    see_also="gf9:463",
    title="Basic: a Karama against the Kwisatz Haderach, an Advanced component and a Basic advantage",
    reason="a Karama in a Basic battle names the Kwisatz Haderach: gf9:41 says the Advanced Game uses its card and "
    "counter, while gf9:345-351 list it among the Atreides' Basic advantages, so whether there is an advantage to "
    "stop is not settled",
    when=lambda s: s.karama_kh and not s.advanced,
)

gap(
    "gf9.battle.karama-traitor",
    on="battle",
    cites="gf9:463,469",
    see_also="gf9:283",
    title="A Karama against an ordinary traitor call outside Harkonnen's battles",
    reason="a Karama names the traitor call of a battle Harkonnen neither fights nor has an ally in: gf9:463 lets "
    "Karama stop a faction advantage, a traitor call is every faction's (gf9:283), and gf9:469 says only that "
    "Karama cannot stop one in Harkonnen's own battle",
    when=lambda s: OPEN_TRAITOR in s.karama_codes,
)


def _respects(s: BattleFacts, x: str) -> bool:
    kh = _get(s, x, "kh") and _get(s, x, "kh_stopped")
    call = _get(s, x, "traitor") and _get(s, x, "ally_call_stopped") and not _get(s, x, "holds_traitor")
    return not (kh or call)


def _unrespected(s: BattleFacts, x: str) -> str:
    if _get(s, x, "kh") and _get(s, x, "kh_stopped"):
        return (
            f"{_who(s, x)} plays the Kwisatz Haderach, whose use a Karama stopped: its plan must respect the "
            "cancellation."
        )
    return (
        f"{_who(s, x)} calls treachery on {_get(s, OTHER[x], 'leader_name')} through its allied Harkonnen, whose "
        "call a Karama stopped: its plan must respect the cancellation."
    )


@rule(
    "gf9.battle.karama-respected",
    on="battle",
    cites="gf9:471",
    see_also="gf9:463",
    title="A plan respects the advantage a Karama stopped",
    forbids=_says(_respects, _unrespected),
    permits="No plan uses an advantage a Karama stopped.",
    when=lambda s: any(_get(s, x, n) for x in SIDES for n in ("kh_stopped", "ally_call_stopped")),
)
def karama_respected(s: BattleFacts) -> bool:
    """After a Karama stops an advantage, its player may revise its plan, and the plan revealed respects the
    cancellation: no Kwisatz Haderach it stopped, no traitor call through an allied Harkonnen whose call it
    stopped."""
    return both(s, _respects)


@karama_respected.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.And(
            z3.Not(z3.And(_get(v, x, "kh"), _get(v, x, "kh_stopped"))),
            z3.Not(z3.And(_get(v, x, "traitor"), _get(v, x, "ally_call_stopped"), z3.Not(_get(v, x, "holds_traitor")))),
        ),
    )


# gf9:303 "A Karama played before reveal can make Sardaukar or Fedaykin ordinary for that battle. A separate
#          cancellation can remove the Fremen no-spice advantage. Recalculate the legal maximum and losses using
#          the advantage actually canceled."
# gf9:475 "The precise advantage named matters. Canceling Fedaykin's doubled value does not also cancel all Fremen
#          battle advantages. Benefits with separate triggers require their own cancellation. ..."
# The battle's facts count the tokens so (checker/arrakis/kinds/battle.py): the dial and loss rules then judge them.


@rule(
    "gf9.battle.karama-fedaykin",
    on="battle",
    cites="gf9:303,475",
    title="A Karama makes the Fedaykin ordinary for the battle, nothing more",
    permits=lambda s, _o: " ".join(
        f"A Karama makes {_side_s(s, x)} {_get(s, x, 'fedaykin_ordinary')} Fedaykin ordinary for this battle: they "
        "count one each in the dial and the losses"
        + (
            ", still at full strength without spice (the no-spice advantage is another one)."
            if _get(s, x, "is_fremen")
            else "."
        )
        for x in SIDES
        if _get(s, x, "fedaykin_ordinary")
    ),
    when=lambda s: bool(s.a_fedaykin_ordinary or s.d_fedaykin_ordinary),
    one_sided="it says how the battle counts the Fedaykin a Karama made ordinary; it never forbids",
)
def karama_fedaykin(s: BattleFacts) -> bool:
    """A Karama before reveal makes Fedaykin ordinary forces for the battle (each counts one, in the dial and the
    losses); the Fremen no-spice advantage is a separate one, which stands unless a separate Karama stops it."""
    return True


@karama_fedaykin.z3
def _(v: Any) -> Any:
    return z3.Or(v.a_fedaykin_ordinary > 0, v.d_fedaykin_ordinary > 0)


@rule(
    "gf9.battle.karama-no-spice",
    on="battle",
    cites="gf9:303",
    see_also="gf9:297,415",
    title="A Karama stops the Fremen no-spice advantage: its forces need support",
    permits=lambda s, _o: " ".join(
        f"A Karama stops {_side_s(s, x)} no-spice advantage for this battle: its forces count one half unsupported, "
        "one with a spice, as others' do."
        for x in SIDES
        if _get(s, x, "no_spice_stopped") and not _get(s, x, "fedaykin_open")
    ),
    when=lambda s: any(_get(s, x, "no_spice_stopped") and not _get(s, x, "fedaykin_open") for x in SIDES),
    one_sided="it says how the battle counts the Fremen forces; it never forbids",
)
def karama_no_spice(s: BattleFacts) -> bool:
    """With its no-spice advantage stopped, the Fremen's forces fight as any faction's do in the Advanced game:
    one half unsupported, one with a spice of support (gf9:297)."""
    return True


@karama_no_spice.z3
def _(v: Any) -> Any:
    return z3.Or(v.a_no_spice_stopped, v.d_no_spice_stopped)


gap(
    "gf9.battle.karama-fedaykin-support",
    on="battle",
    cites="gf9:303,415",
    see_also="gf9:297",
    title="Fedaykin once Karama stopped the Fremen no-spice advantage",
    reason="a Karama stopped the Fremen no-spice advantage but not the Fedaykin: gf9:415 counts a Fedaykin as two "
    "ordinary forces, and no line says what a Fedaykin is worth without support, or what supporting one costs",
    when=lambda s: any(_get(s, x, "fedaykin_open") and (_get(s, x, "dial_h") or 0) <= _full_h(s, x) for x in SIDES),
)


@rule(
    "gf9.battle.karama-sardaukar",
    on="battle",
    cites="gf9:303",
    see_also="gf9:297",
    title="A Karama makes the Sardaukar ordinary for the battle",
    permits=lambda s, _o: " ".join(
        f"A Karama makes {_side_s(s, x)} {_get(s, x, 'sardaukar_ordinary')} Sardaukar ordinary for this battle: they "
        "count as its ordinary forces, one half unsupported, one with a spice."
        for x in SIDES
        if _get(s, x, "sardaukar_ordinary")
    ),
    when=lambda s: bool(s.a_sardaukar_ordinary or s.d_sardaukar_ordinary),
    one_sided="it says how the battle counts the Sardaukar a Karama made ordinary; it never forbids",
)
def karama_sardaukar(s: BattleFacts) -> bool:
    """A Karama before reveal makes the Sardaukar ordinary forces for the battle: their value, which gf9 does not
    state (gf9.battle.sardaukar-value), is then an ordinary force's."""
    return True


@karama_sardaukar.z3
def _(v: Any) -> Any:
    return z3.Or(v.a_sardaukar_ordinary > 0, v.d_sardaukar_ordinary > 0)


# gf9:459 "... Advanced Bene Gesserit may instead play Worthless Cards as Karama. ..."
# gf9:373 "... You may use any Worthless Card as a Karama. You have no separate special Karama power."
# gf9:483 "... Bene Gesserit's conversion of Worthless Cards is a repeatable advantage and gives it no separate
#          once-per-game power."


def _converted(s: BattleFacts) -> list[tuple[str, bool]]:
    return [
        (w, ok) for w, conv, ok in zip(s.karama_words or [], s.karama_convert, s.karama_convert_ok, strict=True) if conv
    ]


@rule(
    "gf9.battle.karama-worthless",
    on="battle",
    cites="gf9:459,483",
    see_also="gf9:373",
    title="Only the Advanced Bene Gesserit plays a Worthless Card as a Karama",
    forbids=lambda s, _o: (
        _karama_join([w for w, ok in _converted(s) if not ok])
        + ": only the Advanced Bene Gesserit plays a card other than Karama as one, and only a Worthless Card."
    ),
    permits=lambda s, _o: (
        _karama_join([w for w, _ok in _converted(s)])
        + ": the Advanced Bene Gesserit converts a Worthless Card, a repeatable advantage."
    ),
    when=lambda s: any(s.karama_convert),
)
def karama_worthless(s: BattleFacts) -> bool:
    """A card played as a Karama is a Karama, or a Worthless Card the Advanced Bene Gesserit converts (as often as it
    likes: its advantage, not a once-per-game power)."""
    return all(ok for conv, ok in zip(s.karama_convert, s.karama_convert_ok, strict=True) if conv)


@karama_worthless.z3
def _(v: Any) -> Any:
    return all_of(z3.Implies(c, ok) for c, ok in zip(v.karama_convert, v.karama_convert_ok, strict=True))


# gf9:59  "... Their identities remain private. ..." (a card played is one the player holds)


@rule(
    "gf9.battle.karama-in-hand",
    on="battle",
    cites="gf9:59",
    see_also="gf9:155",
    title="A card played as a Karama comes from the player's hand",
    forbids="Not in the hand: {karama_missing_words}.",
    permits="The cards played as Karama are in their players' hands.",
    when=lambda s: bool(s.karama_codes),
)
def karama_in_hand(s: BattleFacts) -> bool:
    """A Karama (or the Worthless Card played as one) comes from its player's hand, beside the cards of its own plan;
    a hand given as a count, or not at all, is taken to hold it (a note says so)."""
    return s.karama_missing == 0


@karama_in_hand.z3
def _(v: Any) -> Any:
    return v.karama_missing == 0


# gf9:467 "... Discard Karama after use. ..."


@rule(
    "gf9.battle.karama-discard",
    on="battle",
    cites="gf9:467",
    title="A Karama is discarded after use",
    permits=lambda s, _o: f"The cards played as Karama ({', '.join(s.karama_cards or [])}) are discarded after use.",
    defines=("karama_discarded",),
    when=lambda s: bool(s.karama_codes),
    one_sided="it says what becomes of the card; it never forbids",
)
def karama_discard(s: BattleFacts) -> dict[str, Any]:
    """Each card played as a Karama in the battle is discarded after use."""
    return {"karama_discarded": list(s.karama_cards or [])}


@karama_discard.z3
def _(v: Any) -> Any:
    return v.karama_disc


# -- Resolution ------------------------------------------------------------------
# gf9:271 "Base weapons and protection" (the deck: projectile weapons are stopped by a Shield, poison by
#          a Snooper, a Lasgun by nothing: constraints/data/gf9-components.yaml)
# gf9:273 "A defense protects only the leader, not the dialed forces. A killed leader adds zero, but the
#          force dial still counts. If both leaders die, compare the dials; the aggressor wins a tie."
# gf9:275 "A Lasgun with any Shield in the same battle, including its own side's Shield, explodes. ..."
# gf9:285-289 traitors; overview:61,123 totals and ties.
# Each result rule holds in one situation (its `when`, and the same guard in its z3 form): an ordinary
# battle, one traitor call, two traitor calls, or an explosion.

# weapon -> the defenses that stop it (gf9:279: a card that counts as projectile defense is not automatically a
# Shield: it stops projectile weapons, but only a Shield explodes with a Lasgun)
STOPPED_BY = {PROJECTILE: (PROJECTILE, PROJECTILE_DEFENSE), POISON: (POISON,)}


def _dies(weapon: int, defense: int) -> bool:
    if weapon == LASGUN:
        return True
    return weapon in STOPPED_BY and defense not in STOPPED_BY[weapon]


@per_record
def resolve(s: BattleFacts) -> Mapping[str, Any]:
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
        total[x] = (_get(s, x, "dial_h") or 0) + (0 if dead[x] else bonus)  # no dial: only a traitor or explosion
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
    return z3.Or(
        w == LASGUN,
        z3.And(w == PROJECTILE, d != PROJECTILE, d != PROJECTILE_DEFENSE),
        z3.And(w == POISON, d != POISON),
    )


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


def _lasgun_meets_shield(s: BattleFacts) -> bool:
    return LASGUN in (s.a_weapon, s.d_weapon) and PROJECTILE in (s.a_defense, s.d_defense)


def _ordinary(s: BattleFacts) -> bool:
    return not s.a_traitor and not s.d_traitor and not _lasgun_meets_shield(s)


def zordinary(v: Any) -> Any:
    return z3.And(z3.Not(v.a_traitor), z3.Not(v.d_traitor), z3.Not(zexplodes(v)))


def _one_traitor(s: BattleFacts) -> bool:
    return s.a_traitor != s.d_traitor


def zone_traitor(v: Any) -> Any:
    return v.a_traitor != v.d_traitor


def _two_traitors(s: BattleFacts) -> bool:
    return s.a_traitor and s.d_traitor


def _explodes(s: BattleFacts) -> bool:
    return not s.a_traitor and not s.d_traitor and _lasgun_meets_shield(s)


def _loss_value(s: BattleFacts, x: str, lost: int) -> Any:
    """A side's token losses as reported: a number, or for a winner choosing among selections (gf9:299) the
    list of counts its valid selections give (None where the value of its tokens is not encoded)."""
    if lost != -1:
        return lost
    counts = loss_counts(s, x)
    if not counts:
        return None
    return counts[0] if len(counts) == 1 else counts


def _losses_of(s: BattleFacts, r: Mapping[str, Any], explosion: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for x in SIDES:
        value = _loss_value(s, x, r[f"{x}_lost"])
        if explosion:  # every force in the territory (gf9:275), those the storm kept out of the battle too
            value = (value or 0) + _get(s, x, "beyond_n")
        if value:
            out[_get(s, x, "name")] = value
    if explosion:
        out.update({f: n for f, n in zip(s.o_names, s.o_forces, strict=True) if n})
    return out


def _killed_names(s: BattleFacts, r: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    for x in SIDES:
        out += [_get(s, x, "leader_name")] if r[f"{x}_killed"] else []
        out += [KH_NAME] if r["explosion"] and _get(s, x, "kh") else []  # gf9:353
    return out


def _gains(s: BattleFacts, r: Mapping[str, Any]) -> dict[str, int]:
    return {_get(s, x, "name"): r[f"{x}_gain"] for x in SIDES if r[f"{x}_gain"]}


def _discards(s: BattleFacts, r: Mapping[str, Any]) -> list[str]:
    """The cards discarded, as the kind reads them from the solver (Dreamrules: a Supplies cache card returns to the
    cache rather than the discard pile, dreamrules:746; a Mercenaries card played is discarded with the plan)."""
    out: list[str] = []
    for x in SIDES:
        cards = _get(s, x, "cards") or []
        if r[f"{x}_disc"] == 2:
            out += [c for c in cards if c not in SUPPLIES_CACHE] + ["Mercenaries"] * _get(s, x, "mercenaries")
        else:
            out += [c for c in cards if c in CHEAP_HEROES]
    return out


def _zresult(v: Any) -> Any:
    """The result's variables, each fixed as :func:`resolve` fixes it (guarded by the callers' situation)."""
    return z3.And(
        v.winner == zwinner(v),
        v.a_killed == zkilled(v, "a"),
        v.d_killed == zkilled(v, "d"),
        v.a_kh_killed == z3.And(v.a_kh, zexplodes(v)),
        v.d_kh_killed == z3.And(v.d_kh, zexplodes(v)),
        v.a_lost == zlost(v, "a", 1),
        v.d_lost == zlost(v, "d", 2),
        v.a_gain == zgain(v, "a", 1),
        v.d_gain == zgain(v, "d", 2),
        zdisc(v, "a", 1),
        zdisc(v, "d", 2),
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
                -1,  # a choice among selections (gf9:299): its counts are read from loss_options
                z3.If(_get(v, x, "is_fremen"), dial_h / 2, dial_h - _get(v, x, "spice")),
            ),
        ),
    )
    return z3.If(zwinner(v) == i, won, everything)


def zgain(v: Any, x: str, i: int) -> Any:
    killed = z3.If(zkilled(v, "a"), v.a_strength, 0) + z3.If(zkilled(v, "d"), v.d_strength, 0)
    by_traitor = z3.If(_get(v, x, "traitor"), _get(v, OTHER[x], "strength"), killed)
    return z3.If(zwinner(v) == i, by_traitor, 0)


def zdisc(v: Any, x: str, i: int) -> Any:
    return _get(v, x, "disc") == z3.If(z3.Or(zwinner(v) == i, zexplodes(v)), 1, 2)


# gf9:275 "A Lasgun with any Shield in the same battle, including its own side's Shield, explodes. ..."
# gf9:287 "... A lasgun-shield combination is overridden."


def _explosion_said(s: BattleFacts, _outcome: dict[str, Any]) -> str:
    lasgun = [_who(s, x) for x in SIDES if _get(s, x, "weapon") == LASGUN]
    shield = [_who(s, x) for x in SIDES if _get(s, x, "defense") == PROJECTILE]
    if not lasgun or not shield:
        return "No Lasgun meets a Shield: no explosion."
    what = f"{' and '.join(lasgun)}'s Lasgun meets {' and '.join(shield)}'s Shield"
    if s.a_traitor or s.d_traitor:
        return f"{what}, but the traitor call overrides the explosion."
    return f"{what}: the battle explodes."


@rule(
    "gf9.battle.lasgun-shield",
    on="battle",
    cites="gf9:275,287",
    title="A Lasgun with any Shield explodes, unless a traitor call overrides it",
    permits=_explosion_said,
    defines=("explosion",),
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def lasgun_shield(s: BattleFacts) -> dict[str, Any]:
    """A Lasgun in either plan and a Shield in either plan (its own side's too) explode, unless a traitor call
    overrides the combination."""
    return {"explosion": _explodes(s)}


@lasgun_shield.z3
def _(v: Any) -> Any:
    return v.explosion == zexplodes(v)


def _explosion_result_said(s: BattleFacts, outcome: dict[str, Any]) -> str:
    killed = ", ".join(outcome.get("leaders_killed") or []) or "no leader"
    others = [display(f) for f, n in zip(s.o_names, s.o_forces, strict=True) if n]
    also = f", and {', '.join(others)}'s forces there" if others else ""
    return (
        f"The explosion destroys every force in {s.territory} ({_side_s(s, 'a')}, {_side_s(s, 'd')}{also}) and "
        f"kills {killed}: no one wins or collects spice for the leaders."
    )


@rule(
    "gf9.battle.explosion",
    on="battle",
    cites="gf9:275",
    see_also="gf9:277,353,375",
    title="An explosion: no winner, every force in the territory and the leaders used are destroyed",
    permits=_explosion_result_said,
    defines=("winner", "leaders_killed", "losses", "spice_gained"),
    when=_explodes,
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def explosion(s: BattleFacts) -> dict[str, Any]:
    """Every force in the territory is destroyed (uninvolved forces and advisors too), both leaders used are
    killed (and the Kwisatz Haderach with its leader: only an explosion kills it); nobody wins or collects spice
    for them. Leaders that fought earlier battles there are markers and survive. What becomes of the cards
    played is gf9.battle.explosion-discards."""
    r = resolve(s)
    return {
        "winner": "none",
        "leaders_killed": _killed_names(s, r),
        "losses": _losses_of(s, r, explosion=True),
        "spice_gained": {},
    }


@explosion.z3
def _(v: Any) -> Any:
    return z3.Implies(zexplodes(v), _zresult(v))


# gf9:255 "... A Cheap Hero is discarded after use even by a winner."
# gf9:459 "Always discard a Cheap Hero after its battle. ..."


def _explosion_discards_said(s: BattleFacts, outcome: dict[str, Any]) -> str:
    heroes = ", ".join(outcome.get("cards_discarded") or [])
    return f"A Cheap Hero is always discarded after its battle, an explosion's too: {heroes} discarded."


@rule(
    "gf9.battle.explosion-discards",
    on="battle",
    cites="gf9:255,459",
    see_also="gf9:275,451",
    title="After an explosion, a Cheap Hero played is discarded",
    permits=_explosion_discards_said,
    defines=("cards_discarded",),
    when=lambda s: _explodes(s) and (s.a_ch or s.d_ch),
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def explosion_discards(s: BattleFacts) -> dict[str, Any]:
    """A Cheap Hero is discarded after its battle, whatever the result: after an explosion too. gf9:275 names no
    card and gf9:455 speaks of a winner and a loser, so whether the other cards played (the Lasgun, the Shield) are
    discarded or return to the hand is left open: the battle reports it unknown (``cards_retained``)."""
    return {"cards_discarded": _discards(s, resolve(s))}


@explosion_discards.z3
def _(v: Any) -> Any:
    return z3.Implies(zexplodes(v), z3.And(zdisc(v, "a", 1), zdisc(v, "d", 2)))


@rule(
    "gf9.battle.explosion-spice",
    on="battle",
    cites="gf9:275",
    title="An explosion destroys the spice in the territory",
    permits="The explosion destroys the {spice_lost} spice in {territory}.",
    defines=("spice_lost",),
    needs=("terr_spice",),
    when=_explodes,
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def explosion_spice(s: BattleFacts) -> dict[str, Any]:
    """All spice on the board in the territory is destroyed with the forces."""
    return {"spice_lost": s.terr_spice or 0}


@explosion_spice.z3
def _(v: Any) -> Any:
    return z3.Implies(zexplodes(v), v.spice_lost == v.terr_spice)


# gf9:285 "The side revealing the traitor wins immediately, keeps its forces and committed support spice,
#          sends the traitorous leader to the Tanks and collects that leader's printed strength in spice. ..."
# gf9:287 "The betrayed side loses all forces in the territory, its committed support spice and all cards in
#          its plan. The winner's leader survives even if the revealed weapons would have killed it. ..."
# gf9:293 "... In an allied Harkonnen call, the faction actually fighting is the battle winner and receives
#          the traitorous leader's spice."


def _traitor_said(s: BattleFacts, outcome: dict[str, Any]) -> str:
    x = "a" if s.a_traitor else "d"
    y = OTHER[x]
    leader = _get(s, y, "leader_name")
    by = "" if _get(s, x, "holds_traitor") else " (called by its allied Harkonnen)"
    lost = (outcome.get("losses") or {}).get(_get(s, y, "name"), 0)
    return (
        f"{leader} is {_side_s(s, x)} traitor{by}: {_who(s, x)} wins at once, keeps its forces and takes "
        f"{_get(s, y, 'strength')} spice; {_who(s, y)} loses its {lost} forces in {s.territory}"
        f"{_get(s, y, 'beyond')} and the cards of its plan."
    )


@rule(
    "gf9.battle.traitor",
    on="battle",
    cites="gf9:285,287,293",
    see_also="overview:82",
    title="A traitor call wins at once: the caller keeps its forces and takes the traitor's strength in spice",
    permits=_traitor_said,
    defines=("winner", "leaders_killed", "losses", "spice_gained", "cards_discarded"),
    when=_one_traitor,
    one_sided="it fixes an outcome of legal plans and never forbids",
    replaces="overview.battle.traitor",
    differs="the caller's Cheap Hero: overview:82 has the traitor's caller lose nothing; gf9:285 keeps its cards "
    "under the normal winner rule, which discards a Cheap Hero even of a winner (gf9:255)",
)
def traitor(s: BattleFacts) -> dict[str, Any]:
    """The side whose call reveals the opposing leader as a traitor (its own, or its allied Harkonnen's: the
    faction fighting is the winner) wins, keeps its forces, and collects the traitor's printed strength; the
    traitor goes to the Tanks, the winner's leader survives whatever the weapons; the betrayed side loses all its
    forces there and the cards of its plan. A lasgun-shield combination is overridden."""
    r = resolve(s)
    return {
        "winner": _name(s, r["winner"]),
        "leaders_killed": _killed_names(s, r),
        "losses": _losses_of(s, r),
        "spice_gained": _gains(s, r),
        "cards_discarded": _discards(s, r),
    }


@traitor.z3
def _(v: Any) -> Any:
    return z3.Implies(zone_traitor(v), _zresult(v))


# gf9:289 "If each side reveals the other's leader as a traitor, neither wins: both lose all forces in the
#          territory, both leaders and all played cards. Neither collects leader spice."


@rule(
    "gf9.battle.double-traitor",
    on="battle",
    cites="gf9:289",
    title="Two traitor calls: neither wins, both lose everything",
    permits="Both leaders are traitors: neither wins; {A} and {D} lose all their forces in {territory}, both "
    "leaders and all played cards, and neither collects spice.",
    defines=("winner", "leaders_killed", "losses", "spice_gained", "cards_discarded"),
    when=_two_traitors,
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def double_traitor(s: BattleFacts) -> dict[str, Any]:
    """When each side reveals the other's leader, there is no winner: both lose all forces there, both leaders
    and every card played; no one collects leader spice."""
    r = resolve(s)
    return {
        "winner": "none",
        "leaders_killed": _killed_names(s, r),
        "losses": _losses_of(s, r),
        "spice_gained": {},
        "cards_discarded": _discards(s, r),
    }


@double_traitor.z3
def _(v: Any) -> Any:
    return z3.Implies(z3.And(v.a_traitor, v.d_traitor), _zresult(v))


# An ordinary battle: no traitor call, no explosion.
# overview:61 "... Higher total (forces dialed + leader strength) wins. Tie goes to aggressor. Loser loses all
#             forces in territory and discards played cards. Winner loses only forces dialed. Killed leaders go
#             to Tleilaxu Tanks; winner receives their spice value."
# overview:123 "Battle: Forces dialed + Leader strength; higher wins (ties: aggressor wins)"


def _num(h: int) -> Any:
    return h // 2 if h % 2 == 0 else h / 2


def _total_text(s: BattleFacts, r: Mapping[str, Any], x: str) -> str:
    dial_h = _get(s, x, "dial_h") or 0
    parts = [f"dial {_num(dial_h)}"]
    if _get(s, x, "leader"):
        killed = r[f"{x}_killed"]
        parts.append(f"{_get(s, x, 'leader_name')} {'killed' if killed else _get(s, x, 'strength')}")
    elif _get(s, x, "ch"):
        parts.append("Cheap Hero 0")
    if _get(s, x, "kh") and r["total_h"][x] - dial_h > 2 * _get(s, x, "strength"):
        parts.append(f"{KH_NAME} 2")
    return f"{_who(s, x)} {_num(r['total_h'][x])} ({', '.join(parts)})"


def _winner_said(s: BattleFacts, _outcome: dict[str, Any]) -> str:
    r = resolve(s)
    a, d = r["total_h"]["a"], r["total_h"]["d"]
    head = f"{_total_text(s, r, 'a')} against {_total_text(s, r, 'd')}"
    if a == d:
        return f"{head}: a tie, which the aggressor {_who(s, 'a')} wins."
    return f"{head}: {_who(s, 'a' if a > d else 'd')} wins with the higher total."


@rule(
    "gf9.battle.winner",
    on="battle",
    cites="gf9:273; overview:61,123",
    # gf9:273 speaks of killed leaders (one adds zero; both dead, the dials decide): quoted where a leader dies
    cite_when={"gf9:273": lambda s: bool(resolve(s)["a_killed"] or resolve(s)["d_killed"])},
    title="The higher total wins, the aggressor wins ties",
    permits=_winner_said,
    needs=("a_dial_h", "d_dial_h"),
    defines=("winner",),
    when=_ordinary,
    one_sided="it fixes an outcome of legal plans and never forbids",
    replaces="overview.battle.winner",
)
def battle_winner(s: BattleFacts) -> dict[str, Any]:
    """Total = dial plus the leader's strength if it survives (plus two for the Kwisatz Haderach); the higher
    total wins and the aggressor wins a tie, also when both leaders die."""
    return {"winner": _name(s, resolve(s)["winner"])}


@battle_winner.z3
def _(v: Any) -> Any:
    return z3.Implies(zordinary(v), v.winner == zwinner(v))


@rule(
    "gf9.battle.leaders-killed",
    on="battle",
    cites="gf9:273; overview:75,76",
    see_also="gf9:271",
    title="A weapon kills the opposing leader unless the matching defense stops it",
    permits="Leaders killed: {leaders_killed}.",
    needs=("a_dial_h", "d_dial_h"),
    defines=("leaders_killed",),
    when=_ordinary,
    one_sided="it fixes an outcome of legal plans and never forbids",
    replaces="overview.battle.leaders-killed",
)
def leaders_killed(s: BattleFacts) -> dict[str, Any]:
    """A projectile weapon is stopped by a Shield, poison by a Snooper, a Lasgun by nothing; the defense
    protects the leader only."""
    return {"leaders_killed": _killed_names(s, resolve(s))}


@leaders_killed.z3
def _(v: Any) -> Any:
    return z3.Implies(
        zordinary(v),
        z3.And(
            v.a_killed == zkilled(v, "a"),
            v.d_killed == zkilled(v, "d"),
            v.a_kh_killed == z3.And(v.a_kh, zexplodes(v)),
            v.d_kh_killed == z3.And(v.d_kh, zexplodes(v)),
        ),
    )


def _losses_said(s: BattleFacts, outcome: dict[str, Any]) -> str:
    r = resolve(s)
    w = "a" if r["winner"] == 1 else "d"
    lose = OTHER[w]
    got = outcome.get("losses") or {}
    mine = got.get(_get(s, w, "name"), 0)
    if isinstance(mine, list):
        won = (
            f"{_who(s, w)}, the winner, chooses losses worth its dial {s.fmt()[f'{w}_dial']} (gf9:299): "
            f"{' or '.join(map(str, mine))} tokens"
        )
    else:
        won = f"{_who(s, w)}, the winner, loses {mine} forces for its dial {s.fmt()[f'{w}_dial']}"
    lost = got.get(_get(s, lose, "name"), 0)
    return f"{won}; {_who(s, lose)} loses all {lost} of its forces in {s.territory}{_get(s, lose, 'beyond')}."


@rule(
    "gf9.battle.losses",
    on="battle",
    cites="gf9:299; overview:61",
    see_also="gf9:297,415",
    title="The loser loses all its forces there, the winner its dial's worth",
    permits=_losses_said,
    needs=("a_dial_h", "d_dial_h"),
    defines=("losses",),
    when=_ordinary,
    one_sided="it fixes an outcome of legal plans and never forbids",
    replaces="overview.battle.losses",
)
def losses(s: BattleFacts) -> dict[str, Any]:
    """The loser loses every force in the territory; the winner loses forces worth its dial. Advanced: a winner
    with special forces chooses among the valid selections (gf9:299), and `losses` gives it the list of the
    counts they give when they differ (a number when they agree; `winner_loss_options` lists the selections)."""
    return {"losses": _losses_of(s, resolve(s))}


@losses.z3
def _(v: Any) -> Any:
    return z3.Implies(zordinary(v), z3.And(v.a_lost == zlost(v, "a", 1), v.d_lost == zlost(v, "d", 2)))


@rule(
    "gf9.battle.spice-gained",
    on="battle",
    cites="overview:61",
    title="The winner collects the killed leaders' strength in spice",
    permits="Spice gained: {spice_gained}.",
    needs=("a_dial_h", "d_dial_h"),
    defines=("spice_gained",),
    when=_ordinary,
    one_sided="it fixes an outcome of legal plans and never forbids",
    replaces="overview.battle.spice-gained",
)
def spice_gained(s: BattleFacts) -> dict[str, Any]:
    """The winner receives the spice value of the leaders killed in the battle, its own included."""
    return {"spice_gained": _gains(s, resolve(s))}


@spice_gained.z3
def _(v: Any) -> Any:
    return z3.Implies(zordinary(v), z3.And(v.a_gain == zgain(v, "a", 1), v.d_gain == zgain(v, "d", 2)))


@rule(
    "gf9.battle.cards-discarded",
    on="battle",
    cites="gf9:455,459; overview:61",
    see_also="gf9:255",
    title="The loser discards its plan's cards; a Cheap Hero is always discarded",
    permits="Cards discarded: {cards_discarded}.",
    needs=("a_dial_h", "d_dial_h"),
    defines=("cards_discarded",),
    when=_ordinary,
    one_sided="it fixes an outcome of legal plans and never forbids",
    replaces="overview.battle.cards-discarded",
    differs="a winner's Cheap Hero: overview:61 has the winner lose only the forces it dialed (the loser alone "
    "discards its played cards); gf9:255, 459 discard the Cheap Hero even of a winner",
)
def cards_discarded(s: BattleFacts) -> dict[str, Any]:
    """The loser discards every card of its plan; the winner may keep its cards but discards a Cheap Hero."""
    return {"cards_discarded": _discards(s, resolve(s))}


@cards_discarded.z3
def _(v: Any) -> Any:
    return z3.Implies(zordinary(v), z3.And(zdisc(v, "a", 1), zdisc(v, "d", 2)))


# gf9:269 "In the Advanced Game, both sides pay the support spice in their plans, win or lose, except a
#          traitor-winning side keeps its committed spice. ..."


@rule(
    "gf9.battle.spice-paid",
    on="battle",
    cites="gf9:269",
    see_also="gf9:285",
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

    return z3.Implies(v.advanced, z3.And(paid("a", 1), paid("d", 2)))


__all__ = ["resolve"]

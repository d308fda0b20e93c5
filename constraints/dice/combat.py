"""Dice Game, Combat (dice:135-160) and the Factions' combat abilities (dice:200-236).

One combat: where it may happen, what the Fortifications and Shai-Hulud remove first, what each
player sends, what the Combat dice kill (the chart is the position's, dice:147 does not print it),
the traitors the Loyalty tokens turn, and the result (dice:153-155). The checks read the result
from :func:`checker.dice.kinds.combat.resolve`; the z3 forms say it again over the solver's
variables (``z*`` helpers below).

Interpretations (each stated where it is encoded):
- A Troop Shai-Hulud removes "from this combat" (dice:217) fights no more; whether it leaves the
  Region the text does not say: where its side wins, the answer is ``unresolved``.
- Spies (dice:208): ``fortification_removes`` counts the removals a token aims at each Faction (dice:140
  "may first remove two Troops"); the Harkonnen lose one less: a Stronghold targeting them twice takes a
  single Troop, once none, and a Fortification none.
- Shai-Hulud's caller (``move.shai_hulud_by``): dice:218-219 let the Fremen's Ally use it ("You or your
  Ally must have Troops present ... In a combat where you and your Ally both have Troops present, only you
  may use this ability"); a move that does not name the caller is not asked who it was (the Fremen may always).
- The Evacuate ability (dice:233) is the Spacing Guild's: a combat in a game without it evacuates
  nothing. Which Faction's ability is its Alliance ability the text does not say (dice:196), so who
  used it is not asked.
"""

from __future__ import annotations

from typing import Any

import z3

from checker.dice.kinds.combat import (
    ATREIDES,
    FREMEN,
    HARKONNEN,
    LEADER,
    STRONGHOLD,
    DiceCombatFacts,
    lost_first,
    resolve,
    weight,
)
from checker.dice.position import display
from checker.facts import all_of, any_of
from checker.names import plural
from checker.outcomes import winner_of
from checker.rules import chapter, gap, rule, set_aside

ON = "dice-combat"
chapter(ON, "dice:135-160,200,202,205,208,211,214-215,217-219,222,229,233,236")

set_aside("dice:148", "a heading (Traitors!!)")
set_aside("dice:156", "a heading (Fortifications & Strongholds (Ownership))")
set_aside(
    "dice:159",
    "a move of its own during a turn (giving up or handing over a token), not part of a combat: a combat "
    "reads the token's controller from the position's fortifications",
)

RESOLVED = (
    "dice_known",
    "chart_known",
    "killed_known",
    "loyalty_known",
    "supply_known",
    "leaders_known",
    "controller_known",
)


def _who(s: DiceCombatFacts, i: int) -> str:
    return s.name(i)


def _n(s: DiceCombatFacts) -> range:
    return range(len(s.factions))


def _listing(items: list[str]) -> str:
    return "; ".join(items)


# -- Where combat happens ------------------------------------------------------------------------
# dice:136 "In Turn Order, each player takes their Combat step. During your Combat step, if you have Troops in
#          Regions together with Troops from other Factions not allied to you, combat occurs in all of these
#          Regions, in any order you decide. You count as the attacker."


@rule(
    "dice.combat.step",
    on=ON,
    cites="dice:136",
    see_also="dice:74",
    title="Combat happens in the Combat step",
    forbids="{Attacker} attacks in {region} in the {step} step: each player takes their Combat step, and combat "
    "occurs during it.",
    permits="The position is in the Combat step.",
    when=lambda s: bool(s.step),
)
def step(s: DiceCombatFacts) -> bool:
    """A combat is fought during its attacker's Combat step (the position's ``step``, where it gives one)."""
    return s.step_ok


@step.z3
def _(v: Any) -> Any:
    return v.step_ok


def _opponents_ok(s: DiceCombatFacts) -> bool:
    a = s.attacker
    return s.f_troops[a] > 0 and any(s.f_side[i] == 2 and s.f_troops[i] > 0 for i in _n(s))


def _opponents_said(s: DiceCombatFacts, _o: dict[str, Any]) -> str:
    a = s.attacker
    if s.f_troops[a] <= 0:
        return f"{_who(s, a)} has no Troops in {s.region}: combat occurs where you have Troops."
    allied = [_who(s, i) for i in _n(s) if i != a and s.f_side[i] == 1 and s.f_troops[i] > 0]
    tail = f" ({', '.join(allied)} is its Ally)" if allied else ""
    return f"No Troops of a Faction not allied to {_who(s, a)} share {s.region} with it{tail}: there is no combat."


@rule(
    "dice.combat.opponents",
    on=ON,
    cites="dice:136",
    title="Combat where your Troops share a Region with Troops not allied to you",
    forbids=_opponents_said,
    permits=lambda s, _o: (
        f"{_who(s, s.attacker)} has {plural(s.f_troops[s.attacker], 'Troop')} in {s.region} with "
        + ", ".join(f"{s.f_troops[i]} of {_who(s, i)}" for i in _n(s) if s.f_side[i] == 2 and s.f_troops[i] > 0)
        + "."
    ),
)
def opponents(s: DiceCombatFacts) -> bool:
    """The attacker has Troops in the Region together with Troops of a Faction not allied to it."""
    return _opponents_ok(s)


@opponents.z3
def _(v: Any) -> Any:
    n = len(v.f_troops)
    own = any_of(z3.And(v.attacker == i, v.f_troops[i] > 0) for i in range(n))
    foes = any_of(z3.And(v.f_side[i] == 2, v.f_troops[i] > 0) for i in range(n))
    return z3.And(own, foes)


# dice:137 "There is never combat in the Polar Sink Region. This is a safe zone and multiple Factions may have
#          Troops here. There is never combat in the Region currently affected by the Sandstorm."
# dice:56  "The Polar Sink, in the middle, is a neutral Region: No combat is allowed here, ..."


@rule(
    "dice.combat.polar-sink",
    on=ON,
    cites="dice:56,137",
    title="Never combat in the Polar Sink",
    forbids="{Attacker} cannot fight in the Polar Sink: there is never combat there.",
    permits="{region} is not the Polar Sink.",
)
def polar_sink(s: DiceCombatFacts) -> bool:
    """The Polar Sink is a safe zone: no combat there."""
    return not s.polar_sink


@polar_sink.z3
def _(v: Any) -> Any:
    return z3.Not(v.polar_sink)


# dice:173 "... No Combat happens in that Region. ..."


@rule(
    "dice.combat.sandstorm",
    on=ON,
    cites="dice:137,173",
    title="Never combat in the Sandstorm's Region",
    forbids="{Attacker} cannot fight in {region}: the Sandstorm is there.",
    permits="The Sandstorm is in {sandstorm}, not in {region}.",
    needs=("in_sandstorm",),
)
def sandstorm(s: DiceCombatFacts) -> bool:
    """No combat happens in the Region the Sandstorm affects."""
    return not s.in_sandstorm


@sandstorm.z3
def _(v: Any) -> Any:
    return z3.Not(v.in_sandstorm)


# -- Fortifications & Strongholds, Shai-Hulud ------------------------------------------------------
# dice:140 "If the contested Region contains a Fortification, the player controlling the Fortification may first
#          remove a single Troop from the Region. If the contested Region contains a Stronghold, the player
#          controlling it may first remove two Troops from the Region. You may remove Troops belonging to your
#          Ally. You may not remove Leaders. Removed Troops are returned to their owner's supply."


def _capacity(s: DiceCombatFacts) -> int:
    return s.token if s.controlled else 0


def _removed_said(s: DiceCombatFacts) -> str:
    """What the token removes: the Troops it targets, less those the Harkonnen's Spies keep (dice:208)."""
    if not s.token:
        return "No token removes Troops."
    aimed = sum(s.f_aimed)
    lost = sum(lost_first(s, i) for i in _n(s))
    head = f"{s.controller_whose} {s.token_name} "
    if lost == aimed:
        return head + f"removes {plural(lost, 'Troop')} first (at most {_capacity(s)})."
    return (
        head + f"targets {plural(aimed, 'Troop')} first (at most {_capacity(s)}) and removes {lost}: the Harkonnen's "
        f"Spies spare {aimed - lost} (dice:208)."
    )


def _removes_said(s: DiceCombatFacts, _o: dict[str, Any]) -> str:
    total = sum(s.f_aimed)
    if not s.token:
        return f"{plural(total, 'Troop')} are removed first in {s.region}, which has no Fortification or Stronghold."
    if not s.controlled:
        return (
            f"{plural(total, 'Troop')} are removed first by the {s.token_name} in {s.region}, which no player controls."
        )
    word = "a single Troop" if s.token == 1 else "two Troops"
    return (
        f"{plural(total, 'Troop')} are removed first by {s.controller_whose} {s.token_name} in {s.region}: it "
        f"removes {word}."
    )


@rule(
    "dice.combat.token-removes",
    on=ON,
    cites="dice:140",
    see_also="dice:138,160",
    title="A Fortification removes one Troop first, a Stronghold two",
    forbids=_removes_said,
    permits=lambda s, _o: _removed_said(s),
)
def token_removes(s: DiceCombatFacts) -> bool:
    """Before anything else, the player controlling a Fortification removes at most one Troop from the Region, the
    one controlling a Stronghold at most two (``move.fortification_removes``: the removals aimed at each Faction);
    without a controlled token none is removed."""
    return sum(s.f_aimed) <= _capacity(s)


@token_removes.z3
def _(v: Any) -> Any:
    cap = z3.If(z3.Not(v.controlled), 0, z3.If(v.token == 2, 2, z3.If(v.token == 1, 1, 0)))
    return z3.Sum(*v.f_aimed, 0) <= cap


# dice:208 "Spies — You always lose 1 Troop less to Fortifications and Strongholds. If a player targets you with
#          their Stronghold twice in the same Combat, you lose a single Troop. You never lose Troops to
#          Fortifications."


def zlost(v: Any, i: int) -> Any:
    """The Troops Faction ``i`` loses to the token's removals: those aimed at it, the Harkonnen one less (Spies)."""
    aimed = v.f_aimed[i]
    spied = z3.If(v.token == STRONGHOLD, z3.If(aimed >= 1, aimed - 1, 0), 0)
    return z3.If(v.f_code[i] == HARKONNEN, spied, aimed)


def _harkonnen(s: DiceCombatFacts) -> int:
    return next(i for i in _n(s) if s.f_code[i] == HARKONNEN)


def _spies_said(s: DiceCombatFacts, _o: dict[str, Any]) -> str:
    i = _harkonnen(s)
    aimed = s.f_aimed[i]
    if s.token != STRONGHOLD:
        return (
            f"{s.controller_whose} Fortification in {s.region} targets the Harkonnen: Spies, they never lose Troops "
            "to Fortifications, and lose none."
        )
    if aimed >= 2:
        return (
            f"{s.controller_whose} Stronghold in {s.region} targets the Harkonnen twice: Spies, they lose a single "
            "Troop."
        )
    return (
        f"{s.controller_whose} Stronghold in {s.region} targets the Harkonnen once: Spies, they lose one Troop less, "
        "so none."
    )


@rule(
    "dice.combat.spies",
    on=ON,
    cites="dice:208",
    see_also="dice:140",
    title="Spies: the Harkonnen lose one Troop less to Fortifications and Strongholds",
    permits=_spies_said,
    defines=("harkonnen_removed",),
    when=lambda s: bool(s.token) and any(s.f_code[i] == HARKONNEN and s.f_aimed[i] for i in _n(s)),
    one_sided="it only ever spares Troops: how many a token may remove is dice.combat.token-removes",
)
def spies(s: DiceCombatFacts) -> dict[str, Any]:
    """The removals a token aims at the Harkonnen take one Troop less: a Fortification's none, a Stronghold's two
    (targeting them twice) a single Troop, its one none. The Troops they keep stay in the Region to fight."""
    return {"harkonnen_removed": lost_first(s, _harkonnen(s))}


@spies.z3
def _(v: Any) -> Any:
    n = len(v.f_code)
    return v.o_harkonnen == z3.Sum(*[z3.If(v.f_code[i] == HARKONNEN, zlost(v, i), 0) for i in range(n)], 0)


# dice:217 "Shai-Hulud — At the start of a combat in a desert Region, remove 1 Troop from this combat. All Regions
#          except the three city Regions Carthag, Arrakeen, and Sietch Tabr (all three marked with a circle)
#          count as desert Regions."
# dice:218 "This happens immediately after Fortifications take effect. You may remove Ally's Troops. ... You or
#          your Ally must have Troops present in the contested Region to use this ability."
# dice:219 "In a combat where you and your Ally both have Troops present, only you may use this ability."


@rule(
    "dice.combat.shai-hulud-desert",
    on=ON,
    cites="dice:217",
    see_also="dice:59",
    title="Shai-Hulud strikes in desert Regions",
    forbids="Shai-Hulud removes a Troop in {region}, a city Region: it strikes only in desert Regions.",
    permits="{region} is a desert Region: Shai-Hulud may strike.",
    when=lambda s: sum(s.f_shai) > 0,
)
def shai_hulud_desert(s: DiceCombatFacts) -> bool:
    """Shai-Hulud removes a Troop only from a combat in a desert Region (every Region but Carthag, Arrakeen, Sietch
    Tabr)."""
    return s.desert


@shai_hulud_desert.z3
def _(v: Any) -> Any:
    return z3.Implies(z3.Sum(*v.f_shai, 0) > 0, v.desert)


@rule(
    "dice.combat.shai-hulud-one",
    on=ON,
    cites="dice:217",
    title="Shai-Hulud removes one Troop",
    forbids=lambda s, _o: (
        f"Shai-Hulud removes {plural(sum(s.f_shai), 'Troop')} from the combat in {s.region}: it removes 1."
    ),
    permits="Shai-Hulud removes one Troop from the combat in {region}.",
    when=lambda s: sum(s.f_shai) > 0,
)
def shai_hulud_one(s: DiceCombatFacts) -> bool:
    """At the start of a combat in a desert Region, Shai-Hulud removes 1 Troop: never more."""
    return sum(s.f_shai) <= 1


@shai_hulud_one.z3
def _(v: Any) -> Any:
    return z3.Sum(*v.f_shai, 0) <= 1


@rule(
    "dice.combat.shai-hulud-fremen",
    on=ON,
    cites="dice:218",
    title="Shai-Hulud needs the Fremen or their Ally in the Region",
    forbids="Shai-Hulud removes a Troop in {region}, where neither the Fremen nor their Ally has Troops.",
    permits="The Fremen or their Ally have Troops in {region}: Shai-Hulud may strike.",
    when=lambda s: sum(s.f_shai) > 0,
)
def shai_hulud_fremen(s: DiceCombatFacts) -> bool:
    """The Fremen, or their Ally, must have Troops in the contested Region to use Shai-Hulud."""
    return any(s.f_fremen_side[i] and s.f_troops[i] > 0 for i in _n(s))


@shai_hulud_fremen.z3
def _(v: Any) -> Any:
    n = len(v.f_troops)
    return z3.Implies(z3.Sum(*v.f_shai, 0) > 0, any_of(z3.And(v.f_fremen_side[i], v.f_troops[i] > 0) for i in range(n)))


def _caller(s: DiceCombatFacts) -> str:
    return display(s.shai_caller) if s.shai_caller else "no one"


@rule(
    "dice.combat.shai-hulud-caller",
    on=ON,
    cites="dice:218",
    see_also="dice:196,219",
    title="Shai-Hulud is called by the Fremen or their Ally",
    forbids=lambda s, _o: (
        f"{_caller(s)} calls Shai-Hulud in {s.region}, but is neither the Fremen nor their Ally: it is the Fremen's "
        "ability, which their Ally may use."
    ),
    permits=lambda s, _o: (
        f"{_caller(s)} calls Shai-Hulud: "
        + ("it is the Fremen's ability." if s.shai_caller == "fremen" else "the Fremen's Ally may use their ability.")
    ),
    when=lambda s: bool(s.shai_caller),
)
def shai_hulud_caller(s: DiceCombatFacts) -> bool:
    """Shai-Hulud is the Fremen's ability; their Ally may use it too ("You or your Ally must have Troops present ...
    to use this ability"): the caller the move names (``move.shai_hulud_by``) is one of them."""
    return s.shai_caller_ok


@shai_hulud_caller.z3
def _(v: Any) -> Any:
    return v.shai_caller_ok


@rule(
    "dice.combat.shai-hulud-ally",
    on=ON,
    cites="dice:219",
    see_also="dice:218",
    title="Where the Fremen and their Ally both have Troops, only the Fremen call Shai-Hulud",
    forbids=lambda s, _o: (
        f"{_caller(s)}, the Fremen's Ally, cannot call Shai-Hulud in {s.region}: it and the Fremen both have Troops "
        "there, and in a combat where both have Troops present, only the Fremen may use it."
    ),
    permits=lambda s, _o: (
        f"{_caller(s)}, the Fremen's Ally, calls Shai-Hulud: "
        + (f"the Fremen have no Troops in {s.region}." if not s.fremen_here else f"it has no Troops in {s.region}.")
    ),
    when=lambda s: s.shai_by_ally,
)
def shai_hulud_ally(s: DiceCombatFacts) -> bool:
    """The Fremen's Ally calls Shai-Hulud (an Alliance ability, dice:196) except where both it and the Fremen have
    Troops in the contested Region (where neither has, dice.combat.shai-hulud-fremen forbids it)."""
    return not (s.fremen_here and s.caller_here)


@shai_hulud_ally.z3
def _(v: Any) -> Any:
    return z3.Implies(v.shai_by_ally, z3.Not(z3.And(v.fremen_here, v.caller_here)))


gap(
    "dice.combat.shai-hulud-where",
    on=ON,
    cites="dice:217",
    see_also="dice:140",
    title="Where a Troop Shai-Hulud removes goes",
    reason="Shai-Hulud removed a Troop of the winning side: dice:217 removes it 'from this combat', and does not say "
    "whether it leaves the Region (as a Fortification's removal does, dice:140) or stays there with its side",
    when=lambda s: _settled(s) and any(s.f_shai[i] and s.f_side[i] == resolve(s)["winner"] for i in _n(s)),
)


# -- Sending Troops and Leaders --------------------------------------------------------------------
# dice:142 "Take all Troops belonging to your Faction from the contested Region and hide them under the table. If
#          you have a Leader on your Faction board, also take and hide it."
# dice:145 "All players participating in this combat now secretly decide how many of their hidden Troops and
#          Leaders they will send into combat. ..."


def _first(s: DiceCombatFacts, i: int) -> int:
    """The Troops of Faction ``i`` removed before it sends: by the token (after Spies) and by Shai-Hulud."""
    return lost_first(s, i) + s.f_shai[i]


def _within(s: DiceCombatFacts, i: int) -> bool:
    return _first(s, i) + s.f_sent[i] <= s.f_troops[i]


@rule(
    "dice.combat.sent-within",
    on=ON,
    cites="dice:142,145",
    see_also="dice:140,218",
    title="Send at most the Troops you have left in the Region",
    forbids=lambda s, _o: (
        _listing(
            [
                f"{_who(s, i)} sends {plural(s.f_sent[i], 'Troop')} with {s.f_troops[i]} in {s.region}"
                + (f" of which {_first(s, i)} were removed first" if _first(s, i) else "")
                for i in _n(s)
                if not _within(s, i)
            ]
        )
        + ": a player sends Troops it has in the contested Region."
    ),
    permits=lambda s, _o: (
        _listing(
            [
                f"{_who(s, i)} sends {s.f_sent[i]} of {s.f_troops[i] - _first(s, i)}"
                + (f" (the {s.f_troops[i]} in {s.region} less {_first(s, i)} removed first)" if _first(s, i) else "")
                for i in _n(s)
                if s.f_sent[i] or s.f_troops[i]
            ]
        )
        + "."
    ),
)
def sent_within(s: DiceCombatFacts) -> bool:
    """Each player sends some of the Troops it has in the Region, after the Fortification's and Shai-Hulud's
    removals (removals too take only Troops that are there)."""
    return all(_within(s, i) for i in _n(s))


@sent_within.z3
def _(v: Any) -> Any:
    return all_of(zlost(v, i) + v.f_shai[i] + v.f_sent[i] <= v.f_troops[i] for i in range(len(v.f_troops)))


# dice:144 "A Troop controlling a Fortification or Stronghold will automatically participate in the combat and is
#          left on the Fortification or Stronghold for now. It counts as "in the combat" for all purposes."


def _token_troop_ok(s: DiceCombatFacts) -> bool:
    c = s.controller
    if c < 0 or not s.f_side[c] or s.f_troops[c] - _first(s, c) < 1:
        return True
    return s.f_sent[c] >= 1


@rule(
    "dice.combat.token-troop-fights",
    on=ON,
    cites="dice:144",
    title="The Troop on a Fortification or Stronghold always fights",
    forbids="{controller_name} sends no Troop, but its Troop on the {token_name} in {region} participates "
    "automatically (move.sent counts it).",
    permits="{controller_whose} Troop on the {token_name} is among the Troops sent.",
    when=lambda s: s.controller >= 0,
)
def token_troop_fights(s: DiceCombatFacts) -> bool:
    """The token's controller, in the combat, sends at least its Troop on the token."""
    return _token_troop_ok(s)


@token_troop_fights.z3
def _(v: Any) -> Any:
    n = len(v.f_troops)
    return all_of(
        z3.Implies(
            z3.And(
                v.controller == i,
                v.f_side[i] != 0,
                v.f_troops[i] - zlost(v, i) - v.f_shai[i] >= 1,
            ),
            v.f_sent[i] >= 1,
        )
        for i in range(n)
    )


@rule(
    "dice.combat.leaders-held",
    on=ON,
    cites="dice:142",
    see_also="dice:125",
    title="Send only Leaders on your Faction board",
    forbids=lambda s, _o: (
        _listing(
            [
                f"{_who(s, i)} sends {plural(s.f_leaders_sent[i], 'Leader')} with {s.f_leaders[i]} on its Faction board"
                for i in _n(s)
                if s.f_leaders_sent[i] > s.f_leaders[i]
            ]
        )
        + ": a Leader goes to combat from the Faction board."
    ),
    permits="Every Leader sent was on its Faction board.",
    needs=("leaders_known",),
    when=lambda s: any(s.f_leaders_sent),
)
def leaders_held(s: DiceCombatFacts) -> bool:
    """A player sends at most the Leaders on its Faction board."""
    return all(s.f_leaders_sent[i] <= s.f_leaders[i] for i in _n(s))


@leaders_held.z3
def _(v: Any) -> Any:
    return all_of(v.f_leaders_sent[i] <= v.f_leaders[i] for i in range(len(v.f_leaders)))


# dice:143 "If you have an Ally and they have a Leader on their Faction board, they take and hide it. ... All other
#          players with Troops present in the contested Region count as defenders. ... Players that are allied to
#          defenders but do not have own Troops present in the contested Region still hide their Leaders."


@rule(
    "dice.combat.leaders-sides",
    on=ON,
    cites="dice:143",
    title="Leaders come from the attacker, the defenders and their Allies",
    forbids=lambda s, _o: (
        _listing([_who(s, i) for i in _n(s) if s.f_leaders_sent[i] and not s.f_side[i]])
        + f" sends a Leader to the combat in {s.region}, but is neither in it nor allied to a player in it."
    ),
    permits="Every Leader sent belongs to a side of the combat.",
    when=lambda s: any(s.f_leaders_sent),
)
def leaders_sides(s: DiceCombatFacts) -> bool:
    """Leaders are sent by the attacker, the defenders (the others with Troops there) and their Allies."""
    return all(s.f_side[i] or not s.f_leaders_sent[i] for i in _n(s))


@leaders_sides.z3
def _(v: Any) -> Any:
    return all_of(z3.Or(v.f_side[i] != 0, v.f_leaders_sent[i] == 0) for i in range(len(v.f_side)))


# -- Combat dice --------------------------------------------------------------------------------------
# dice:147 "Now, at the same time, all players that sent any Troops or Leaders into this combat roll all dice
#          they placed on Combat dice slots on their Faction boards. Check the Combat dice chart on your Faction
#          board to find out what each result means. "Kill 1" results allow you to remove any 1 Troop sent to
#          combat, "Kill 2" results allow you to remove any 2 Troops ... sent to combat. ..."


def _rolls_ok(s: DiceCombatFacts, i: int) -> bool:
    sent = s.f_sent[i] + s.f_leaders_sent[i] > 0
    return s.f_rolled[i] == (s.f_combat_dice[i] if sent else 0)


def _rolls_said(s: DiceCombatFacts, i: int) -> str:
    if s.f_sent[i] + s.f_leaders_sent[i] == 0:
        return (
            f"{_who(s, i)} rolls {plural(s.f_rolled[i], 'Combat die', 'Combat dice')} but sent nothing into the combat"
        )
    dice = plural(s.f_rolled[i], "Combat die", "Combat dice")
    return f"{_who(s, i)} rolls {dice} with {s.f_combat_dice[i]} on its Combat slots"


@rule(
    "dice.combat.rolls",
    on=ON,
    cites="dice:147",
    see_also="dice:256",
    title="Those who sent anything roll all their Combat dice",
    forbids=lambda s, _o: (
        _listing([_rolls_said(s, i) for i in _n(s) if not _rolls_ok(s, i)])
        + ": all players that sent Troops or Leaders roll all the dice on their Combat slots, and only they."
    ),
    permits=lambda s, _o: (
        _listing(
            [
                f"{_who(s, i)} rolls its {plural(s.f_rolled[i], 'Combat die', 'Combat dice')}"
                for i in _n(s)
                if s.f_rolled[i]
            ]
        )
        or "No one rolls Combat dice."
    ),
    needs=("dice_known",),
)
def rolls(s: DiceCombatFacts) -> bool:
    """Every player that sent Troops or Leaders rolls exactly the dice on its Combat slots; no one else rolls."""
    return all(_rolls_ok(s, i) for i in _n(s))


@rolls.z3
def _(v: Any) -> Any:
    n = len(v.f_rolled)
    return all_of(
        v.f_rolled[i] == z3.If(v.f_sent[i] + v.f_leaders_sent[i] > 0, v.f_combat_dice[i], 0) for i in range(n)
    )


def _kills_against(s: DiceCombatFacts, x: int) -> int:
    return sum(s.f_kills[i] for i in _n(s) if s.f_side[i] not in (0, x))


def _kills_ok(s: DiceCombatFacts) -> bool:
    return all(sum(s.f_killed[i] for i in _n(s) if s.f_side[i] == x) <= _kills_against(s, x) for x in (1, 2)) and all(
        s.f_killed[i] == 0 for i in _n(s) if s.f_side[i] == 0
    )


@rule(
    "dice.combat.kills",
    on=ON,
    cites="dice:147",
    see_also="dice:256",
    title="The Combat dice kill what their chart says",
    forbids=lambda s, _o: (
        f"The dice kill {plural(sum(s.f_killed[i] for i in _n(s) if s.f_side[i] == 1), 'Troop')} of the "
        "attacker's side and "
        f"{sum(s.f_killed[i] for i in _n(s) if s.f_side[i] == 2)} of the defenders', but the rolls kill "
        f"{_kills_against(s, 1)} and {_kills_against(s, 2)} by their charts."
    ),
    permits=lambda s, _o: (
        f"The defenders' rolls kill {_kills_against(s, 1)} of the attacker's side, the attacker's "
        f"{_kills_against(s, 2)} of the defenders'."
    ),
    needs=("chart_known", "killed_known"),
)
def kills(s: DiceCombatFacts) -> bool:
    """A side loses to the Combat dice at most the Troops the other side's rolls kill on their charts ("Kill 1",
    "Kill 2")."""
    return _kills_ok(s)


@kills.z3
def _(v: Any) -> Any:
    n = len(v.f_side)

    def on(x: int) -> Any:
        return z3.Sum(*[z3.If(v.f_side[i] == x, v.f_killed[i], 0) for i in range(n)], 0)

    def against(x: int) -> Any:
        return z3.Sum(*[z3.If(z3.And(v.f_side[i] != 0, v.f_side[i] != x), v.f_kills[i], 0) for i in range(n)], 0)

    return z3.And(
        on(1) <= against(1),
        on(2) <= against(2),
        all_of(z3.Or(v.f_side[i] != 0, v.f_killed[i] == 0) for i in range(n)),
    )


@rule(
    "dice.combat.killed-sent",
    on=ON,
    cites="dice:147",
    title="Combat dice kill only Troops sent to combat",
    forbids=lambda s, _o: (
        _listing(
            [
                f"{s.f_killed[i]} of {_who(s, i)}'s Troops are killed, of {s.f_sent[i]} sent"
                for i in _n(s)
                if s.f_killed[i] > s.f_sent[i]
            ]
        )
        + ": the dice remove Troops sent to combat."
    ),
    permits="The dice kill only Troops sent to combat.",
    needs=("killed_known",),
)
def killed_sent(s: DiceCombatFacts) -> bool:
    """A Faction loses to the dice at most the Troops it sent."""
    return all(s.f_killed[i] <= s.f_sent[i] for i in _n(s))


@killed_sent.z3
def _(v: Any) -> Any:
    return all_of(v.f_killed[i] <= v.f_sent[i] for i in range(len(v.f_sent)))


# -- Traitors ------------------------------------------------------------------------------------------
# dice:149 "In Turn Order, each player may now reveal one or more of their Loyalty tokens, if they show the Faction
#          symbol of a Troop fighting for an opponent. Convert the targeted Troop. You may defend against each
#          such attack by revealing a Loyalty token showing your own Faction symbol. ..."
# dice:151 "You may convert Troops that already changed sides. You may not convert Leaders. You may not convert
#          Troops not sent into combat. You may convert a Troop in a Fortification or Stronghold."


@rule(
    "dice.combat.loyalty-held",
    on=ON,
    cites="dice:149",
    title="Reveal only Loyalty tokens you hold",
    forbids=lambda s, _o: (
        _listing(
            [
                f"{_who(s, i)} reveals {s.f_tokens_missing[i]} Loyalty tokens it does not hold"
                for i in _n(s)
                if s.f_tokens_missing[i]
            ]
        )
        + "."
    ),
    permits="Every Loyalty token revealed is one its player holds.",
    needs=("loyalty_known",),
    when=lambda s: any(s.f_attacks) or any(s.f_defended),
)
def loyalty_held(s: DiceCombatFacts) -> bool:
    """A player reveals Loyalty tokens among its own (those its ``loyalty`` lists, or at most as many as it counts)."""
    return not any(s.f_tokens_missing)


@loyalty_held.z3
def _(v: Any) -> Any:
    return all_of(m == 0 for m in v.f_tokens_missing)


def _target_ok(s: DiceCombatFacts, i: int) -> bool:
    return s.f_bad_attacks[i] == 0 and s.f_succ_on[i] <= s.f_sent[i] - s.f_killed[i] + s.f_succ_by[i]


def _target_said(s: DiceCombatFacts, i: int) -> str:
    if s.f_bad_attacks[i]:
        return (
            f"{_who(s, i)} reveals {s.f_bad_attacks[i]} Loyalty tokens showing a Faction not fighting for its opponents"
        )
    return (
        f"{s.f_succ_on[i]} tokens turn {_who(s, i)}'s Troops, but {s.f_sent[i] - s.f_killed[i]} of them fight "
        "after the dice"
    )


@rule(
    "dice.combat.loyalty-target",
    on=ON,
    cites="dice:149,151",
    title="A Loyalty token turns a Troop sent to fight for an opponent",
    forbids=lambda s, _o: (
        _listing([_target_said(s, i) for i in _n(s) if not _target_ok(s, i)])
        + ": a token converts a Troop that fights for an opponent, sent into combat."
    ),
    permits="Every Loyalty token revealed targets a Troop fighting for an opponent.",
    needs=("killed_known", "chart_known"),
    when=lambda s: any(s.f_attacks),
)
def loyalty_target(s: DiceCombatFacts) -> bool:
    """A token showing a Faction targets a Troop of it that fights (sent, not killed) for the revealer's opponent;
    never a Leader, a Troop not sent, or one of the revealer's own side."""
    return all(_target_ok(s, i) for i in _n(s))


@loyalty_target.z3
def _(v: Any) -> Any:
    return all_of(
        z3.And(v.f_bad_attacks[i] == 0, v.f_succ_on[i] <= v.f_sent[i] - v.f_killed[i] + v.f_succ_by[i])
        for i in range(len(v.f_sent))
    )


gap(
    "dice.combat.reconvert",
    on=ON,
    cites="dice:151",
    see_also="dice:149",
    title="A Troop converted twice",
    reason="more tokens turn a Faction's Troops than it has fighting after the dice: some target Troops that "
    "already changed sides, and which ones, in Turn Order, decides who converts what",
    when=lambda s: (
        s.killed_known is not None
        and any(
            s.f_bad_attacks[i] == 0
            and s.f_sent[i] - s.f_killed[i] < s.f_succ_on[i] <= s.f_sent[i] - s.f_killed[i] + s.f_succ_by[i]
            for i in _n(s)
        )
    ),
)


@rule(
    "dice.combat.loyalty-defence",
    on=ON,
    cites="dice:149",
    title="Defend with your own token against an attack",
    forbids=lambda s, _o: (
        _listing(
            [
                f"{_who(s, i)} reveals {s.f_defended[i]} tokens of its own against {s.f_attacked[i]} attacks"
                for i in _n(s)
                if s.f_defended[i] > s.f_attacked[i]
            ]
        )
        + ": a token showing your own symbol defends against an attack."
    ),
    permits="Each defence answers an attack.",
    when=lambda s: any(s.f_defended),
)
def loyalty_defence(s: DiceCombatFacts) -> bool:
    """A player reveals a token of its own symbol only to answer an attack on its Troops: no more defences than
    attacks."""
    return all(s.f_defended[i] <= s.f_attacked[i] for i in _n(s))


@loyalty_defence.z3
def _(v: Any) -> Any:
    return all_of(v.f_defended[i] <= v.f_attacked[i] for i in range(len(v.f_defended)))


gap(
    "dice.combat.defence-choice",
    on=ON,
    cites="dice:149",
    title="A defence against attacks of several players",
    reason="a player defends against some of the attacks several players made on its Troops: which attack each "
    "defence answers, and so who converts, the position does not say",
    when=lambda s: bool(s.defence_choice),
)

# dice:150 "To convert a Troop, discard it to its owner's supply and replace it with a Troop from your own supply.
#          If there are no Troops left in your supply, the targeted Troop is killed instead."

gap(
    "dice.combat.supply-refilled",
    on=ON,
    cites="dice:150",
    see_also="dice:140,233",
    title="Converting with a supply refilled during the combat",
    reason="a player turns more Troops than its supply held before the combat, and some of its own Troops went "
    "back to its supply during it (removed or killed, unless evacuated, dice:233): how many it can still convert "
    "the position does not say",
    when=lambda s: bool(s.refilled),
)


def _settled(s: DiceCombatFacts) -> bool:
    return all(getattr(s, k) is not None for k in RESOLVED)


def _per(xs: list[int], s: DiceCombatFacts, only: list[int] | None = None) -> dict[str, int]:
    return {s.factions[i]: xs[i] for i in _n(s) if xs[i] and (only is None or i in only)}


def zconv(v: Any, i: int) -> Any:
    return z3.If(v.f_succ_by[i] <= v.f_supply[i], v.f_succ_by[i], v.f_supply[i])


def _traitors_said(s: DiceCombatFacts, _o: dict[str, Any]) -> str:
    r = resolve(s)
    out = []
    for i in _n(s):
        if not s.f_succ_by[i]:
            continue
        text = f"{_who(s, i)} turns {plural(s.f_succ_by[i], 'Troop')}"
        if r["tkill"][i]:
            supply = plural(s.f_supply[i], "Troop")
            text += f": {r['conv'][i]} converted with its {supply} in supply, {r['tkill'][i]} killed"
        out.append(text)
    defended = [f"{_who(s, i)} defends {s.f_defended[i]}" for i in _n(s) if s.f_defended[i]]
    return _listing(out + defended) + "."


@rule(
    "dice.combat.traitors",
    on=ON,
    cites="dice:150",
    see_also="dice:149",
    title="A traitor is replaced by a Troop from your supply, or killed when it is empty",
    permits=_traitors_said,
    needs=RESOLVED,
    defines=("converted", "traitors_killed"),
    when=lambda s: any(s.f_succ_by),
    one_sided="it fixes an outcome and never forbids",
)
def traitors(s: DiceCombatFacts) -> dict[str, Any]:
    """Each attack that stands converts the Troop: it goes to its owner's supply and a Troop of the revealer's
    supply takes its place; with the supply empty, the Troop is killed instead."""
    r = resolve(s)
    return {"converted": _per(r["conv"], s), "traitors_killed": _per(r["tkill"], s)}


@traitors.z3
def _(v: Any) -> Any:
    n = len(v.f_code)
    return all_of(z3.And(v.o_conv[i] == zconv(v, i), v.o_tkill[i] == v.f_succ_by[i] - zconv(v, i)) for i in range(n))


# -- Combat result ---------------------------------------------------------------------------------------
# dice:153 "Now count the Troops fighting for each side, attacker and defender. Leaders counts as multiple Troops,
#          your Faction board tells you as how many ("strength" of the Leader). The side with more Troops wins. In
#          case of a tie, the defender side wins."
# dice:200 "Leader: Leto & Duncan, strength 3 (+2)"
# dice:205 "Leader: Baron Vladimir, strength 4"
# dice:211 "Leader: Liet Kynes, strength 3"
# dice:222 "Leader: Padishah Emperor Shaddam IV, strength 2"
# dice:229 "Leader: Edric, strength 2"
# dice:236 "Leader: Reverend Mother Gaius Helen Mohiam, strength 3"
# dice:202 "Duncan Idaho — In combat, you may use one or both your Leaders. If you use one, it has a strength of 3.
#          If you use both at the same time, they have a combined strength of 5. Only discard Leader tokens you used
#          in a combat. ..."
# dice:215 "In combat, your Troops have the same strength as 2 regular Troops. ..."


def zlstr(v: Any, i: int) -> Any:
    ls, code = v.f_leaders_sent[i], v.f_code[i]
    other = ls * z3.If(code == 1, 4, z3.If(code == 2, 3, z3.If(code == 3, 2, z3.If(code == 4, 2, 3))))
    atreides = z3.If(ls <= 0, 0, z3.If(ls == 1, 3, 5))
    return z3.If(code == ATREIDES, atreides, z3.If(ls <= 0, 0, other))


def zfight(v: Any, i: int) -> Any:
    return v.f_sent[i] - v.f_killed[i] - v.f_succ_on[i]


def zside(v: Any, x: int) -> Any:
    n = len(v.f_code)
    terms = [
        z3.If(
            v.f_side[i] == x,
            z3.If(v.f_code[i] == FREMEN, 2, 1) * (zfight(v, i) + zconv(v, i)) + zlstr(v, i),
            0,
        )
        for i in range(n)
    ]
    return z3.Sum(*terms, 0)


def zwinner(v: Any) -> Any:
    return z3.If(zside(v, 1) > zside(v, 2), 1, 2)


def _side_text(s: DiceCombatFacts, r: dict[str, Any], x: int) -> str:
    parts = []
    for i in _n(s):
        if s.f_side[i] != x:
            continue
        troops = r["fighting"][i] + r["conv"][i]
        bits = []
        if troops:
            bits.append(f"{plural(troops, 'Troop')}" + (" x2" if weight(s.f_code[i]) == 2 else ""))
        if r["lstr"][i]:
            bits.append(f"Leaders {r['lstr'][i]}")
        if bits:
            parts.append(f"{_who(s, i)} {' + '.join(bits)}")
    return f"{r['strength'][x]} ({', '.join(parts) or 'nothing sent'})"


def _winner_said(s: DiceCombatFacts, _o: dict[str, Any]) -> str:
    r = resolve(s)
    a, d = r["strength"][1], r["strength"][2]
    head = f"Attacker {_side_text(s, r, 1)} against defender {_side_text(s, r, 2)}"
    if a == d:
        return f"{head}: a tie, which the defender side wins."
    return f"{head}: the {'attacker' if a > d else 'defender'} side wins with more Troops."


@rule(
    "dice.combat.winner",
    on=ON,
    cites="dice:153",
    see_also="dice:138,143",
    title="The side with more Troops wins; the defender wins ties",
    permits=_winner_said,
    needs=(*RESOLVED, "part_known"),
    defines=("winner", "winning_side", "strength"),
    one_sided="it fixes an outcome and never forbids",
)
def winner(s: DiceCombatFacts) -> dict[str, Any]:
    """Count each side's Troops still fighting (their Leaders as their strength); more wins, a tie goes to the
    defender side."""
    r = resolve(s)
    return {
        "winner": winner_of([s.factions[i] for i in _n(s) if s.f_side[i] == r["winner"] and s.f_part[i]]),
        "winning_side": "attacker" if r["winner"] == 1 else "defender",
        "strength": {"attacker": r["strength"][1], "defender": r["strength"][2]},
    }


@winner.z3
def _(v: Any) -> Any:
    return z3.And(v.o_winner == zwinner(v), v.o_sa == zside(v, 1), v.o_sd == zside(v, 2))


@rule(
    "dice.combat.leader-strength",
    on=ON,
    cites="dice:153",
    see_also="dice:205,211,222,229,236",
    title="A Leader counts as its strength in Troops",
    permits=lambda s, _o: (
        _listing(
            [
                f"{_who(s, i)}'s Leader counts {resolve(s)['lstr'][i]}"
                + (f" (dice:{ {1: 205, 2: 211, 3: 222, 4: 229, 5: 236}[s.f_code[i]] })" if s.f_code[i] else "")
                for i in _n(s)
                if s.f_leaders_sent[i] and s.f_side[i]
            ]
        )
        + "."
    ),
    needs=("leaders_known",),
    defines=("leader_strength",),
    when=lambda s: any(s.f_leaders_sent[i] and s.f_side[i] for i in _n(s)),
    one_sided="it fixes an outcome and never forbids",
)
def leader_strength(s: DiceCombatFacts) -> dict[str, Any]:
    """A Leader sent counts as many Troops as its strength: Baron Vladimir 4, Liet Kynes 3, Shaddam IV 2, Edric 2,
    the Reverend Mother 3 (the Atreides: 3 for one, 5 for both)."""
    return {"leader_strength": _per(resolve(s)["lstr"], s)}


@leader_strength.z3
def _(v: Any) -> Any:
    return all_of(v.o_lstr[i] == zlstr(v, i) for i in range(len(v.f_code)))


@rule(
    "dice.combat.duncan-idaho",
    on=ON,
    cites="dice:200,202",
    title="Atreides Leaders: 3 for one, 5 for both",
    permits=lambda s, _o: (
        "The Atreides send "
        + ("one Leader: strength 3." if _atreides_sent(s) == 1 else "both Leaders: a combined strength of 5.")
    ),
    needs=("leaders_known",),
    defines=("atreides_leaders",),
    when=lambda s: _atreides_sent(s) > 0,
    one_sided="it fixes an outcome and never forbids (more Leaders than the board holds: dice.combat.leaders-held)",
)
def duncan_idaho(s: DiceCombatFacts) -> dict[str, Any]:
    """The Atreides may send one or both Leaders: one has a strength of 3, both together 5."""
    return {"atreides_leaders": 3 if _atreides_sent(s) == 1 else 5}


def _atreides_sent(s: DiceCombatFacts) -> int:
    return sum(s.f_leaders_sent[i] for i in _n(s) if s.f_code[i] == ATREIDES and s.f_side[i])


@duncan_idaho.z3
def _(v: Any) -> Any:
    n = len(v.f_code)
    sent = z3.Sum(
        *[z3.If(z3.And(v.f_code[i] == ATREIDES, v.f_side[i] != 0), v.f_leaders_sent[i], 0) for i in range(n)], 0
    )
    return v.o_atreides == z3.If(sent == 1, 3, 5)


def _fremen(s: DiceCombatFacts) -> int:
    r = resolve(s)
    return sum(r["fighting"][i] + r["conv"][i] for i in _n(s) if s.f_code[i] == FREMEN and s.f_side[i])


@rule(
    "dice.combat.fremen-troops",
    on=ON,
    cites="dice:214-215",
    title="Fremen Troops count as 2 in combat",
    permits=lambda s, _o: (
        f"{plural(_fremen(s), 'Fremen Troop fights', 'Fremen Troops fight')}, with the strength of "
        f"{plural(2 * _fremen(s), 'regular Troop')}."
    ),
    needs=RESOLVED,
    defines=("fremen_strength",),
    when=lambda s: any(s.f_code[i] == FREMEN and s.f_side[i] and s.f_sent[i] for i in _n(s)),
    one_sided="it fixes an outcome and never forbids",
)
def fremen_troops(s: DiceCombatFacts) -> dict[str, Any]:
    """In combat, each Fremen Troop still fighting counts as 2 regular Troops (killing or converting one removes one
    cube)."""
    return {"fremen_strength": 2 * _fremen(s)}


@fremen_troops.z3
def _(v: Any) -> Any:
    n = len(v.f_code)
    total = z3.Sum(
        *[z3.If(z3.And(v.f_code[i] == FREMEN, v.f_side[i] != 0), zfight(v, i) + zconv(v, i), 0) for i in range(n)],
        0,
    )
    return v.o_fremen == 2 * total


# dice:154 "All Troops and Leaders sent into combat are discarded to their owner's supplies. All Leaders not sent
#          into combat are returned to their owner's Faction boards. All Troops of the losing side not sent into
#          combat are discarded to the supply as well. All remaining Troops of the winning side are returned to the
#          Region. If none such Troops exist, the Region remains empty. ..."
# dice:155 "A winning Troop in a Fortification or Stronghold is not discarded, but remains on the token, even
#          though it counted as "in Combat"."


def zkeeps(v: Any) -> Any:
    n = len(v.f_code)
    w = zwinner(v)
    return any_of(
        z3.And(
            v.controller == i,
            v.f_side[i] == w,
            v.f_sent[i] >= 1,
            v.f_killed[i] == 0,
            v.f_succ_on[i] == 0,
        )
        for i in range(n)
    )


def zremain(v: Any, i: int) -> Any:
    stays = v.f_troops[i] - zlost(v, i) - v.f_shai[i] - v.f_sent[i]
    token = z3.If(z3.And(zkeeps(v), v.controller == i), 1, 0)
    return z3.If(v.f_side[i] == zwinner(v), stays + token, 0)


def _losses_said(s: DiceCombatFacts, _o: dict[str, Any]) -> str:
    r = resolve(s)
    lost = [f"{_who(s, i)} {r['losses'][i]}" for i in _n(s) if r["losses"][i]]
    stay = [f"{_who(s, i)} {r['remain'][i]}" for i in _n(s) if r["remain"][i]]
    leaders = [f"{_who(s, i)} {s.f_leaders_sent[i]}" for i in _n(s) if s.f_leaders_sent[i] and s.f_side[i]]
    text = f"Troops lost: {', '.join(lost) or 'none'}; left in {s.region}: {', '.join(stay) or 'none (it is empty)'}"
    if leaders:
        text += f"; Leaders discarded: {', '.join(leaders)}"
    return text + "."


@rule(
    "dice.combat.losses",
    on=ON,
    cites="dice:154",
    see_also="dice:138,155",
    title="Everything sent is discarded; the losing side loses the rest; the winners' other Troops stay",
    permits=_losses_said,
    needs=RESOLVED,
    defines=("losses", "leaders_discarded", "region_after"),
    one_sided="it fixes an outcome and never forbids",
)
def losses(s: DiceCombatFacts) -> dict[str, Any]:
    """Every Troop and Leader sent goes to its owner's supply (a winning Troop on a token excepted); the losing
    side's Troops not sent go too; the winning side's Troops not sent stay in the Region."""
    r = resolve(s)
    sides = [i for i in _n(s) if s.f_side[i]]
    return {
        "losses": {s.factions[i]: r["losses"][i] for i in _n(s) if r["losses"][i]},
        "leaders_discarded": _per(s.f_leaders_sent, s, sides),
        "region_after": _per(r["remain"], s),
    }


@losses.z3
def _(v: Any) -> Any:
    n = len(v.f_code)
    return all_of(
        z3.And(
            v.o_remain[i] == zremain(v, i),
            v.o_ldisc[i] == z3.If(v.f_side[i] != 0, v.f_leaders_sent[i], 0),
        )
        for i in range(n)
    )


gap(
    "dice.combat.token-troop-choice",
    on=ON,
    cites="dice:155",
    see_also="dice:144,151",
    title="Whether the Troop on the token was the one killed or converted",
    reason="some of the token controller's Troops sent were killed or converted, not all: whether its Troop on the "
    "token was among them (the roller's or the revealer's choice) decides whether it stays",
    when=lambda s: _token_troop_unknown(s),
)


def _token_troop_unknown(s: DiceCombatFacts) -> bool:
    """The controller's Troops were partly killed, and its side wins; or some were converted (a converted token Troop
    would put the revealer's Troop on the token)."""
    c = s.controller
    if c < 0 or not s.f_side[c] or not _settled(s):
        return False
    if s.f_succ_on[c] > 0:
        return True
    return 0 < s.f_killed[c] < s.f_sent[c] and s.f_side[c] == resolve(s)["winner"]


def _token_name(s: DiceCombatFacts, i: int) -> str:
    return s.factions[i] if 0 <= i < len(s.factions) else "none"


@rule(
    "dice.combat.token-stays",
    on=ON,
    cites="dice:155",
    title="A winning Troop on a token stays on it",
    permits="{controller_whose} Troop on the {token_name} wins and stays on it: {controller_name} keeps the token.",
    needs=RESOLVED,
    defines=("token",),
    when=lambda s: bool(s.token) and _settled(s) and resolve(s)["keeps_token"],
    one_sided="it fixes an outcome and never forbids",
)
def token_stays(s: DiceCombatFacts) -> dict[str, Any]:
    """The token's controller, on the winning side, keeps its Troop on the token (not discarded though it fought)."""
    return {"token": _token_name(s, s.controller)}


@token_stays.z3
def _(v: Any) -> Any:
    return z3.Implies(zkeeps(v), v.o_token == v.controller)


# dice:157 "... It is always in the control of a single player present in the same Region. ..."
# dice:158 "If, at any point of time, Troops share a Region with an uncontrolled Fortification, the first player in
#          Turn Order with Troops in this Region takes control of the Fortification. This may happen for example
#          after combat, and during movement."


def _control_said(s: DiceCombatFacts, _o: dict[str, Any]) -> str:
    r = resolve(s)
    if r["token"] < 0:
        return f"No Troops are left in {s.region}: the {s.token_name} is uncontrolled."
    left = [i for i in _n(s) if r["remain"][i] > 0]
    if len(left) == 1:
        return f"The {s.token_name} in {s.region} loses its Troop; {_who(s, r['token'])}, left there, takes control."
    return (
        f"The {s.token_name} in {s.region} loses its Troop; {_who(s, r['token'])}, first in Turn Order of those left "
        "there, takes control."
    )


@rule(
    "dice.combat.token-control",
    on=ON,
    cites="dice:158",
    see_also="dice:157",
    title="After combat, the first in Turn Order with Troops in the Region takes an uncontrolled token",
    permits=_control_said,
    needs=(*RESOLVED, "order_known"),
    defines=("token",),
    when=lambda s: bool(s.token) and _settled(s) and not resolve(s)["keeps_token"],
    one_sided="it fixes an outcome and never forbids",
)
def token_control(s: DiceCombatFacts) -> dict[str, Any]:
    """A token whose Troop is gone is taken by the first player in Turn Order with Troops left in the Region;
    with none left it stays uncontrolled."""
    return {"token": _token_name(s, resolve(s)["token"])}


@token_control.z3
def _(v: Any) -> Any:
    n = len(v.f_code)
    rem = [zremain(v, i) for i in range(n)]
    first = [
        z3.And(
            v.o_token == k,
            rem[k] > 0,
            all_of(z3.Implies(rem[j] > 0, v.f_order[k] <= v.f_order[j]) for j in range(n)),
        )
        for k in range(n)
    ]
    empty = z3.And(v.o_token == -1, all_of(r <= 0 for r in rem))
    return z3.Implies(z3.And(v.token != 0, z3.Not(zkeeps(v))), z3.Or(empty, *first))


# -- Evacuate ----------------------------------------------------------------------------------------------
# dice:233 "Evacuate — You may place any Troops that are killed in Combat on their owner's Faction Mat. This includes
#          any Troops that are removed to any player's personal supply during the whole Combat step, ... You may not
#          evacuate Troops that die outside of Combat (Kanly, etc.). You may evacuate your own as well as other
#          player's Troops."


@rule(
    "dice.combat.evacuate-guild",
    on=ON,
    cites="dice:233",
    title="Evacuate is the Spacing Guild's",
    forbids="Troops are evacuated, but the Spacing Guild does not take part in this game.",
    permits="The Spacing Guild takes part: it may evacuate Troops killed in combat.",
    when=lambda s: any(s.f_evac),
)
def evacuate_guild(s: DiceCombatFacts) -> bool:
    """Only a game with the Spacing Guild evacuates Troops."""
    return s.guild_in_game


@evacuate_guild.z3
def _(v: Any) -> Any:
    return v.guild_in_game


def _evac_ok(s: DiceCombatFacts) -> bool:
    r = resolve(s)
    return all(s.f_evac[i] <= r["losses"][i] + r["conv"][i] for i in _n(s))


@rule(
    "dice.combat.evacuate-killed",
    on=ON,
    cites="dice:233",
    title="Evacuate only Troops removed in this combat",
    forbids=lambda s, _o: (
        _listing(
            [
                f"{plural(s.f_evac[i], _who(s, i) + ' Troop is', _who(s, i) + ' Troops are')} evacuated, but it loses "
                f"{resolve(s)['losses'][i] + resolve(s)['conv'][i]} in the combat"
                for i in _n(s)
                if s.f_evac[i] > resolve(s)["losses"][i] + resolve(s)["conv"][i]
            ]
        )
        + ": Evacuate places Troops killed in combat on their owner's Faction Mat."
    ),
    permits=lambda s, _o: (
        _listing(
            [
                f"{s.f_evac[i]} {_who(s, i)} {'Troop goes' if s.f_evac[i] == 1 else 'Troops go'} to its Faction Mat"
                for i in _n(s)
                if s.f_evac[i]
            ]
        )
        + "."
    ),
    needs=RESOLVED,
    when=lambda s: any(s.f_evac),
)
def evacuate_killed(s: DiceCombatFacts) -> bool:
    """The Guild evacuates at most the Troops each Faction loses to its supply in this combat."""
    return _evac_ok(s)


@evacuate_killed.z3
def _(v: Any) -> Any:
    n = len(v.f_code)
    return all_of(v.f_evac[i] <= v.f_troops[i] - zremain(v, i) + zconv(v, i) for i in range(n))


__all__ = ["LEADER", "resolve"]

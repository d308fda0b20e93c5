"""Conquest, Storm and spice (conquest:21, with the Fremen's power of conquest:53)."""

from __future__ import annotations

from typing import Any

import z3

from checker.arrakis.kinds.conquest import SECTORS, ConquestBlowFacts, ConquestStormFacts
from checker.facts import all_of
from checker.names import display
from checker.rules import chapter, rule

chapter("conquest-storm", "conquest:21,53,57")
chapter("conquest-blow", "conquest:21,53")

# conquest:21 "The storm circles 18 sectors, wrecking forces and spice on sand territories. Rock territories,
#             strongholds and the Polar Sink are safe. On the first turn, ignore a sandworm card and reshuffle
#             the deck. Later, a sandworm destroys what's on the previous spice card's territories, except
#             Fremen forces, who ride the worm."
# conquest:53 "... Fremen ignore storms on sand and ride sandworms. ..."

OUTCOME_ONLY = "it fixes an outcome; it forbids nothing"


def _new(v: Any) -> Any:
    return (v.storm_sector - 1 + v.distance) % SECTORS + 1


@rule(
    "conquest.storm.movement",
    on="conquest-storm",
    cites="conquest:21",
    title="The storm circles the 18 sectors",
    permits=lambda s, o: (
        f"The storm moves {s.distance} sector{'' if s.distance == 1 else 's'} from sector {s.storm_sector} "
        f"to sector {o.get('storm', s.new_sector)}."
    ),
    needs=("storm_sector", "distance"),
    defines=("storm",),
    one_sided=OUTCOME_ONLY,
    counterpart="overview.storm.movement",
)
def storm_movement(s: ConquestStormFacts) -> dict[str, Any]:
    """The storm moves round the 18 sectors by the distance the position gives (the text does not say how
    that distance is found)."""
    return {"storm": s.new_sector}


@storm_movement.z3
def _(v: Any) -> z3.BoolRef:
    return v.new_sector == _new(v)


def _exposed(v: Any, i: int) -> Any:
    return z3.And(v.group_sand[i], v.group_sector[i] == _new(v))


def _losses(s: ConquestStormFacts) -> dict[str, int]:
    out: dict[str, int] = {}
    for i, faction in enumerate(s.group_faction):
        if s.group_sand[i] and not s.group_fremen[i] and s.group_sector[i] == s.new_sector and s.group_count[i]:
            out[faction] = out.get(faction, 0) + s.group_count[i]
    return out


def _wreck_message(s: ConquestStormFacts, o: dict[str, Any]) -> str:
    lost = o.get("losses") or _losses(s)
    spice = o.get("spice_lost", 0) if s.spice_given else "unknown (the position does not give 'spice')"
    who = ", ".join(f"{display(f)} {n}" for f, n in lost.items()) or "none"
    return (
        f"The storm stops in sector {s.new_sector}: forces wrecked on sand: {who}; spice wrecked: {spice}. "
        "Rock, strongholds and the Polar Sink are safe."
    )


@rule(
    "conquest.storm.sand",
    on="conquest-storm",
    cites="conquest:21",
    title="The storm wrecks forces and spice on sand; rock, strongholds and the Polar Sink are safe",
    permits=_wreck_message,
    needs=("storm_sector", "distance", "terrain_known", "forces_placed", "spice_placed"),
    defines=("losses", "spice_lost"),
    one_sided=OUTCOME_ONLY,
    counterpart="gf9.storm.losses",
    differs="conquest: the storm wrecks forces on sand only where it is (the text does not say which sectors it "
    "crosses), and Fremen lose nothing on sand; gf9: every sand sector it moves into, Advanced Fremen lose half",
)
def storm_sand(s: ConquestStormFacts) -> dict[str, Any]:
    """Forces and spice on a sand territory in the sector the storm stops in are wrecked; rock territories,
    strongholds and the Polar Sink are safe (Fremen forces are conquest.storm.fremen's)."""
    spice = sum(
        a
        for sec, a, sand in zip(s.spice_sector, s.spice_amount, s.spice_sand, strict=True)
        if sand and sec == s.new_sector
    )
    # the spice wrecked only where the position gives the spice on the board (else it is unknown, not none)
    return {"losses": _losses(s), "spice_lost": spice} if s.spice_given else {"losses": _losses(s)}


@storm_sand.z3
def _(v: Any) -> z3.BoolRef:
    groups = [
        z3.If(
            z3.And(_exposed(v, i), v.group_fremen[i]),
            True,
            v.group_lost[i] == z3.If(_exposed(v, i), v.group_count[i], 0),
        )
        for i in range(len(v.group_lost))
    ]
    spice = [
        v.spice_gone[i] == z3.If(z3.And(v.spice_sand[i], v.spice_sector[i] == _new(v)), v.spice_amount[i], 0)
        for i in range(len(v.spice_gone))
    ]
    return all_of(groups + spice)


def _fremen_hit(s: ConquestStormFacts) -> bool:
    if s.storm_sector is None or s.distance is None:
        return False
    return any(
        s.group_fremen[i] and s.group_sand[i] and s.group_sector[i] == s.new_sector for i in range(len(s.group_sector))
    )


@rule(
    "conquest.storm.fremen",
    on="conquest-storm",
    cites="conquest:53",
    title="Fremen ignore storms on sand",
    permits="Fremen forces on sand in sector {storm} ignore the storm: they lose nothing.",
    when=_fremen_hit,
    one_sided=OUTCOME_ONLY,
    counterpart="gf9.storm.losses",
    differs="conquest: Fremen forces on sand ignore storms; gf9: the storm kills Fremen in sand like any other "
    "faction (Advanced: half)",
)
def fremen_storm(s: ConquestStormFacts) -> bool:
    """Fremen forces on sand lose nothing to the storm."""
    return True


@fremen_storm.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(
        z3.Implies(z3.And(_exposed(v, i), v.group_fremen[i]), v.group_lost[i] == 0) for i in range(len(v.group_lost))
    )


def _passed_exposed(s: ConquestStormFacts) -> bool:
    passed = set(s.passed)
    if not passed:
        return False
    forces = any(
        s.group_sand[i] and not s.group_fremen[i] and s.group_count[i] and s.group_sector[i] in passed
        for i in range(len(s.group_sector))
    )
    spice = any(
        sand and a and sec in passed for sec, a, sand in zip(s.spice_sector, s.spice_amount, s.spice_sand, strict=True)
    )
    return forces or spice


@rule(
    "conquest.storm.crossed-sectors",
    on="conquest-storm",
    cites="conquest:21",
    title="Whether the storm wrecks what is in the sectors it crosses",
    status="unresolved",
    reason="conquest:21 says the storm wrecks forces and spice on sand, but not whether it wrecks them in the "
    "sectors it moves through or only where it stops",
    when=_passed_exposed,
    leaves_open=("losses", "spice_lost"),  # where the storm stops is conquest:21's either way
    one_sided="an open question: the text does not say",
)
def crossed_sectors(s: ConquestStormFacts) -> bool:
    """The text does not say whether the storm wrecks what lies in the sectors it passes over."""
    return True


@crossed_sectors.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


def _stronghold_hit(s: ConquestStormFacts) -> bool:
    if not s.two_players or s.storm_sector is None or s.distance is None:
        return False
    hit = {*s.passed, s.new_sector}
    return any(s.group_stronghold[i] and s.group_sector[i] in hit for i in range(len(s.group_sector)))


@rule(
    "conquest.storm.two-player-stronghold",
    on="conquest-storm",
    cites="conquest:57",
    title="In a two-player game sand covers one stronghold",
    status="unresolved",
    reason="conquest:57 says sand covers one stronghold in a two-player game, but not which: whether the "
    "stronghold the storm reaches is still safe is not printed",
    when=_stronghold_hit,
    one_sided="an open question: the text does not name the covered stronghold",
)
def two_player_stronghold(s: ConquestStormFacts) -> bool:
    """A two-player game plays with one stronghold covered by sand; the text does not say which."""
    return True


@two_player_stronghold.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)


# -- the spice card: sandworms ------------------------------------------------------------


def _first_turn(s: ConquestBlowFacts) -> bool:
    return s.worm and (s.turn is None or s.turn == 1)


@rule(
    "conquest.blow.first-turn",
    on="conquest-blow",
    cites="conquest:21",
    title="On the first turn a sandworm is ignored and the deck reshuffled",
    permits="On the first turn the sandworm is ignored: nothing is destroyed and the deck is reshuffled.",
    needs=("turn",),
    when=_first_turn,
    defines=("reshuffle", "losses", "spice_lost"),
    one_sided=OUTCOME_ONLY,
    counterpart="gf9.blow.first-turn",
)
def first_turn(s: ConquestBlowFacts) -> dict[str, Any]:
    """A sandworm card turned over on the first turn is ignored (it destroys nothing) and the spice deck is
    reshuffled."""
    return {"reshuffle": True, "losses": {}, "spice_lost": 0}


@first_turn.z3
def _(v: Any) -> z3.BoolRef:
    return z3.And(v.reshuffle, v.spice_gone == 0, all_of(lost == 0 for lost in v.group_lost))


def _later(s: ConquestBlowFacts) -> bool:
    return s.worm and (s.turn is None or s.turn >= 2)


def _devoured(s: ConquestBlowFacts, o: dict[str, Any]) -> str:
    lost = o.get("losses") or {}
    who = ", ".join(f"{display(f)} {n}" for f, n in lost.items()) or "no forces"
    spice = f"{o.get('spice_lost', s.spice_there)} spice" if s.spice_given else "the spice there (the position does "
    spice += "" if s.spice_given else "not give 'spice')"
    return f"The sandworm destroys what is on {s.previous}: {who}, and {spice}."


@rule(
    "conquest.blow.sandworm",
    on="conquest-blow",
    cites="conquest:21",
    title="Later, a sandworm destroys what is on the previous spice card's territories",
    permits=_devoured,
    needs=("turn", "previous_given"),
    when=_later,
    defines=("losses", "spice_lost"),
    one_sided=OUTCOME_ONLY,
    counterpart="gf9.blow.devour",
    differs="conquest: a sandworm destroys everything on the previous card's territories (its forces and spice) "
    "except Fremen; gf9: Shai-Hulud devours in the territory of the previous card, and the Fremen may save allies",
)
def sandworm(s: ConquestBlowFacts) -> dict[str, Any]:
    """After the first turn a sandworm destroys the forces (Fremen's excepted, conquest.blow.fremen-ride) and
    the spice on the territories of the previous spice card."""
    lost: dict[str, int] = {}
    for f, n, fremen in zip(s.group_faction, s.group_count, s.group_fremen, strict=True):
        if not fremen and n:
            lost[f] = lost.get(f, 0) + n
    return {"losses": lost, "spice_lost": s.spice_there} if s.spice_given else {"losses": lost}


@sandworm.z3
def _(v: Any) -> z3.BoolRef:
    groups = [z3.If(v.group_fremen[i], True, v.group_lost[i] == v.group_count[i]) for i in range(len(v.group_lost))]
    return all_of([*groups, v.spice_gone == v.spice_there])


@rule(
    "conquest.blow.fremen-ride",
    on="conquest-blow",
    cites="conquest:21,53",
    title="Fremen forces ride the worm",
    permits="Fremen forces on {previous} ride the worm: they are not destroyed.",
    needs=("turn", "previous_given"),
    when=lambda s: _later(s) and any(s.group_fremen),
    one_sided=OUTCOME_ONLY,
    counterpart="gf9.blow.fremen-immune",
)
def fremen_ride(s: ConquestBlowFacts) -> bool:
    """A sandworm does not destroy Fremen forces: they ride it."""
    return True


@fremen_ride.z3
def _(v: Any) -> z3.BoolRef:
    return all_of(z3.Implies(v.group_fremen[i], v.group_lost[i] == 0) for i in range(len(v.group_lost)))


@rule(
    "conquest.blow.territory-card",
    on="conquest-blow",
    cites="conquest:21",
    see_also="conquest:5",
    title="What a territory spice card does",
    status="unresolved",
    reason="conquest:21 heads the step 'Storm and spice' but prints no spice amounts or where a spice card's "
    "spice goes: what a territory card does is not printed",
    when=lambda s: not s.worm,
    one_sided="an open question: the text does not say",
)
def territory_card(s: ConquestBlowFacts) -> bool:
    """The text does not say what spice a territory card places, or where."""
    return True


@territory_card.z3
def _(v: Any) -> z3.BoolRef:
    return z3.BoolVal(True)

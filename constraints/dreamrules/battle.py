"""Dreamrules: Battle, as a delta over GF9's Advanced battle (constraints/gf9/battle.py).

Only what Dreamrules adds, changes or removes: the storm does not itself prohibit battles
(dreamrules:224), Mercenaries adds one strength and wins ties (dreamrules:496, 742), the winner
collects only the killed *opposing* leader's strength (dreamrules:486), Sardaukar fight at double
strength except against Fremen (dreamrules:1086), the Supplies cache returns rather than being
discarded (dreamrules:746), Weirding Way and Chemistry take their role from the plan (dreamrules:724,
728), the Voice names Dreamrules' cards but no Cheap Hero (dreamrules:714, 1152), a dial answer to
Prescience says whether Mercenaries are played (dreamrules:744), and each battle advantage Karama
stops changes the battle as its entry says (dreamrules:818-970). Traitor calls and Lasgun-Shield
explosions are GF9's results (dreamrules:718, 720, 1072). Whatever the book leaves to Retreat, Break
Conditioning, Zoal, Cyborgs, Spite, Fanatical Tactics or its council (#1839, #1840, #1842) answers
``unresolved``. Every other gf9 battle rule stays in force (dreamrules:15 "Dreamrules builds on GF9's
Advanced Game"; dreamrules:1330 "GF9 supplies unchanged base rules").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import z3

from checker.arrakis.kinds.aftermath import RetreatFacts, SpiteFacts
from checker.arrakis.kinds.battle import (
    BREAK_CONDITIONING,
    CHEAP_HEROES,
    PRESCIENCE_ELEMENTS,
    ROLE_CARDS,
    SECTORS,
    SIDES,
    SUPPLIES_CACHE,
    T_DEFENSE_KIND,
    T_MERCENARIES,
    T_WEAPON_KIND,
    T_WORTHLESS,
    VOICE_PLAY,
    WORTHLESS,
    BattleFacts,
    card_ids,
    ixian_loss_options,
    ixian_selections,
    loss_options,
    voice_complies,
    zoal_infiltration,
)
from checker.arrakis.position import BATTLE, PHASES
from checker.facts import per_record
from checker.names import display, possessive
from checker.rules import chapter, gap, restates, rule, set_aside
from constraints.gf9.battle import (
    OTHER,
    _card_ok,
    _card_refused,
    _card_said,
    _fights,
    _get,
    _leads,
    _loss_value,
    _ordinary,
    _reach,
    _says,
    _who,
    both,
    resolve,
    zboth,
    zkilled,
    zordinary,
    ztotal,
)

chapter(
    "battle",
    "dreamrules:224,436-512,704-728,740-750,772-774,1046-1048,1066-1072,1086,1104-1106,1110,1122,1130,1152-1154,"
    "1200-1204,1220-1226,1364-1370",
)

set_aside(
    "dreamrules:438,440,446",
    "what battles are for and how the chapter is laid out: advice on play, no rule of legality or result",
)
set_aside(
    "dreamrules:452",
    "what the number on the battle wheel means (the strength the committed troops contribute, not a count of "
    "tokens): the definition gf9.battle.dial-support applies, as dreamrules:456, 460 restate it",
)
# dreamrules:456 "Each ordinary troop contributes ½ strength without spice, or 1 strength when supported with 1 spice.
#                 An uncommitted troop contributes 0."
# dreamrules:460 "Use only troops in the battle territory and spice you can commit to this battle. Each troop
#                 contributes once. ..."
# GF9's rules unchanged (gf9:297, 299): their findings under dreamrules quote these lines too.
restates("dreamrules:456,460", "gf9.battle.dial-support")
restates("dreamrules:460", "gf9.battle.spice-held")
set_aside("dreamrules:464", "a worked example of setting the wheel (2 + 1 = 3)")
# dreamrules:472 "Your battle plan must include a leader or Cheap Hero if you are able to play one. ..."
# GF9's rules unchanged (gf9:253, 457).
restates("dreamrules:472", "gf9.battle.leader-required", "gf9.battle.cheap-hero-required")
# dreamrules:476 "... When you play neither, you cannot include any Treachery Cards in your battle plan."
restates("dreamrules:476", "gf9.battle.cards-need-leader")
# dreamrules:568 "Allies do not battle each other. ..."
restates("dreamrules:568", "gf9.battle.not-allies")
# dreamrules:1066 "... Return all captured leaders if you have no living Harkonnen leaders. ..." GF9's rule unchanged
# (gf9:427).
restates("dreamrules:1066", "gf9.battle.captive-returned")
set_aside(
    "dreamrules:494",
    "the order of battles: the position names the aggressor and its opponent, and the order changes no plan's "
    "legality or result",
)
# dreamrules:704 "Your weapon attacks the opposing leader; your defense protects your own. Match the defense to the
#                 weapon. A defense of the wrong type does not help, and both leaders can die in one battle."
# GF9's rule unchanged (gf9:273).
restates("dreamrules:704", "gf9.battle.leaders-killed")
# dreamrules:708 "A worthless card may fill either weapon or defense slot without effect. A matching card may instead
#                 activate your Fate at its permitted time. Bene Gesserit may use worthless cards as Karamas."
# GF9's rules unchanged (gf9:455); the Fate is dreamrules.cards.fate's, the Bene Gesserit's Karama is restated in
# cards.py.
restates("dreamrules:708", "gf9.battle.weapon-slot", "gf9.battle.defense-slot")
set_aside(
    "dreamrules:710",
    "the Orange Catholic Bible fills a weapon or defense slot without effect: gf9.battle.weapon-slot and "
    "defense-slot accept it (the Bible is read as a worthless card in checker/arrakis/kinds/battle.py), though no "
    "GF9 line names the card; its gift at Bidding is no battle question",
)
# dreamrules:718 "Lasgun kills the opposing leader without an ordinary defense stopping it. If either battle plan also
#                 contains a Shield, the combination causes an explosion. A Shield in your own plan is just as
#                 dangerous as an opposing Shield."
# dreamrules:720 "Do not resolve the explosion before a successful traitor call that overrides it. ..."
# GF9's rule unchanged (gf9:275, 287); what the explosion destroys is gf9.battle.explosion's (gf9:275).
restates("dreamrules:718,720", "gf9.battle.lasgun-shield")
# dreamrules:1046 (Atreides) "During battle, force your opponent to reveal one part of their plan early: weapon,
#                 defense, leader, or dial together with whether they are playing Mercenaries. Your ally may allow you
#                 to use this advantage in their battles."


def _presc_asker_ok(s: BattleFacts, x: str) -> bool:
    return not _get(s, x, "presc") or bool(_get(s, x, "presc_by_atreides") or _get(s, x, "presc_by_ally"))


@rule(
    "dreamrules.battle.prescience-by-atreides",
    on="battle",
    cites="dreamrules:1046",
    replaces="gf9.battle.prescience-by-atreides",
    title="Prescience is asked by the Atreides, in its own battles or its ally's",
    forbids=_says(
        _presc_asker_ok,
        lambda s, x: (
            f"{_who(s, x)} answered a Prescience question ({_get(s, x, 'presc_text')}), but fights "
            f"{display(_get(s, OTHER[x], 'name'))}, neither the Atreides nor its ally: Prescience is the Atreides' "
            "in its battles, or its ally's where the ally allows it."
        ),
    ),
    permits="The Prescience question comes from the Atreides, or is asked in its ally's battle.",
    when=lambda s: bool(s.a_presc or s.d_presc),
)
def prescience_by_atreides(s: BattleFacts) -> bool:
    """The Atreides forces its opponent to reveal one part of the plan; its ally may let it do so in the ally's own
    battles (GF9 gives Prescience to the Atreides' own battles only)."""
    return both(s, _presc_asker_ok)


@prescience_by_atreides.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.Implies(
            _get(v, x, "presc") != 0, z3.Or(_get(v, x, "presc_by_atreides"), _get(v, x, "presc_by_ally"))
        ),
    )


gap(
    "dreamrules.battle.prescience-ally-leave",
    on="battle",
    cites="dreamrules:1046",
    title="Prescience in the ally's battle, if the ally allows it",
    reason="the Atreides asks a Prescience question in its ally's battle: 'Your ally may allow you to use this "
    "advantage in their battles' (dreamrules:1046), and no key of the position records whether the ally allowed it",
    explain=lambda s: "; ".join(
        f"{_who(s, x)} answers a Prescience question in a battle of {display(_get(s, OTHER[x], 'name'))}, the "
        "Atreides' ally: 'Your ally may allow you to use this advantage in their battles' (dreamrules:1046), and "
        "the position does not say whether it did"
        for x in SIDES
        if _get(s, x, "presc") and _get(s, x, "presc_by_ally")
    ),
    when=lambda s: any(_get(s, x, "presc") and _get(s, x, "presc_by_ally") for x in SIDES),
)
# dreamrules:1048 (Atreides) "After you have lost at least seven troops in battles, gain the Kwisatz Haderach. Play it
#                 with a leader in battles in one territory per turn. It adds two to the leader's strength and
#                 prevents that leader from being called traitor. ..."
# GF9's rules unchanged (gf9:349, 351); its revival after an explosion is dreamrules.revival's (a gap).
restates(
    "dreamrules:1048",
    "gf9.battle.kh-active",
    "gf9.battle.kh-not-alone",
    "gf9.battle.kh-one-territory",
    "gf9.battle.traitor-kh",
)
# dreamrules:1066 (Harkonnen) "... A faction can always call its own leader traitor when you play that leader against
#                 it."
# dreamrules:1072 (Harkonnen) "You may call traitor in your ally's battles. ..."
# GF9's rule (gf9:283, 291, 293), with the exception Dreamrules names: a faction calls its own leader, played by
# Harkonnen as a captive, without the card. Blackmail is the Harkonnen's Fate.


def _own_called(s: BattleFacts, x: str) -> bool:
    return bool(_get(s, x, "traitor") and _get(s, x, "foe_leader_mine") and _get(s, OTHER[x], "is_harkonnen"))


def _dcard_ok(s: BattleFacts, x: str) -> bool:
    return _card_ok(s, x) or _own_called(s, x)


def _dcard_said(s: BattleFacts, outcome: dict[str, Any]) -> str:
    own = [
        f"{_who(s, x)} calls its own leader {_get(s, OTHER[x], 'leader_name')}, played by Harkonnen, a traitor: a "
        "faction can always do so."
        for x in SIDES
        if _own_called(s, x) and not (_get(s, x, "holds_traitor") or _get(s, x, "ally_holds_traitor"))
    ]
    if own:
        return " ".join(own)
    return _card_said(s, outcome)


@rule(
    "dreamrules.battle.traitor-card",
    on="battle",
    cites="gf9:283; dreamrules:1066,1072",
    cite_when={
        "dreamrules:1066": lambda s: any(_own_called(s, x) for x in SIDES),
        "dreamrules:1072": lambda s: any(_get(s, x, "ally_holds_traitor") for x in SIDES),
    },
    see_also="gf9:291,293",
    title="Treachery is called on an opposing leader whose traitor card the caller, or its allied Harkonnen, holds, "
    "or on the caller's own leader played by Harkonnen",
    forbids=_says(_dcard_ok, _card_refused),
    permits=_dcard_said,
    when=lambda s: s.a_traitor or s.d_traitor,
    replaces="gf9.battle.traitor-card",
)
def traitor_card(s: BattleFacts) -> bool:
    """GF9's traitor call (the caller's card, or its allied Harkonnen's, names the opposing leader), and Dreamrules'
    exception: a faction always calls its own leader a traitor when Harkonnen plays that leader against it."""
    return both(s, _dcard_ok)


@traitor_card.z3
def _(v: Any) -> Any:
    def ok(v: Any, x: str) -> Any:
        y = OTHER[x]
        held = z3.Or(_get(v, x, "holds_traitor"), _get(v, x, "ally_holds_traitor"))
        own = z3.And(_get(v, x, "foe_leader_mine"), _get(v, y, "is_harkonnen"))
        return z3.Implies(_get(v, x, "traitor"), z3.Or(z3.And(_get(v, y, "leader"), held), own))

    return zboth(v, ok)


# dreamrules:1154 (Bene Gesserit) "Fighters act as normal troops. Advisors can move and coexist with enemies or allies,
#                 but do not fight, count toward occupancy limits or control territory for ornithopters or victory.
#                 Each territory has one posture for your troops. ..."
# GF9's rule unchanged (gf9:245, 375): advisors do not fight. Not counting toward the limit and one posture a
# territory are restated in shipment.py and setup.py.
restates("dreamrules:1154", "gf9.battle.both-sides")
set_aside(
    "dreamrules:1226",
    "the Ixian card exchange before plans: the position gives each hand as it is when the plans are made",
)
set_aside(
    "dreamrules:1364,1366,1368,1370",
    "the council index: each question is cited by the gap or rule it leaves unresolved (#1839, #1841: "
    "dreamrules.battle.retreat; #1840: spite-pending; #1842: fanatical-tactics); #1841's special aftermath leaves "
    "open only what Retreat, Zoal and Break Conditioning add to a traitor or explosion result (their gaps): the "
    "results themselves are GF9's (dreamrules:720, 1328, 1348)",
)


def _dies_h(s: BattleFacts) -> dict[str, int]:
    """Each side's total in half-units, as gf9 counts it (dial, surviving leader, Kwisatz Haderach), plus one
    for a Mercenaries card (dreamrules:742)."""
    r = resolve(s)
    return {x: r["total_h"][x] + (2 if _get(s, x, "mercenaries") else 0) for x in SIDES}


def dwinner(s: BattleFacts) -> int:
    """An ordinary battle's winner: 1 aggressor, 2 defender (dreamrules:482, 496, 742)."""
    t = _dies_h(s)
    if t["a"] != t["d"]:
        return 1 if t["a"] > t["d"] else 2
    return 2 if s.d_mercenaries and not s.a_mercenaries else 1


def zdtotal(v: Any, x: str) -> Any:
    return ztotal(v, x) + z3.If(_get(v, x, "mercenaries") > 0, 2, 0)


def zdwinner(v: Any) -> Any:
    ta, td = zdtotal(v, "a"), zdtotal(v, "d")
    tie = z3.If(z3.And(v.d_mercenaries > 0, v.a_mercenaries == 0), 2, 1)
    return z3.If(ta > td, 1, z3.If(td > ta, 2, tie))


@per_record
def _ordinary_result(s: BattleFacts) -> Mapping[str, Any]:
    """Losses, gains and discards of an ordinary battle under dreamrules, as the kind reports them."""
    r = resolve(s)
    w = dwinner(s)
    out: dict[str, Any] = {"winner": w}
    for i, x in ((1, "a"), (2, "d")):
        if w == i:
            if _get(s, x, "special"):
                lost = -1
            elif _free(s, x):
                lost = (_get(s, x, "dial_h") or 0) // 2
            else:
                lost = (_get(s, x, "dial_h") or 0) - _get(s, x, "spice")
            y = OTHER[x]
            out[f"{x}_gain"] = _get(s, y, "strength") if r[f"{y}_killed"] else 0
        else:
            lost = _get(s, x, "forces") + _get(s, x, "special")
            out[f"{x}_gain"] = 0
        out[f"{x}_lost"] = lost
        out[f"{x}_killed"] = r[f"{x}_killed"]
    return out


# -- the storm ------------------------------------------------------------------------------
# dreamrules:224 "Storm blocks ordinary movement into, out of or through its sector. In Dreamrules it does
#                 not itself prohibit battles or other game actions."
# dreamrules:448 "Battle occurs when opposing factions have troops in the same territory. Troops separated by
#                 the storm cannot fight each other. ..."


@rule(
    "dreamrules.battle.under-storm",
    on="battle",
    cites="dreamrules:224",
    title="The storm does not itself prohibit a battle",
    permits="The storm over sector {storm_sector} does not itself prohibit the battle in {territory}.",
    when=lambda s: s.storm_sector > 0 and not s.in_polar_sink,
    replaces="gf9.battle.storm-covers",
    differs="forces under the storm: gf9:99, 245 forbid battling under the storm; dreamrules:224 says the storm "
    "does not itself prohibit battles",
    one_sided="Dreamrules lifts GF9's prohibition: it never forbids",
)
def under_storm(s: BattleFacts) -> bool:
    """Troops under the storm may still fight: the storm blocks movement, not battles."""
    return True


@under_storm.z3
def _(v: Any) -> Any:
    return z3.BoolVal(True)


def _share(s: BattleFacts) -> bool:
    return any(s.a_in_sector[k] and s.d_in_sector[k] for k in range(SECTORS))


def _meet(s: BattleFacts) -> bool:
    """The two sides share a sector (the storm's too), or are joined through sectors clear of it."""
    return _share(s) or any(s.d_in_sector[k - 1] for k in _reach(s))


def _in_storm(s: BattleFacts) -> bool:
    k = s.storm_sector - 1
    return 0 <= k < SECTORS and bool(s.a_in_sector[k] or s.d_in_sector[k])


@rule(
    "dreamrules.battle.storm-separates",
    on="battle",
    cites="dreamrules:448",
    see_also="dreamrules:224",
    title="No battle across the storm",
    forbids="The storm (sector {storm_sector}) separates {A_s} and {D_s} troops in {territory}: they cannot fight.",
    permits="{A_s} and {D_s} troops in {territory} are not separated by the storm (sector {storm_sector}).",
    needs=("sectors_known",),
    when=lambda s: s.storm_sector > 0 and not s.in_polar_sink and both(s, _fights),
    replaces="gf9.battle.storm-separates",
)
def storm_separates(s: BattleFacts) -> bool:
    """Troops in parts of a territory the storm's sector lies between cannot fight. Troops sharing a sector (the
    storm's own too: the storm does not prohibit battles) meet; troops in the storm's sector facing troops only
    beside it are left to dreamrules.battle.storm-sector-contact."""
    return _meet(s) or _in_storm(s)


@storm_separates.z3
def _(v: Any) -> Any:
    clear = [z3.And(v.terr_sectors[k], v.storm_sector != k + 1) for k in range(SECTORS)]
    reach = [z3.And(v.a_in_sector[k], v.storm_sector != k + 1) for k in range(SECTORS)]
    for _ in range(SECTORS):
        reach = [
            z3.Or(reach[k], z3.And(clear[k], z3.Or(reach[(k - 1) % SECTORS], reach[(k + 1) % SECTORS])))
            for k in range(SECTORS)
        ]
    joined = z3.Or(*(z3.And(reach[k], v.d_in_sector[k]) for k in range(SECTORS)))
    share = z3.Or(*(z3.And(v.a_in_sector[k], v.d_in_sector[k]) for k in range(SECTORS)))
    storm = z3.Or(*(z3.And(v.storm_sector == k + 1, z3.Or(v.a_in_sector[k], v.d_in_sector[k])) for k in range(SECTORS)))
    return z3.Or(joined, share, storm)


gap(
    "dreamrules.battle.storm-sector-contact",
    on="battle",
    cites="dreamrules:224,448",
    title="Troops in the storm's sector facing troops beside it",
    reason="troops stand in the storm's own sector and others in another sector of the territory: "
    "dreamrules:224 lets the storm no longer prohibit battles, dreamrules:448 keeps troops separated by the storm "
    "from fighting, and neither says whether the storm's sector separates its troops from their neighbours",
    when=lambda s: (
        s.storm_sector > 0
        and not s.in_polar_sink
        and s.sectors_known is True
        and ((not _meet(s) and _in_storm(s)) or s.storm_contact)
    ),
)


# -- Mercenaries -----------------------------------------------------------------------------
# dreamrules:742 "Mercenaries is played with a battle plan and uses none of its weapon, defense or leader slots.
#                 It adds one to battle strength and wins ties regardless of storm order. You may keep it if you
#                 win. Play at most one Mercenaries card in a plan. If both players use one, resolve ties by the
#                 normal priority."


def _one_merc(s: BattleFacts, x: str) -> bool:
    return bool(_get(s, x, "mercenaries") <= 1)


@rule(
    "dreamrules.battle.mercenaries-one",
    on="battle",
    cites="dreamrules:742",
    see_also="dreamrules:128,740",
    title="At most one Mercenaries card in a plan",
    forbids=_says(
        _one_merc,
        lambda s, x: f"{_who(s, x)} plays {_get(s, x, 'mercenaries')} Mercenaries cards: at most one in a plan.",
    ),
    permits="Each plan holds at most one Mercenaries card ({A}: {a_mercenaries}, {D}: {d_mercenaries}).",
    replaces="gf9.battle.own-forces",
    differs="Mercenaries: gf9 knows none, a side is the faction's own forces (gf9:249); dreamrules:742 adds a "
    "Mercenaries card to a plan, worth one strength and winning ties (dreamrules:496)",
)
def mercenaries_one(s: BattleFacts) -> bool:
    """A plan may hold one Mercenaries card beside its slots, never two."""
    return both(s, _one_merc)


@mercenaries_one.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: _get(v, x, "mercenaries") <= 1)


def _merc_held(s: BattleFacts, x: str) -> bool:
    return _get(s, x, "merc_missing") == 0


@rule(
    "dreamrules.battle.mercenaries-in-hand",
    on="battle",
    cites="dreamrules:742",
    see_also="dreamrules:128",
    title="A Mercenaries card played comes from the hand",
    forbids=_says(
        _merc_held,
        lambda s, x: f"{_who(s, x)} plays Mercenaries, but its listed hand holds no Mercenaries card for it.",
    ),
    permits="The Mercenaries played are in the hands.",
    when=lambda s: bool(s.a_mercenaries or s.d_mercenaries),
)
def mercenaries_in_hand(s: BattleFacts) -> bool:
    """Mercenaries is a Treachery Card played with the plan: the faction must hold it."""
    return both(s, _merc_held)


@mercenaries_in_hand.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: _get(v, x, "merc_missing") == 0)


def _merc_led(s: BattleFacts, x: str) -> bool:
    return not _get(s, x, "mercenaries") or _leads(s, x)


@rule(
    "dreamrules.battle.mercenaries-need-leader",
    on="battle",
    cites="dreamrules:476",
    title="Without a leader or Cheap Hero, no Mercenaries card",
    forbids=_says(
        _merc_led,
        lambda s, x: (
            f"{_who(s, x)} plays Mercenaries with neither leader nor Cheap Hero: a plan without one includes no "
            "Treachery Card."
        ),
    ),
    permits="Each plan playing Mercenaries has a leader or Cheap Hero.",
    when=lambda s: bool(s.a_mercenaries or s.d_mercenaries),
)
def mercenaries_need_leader(s: BattleFacts) -> bool:
    """Mercenaries is a Treachery Card: a plan with no leader or Cheap Hero can include none."""
    return both(s, _merc_led)


@mercenaries_need_leader.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Or(_get(v, x, "mercenaries") == 0, _get(v, x, "leader"), _get(v, x, "ch")))


# -- the result of an ordinary battle ----------------------------------------------------------
# dreamrules:482 "Add the troop dial, surviving leader and permitted bonuses. Higher strength wins. The
#                 aggressor normally wins ties; Mercenaries can change that. ..."
# dreamrules:496 "The aggressor wins an ordinary tie. Mercenaries adds 1 strength and wins ties. If both sides
#                 play Mercenaries and remain tied, the aggressor wins."


def _half(h: int) -> Any:
    return h // 2 if h % 2 == 0 else h / 2


def _winner_said(s: BattleFacts, _outcome: dict[str, Any]) -> str:
    t = _dies_h(s)
    w = "a" if dwinner(s) == 1 else "d"

    zoal = _zoal_side(s)
    if zoal and resolve(s)[f"{zoal}_killed"]:
        zoal = ""
    if zoal:  # the book prints no strength for Zoal (dreamrules.battle.zoal): its side's total is shown without it
        t[zoal] -= 2 * _get(s, zoal, "strength")

    def part(x: str) -> str:
        merc = " with Mercenaries" if _get(s, x, "mercenaries") else ""
        plus = " plus a surviving Zoal" if x == zoal else ""
        return f"{_who(s, x)} {_half(t[x])}{plus}{merc}"

    head = f"{part('a')} against {part('d')}"
    if zoal and _zoal_strength_matters(s):
        return (
            f"{head}: {_who(s, w)} wins if Zoal's strength is the {_get(s, zoal, 'strength')} the position gives; the "
            "book prints none."
        )
    if zoal:
        return f"{head}: {_who(s, w)} wins whatever Zoal's strength."
    if t["a"] != t["d"]:
        return f"{head}: {_who(s, w)} wins with the higher strength."
    if w == "d":
        return f"{head}: a tie, which {possessive(_who(s, 'd'))} Mercenaries win."
    why = "both play Mercenaries, so the aggressor" if s.a_mercenaries and s.d_mercenaries else "the aggressor"
    return f"{head}: a tie, which {why} {_who(s, 'a')} wins."


def _plain(s: BattleFacts) -> bool:
    """An ordinary battle under dreamrules whose result the encoded rules fix: no traitor call, no explosion, every
    Weirding Way or Chemistry with a role its plan decides (else which leader dies is open:
    dreamrules.battle.weirding-chemistry), and no Retreat or Break Conditioning, which may replace the ordinary losses
    (dreamrules.battle.retreat, break-conditioning)."""
    open_result = s.a_role_open or s.d_role_open or s.a_retreat or s.d_retreat or s.a_break or s.d_break
    return _ordinary(s) and not open_result


@rule(
    "dreamrules.battle.winner",
    on="battle",
    cites="dreamrules:482,496,742",
    see_also="dreamrules:444,468",
    title="Higher strength wins; Mercenaries adds one and wins ties",
    permits=_winner_said,
    needs=("a_dial_h", "d_dial_h"),
    defines=("winner",),
    when=_plain,
    replaces="gf9.battle.winner",
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def battle_winner(s: BattleFacts) -> dict[str, Any]:
    """Strength is the dial plus a surviving leader (and the Kwisatz Haderach) plus one for Mercenaries; higher
    wins; a tie goes to the aggressor unless only the defender plays Mercenaries."""
    return {"winner": s.a_name if dwinner(s) == 1 else s.d_name}


@battle_winner.z3
def _(v: Any) -> Any:
    return z3.Implies(zordinary(v), v.winner == zdwinner(v))


def _zlost(v: Any, x: str, i: int) -> Any:
    everything = _get(v, x, "forces") + _get(v, x, "special")
    dial_h = _get(v, x, "dial_h")
    won = z3.If(
        _get(v, x, "special") > 0,
        -1,
        z3.If(
            z3.And(_get(v, x, "is_fremen"), z3.Not(_get(v, x, "fsd_stopped"))), dial_h / 2, dial_h - _get(v, x, "spice")
        ),
    )
    return z3.If(zdwinner(v) == i, won, everything)


def _dr_loss_value(s: BattleFacts, x: str, lost: int) -> Any:
    """As GF9's, but Sardaukar have a value here (dreamrules:1086), and Karama may make Sardaukar or Fedaykin
    normal troops or stop Free Spice Dialing (dreamrules:854, 878, 882): a victor's selections are counted where no
    doubled troop's support price enters them (checker.arrakis.kinds.battle.loss_options)."""
    if lost == -1 and (_emperor(s, x) or _fedaykin(s, x)):
        counts = sorted({o["forces"] + o["special"] for o in loss_options(s, x, every=True, sardaukar_known=True)})
        if not counts:
            return None
        return counts[0] if len(counts) == 1 else counts
    return _loss_value(s, x, lost)


def _losses(s: BattleFacts) -> dict[str, Any]:
    r = _ordinary_result(s)
    out: dict[str, Any] = {}
    for x in SIDES:
        value = _dr_loss_value(s, x, r[f"{x}_lost"])
        if value:
            out[_get(s, x, "name")] = value
    return out


def _losses_said(s: BattleFacts, outcome: dict[str, Any]) -> str:
    w = "a" if dwinner(s) == 1 else "d"
    y = OTHER[w]
    got = outcome.get("losses") or {}
    mine = got.get(_get(s, w, "name"))
    won = (
        f"{_who(s, w)}, the victor, loses the troops it committed ({mine})"
        if mine is not None
        else f"{_who(s, w)}, the victor, loses the troops it committed"
    )
    lost = got.get(_get(s, y, "name"), 0)
    return f"{won}; {_who(s, y)} loses all {lost} of its troops in {s.territory}{_get(s, y, 'beyond')}."


@rule(
    "dreamrules.battle.losses",
    on="battle",
    cites="dreamrules:444",
    see_also="dreamrules:442",
    title="The defeated faction loses all its troops there; the victor its committed troops",
    permits=_losses_said,
    needs=("a_dial_h", "d_dial_h"),
    defines=("losses",),
    when=_plain,
    replaces="gf9.battle.losses",
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def losses(s: BattleFacts) -> dict[str, Any]:
    """The defeated side loses every troop in the territory; the victor (Mercenaries counted in deciding who)
    loses the troops its dial committed, as in GF9. A victor with Sardaukar or Fedaykin chooses among
    selections worth its dial (its count is left out where it is not one number)."""
    return {"losses": _losses(s)}


@losses.z3
def _(v: Any) -> Any:
    return z3.Implies(zordinary(v), z3.And(v.a_lost == _zlost(v, "a", 1), v.d_lost == _zlost(v, "d", 2)))


# dreamrules:486 "The ordinary winner may keep or discard played cards; the loser discards them. The winner
#                 collects the killed opposing leader's strength in spice."


def _gained_said(s: BattleFacts, outcome: dict[str, Any]) -> str:
    gained = outcome.get("spice_gained") or {}
    said = ", ".join(f"{display(f)} {n}" for f, n in gained.items()) or "none"
    zoal = _zoal_side(s)
    if zoal and gained and resolve(s)[f"{zoal}_killed"]:  # Zoal's strength is printed nowhere (dreamrules:954)
        return f"Spice gained: {said}, if Zoal's strength is the {_get(s, zoal, 'strength')} the position gives."
    return f"Spice gained: {said}."


@rule(
    "dreamrules.battle.spice-gained",
    on="battle",
    cites="dreamrules:486",
    see_also="dreamrules:440",
    title="The winner collects the killed opposing leader's strength in spice",
    permits=lambda s, o: _gained_said(s, o),
    needs=("a_dial_h", "d_dial_h"),
    defines=("spice_gained",),
    when=_plain,
    replaces="gf9.battle.spice-gained",
    differs="the leader reward: gf9 (overview:61) pays the winner the value of every leader killed, its own too; "
    "dreamrules:486 only the killed opposing leader's strength",
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def spice_gained(s: BattleFacts) -> dict[str, Any]:
    """The winner collects the strength of the opposing leader killed; its own killed leader earns it nothing."""
    r = _ordinary_result(s)
    return {"spice_gained": {_get(s, x, "name"): r[f"{x}_gain"] for x in SIDES if r[f"{x}_gain"]}}


@spice_gained.z3
def _(v: Any) -> Any:
    def gain(x: str, i: int) -> Any:
        y = OTHER[x]
        return _get(v, x, "gain") == z3.If(zdwinner(v) == i, z3.If(zkilled(v, y), _get(v, y, "strength"), 0), 0)

    return z3.Implies(zordinary(v), z3.And(gain("a", 1), gain("d", 2)))


# -- cards after an ordinary battle ------------------------------------------------------------
# dreamrules:1068 "If your leader dies in battle, Vladimir's Spite lets you swap played Treachery Cards between
#                  the battle participants. Resolve the normal discards and returns after the swap. ..."
# dreamrules:1070 "A dead Cheap Hero, a traitor result or successful Break Conditioning does not trigger Spite. ..."
# dreamrules:1130 "With Fanatical Tactics, reveal a weapon, a defense or both in your battle plan early to retain
#                  it even if you lose. ..."


def _swappable(s: BattleFacts) -> bool:
    """Some played card other than a Cheap Hero (dreamrules:1070: Cheap Heroes cannot be swapped)."""
    cards = [c for x in SIDES for c in _get(s, x, "cards") or [] if c not in CHEAP_HEROES]
    return bool(cards or s.a_mercenaries or s.d_mercenaries)


def _spite_side(s: BattleFacts, stopped: bool = False) -> str:
    """The Harkonnen side whose leader (not a Cheap Hero) dies in an ordinary battle: Spite may swap cards, unless
    Karama stopped it for the phase (``stopped``: the side whose Spite Karama stopped)."""
    if not _plain(s):
        return ""
    r = _ordinary_result(s)
    for x in SIDES:
        if _get(s, x, "is_harkonnen") and r[f"{x}_killed"] and _swappable(s):
            return x if bool(_get(s, x, "spite_stopped")) == stopped else ""
    return ""


def _fanatic_side(s: BattleFacts, stopped: bool = False) -> str:
    """The Fremen side that loses an ordinary battle with a weapon or defense in its plan (``stopped``: whose
    Fanatical Tactics Karama stopped for the phase)."""
    if not _plain(s):
        return ""
    w = "a" if dwinner(s) == 1 else "d"
    y = OTHER[w]
    played = [c for c in _get(s, y, "cards") or [] if c not in CHEAP_HEROES]
    if not (_get(s, y, "is_fremen") and played):
        return ""
    return y if bool(_get(s, y, "ft_stopped")) == stopped else ""


@rule(
    "dreamrules.battle.spite-pending",
    on="battle",
    cites="dreamrules:1068,1070",
    see_also="dreamrules:748,1366",
    title="Vladimir's Spite may swap the played cards before they are discarded",
    permits=lambda s, _o: (
        f"{s.fmt()[_spite_side(s) + '_leader_name']} dies: Harkonnen may swap played Treachery Cards by Vladimir's "
        "Spite before the discards (a `spite` move), so the cards discarded are not fixed here; whether Supplies "
        "cache cards can be swapped awaits council question #1840."
    ),
    when=lambda s: bool(_spite_side(s)),
    one_sided="it says what the battle leaves open and never forbids",
)
def spite_pending(s: BattleFacts) -> bool:
    """When Harkonnen's leader dies in an ordinary battle, Spite may swap the played cards before the discards and
    returns: the battle's discards wait on that choice."""
    return True


@spite_pending.z3
def _(v: Any) -> Any:
    return z3.BoolVal(True)


@rule(
    "dreamrules.battle.fanatical-tactics",
    on="battle",
    cites="dreamrules:1130",
    see_also="dreamrules:748,1370",
    title="Fremen may retain early-revealed cards even when it loses",
    permits=lambda s, _o: (
        f"{_who(s, _fanatic_side(s))} loses with cards in its plan: by Fanatical Tactics it keeps those it revealed "
        "early, which the position does not say, so the cards discarded are not fixed here (Supplies cache expiry "
        "awaits council question #1842)."
    ),
    when=lambda s: bool(_fanatic_side(s)),
    one_sided="it says what the battle leaves open and never forbids",
)
def fanatical_tactics(s: BattleFacts) -> bool:
    """A Fremen loser keeps the cards it revealed early; the plan does not say which, so its discards are open."""
    return True


@fanatical_tactics.z3
def _(v: Any) -> Any:
    return z3.BoolVal(True)


# dreamrules:838 (Karama) "Before battle-plan commitment. Harkonnen cannot swap the played cards this phase. ..."
# dreamrules:886 (Karama) "At its early card-reveal window. Fremen cannot announce protected cards this phase."


@rule(
    "dreamrules.battle.spite-stopped",
    on="battle",
    cites="dreamrules:838",
    see_also="dreamrules:778,1068",
    title="Karama stopped Vladimir's Spite: the played cards are not swapped",
    permits=lambda s, _o: (
        f"{s.fmt()[_spite_side(s, stopped=True) + '_leader_name']} dies, but Karama stopped Vladimir's Spite this "
        "phase: Harkonnen cannot swap the played cards, and the discards stand."
    ),
    when=lambda s: bool(_spite_side(s, stopped=True)),
    one_sided="it says what the battle no longer leaves open and never forbids",
)
def spite_stopped(s: BattleFacts) -> bool:
    """Where Karama stopped Spite for the phase, a Harkonnen leader's death swaps no card: the discards are fixed."""
    return True


@spite_stopped.z3
def _(v: Any) -> Any:
    return z3.BoolVal(True)


@rule(
    "dreamrules.battle.fanatical-stopped",
    on="battle",
    cites="dreamrules:886",
    see_also="dreamrules:778,1130",
    title="Karama stopped Fanatical Tactics: the Fremen loser keeps no card",
    permits=lambda s, _o: (
        f"{_who(s, _fanatic_side(s, stopped=True))} loses with cards in its plan, but Karama stopped Fanatical "
        "Tactics this phase: it announced no protected card, and discards its plan's cards."
    ),
    when=lambda s: bool(_fanatic_side(s, stopped=True)),
    one_sided="it says what the battle no longer leaves open and never forbids",
)
def fanatical_stopped(s: BattleFacts) -> bool:
    """Where Karama stopped Fanatical Tactics for the phase, the Fremen announced no protected card: a Fremen loser
    discards as any loser does."""
    return True


@fanatical_stopped.z3
def _(v: Any) -> Any:
    return z3.BoolVal(True)


def _discarded(s: BattleFacts) -> list[str]:
    r = _ordinary_result(s)
    out: list[str] = []
    for i, x in ((1, "a"), (2, "d")):
        cards = _get(s, x, "cards") or []
        if r["winner"] == i:
            out += [c for c in cards if c in CHEAP_HEROES]
        else:  # the Supplies cache returns at the end of Battle (dreamrules:746); a Mercenaries card is played
            out += [c for c in cards if c not in SUPPLIES_CACHE] + ["Mercenaries"] * _get(s, x, "mercenaries")
    return out


@rule(
    "dreamrules.battle.cards-discarded",
    on="battle",
    cites="dreamrules:486,714",
    see_also="dreamrules:742,746",
    title="The loser discards its played cards; the winner may keep them, but not a Cheap Hero",
    permits=lambda s, o: (
        f"Cards discarded: {', '.join(o['cards_discarded']) or 'none'}."
        if "cards_discarded" in o
        else "The cards discarded wait on Vladimir's Spite or Fanatical Tactics."
    ),
    needs=("a_dial_h", "d_dial_h"),
    defines=("cards_discarded",),
    when=_plain,
    replaces="gf9.battle.cards-discarded",
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def cards_discarded(s: BattleFacts) -> dict[str, Any]:
    """The loser discards its plan's cards, the winner only a Cheap Hero. Where Spite or Fanatical Tactics may
    change them (dreamrules.battle.spite-pending, fanatical-tactics) no list is given."""
    if _spite_side(s) or _fanatic_side(s):
        return {}
    return {"cards_discarded": _discarded(s)}


@cards_discarded.z3
def _(v: Any) -> Any:
    # which cards go follows the winner; the disc variables (0 none, 1 Cheap Hero, 2 all) as the kind reads them
    def disc(x: str, i: int) -> Any:
        return _get(v, x, "disc") == z3.If(zdwinner(v) == i, 1, 2)

    return z3.Implies(zordinary(v), z3.And(disc("a", 1), disc("d", 2)))


# -- Sardaukar and Fedaykin, and what Karama changes of them ---------------------------------------
# dreamrules:1086 "Your five starred troops are Sardaukar. Each has double the combat strength of a normal troop.
#                  Only one Sardaukar may be revived per turn. Against Fremen, treat Sardaukar as normal troops."
# dreamrules:1122 "... Your troops move two territories and need no spice to fight at full strength. Your three
#                  Fedaykin have double strength; revive at most one per turn."
# dreamrules:854  (Karama) "Before battle-plan commitment. Sardaukar count as normal troops this phase. ..."
# dreamrules:878  (Karama) "Before battle-plan commitment. Fremen must pay spice for full strength or use the ordinary
#                  unsupported strength rules this phase."
# dreamrules:882  (Karama) "Before battle-plan commitment. Fedaykin count as normal troops this phase. ..."
# A dial is the worth of some troops present with exactly the committed spice supporting (gf9:297, 299; restated
# at dreamrules:456, 460): one worth, by these values, which each clause's rule asks where its clause holds.


def _vs_fremen(s: BattleFacts, x: str) -> bool:
    return bool(_get(s, OTHER[x], "is_fremen"))


def _free(s: BattleFacts, x: str) -> bool:
    """Fremen at full strength without spice: Free Spice Dialing, which Karama has not stopped."""
    return bool(_get(s, x, "is_fremen") and not _get(s, x, "fsd_stopped"))


def _emperor(s: BattleFacts, x: str) -> bool:
    return bool(_get(s, x, "is_emperor") and _get(s, x, "special"))


def _fedaykin(s: BattleFacts, x: str) -> bool:
    return bool(_get(s, x, "is_fremen") and _get(s, x, "special"))


def _doubled(s: BattleFacts, x: str) -> bool:
    """Its Sardaukar or Fedaykin fight at double strength: Karama has not stopped them, and Sardaukar not against
    Fremen."""
    if _get(s, x, "special_stopped"):
        return False
    return _fedaykin(s, x) or (_emperor(s, x) and not _vs_fremen(s, x))


def _price_open(s: BattleFacts, x: str) -> bool:
    """Spice committed beside doubled special troops that are supported by spice: what supporting one costs is
    printed nowhere (dreamrules:1304 and gf9:297 price only ordinary troops)."""
    return _doubled(s, x) and not _free(s, x) and _get(s, x, "spice") > 0


def _ordinary_support_ok(s: BattleFacts, x: str) -> bool:
    """Some troops are worth the dial with the committed spice supporting ordinary troops only (1 spice each)."""
    n, m, dial, spice = _get(s, x, "forces"), _get(s, x, "special"), _get(s, x, "dial_h"), _get(s, x, "spice")
    return any(
        2 * spice + (ordinary - spice) + 2 * special == dial
        for ordinary in range(spice, n + 1)
        for special in range(m + 1)
    )


def _worth_ok(s: BattleFacts, x: str) -> bool:
    """Some troops present are worth the dial: at full strength without spice (Free Spice Dialing), or half
    unsupported and full with one spice each, the spice spent exactly; a doubled Sardaukar or Fedaykin counts
    twice. Spice beside doubled troops that need it is left to dreamrules.battle.sardaukar-support."""
    n, m, dial, spice = _get(s, x, "forces"), _get(s, x, "special"), _get(s, x, "dial_h"), _get(s, x, "spice")
    double = _doubled(s, x)
    if _free(s, x):
        return any(2 * o + (4 if double else 2) * f == dial for o in range(n + 1) for f in range(m + 1))
    if double:
        return (_price_open(s, x) and dial <= _get(s, x, "worth_h")) or any(
            o + 2 * f == dial for o in range(n + 1) for f in range(m + 1)
        )
    return any(spice <= k and 2 * spice + (k - spice) == dial for k in range(n + m + 1))


def _zworth(v: Any, x: str) -> Any:
    os_, ou, ss, su = (_get(v, x, n) for n in ("os", "ou", "ss", "su"))
    n, m, dial, spice = (_get(v, x, k) for k in ("forces", "special", "dial_h", "spice"))
    fremen, emperor = _get(v, x, "is_fremen"), _get(v, x, "is_emperor")
    free = z3.And(fremen, z3.Not(_get(v, x, "fsd_stopped")))
    double = z3.And(
        m > 0,
        z3.Not(_get(v, x, "special_stopped")),
        z3.Or(fremen, z3.And(emperor, z3.Not(_get(v, OTHER[x], "is_fremen")))),
    )
    bounds = z3.And(os_ + ou <= n, ss + su <= m)
    return z3.If(
        free,
        z3.And(bounds, 2 * ou + z3.If(double, 4, 2) * su == dial),
        z3.If(
            double,
            z3.Or(z3.And(spice > 0, dial <= 2 * n + 4 * m), z3.And(bounds, ou + 2 * su == dial)),
            z3.And(os_ + ou <= n + m, 2 * os_ + ou == dial, os_ == spice),
        ),
    )


def _dial_said(s: BattleFacts, x: str, worth: str) -> str:
    special = {"is_emperor": "Sardaukar", "is_fremen": "Fedaykin"}
    name = next((v for k, v in special.items() if _get(s, x, k)), "special troops")
    return (
        f"{_who(s, x)} dials {s.fmt()[f'{x}_dial']} with {_get(s, x, 'forces')} troops, {_get(s, x, 'special')} "
        f"{name} and {_get(s, x, 'spice')} spice{_get(s, x, 'beyond')}: {worth}, and the dial must be what some "
        "of them are worth with exactly that spice supporting."
    )


def _dial_rule(
    id: str,  # noqa: A002 - the rule's id is its name
    *,
    cites: str,
    title: str,
    holds: Any,
    worth: Any,
    permits: str,
    see_also: str = "",
    replaces: str | tuple[str, ...] = (),
    differs: str = "",
) -> Any:
    """One clause of the troops' worth: where ``holds`` for a side, its dial must be worth some of its troops."""

    def ok(s: BattleFacts, x: str) -> bool:
        return not holds(s, x) or _worth_ok(s, x)

    def check(s: BattleFacts) -> bool:
        return both(s, ok)

    check.__doc__ = title + "."
    r = rule(
        id,
        on="battle",
        cites=cites,
        see_also=see_also,
        title=title,
        forbids=_says(ok, lambda s, x: _dial_said(s, x, worth(s, x))),
        permits=permits,
        needs=("a_dial_h", "d_dial_h"),
        when=lambda s: any(holds(s, x) for x in SIDES),
        replaces=replaces,
        differs=differs,
    )(check)
    r.z3(lambda v: zboth(v, lambda v, x: z3.Implies(holds.z3(v, x), _zworth(v, x))))
    return r


class _Holds:
    """A side predicate with its z3 twin (the rule's guard, in both encodings)."""

    def __init__(self, check: Any, form: Any) -> None:
        self.check, self.z3 = check, form

    def __call__(self, s: BattleFacts, x: str) -> bool:
        return bool(self.check(s, x))


def _zspecial(v: Any, x: str, faction: str) -> Any:
    return z3.And(_get(v, x, f"is_{faction}"), _get(v, x, "special") > 0)


_SARDAUKAR_DOUBLE = _Holds(
    lambda s, x: _emperor(s, x) and _doubled(s, x),
    lambda v, x: z3.And(
        _zspecial(v, x, "emperor"), z3.Not(_get(v, x, "special_stopped")), z3.Not(_get(v, OTHER[x], "is_fremen"))
    ),
)
_SARDAUKAR_VS_FREMEN = _Holds(
    lambda s, x: _emperor(s, x) and _vs_fremen(s, x),
    lambda v, x: z3.And(_zspecial(v, x, "emperor"), _get(v, OTHER[x], "is_fremen")),
)
_SARDAUKAR_STOPPED = _Holds(
    lambda s, x: _emperor(s, x) and _get(s, x, "special_stopped"),
    lambda v, x: z3.And(_zspecial(v, x, "emperor"), _get(v, x, "special_stopped")),
)
_FREE_DIALING = _Holds(_free, lambda v, x: z3.And(_get(v, x, "is_fremen"), z3.Not(_get(v, x, "fsd_stopped"))))
_FEDAYKIN_STOPPED = _Holds(
    lambda s, x: _fedaykin(s, x) and _get(s, x, "special_stopped"),
    lambda v, x: z3.And(_zspecial(v, x, "fremen"), _get(v, x, "special_stopped")),
)
_FSD_STOPPED = _Holds(
    lambda s, x: _get(s, x, "is_fremen") and _get(s, x, "fsd_stopped"),
    lambda v, x: z3.And(_get(v, x, "is_fremen"), _get(v, x, "fsd_stopped")),
)

_dial_rule(
    "dreamrules.battle.sardaukar-double",
    cites="dreamrules:1086",
    see_also="dreamrules:456,498",
    title="Sardaukar fight at double strength",
    holds=_SARDAUKAR_DOUBLE,
    worth=lambda s, x: "a Sardaukar is worth two troops (one unsupported)",
    permits="The Emperor's dial is worth some of its troops and Sardaukar, each Sardaukar at double strength.",
    replaces=("gf9.battle.sardaukar-value", "gf9.battle.sardaukar-losses"),
    differs="the Sardaukar's value: gf9 states none (gf9:303 only names them; a gap, unresolved); dreamrules:1086 "
    "gives each double a normal troop's strength",
)
_dial_rule(
    "dreamrules.battle.sardaukar-vs-fremen",
    cites="dreamrules:1086",
    title="Against Fremen, Sardaukar are normal troops",
    holds=_SARDAUKAR_VS_FREMEN,
    worth=lambda s, x: "against Fremen a Sardaukar counts as a normal troop",
    permits="Against Fremen the Emperor's dial is worth some of its troops, Sardaukar counting as normal troops.",
    replaces="gf9.battle.sardaukar-value",
)
_dial_rule(
    "dreamrules.battle.sardaukar-stopped",
    cites="dreamrules:854",
    see_also="dreamrules:778,1086",
    title="Karama stopped the Sardaukar: they count as normal troops this phase",
    holds=_SARDAUKAR_STOPPED,
    worth=lambda s, x: "Karama stopped the Sardaukar this phase, so each counts as a normal troop",
    permits="Karama stopped the Sardaukar this phase: the Emperor's dial is worth some of its troops, Sardaukar "
    "counting as normal troops.",
    replaces="gf9.battle.sardaukar-value",
)


def _fremen_worth(s: BattleFacts, x: str) -> str:
    if _get(s, x, "special") and _get(s, x, "special_stopped"):
        return "a troop is worth one without spice, and a Fedaykin, which Karama stopped, counts as a normal troop"
    return "a troop is worth one without spice, a Fedaykin two"


def _fremen_said(s: BattleFacts, _outcome: dict[str, Any]) -> str:
    stopped = any(_free(s, x) and _get(s, x, "special") and _get(s, x, "special_stopped") for x in SIDES)
    fedaykin = " (its Fedaykin, which Karama stopped, as normal troops)" if stopped else ", Fedaykin counting double"
    return f"The Fremen dial is worth some of its troops at full strength{fedaykin}."


_dial_rule(
    "dreamrules.battle.dial-fremen",
    cites="dreamrules:1122",
    see_also="dreamrules:498",
    title="Fremen troops fight at full strength without spice, Fedaykin at double",
    holds=_FREE_DIALING,
    worth=_fremen_worth,
    permits=_fremen_said,  # type: ignore[arg-type]
    replaces="gf9.battle.dial-fremen",
)
_dial_rule(
    "dreamrules.battle.fedaykin-stopped",
    cites="dreamrules:882",
    see_also="dreamrules:498,778,1122",
    title="Karama stopped the Fedaykin: they count as normal troops this phase",
    holds=_FEDAYKIN_STOPPED,
    worth=lambda s, x: "Karama stopped the Fedaykin this phase, so each counts as a normal troop",
    permits="Karama stopped the Fedaykin this phase: the Fremen dial counts them as normal troops.",
)
_dial_rule(
    "dreamrules.battle.free-dialing-stopped",
    cites="dreamrules:878",
    see_also="dreamrules:456,498,778",
    title="Karama stopped Free Spice Dialing: Fremen troops need spice for full strength this phase",
    holds=_FSD_STOPPED,
    worth=lambda s, x: (
        "Karama stopped Free Spice Dialing this phase, so a troop is worth one half unsupported and one with a "
        "spice" + (", a Fedaykin double" if _doubled(s, x) else "")
    ),
    permits="Karama stopped Free Spice Dialing this phase: the Fremen dial is worth some of its troops with the "
    "spice committed supporting, half unsupported.",
)

gap(
    "dreamrules.battle.sardaukar-support",
    on="battle",
    cites="dreamrules:1304",
    see_also="dreamrules:1086,1122,456",
    title="What supporting a Sardaukar or Fedaykin costs is not printed",
    reason="spice is committed beside Sardaukar (or Fedaykin whose Free Spice Dialing Karama stopped), and no choice "
    "of troops makes the dial with that spice supporting ordinary troops alone: 'Ordinary troops cost 1 spice each "
    "to support' (dreamrules:1304); a Sardaukar or Fedaykin has double a normal troop's strength (dreamrules:1086, "
    "1122), but its support price is printed nowhere",
    when=lambda s: any(
        _price_open(s, x) and not _ordinary_support_ok(s, x) and (_get(s, x, "dial_h") or 0) <= _get(s, x, "worth_h")
        for x in SIDES
    ),
)


def _support_losses_open(s: BattleFacts) -> bool:
    """An ordinary battle whose victor committed spice beside doubled Sardaukar or Fedaykin, its dial made with the
    spice on ordinary troops: which troops worth that dial it loses (gf9:299) turns on whether the spice could
    have supported its Sardaukar or Fedaykin instead, and at what price, which is printed nowhere."""
    if not _plain(s) or s.a_dial_h is None or s.d_dial_h is None:
        return False
    r = resolve(s)
    return any(_price_open(s, x) and _ordinary_support_ok(s, x) and r[f"{x}_lost"] == -1 for x in SIDES)


gap(
    "dreamrules.battle.sardaukar-support-losses",
    on="battle",
    cites="dreamrules:1304",
    see_also="dreamrules:444,1086,1122",
    title="A victor's losses where its spice stands beside Sardaukar or Fedaykin",
    reason="the victor committed spice beside Sardaukar (or Fedaykin whose Free Spice Dialing Karama stopped): it "
    "loses troops worth its dial, its choice, and whether the spice could support a Sardaukar or Fedaykin in "
    "place of ordinary troops is printed nowhere ('Ordinary troops cost 1 spice each to support', "
    "dreamrules:1304), so which troops it may lose is not encoded",
    when=_support_losses_open,
    leaves_open=("losses", "winner_loss_options"),
)


# dreamrules:1136 "Your ally puts spice used for spice dialing into their bribe pile instead of the bank, and their
#                  troops are safe from worms."
# dreamrules:614 "... Fremen's ally also uses this pile for spice returned through Desert Power."


def _to_pile(s: BattleFacts) -> dict[str, int]:
    r = resolve(s)
    return {_get(s, x, "name"): r[f"{x}_paid"] for x in SIDES if _get(s, x, "fremen_ally") and r[f"{x}_paid"]}


def _to_pile_said(s: BattleFacts, _o: dict[str, Any]) -> str:
    pile = _to_pile(s)
    if not pile:
        who = " and ".join(display(_get(s, x, "name")) for x in SIDES if _get(s, x, "fremen_ally"))
        return f"{who}, the Fremen's ally, pays no support spice here: nothing goes into its bribe pile."
    return " ".join(
        f"{display(f)}, the Fremen's ally, puts the {n} spice of its dial into its own bribe pile, not the Bank."
        for f, n in pile.items()
    )


@rule(
    "dreamrules.battle.fremen-ally-dial-spice",
    on="battle",
    cites="dreamrules:1136",
    see_also="dreamrules:614",
    title="The Fremen's ally puts the spice of its dial into its own bribe pile",
    permits=_to_pile_said,
    needs=("a_dial_h", "d_dial_h"),
    defines=("spice_to_bribe_pile",),
    when=lambda s: s.advanced and bool(s.a_fremen_ally or s.d_fremen_ally),
    one_sided="it fixes where paid spice goes and never forbids",
)
def fremen_ally_dial_spice(s: BattleFacts) -> dict[str, Any]:
    """The Fremen's ally puts the spice it pays to support its dial into its own bribe pile instead of the Bank
    (collected at Mentat, dreamrules:308); a side that pays nothing puts nothing there."""
    return {"spice_to_bribe_pile": _to_pile(s)}


@fremen_ally_dial_spice.z3
def _(v: Any) -> Any:
    return z3.And(*(_get(v, x, "to_pile") == _get(v, x, "fremen_ally") for x in SIDES))


# -- leaders ---------------------------------------------------------------------------------------
# dreamrules:490 "A surviving leader remains committed to that territory for the rest of the Battle phase. It may
#                 fight again there, but cannot fight in another territory. A killed leader goes to the Tleilaxu
#                 Tanks. If revived with Ghola, it may fight again, including in another territory. ..."
# dreamrules:770 "A leader that already fought this Battle phase remains committed to that territory even if Ghola
#                 revives it. Revival does not make the leader available for a different battle location."


def _freed(s: BattleFacts, x: str) -> bool:
    """The side's leader fought elsewhere this phase in a traitor result (or the position leaves that open): left to
    dreamrules.battle.traitor-not-committed."""
    return bool(_get(s, x, "leader_used_elsewhere")) and _get(s, x, "traitor_freed") is not False


def _committed_ok(s: BattleFacts, x: str) -> bool:
    return not _get(s, x, "leader_used_elsewhere") or bool(_get(s, x, "leader_ghola")) or _freed(s, x)


def _committed_said(s: BattleFacts, _outcome: dict[str, Any]) -> str:
    freed = [x for x in SIDES if _freed(s, x)]
    if not freed:
        return "No leader played fought in another territory this phase."
    return " ".join(
        f"{_get(s, x, 'leader_name')} fought in {_get(s, x, 'leader_used_in')} in a traitor result"
        + (", which commits no leader." if _get(s, x, "traitor_freed") else ": whether that commits it is open.")
        for x in freed
    )


@rule(
    "dreamrules.battle.leader-committed",
    on="battle",
    cites="dreamrules:490",
    see_also="dreamrules:478",
    title="A leader that fought stays committed to that territory this phase",
    forbids=_says(
        _committed_ok,
        lambda s, x: (
            f"{_get(s, x, 'leader_name')} fought in {_get(s, x, 'leader_used_in')} this Battle phase: it remains "
            f"committed there and cannot fight in {s.territory}."
        ),
    ),
    permits=_committed_said,
    when=lambda s: bool(s.a_leader or s.d_leader),
    replaces="gf9.battle.leader-used-elsewhere",
)
def leader_committed(s: BattleFacts) -> bool:
    """A leader that fought in another territory this phase cannot fight here (a Ghola-revived one is left to
    dreamrules.battle.ghola-leader, one that fought there only in a traitor result to
    dreamrules.battle.traitor-not-committed)."""
    return both(s, _committed_ok)


@leader_committed.z3
def _(v: Any) -> Any:
    return zboth(
        v,
        lambda v, x: z3.Or(
            z3.Not(_get(v, x, "leader_used_elsewhere")), _get(v, x, "leader_ghola"), _get(v, x, "traitor_freed")
        ),
    )


# dreamrules:1284 (and 1316, the glossary's same entry twice) "Committed leader: A surviving leader used in battle is
#                 normally restricted to that territory for the Battle phase. ... An ordinary traitor result does
#                 not commit leaders."
# The position says where a leader fought (leaders_used_this_phase) and describes a battle resolved this phase
# (last_battle): a leader that fought elsewhere in a traitor result its faction won (the betrayed side's leader dies,
# gf9:285-287, so a survivor is the winner's) is not committed. A traitor result won by the other faction means the
# leader fought another battle there, and dreamrules.battle.leader-committed holds it.


def _freed_said(s: BattleFacts, _outcome: dict[str, Any]) -> str:
    return " ".join(
        f"{_get(s, x, 'leader_name')} fought in {_get(s, x, 'leader_used_in')} this phase in a traitor result "
        f"{_who(s, x)} won: an ordinary traitor result does not commit leaders, so it may fight in {s.territory}."
        for x in SIDES
        if _freed(s, x)
    )


@rule(
    "dreamrules.battle.traitor-not-committed",
    on="battle",
    cites="dreamrules:1284,1316",
    see_also="dreamrules:490",
    title="An ordinary traitor result does not commit leaders",
    permits=_freed_said,
    needs=("a_traitor_freed", "d_traitor_freed"),
    when=lambda s: any(_freed(s, x) for x in SIDES),
    one_sided="an exception to dreamrules.battle.leader-committed: it lifts a commitment and never forbids (a leader "
    "its traitor result leaves committed is that rule's to forbid)",
)
def traitor_not_committed(s: BattleFacts) -> bool:
    """A leader whose battle elsewhere this phase was a traitor result its faction won is not committed there: it may
    fight in another territory. The position's last_battle is read as that leader's battle there (the position says
    where a leader fought, not in how many battles)."""
    return True


@traitor_not_committed.z3
def _(v: Any) -> Any:
    return z3.Or(*(z3.And(_get(v, x, "leader_used_elsewhere"), _get(v, x, "traitor_freed")) for x in SIDES))


gap(
    "dreamrules.battle.ghola-leader",
    on="battle",
    cites="dreamrules:490,770",
    see_also="dreamrules:1284,1316,1332",
    title="A Ghola-revived leader in another territory",
    reason="a leader that fought elsewhere this phase was revived with Ghola: dreamrules:490 (and the confirmed "
    "correction at dreamrules:1332) lets it fight again in another territory, dreamrules:770 keeps it committed to "
    "the first: the book contradicts itself",
    when=lambda s: any(_get(s, x, "leader_used_elsewhere") and _get(s, x, "leader_ghola") for x in SIDES),
    explain=lambda s: "; ".join(
        f"{_get(s, x, 'leader_name')} fought for {_who(s, x)} elsewhere this phase and was revived with "
        f"Ghola: dreamrules:490 (confirmed at 1332) lets it fight again in {s.territory}, dreamrules:770 "
        "keeps it committed to its first territory: the book contradicts itself"
        for x in SIDES
        if _get(s, x, "leader_used_elsewhere") and _get(s, x, "leader_ghola")
    ),
)


# dreamrules:714 "A Cheap Hero replaces a leader and has zero strength. It allows you to play a weapon and defense
#                 even when no leader is available. It cannot be called traitor or named by The Voice. ..."
# dreamrules:1152 "... You cannot Voice Cheap Heroes. ..."


@rule(
    "dreamrules.battle.voice-cheap-hero",
    on="battle",
    cites="dreamrules:714,1152",
    title="The Voice cannot name a Cheap Hero",
    forbids=lambda s, _o: " ".join(
        f"The Voice to {_who(s, x)} says '{_get(s, x, 'voice_text')}': a Cheap Hero cannot be named by The Voice."
        for x in SIDES
        if _get(s, x, "voice_ch")
    ),
    permits="The Voice names no Cheap Hero.",
    when=lambda s: bool(s.a_voice or s.d_voice),
    counterpart="gf9.battle.voice",
    differs="what the Voice may name: gf9:365 a weapon, defense, Worthless Card or Cheap Hero; dreamrules:1152 "
    "never a Cheap Hero",
)
def voice_cheap_hero(s: BattleFacts) -> bool:
    """A Voice instruction may name weapons, defenses, worthless cards or Mercenaries, never a Cheap Hero."""
    return not s.a_voice_ch and not s.d_voice_ch


@voice_cheap_hero.z3
def _(v: Any) -> Any:
    return z3.And(z3.Not(v.a_voice_ch), z3.Not(v.d_voice_ch))


# dreamrules:1152 "Before battle plans are completed, The Voice can require or forbid a Treachery Card category, such
#                 as a projectile weapon, poison defense, worthless card or Mercenaries. Name special cards such as
#                 Lasgun or Weirding Way specifically. You cannot Voice Cheap Heroes. An opponent who lacks a required
#                 card silently ignores the instruction. ..."
# dreamrules:724, 728 "The Voice must name Weirding Way [Chemistry] specifically."
# The Dreamrules Voice names Mercenaries and Dreamrules' special cards; a category holds the Supplies cache's basic
# cards (dreamrules:746), never Weirding Way or Chemistry. Who may Voice stays GF9's (gf9.battle.voice-by-bg).


def _voice_what(s: BattleFacts, x: str) -> str:
    return str(_get(s, x, "voice_text")).removeprefix("not play ").removeprefix("play ")


def _plan_cards(s: BattleFacts, x: str) -> str:
    """The plan's cards, the Dreamrules cards played beside its places included."""
    extra = ["Mercenaries"] * _get(s, x, "mercenaries") + (["Break Conditioning"] if _get(s, x, "break") else [])
    cards = [c for c in (_get(s, x, "cards") or []) if c] + extra
    return ", ".join(cards) if cards else "no card"


def _dvoice_complied(s: BattleFacts, x: str) -> bool:
    complies = voice_complies(
        _voice_what(s, x),
        _get(s, x, "voice_target"),
        _get(s, x, "weapon_name") or None,
        _get(s, x, "defense_name") or None,
        bool(_get(s, x, "ch")),
        _get(s, x, "mercenaries"),
        bool(_get(s, x, "break")),
    )
    return complies == (_get(s, x, "voice") == VOICE_PLAY)


def _dvoice_ok(s: BattleFacts, x: str) -> bool:
    if not _get(s, x, "voice") or not _get(s, x, "voice_by_bg") or _get(s, x, "voice_ch"):
        return True  # no Voice, one no Bene Gesserit gave (gf9.battle.voice-by-bg), a Cheap Hero (voice-cheap-hero)
    return _dvoice_complied(s, x) or not _get(s, x, "voice_can")


def _dvoice_said(s: BattleFacts, _outcome: dict[str, Any]) -> str:
    parts = []
    for x in SIDES:
        if not _get(s, x, "voice") or _get(s, x, "voice_ch"):
            continue
        how = "obeys" if _dvoice_complied(s, x) else "lacks the card, and silently ignores the instruction"
        parts.append(f"{_who(s, x)}, Voiced to {_get(s, x, 'voice_text')}, {how}.")
    return " ".join(parts)


@rule(
    "dreamrules.battle.voice",
    on="battle",
    cites="dreamrules:724,728,1152",
    cite_when={
        "dreamrules:724": lambda s: any(_voice_what(s, x) == "Weirding Way" for x in SIDES),
        "dreamrules:728": lambda s: any(_voice_what(s, x) == "Chemistry" for x in SIDES),
    },
    see_also="gf9:259,365",
    title="A Voiced plan obeys the Voice unless it lacks the card",
    forbids=_says(
        _dvoice_ok,
        lambda s, x: f"{_who(s, x)} was Voiced to {_get(s, x, 'voice_text')} and could, but plays {_plan_cards(s, x)}.",
    ),
    permits=_dvoice_said,
    needs=("a_voice_can", "d_voice_can"),
    when=lambda s: bool(s.a_voice or s.d_voice),
    replaces="gf9.battle.voice",  # what it adds (Mercenaries, Weirding Way, Chemistry) gf9 cannot name
)
def voice(s: BattleFacts) -> bool:
    """A side Voiced to play (or not play) a category, Mercenaries or a card named must do so if it holds such a card
    (and a leader or Cheap Hero to carry it); Weirding Way and Chemistry are in no category, the Supplies cache's
    cards are in their basic cards' categories."""
    return both(s, _dvoice_ok)


@voice.z3
def _(v: Any) -> Any:
    def ok(v: Any, x: str) -> Any:
        t, code = _get(v, x, "voice_target"), _get(v, x, "voice_code")
        w, d = _get(v, x, "weapon_cat"), _get(v, x, "defense_cat")
        named = z3.Or(
            _get(v, x, "weapon_id") == code,
            _get(v, x, "defense_id") == code,
            z3.And(code == card_ids()[BREAK_CONDITIONING], _get(v, x, "break")),
        )
        matched = z3.If(
            t == T_WEAPON_KIND,
            w == code,
            z3.If(
                t == T_DEFENSE_KIND,
                d == code,
                z3.If(
                    t == T_WORTHLESS,
                    z3.Or(w == WORTHLESS, d == WORTHLESS),
                    z3.If(t == T_MERCENARIES, _get(v, x, "mercenaries") > 0, named),
                ),
            ),
        )
        obeyed = z3.If(_get(v, x, "voice") == VOICE_PLAY, matched, z3.Not(matched))
        given = z3.And(_get(v, x, "voice") != 0, _get(v, x, "voice_by_bg"), z3.Not(_get(v, x, "voice_ch")))
        return z3.Implies(given, z3.Or(obeyed, z3.Not(_get(v, x, "voice_can"))))

    return zboth(v, ok)


# dreamrules:744 "When Atreides asks for your dial, disclose the troop-and-spice total on the wheel and whether you
#                 are using Mercenaries."


def _presc_merc_ok(s: BattleFacts, x: str) -> bool:
    said = _get(s, x, "presc_merc")
    if _get(s, x, "presc") != PRESCIENCE_ELEMENTS["dial"] or said < 0 or not _get(s, x, "presc_merc_possible"):
        return True
    return (_get(s, x, "mercenaries") > 0) == (said == 1)


@rule(
    "dreamrules.battle.prescience-mercenaries",
    on="battle",
    cites="dreamrules:744",
    see_also="dreamrules:1046; gf9:261,265",
    title="A dial answer to Prescience says whether the plan plays Mercenaries, and is honored",
    forbids=_says(
        _presc_merc_ok,
        lambda s, x: (
            f"{_who(s, x)} answered Prescience with {_get(s, x, 'presc_text')}, but its plan plays "
            f"{_get(s, x, 'mercenaries') or 'no'} Mercenaries, though the answer can still be honored."
        ),
    ),
    permits=lambda s, _o: " ".join(
        f"{_who(s, x)} answered Prescience ({_get(s, x, 'presc_text')}): its plan "
        + ("plays Mercenaries." if _get(s, x, "mercenaries") else "plays no Mercenaries.")
        for x in SIDES
        if _get(s, x, "presc_merc") >= 0
    ),
    needs=("a_presc_merc_possible", "d_presc_merc_possible"),
    when=lambda s: s.a_presc_merc >= 0 or s.d_presc_merc >= 0,
)
def prescience_mercenaries(s: BattleFacts) -> bool:
    """Asked for the dial, a side discloses the number and whether it plays Mercenaries; the plan honors both (a
    'yes' the hand can no longer honor is answered again, gf9:265)."""
    return both(s, _presc_merc_ok)


@prescience_mercenaries.z3
def _(v: Any) -> Any:
    def ok(v: Any, x: str) -> Any:
        said = _get(v, x, "presc_merc")
        asked = z3.And(_get(v, x, "presc") == PRESCIENCE_ELEMENTS["dial"], said >= 0, _get(v, x, "presc_merc_possible"))
        return z3.Implies(asked, (_get(v, x, "mercenaries") > 0) == (said == 1))

    return zboth(v, ok)


# dreamrules:1066 "After winning a battle, you may randomly capture one of the loser's leaders. Exclude leaders
#                  already used elsewhere this turn. Kill the captured leader face down for two spice, or keep them
#                  for one use in combat. ..."


def _harkonnen_wins(s: BattleFacts) -> bool:
    """Harkonnen wins an ordinary battle, or by its own traitor call (gf9:285; a call for an ally wins for the ally,
    gf9:293)."""
    if s.a_traitor != s.d_traitor:
        x = "a" if s.a_traitor else "d"
        return bool(_get(s, x, "is_harkonnen"))
    if not _plain(s) or s.a_dial_h is None or s.d_dial_h is None:
        return False
    w = "a" if dwinner(s) == 1 else "d"
    return bool(_get(s, w, "is_harkonnen"))


def _capture_said(s: BattleFacts, _outcome: dict[str, Any]) -> str:
    x = "a" if s.a_is_harkonnen else "d"
    loser = possessive(_who(s, OTHER[x]))
    if _get(s, x, "capture_stopped"):
        return f"Harkonnen wins, but Karama stopped Captured Leaders this phase: it cannot capture {loser} leaders."
    return (
        f"Harkonnen wins: it may then capture one of {loser} leaders at random (none used elsewhere this turn), to "
        "kill for two spice or keep for one use in combat; a choice after the battle, which changes none of its "
        "results here."
    )


@rule(
    "dreamrules.battle.harkonnen-capture",
    on="battle",
    cites="dreamrules:834,1066",
    cite_when={"dreamrules:834": lambda s: bool(s.a_capture_stopped or s.d_capture_stopped)},
    title="Harkonnen may capture a leader of the faction it defeats",
    permits=_capture_said,
    when=_harkonnen_wins,
    one_sided="it says what the winner may do next and never forbids",
)
def harkonnen_capture(s: BattleFacts) -> bool:
    """After winning, Harkonnen may capture a random leader of the loser: a later choice, not this battle's
    result."""
    return True


@harkonnen_capture.z3
def _(v: Any) -> Any:
    return z3.BoolVal(True)


# -- Retreat, Break Conditioning, Zoal, Cyborgs: what the book leaves open -------------------------
# dreamrules:506 "The Guild may retreat only in its permitted window. ..."
# dreamrules:1104 "After battle plans are revealed, Retreat may let you ship troops to reserves at stronghold
#                  rates. ..."


def _retreat_ok(s: BattleFacts, x: str) -> bool:
    return not _get(s, x, "retreat") or bool(_get(s, x, "is_guild"))


@rule(
    "dreamrules.battle.retreat-guild",
    on="battle",
    cites="dreamrules:506,1104",
    title="Only the Guild retreats",
    forbids=_says(
        _retreat_ok,
        lambda s, x: f"{_who(s, x)} retreats from {s.territory}: Retreat is the Guild's advantage.",
    ),
    permits="The side retreating is the Guild.",
    when=lambda s: bool(s.a_retreat or s.d_retreat),
)
def retreat_guild(s: BattleFacts) -> bool:
    """Retreat belongs to the Spacing Guild: no other faction may retreat from a battle."""
    return both(s, _retreat_ok)


@retreat_guild.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Or(z3.Not(_get(v, x, "retreat")), _get(v, x, "is_guild")))


gap(
    "dreamrules.battle.retreat",
    on="battle",
    cites="dreamrules:508,1106,1364",
    see_also="dreamrules:506,1104,1368",
    title="Guild Retreat: its order and losses await the council",
    reason="the Guild retreats: the precise order and all resulting losses await council questions #1839 and #1841 "
    "(dreamrules:1106); provisionally the live sheet prohibits Retreat once a traitor or Break Conditioning has "
    "resolved the battle, and the Guild pays its committed spice and retreat costs to the bank (dreamrules:508)",
    when=lambda s: bool(s.a_retreat or s.d_retreat),
)

gap(
    "dreamrules.battle.break-conditioning",
    on="battle",
    cites="dreamrules:774",
    see_also="dreamrules:27,1070",
    title="Break Conditioning's strength margin is not printed",
    reason="a plan plays Break Conditioning, which 'can replace an ordinary victory with a no-loss result when the "
    "required strength margin is met' (dreamrules:774): the margin and the procedure are in a 'Special battle "
    "results' section this text does not print",
    when=lambda s: bool(s.a_break or s.d_break),
)


# dreamrules:512  "If Zoal survives and the opposing leader dies, Bene Tleilax may activate Zoal. The opponent wins
#                 and loses nothing. Bene Tleilax keeps its committed spice, returns its troops to reserves and may
#                 keep its played cards. Set Zoal and the target leader aside for Infiltration during the following
#                 Storm. ..."
# dreamrules:1200 "If Zoal is revealed in your plan, survives, and the enemy leader dies, you may choose Infiltration
#                 instead of the ordinary battle result. A traitor call can trigger this ability."
# dreamrules:1202 "The opponent wins and loses nothing. You may keep your played Treachery Cards, return all your
#                 troops in the territory to reserves for free, and keep spice committed to the dial."
# dreamrules:1204 "Set aside Zoal and the killed leader until next turn's Storm Phase. Then place the target leader in
#                 front of its faction's shield and Zoal among that faction's leaders. Zoal counts as the target
#                 leader in battle. Either Zoal or the target leader can be called traitor. ..."
# dreamrules:954  (Karama) "Before battle-plan commitment. Zoal is a normal strength-two leader this phase."
# The book prints no strength for Zoal outside Karama's window: a Zoal battle whose result turns on it is left open.


def _zoal_side(s: BattleFacts) -> str:
    """The Bene Tleilax side whose plan shows Zoal, or ''."""
    return next((x for x in SIDES if _get(s, x, "zoal") and _get(s, x, "is_tleilaxu")), "")


def _zoal_infiltrates(s: BattleFacts) -> bool:
    """An ordinary battle where Bene Tleilax's Zoal survives and the opposing leader (not a Cheap Hero) dies."""
    x = _zoal_side(s)
    if not x or not _plain(s):
        return False
    r = resolve(s)
    return not r[f"{x}_killed"] and r[f"{OTHER[x]}_killed"]


def _zoal_said(s: BattleFacts, outcome: dict[str, Any]) -> str:
    x = _zoal_side(s)
    y = OTHER[x]
    alt = outcome.get("zoal_infiltration") or {}
    back = (alt.get("returned_to_reserves") or {}).get(_get(s, x, "name"), 0)
    kept = (alt.get("spice_kept") or {}).get(_get(s, x, "name"), 0)
    return (
        f"Zoal survives and {_get(s, y, 'leader_name')} dies: Bene Tleilax may choose Infiltration instead of the "
        f"ordinary result ({_who(s, y)} wins and loses nothing; Bene Tleilax returns its {back} troops to reserves, "
        f"keeps the {kept} spice committed to its dial and may keep its played cards; Zoal and "
        f"{_get(s, y, 'leader_name')} are set aside until next turn's Storm; whether {_who(s, y)} still pays its "
        "support spice 'loses nothing' does not say). Bene Tleilax's choice: the outcome above is the ordinary "
        "result, 'zoal_infiltration' the other."
    )


@rule(
    "dreamrules.battle.zoal-infiltration",
    on="battle",
    cites="dreamrules:512,1200,1202",
    title="Zoal survives, the enemy leader dies: Bene Tleilax may choose Infiltration",
    permits=_zoal_said,
    defines=("zoal_infiltration",),
    when=_zoal_infiltrates,
    one_sided="it offers Bene Tleilax a choice of result and never forbids",
)
def zoal_infiltration_rule(s: BattleFacts) -> dict[str, Any]:
    """Where Zoal, in Bene Tleilax's plan, survives an ordinary battle and the opposing leader dies, Bene Tleilax may
    take Infiltration instead of the ordinary result: the opponent wins and loses nothing, Bene Tleilax returns all
    its troops there to reserves and keeps the spice committed to its dial (and may keep its played cards), and
    Zoal and the killed leader are set aside. The outcome gives it as ``zoal_infiltration``, beside the ordinary
    result."""
    return {"zoal_infiltration": zoal_infiltration(s)}


@zoal_infiltration_rule.z3
def _(v: Any) -> Any:
    def infiltrates(x: str) -> Any:
        y = OTHER[x]
        return z3.And(_get(v, x, "zoal"), _get(v, x, "is_tleilaxu"), z3.Not(zkilled(v, x)), zkilled(v, y))

    return z3.And(zordinary(v), z3.Or(infiltrates("a"), infiltrates("d")), v.zoal_inf)


def _zoal_strength_matters(s: BattleFacts) -> bool:
    """An ordinary battle with Bene Tleilax's Zoal whose result turns on Zoal's strength: Zoal survives and Bene
    Tleilax would not win counting Zoal as nothing, or Zoal dies and the opponent wins (and collects Zoal's
    strength in spice, dreamrules:486)."""
    x = _zoal_side(s)
    if not x or not _plain(s) or s.a_dial_h is None or s.d_dial_h is None:
        return False
    r = resolve(s)
    w = "a" if dwinner(s) == 1 else "d"
    if r[f"{x}_killed"]:
        return w != x
    t = _dies_h(s)
    t[x] -= 2 * _get(s, x, "strength")
    y = OTHER[x]
    if t[x] != t[y]:
        return t[x] < t[y]
    tie = "d" if s.d_mercenaries and not s.a_mercenaries else "a"
    return tie != x


gap(
    "dreamrules.battle.zoal",
    on="battle",
    cites="dreamrules:954",
    see_also="dreamrules:478,1200",
    title="Zoal's strength is not printed",
    reason="Bene Tleilax plays Zoal and this battle's result turns on Zoal's strength (its total if Zoal survives, "
    "the opponent's leader reward if Zoal dies): the book prints none, only that under Karama Zoal is 'a normal "
    "strength-two leader this phase' (dreamrules:954), and describes Zoal otherwise by its Infiltration "
    "(dreamrules:1200); a strength in the position's leaders map is not the book's",
    when=_zoal_strength_matters,
)

gap(
    "dreamrules.battle.zoal-traitor",
    on="battle",
    cites="dreamrules:1200",
    see_also="dreamrules:1368",
    title="A traitor call in Zoal's battle",
    reason="a traitor call in a battle where Bene Tleilax plays Zoal: 'a traitor call can trigger' Zoal's "
    "Infiltration (dreamrules:1200), and a traitor result's aftermath awaits council question #1841 (dreamrules:1368)",
    when=lambda s: bool(_zoal_side(s) and (s.a_traitor or s.d_traitor)),
)

gap(
    "dreamrules.battle.zoal-infiltrated",
    on="battle",
    cites="dreamrules:1204",
    title="Zoal fighting for the faction it infiltrates",
    reason="a faction other than Bene Tleilax plays Zoal: after an Infiltration 'Zoal counts as the target leader in "
    "battle' and either can be called traitor (dreamrules:1204); Zoal's strength and loyalty there are not encoded",
    when=lambda s: any(_get(s, x, "zoal") and not _get(s, x, "is_tleilaxu") for x in SIDES),
)


# -- Ixians ------------------------------------------------------------------------------------
# dreamrules:1220 "Your nine Cyborgs have double combat strength, ... Karama cannot affect Cyborgs."
# dreamrules:1222 "Your eleven Suboids always fight at half strength and cannot be spice dialed. ..."
# dreamrules:1304 (the glossary's Support) "Spice spent to raise a troop from its unsupported strength to its
#                  supported strength. Ordinary troops cost 1 spice each to support."
# A Cyborg is worth one unsupported (double an ordinary troop's half), a Suboid one half. What supporting a Cyborg
# costs the book does not print (only ordinary troops' price): an Ixian dial with spice and Cyborgs is left open.


def _ixians(s: BattleFacts, x: str) -> bool:
    return bool(_get(s, x, "is_ixians"))


def _ix_spiced(s: BattleFacts, x: str) -> bool:
    """An Ixian side committing spice with Cyborgs there: what it buys is not printed (dreamrules.battle.ixians)."""
    return _ixians(s, x) and _get(s, x, "special") > 0 and _get(s, x, "spice") > 0


def _ix_dial_ok(s: BattleFacts, x: str) -> bool:
    if not _ixians(s, x):
        return True
    if _ix_spiced(s, x):  # what the spice buys is open (dreamrules.battle.ixians), not past what all are worth
        return (_get(s, x, "dial_h") or 0) <= _get(s, x, "worth_h")
    return _get(s, x, "spice") == 0 and bool(ixian_selections(s, x))


def _ix_dial_text(s: BattleFacts, x: str) -> str:
    head = (
        f"{_who(s, x)} dials {s.fmt()[f'{x}_dial']} with {_get(s, x, 'special')} Cyborgs, {_get(s, x, 'forces')} "
        f"Suboids and {_get(s, x, 'spice')} spice{_get(s, x, 'beyond')}"
    )
    if _ix_spiced(s, x):
        most = _get(s, x, "worth_h") / 2
        return f"{head}: even with every Cyborg supported (two each) and a Suboid at one half, they are worth {most:g}."
    if _get(s, x, "spice"):
        return f"{head}: Suboids cannot be spice dialed, and it has no Cyborgs there to support."
    return f"{head}: a Cyborg is worth one without spice, a Suboid one half, and the dial must be what some are worth."


@rule(
    "dreamrules.battle.dial-ixians",
    on="battle",
    cites="dreamrules:986,1220,1222",
    # dreamrules:986 "... Stopping Augmented Troops removes the Suboid substitution; it does not turn Cyborgs into
    #                 ordinary troops."
    cite_when={"dreamrules:986": lambda s: bool(s.a_augmented_stopped or s.d_augmented_stopped)},
    see_also="dreamrules:456,498",
    title="Ixian Cyborgs fight at double strength, Suboids at half and never spice dialed",
    forbids=_says(_ix_dial_ok, _ix_dial_text),
    permits="The Ixians' dial is worth some of their Cyborgs (one each without spice) and Suboids (one half each).",
    needs=("a_dial_h", "d_dial_h"),
    when=lambda s: any(_ixians(s, x) for x in SIDES),
)
def dial_ixians(s: BattleFacts) -> bool:
    """A Cyborg has double a troop's strength (one, unsupported) and a Suboid always half, never supported by spice:
    the dial is the worth of some Cyborgs and Suboids present, and spice committed with no Cyborg there supports
    nothing. Spice committed with Cyborgs is left to dreamrules.battle.ixians (a Cyborg's support price is not
    printed)."""
    return both(s, _ix_dial_ok)


@dial_ixians.z3
def _(v: Any) -> Any:
    def ok(v: Any, x: str) -> Any:
        su, ou = _get(v, x, "su"), _get(v, x, "ou")
        return z3.Or(
            z3.Not(_get(v, x, "is_ixians")),
            z3.And(
                _get(v, x, "special") > 0,
                _get(v, x, "spice") > 0,
                _get(v, x, "dial_h") <= _get(v, x, "forces") + 4 * _get(v, x, "special"),
            ),
            z3.And(
                _get(v, x, "spice") == 0,
                su <= _get(v, x, "special"),
                ou <= _get(v, x, "forces"),
                2 * su + ou == _get(v, x, "dial_h"),
            ),
        )

    return zboth(v, ok)


gap(
    "dreamrules.battle.ixians",
    on="battle",
    cites="dreamrules:1220,1222",
    title="What supporting a Cyborg costs is not printed",
    reason="the Ixians commit spice with Cyborgs in the battle: Suboids cannot be spice dialed, so the spice supports "
    "Cyborgs, and the book prints the price of support only for ordinary troops ('Ordinary troops cost 1 spice each "
    "to support', dreamrules:1304): what the spice buys, and so the dial and the losses, is not encoded",
    when=lambda s: any(_ix_spiced(s, x) and (_get(s, x, "dial_h") or 0) <= _get(s, x, "worth_h") for x in SIDES),
)


# dreamrules:502  "When Ix wins, an uncommitted Suboid may die in place of a committed Cyborg. Flip the saved Cyborg
#                 to its patched side. A patched Cyborg can be dialed in a later winning battle without dying, then
#                 flips back. These rules do not save troops from an ordinary defeat."
# dreamrules:1224 "If you win after dialing Cyborgs, undialed Suboids can die in their place. Those Cyborgs flip to
#                 their patched side. In a later battle, a patched Cyborg can be dialed once without dying and then
#                 flips back."


def _ix_winner(s: BattleFacts) -> str:
    """The Ixian side that wins an ordinary battle with Cyborgs there and no spice committed, or ''."""
    if not _plain(s) or s.a_dial_h is None or s.d_dial_h is None:
        return ""
    x = "a" if dwinner(s) == 1 else "d"
    if not _ixians(s, x) or not _get(s, x, "special") or _get(s, x, "spice") or not _ix_dial_ok(s, x):
        return ""
    return x


def _ix_losses_said(s: BattleFacts, outcome: dict[str, Any]) -> str:
    options = outcome.get("ixian_losses") or []

    def one(o: dict[str, int]) -> str:
        said = f"{o['cyborgs']} Cyborgs and {o['suboids']} Suboids"
        extra = [f"{o['to_patched']} saved Cyborgs flip to patched"] if o["to_patched"] else []
        extra += [f"{o['patched_back']} patched Cyborgs dialed survive and flip back"] if o["patched_back"] else []
        return said + (f" ({', '.join(extra)})" if extra else "")

    x = _ix_winner(s)
    swap = (
        "Karama stopped Augmented Troops this phase, so no Suboid dies in place of a Cyborg"
        if _get(s, x, "augmented_stopped")
        else "may have an uncommitted Suboid die in place of each committed Cyborg"
    )
    return (
        f"{_who(s, x)} win: they choose which troops were committed (worth their dial) and {swap}; they lose "
        f"{' or '.join(map(one, options))}."
    )


@rule(
    "dreamrules.battle.ixian-losses",
    on="battle",
    cites="dreamrules:502,970,1224",
    cite_when={"dreamrules:970": lambda s: bool(s.a_augmented_stopped or s.d_augmented_stopped)},
    see_also="dreamrules:498",
    title="A winning Ix may have Suboids die in place of committed Cyborgs",
    permits=_ix_losses_said,
    defines=("ixian_losses",),
    when=lambda s: bool(_ix_winner(s)),
    one_sided="it gives the Ixian winner's choice of losses and never forbids",
)
def ixian_losses(s: BattleFacts) -> dict[str, Any]:
    """When the Ixians win, their losses are a choice: the committed troops (Cyborgs and Suboids worth the dial), an
    uncommitted Suboid dying in place of any committed Cyborg (which flips to patched), and a committed patched
    Cyborg surviving (it flips back). ``ixian_losses`` lists each choice's dead Cyborgs and Suboids and flips; the
    ordinary ``losses`` leave the Ixians' count out. A defeat is ordinary: every Ixian troop there dies."""
    return {"ixian_losses": ixian_loss_options(s, _ix_winner(s))}


@ixian_losses.z3
def _(v: Any) -> Any:
    def wins(x: str, i: int) -> Any:
        return z3.And(_get(v, x, "is_ixians"), _get(v, x, "special") > 0, _get(v, x, "spice") == 0, zdwinner(v) == i)

    return z3.And(zordinary(v), z3.Or(wins("a", 1), wins("d", 2)), v.ix_loss)


def _unvalued(s: BattleFacts, x: str) -> bool:
    """Special troops of a faction whose special troops the book does not value in battle (only the Emperor's,
    the Fremen's and the Ixians')."""
    valued = _get(s, x, "is_emperor") or _get(s, x, "is_fremen") or _get(s, x, "is_ixians")
    return bool(_get(s, x, "special") and not valued)


gap(
    "dreamrules.battle.special-unvalued",
    on="battle",
    cites="dreamrules:498",
    see_also="dreamrules:1086,1122,1220",
    title="Special troops of a faction the book gives none",
    reason="a side has special (starred) troops, but the book values special troops in battle only for the Emperor "
    "(Sardaukar, dreamrules:1086), Fremen (Fedaykin, 1122) and Ixians (Cyborgs, 1220)",
    when=lambda s: any(_unvalued(s, x) for x in SIDES),
)

gap(
    "dreamrules.battle.surveyor-aboard",
    on="battle",
    cites="dreamrules:1232,1234",
    title="Ixian troops aboard the Surveyor in the battle's territory",
    reason="Ixian troops are aboard the Hidden Mobile Surveyor in this territory: the Surveyor is 'a territory within "
    "that territory' that other factions cannot enter (dreamrules:1232, 1234); whether its troops count in this "
    "battle is not encoded (the battle counts every group in the territory)",
    when=lambda s: bool(s.a_aboard or s.d_aboard),
)

gap(
    "dreamrules.battle.battle-training",
    on="battle",
    cites="dreamrules:1110",
    title="Battle Training: the Guild plays two leaders",
    reason="the Guild has used its Fate, Battle Training, and may play two leaders in each battle (both survive or "
    "die together, either can be called traitor): a plan has one leader here, and the rule is not encoded",
    when=lambda s: bool(s.a_battle_training or s.d_battle_training),
)

# dreamrules:724 "Without another weapon in your plan, Weirding Way acts as a projectile weapon. With another
#                 weapon, it acts as projectile defense. It does not stop a Lasgun and does not cause a Lasgun-Shield
#                 explosion. ..."
# dreamrules:728 "Without another defense in your plan, Chemistry protects against poison. With another defense, it
#                 acts as a poison weapon. ..."
# The kind gives each the role its plan gives it (checker.arrakis.kinds.battle.card_roles): Weirding Way's projectile
# defense is no Shield (gf9:279), so it stops projectile weapons but neither a Lasgun nor, with one, explodes.


def _role_said(s: BattleFacts, _outcome: dict[str, Any]) -> str:
    roles = {
        ("Weirding Way", "weapon"): "a projectile weapon: there is no other weapon in its plan",
        ("Weirding Way", "defense"): "a projectile defense beside its weapon: it stops projectile weapons, not a "
        "Lasgun, and is no Shield to explode with one",
        ("Chemistry", "weapon"): "a poison weapon beside its defense",
        ("Chemistry", "defense"): "a poison defense: there is no other defense in its plan",
    }
    return " ".join(
        f"{possessive(_who(s, x))} {_get(s, x, f'{slot}_name')} acts as {roles[(_get(s, x, f'{slot}_name'), slot)]}."
        for x in SIDES
        for slot in ("weapon", "defense")
        if _get(s, x, f"{slot}_name") in ROLE_CARDS
    )


def _plays(s: BattleFacts, card: str) -> bool:
    return any(_get(s, x, f"{slot}_name") == card for x in SIDES for slot in ("weapon", "defense"))


def _roles(s: BattleFacts) -> bool:
    return any(_get(s, x, f"{slot}_name") in ROLE_CARDS for x in SIDES for slot in ("weapon", "defense"))


@rule(
    "dreamrules.battle.weirding-chemistry-role",
    on="battle",
    cites="dreamrules:724,728",
    cite_when={
        "dreamrules:724": lambda s: _plays(s, "Weirding Way"),
        "dreamrules:728": lambda s: _plays(s, "Chemistry"),
    },
    see_also="gf9:279",
    title="Weirding Way and Chemistry take their role from the plan's other card",
    permits=_role_said,
    when=lambda s: _roles(s) and not (s.a_role_open or s.d_role_open),
    one_sided="it says which role the plan gives the card; the slots' rules judge the plan",
)
def weirding_chemistry_role(s: BattleFacts) -> bool:
    """Weirding Way is a projectile weapon without another weapon in the plan, else a projectile defense that stops
    no Lasgun and causes no explosion; Chemistry is a poison defense without another defense, else a poison
    weapon (the battle's resolution reads the role the kind gives each)."""
    return True


@weirding_chemistry_role.z3
def _(v: Any) -> Any:
    return z3.BoolVal(True)


gap(
    "dreamrules.battle.weirding-chemistry",
    on="battle",
    cites="dreamrules:708,724,728",
    title="Weirding Way or Chemistry whose role the plan does not decide",
    reason="a plan holds Weirding Way and Chemistry together (each is the other's 'other' card), or one of them beside "
    "a card that fills a place without effect (a worthless card or the Orange Catholic Bible, dreamrules:708, 710): "
    "whether that card counts as 'another weapon' or 'another defense' (dreamrules:724, 728) the text does not say",
    explain=lambda s: "; ".join(f"{_who(s, x)}: {_get(s, x, 'role_open')}" for x in SIDES if _get(s, x, "role_open")),
    when=lambda s: bool(s.a_role_open or s.d_role_open),
)


# -- advantages Karama stopped for the phase (factions.X.suppressed) -------------------------------------------------
# dreamrules:778 "Stopping an advantage suppresses that advantage for the rest of the current phase. ..."
# Each battle advantage's consequence is its entry's (dreamrules:986 "Use the consequence listed for that
# advantage"): the Sardaukar, Fedaykin and Free Spice Dialing are the dial rules' above; the others follow.


def _stopped_rule(
    id: str,  # noqa: A002 - the rule's id is its name
    *,
    cites: str,
    title: str,
    uses: Any,
    stopped: str,
    said: Any,
    see_also: str = "dreamrules:778",
) -> Any:
    """A plan may not use an advantage Karama stopped for the phase: ``uses`` the side's plan uses it, ``stopped``
    the fact saying Karama stopped it."""

    def ok(s: BattleFacts, x: str) -> bool:
        return not (uses.check(s, x) and _get(s, x, stopped))

    def check(s: BattleFacts) -> bool:
        return both(s, ok)

    check.__doc__ = title + "."
    r = rule(
        id,
        on="battle",
        cites=cites,
        see_also=see_also,
        title=title,
        forbids=_says(ok, said),
        when=lambda s: any(uses.check(s, x) and _get(s, x, stopped) for x in SIDES),
        one_sided="it applies where a plan uses the stopped advantage, which it forbids",
    )(check)
    r.z3(lambda v: zboth(v, lambda v, x: z3.Not(z3.And(uses.z3(v, x), _get(v, x, stopped)))))
    return r


# dreamrules:822 (Karama, Kwisatz Haderach) "Before battle-plan commitment. Atreides cannot use the token in any battle
#                this phase."
_stopped_rule(
    "dreamrules.battle.kh-stopped",
    cites="dreamrules:822",
    title="Karama stopped the Kwisatz Haderach: Atreides cannot use the token this phase",
    uses=_Holds(lambda s, x: _get(s, x, "kh"), lambda v, x: _get(v, x, "kh")),
    stopped="kh_suppressed",
    said=lambda s, x: (
        f"{_who(s, x)} plays the Kwisatz Haderach, but Karama stopped it this phase: Atreides cannot use the token in "
        "any battle this phase."
    ),
)
# dreamrules:818 (Karama, Battle Prescience) "At the Prescience window, including after the question but before the
#                answer. Atreides cannot demand part of an opposing plan this Battle phase."
_stopped_rule(
    "dreamrules.battle.prescience-stopped",
    cites="dreamrules:818",
    title="Karama stopped Battle Prescience: Atreides cannot demand part of a plan this phase",
    uses=_Holds(lambda s, x: _get(s, x, "presc"), lambda v, x: _get(v, x, "presc") != 0),
    stopped="presc_suppressed",
    said=lambda s, x: (
        f"{_who(s, x)} answers a Prescience question ({_get(s, x, 'presc_text')}), but Karama stopped Battle "
        "Prescience this phase: Atreides cannot demand part of an opposing plan."
    ),
)


# dreamrules:926 (Karama, The Voice) "At the Voice window. Bene Gesserit cannot use ordinary Voice in its own or its
#                ally's battles this phase."
# dreamrules:934 "... The Voice granted by Political Marriages cannot be stopped by Karama." A Bene Gesserit that used
# its Fate may be Voicing by Political Marriages: dreamrules.battle.fate-at-large leaves that battle open.
def _ordinary_voice(s: BattleFacts, x: str) -> bool:
    return bool(_get(s, x, "voice")) and not s.fate_at_large


_stopped_rule(
    "dreamrules.battle.voice-stopped",
    cites="dreamrules:926",
    see_also="dreamrules:778,934",
    title="Karama stopped The Voice: no ordinary Voice this phase",
    uses=_Holds(_ordinary_voice, lambda v, x: z3.And(_get(v, x, "voice") != 0, z3.Not(v.fate_at_large))),
    stopped="voice_suppressed",
    said=lambda s, x: (
        f"{_who(s, x)} was Voiced to {_get(s, x, 'voice_text')}, but Karama stopped The Voice this phase: the Bene "
        "Gesserit cannot use ordinary Voice in its own or its ally's battles."
    ),
)
# dreamrules:874 (Karama, Retreat) "Before battle-plan commitment. Guild cannot retreat during this Battle phase."
_stopped_rule(
    "dreamrules.battle.retreat-stopped",
    cites="dreamrules:874",
    title="Karama stopped Retreat: the Guild cannot retreat this Battle phase",
    uses=_Holds(lambda s, x: _get(s, x, "retreat"), lambda v, x: _get(v, x, "retreat")),
    stopped="retreat_stopped",
    said=lambda s, x: (
        f"{_who(s, x)} retreats from {s.territory}, but Karama stopped Retreat this phase: the Guild cannot retreat "
        "during this Battle phase."
    ),
)


# dreamrules:954 (Karama, Zoal) "Before battle-plan commitment. Zoal is a normal strength-two leader this phase."
@rule(
    "dreamrules.battle.zoal-stopped",
    on="battle",
    cites="dreamrules:954",
    see_also="dreamrules:778,1200",
    title="Karama stopped Zoal: a normal strength-two leader this phase",
    permits=lambda s, _o: (
        "Karama stopped Zoal this phase: Zoal fights as a normal strength-two leader, without its Infiltration."
    ),
    when=lambda s: bool(s.a_zoal_stopped or s.d_zoal_stopped),
    one_sided="it says what Zoal is this phase; it never forbids",
)
def zoal_stopped(s: BattleFacts) -> bool:
    """Where Karama stopped Zoal, Zoal is a normal leader of strength two for the phase: the battle counts it so, and
    no Zoal rule (its unprinted strength, its Infiltration) applies."""
    return all(_get(s, x, "strength") == 2 for x in SIDES if _get(s, x, "zoal_stopped"))


@zoal_stopped.z3
def _(v: Any) -> Any:
    return zboth(v, lambda v, x: z3.Implies(_get(v, x, "zoal_stopped"), _get(v, x, "strength") == 2))


# == The Retreat and Spite moves (checker/arrakis/kinds/aftermath.py) ===========================================

chapter("retreat", "dreamrules:506,508,874,1104,1106")
chapter("spite", "dreamrules:838,1068,1070,1130")

# dreamrules:506 "The Guild may retreat only in its permitted window. Its troops can return to reserves at stronghold
#                 shipping rates. ..."
# dreamrules:1104 "After battle plans are revealed, Retreat may let you ship troops to reserves at stronghold rates."


@rule(
    "dreamrules.retreat.guild",
    on="retreat",
    cites="dreamrules:506,1104",
    title="Only the Guild retreats",
    forbids="{Faction} cannot retreat from {territory}: Retreat is the Guild's advantage.",
    permits="The Guild retreats.",
)
def retreat_by_guild(s: RetreatFacts) -> bool:
    """Retreat is the Spacing Guild's advantage."""
    return s.is_guild


@retreat_by_guild.z3
def _(v: Any) -> Any:
    return v.is_guild


@rule(
    "dreamrules.retreat.window",
    on="retreat",
    cites="dreamrules:1104",
    see_also="dreamrules:506",
    title="Retreat comes after battle plans are revealed, in the Battle phase",
    forbids=lambda s, _o: (
        f"{display(s.faction)} retreats in the {PHASES[s.phase_index or 0]} phase: Retreat comes "
        "after battle plans are revealed."
    ),
    permits="It is the Battle phase.",
    needs=("phase_index",),
)
def retreat_window(s: RetreatFacts) -> bool:
    """Retreat is made after the battle plans are revealed: in the Battle phase."""
    return s.phase_index == BATTLE


@retreat_window.z3
def _(v: Any) -> Any:
    return v.phase_index == BATTLE


@rule(
    "dreamrules.retreat.from-a-battle",
    on="retreat",
    cites="dreamrules:506",
    title="The Guild retreats its troops from a battle",
    forbids=lambda s, _o: (
        f"{display(s.faction)} has {s.troops_there} troops in {s.territory} facing {s.opponents_there} opposing "
        "factions: there is no battle to retreat from."
    ),
    permits="{Faction} has {troops_there} troops in {territory}, facing an opponent.",
)
def retreat_from_battle(s: RetreatFacts) -> bool:
    """Retreat returns the Guild's troops in a battle's territory: it needs troops there and an opponent."""
    return s.troops_there > 0 and s.opponents_there > 0


@retreat_from_battle.z3
def _(v: Any) -> Any:
    return z3.And(v.troops_there > 0, v.opponents_there > 0)


# dreamrules:874 "Before battle-plan commitment. Guild cannot retreat during this Battle phase."


@rule(
    "dreamrules.retreat.karama",
    on="retreat",
    cites="dreamrules:874",
    see_also="dreamrules:778",
    title="Karama stopped Retreat for the Battle phase",
    forbids="Karama stopped the Guild's Retreat this Battle phase.",
    permits="Karama has not stopped Retreat.",
)
def retreat_not_stopped(s: RetreatFacts) -> bool:
    """A Karama against Retreat, before plans are committed, stops it for the whole Battle phase."""
    return not s.retreat_stopped


@retreat_not_stopped.z3
def _(v: Any) -> Any:
    return z3.Not(v.retreat_stopped)


# dreamrules:508  "... A resolved traitor or Break Conditioning result prevents Retreat."
# dreamrules:1106 "The live sheet prohibits Retreat once a traitor or Break Conditioning has resolved the battle. The
#                  precise order and all resulting losses await questions #1839 and #1841."


@rule(
    "dreamrules.retreat.after-traitor",
    on="retreat",
    cites="dreamrules:508",
    see_also="dreamrules:1106",
    title="A resolved traitor result prevents Retreat",
    forbids=lambda s, _o: (
        f"The battle in {s.territory} was resolved by a traitor: a resolved traitor result prevents Retreat, so "
        f"{display(s.faction)} cannot retreat from it."
    ),
    permits="The battle in {territory} was not resolved by a traitor: no traitor result prevents Retreat.",
    when=lambda s: s.battle_result_given,
)
def retreat_after_traitor(s: RetreatFacts) -> bool:
    """A traitor result (or successful Break Conditioning) that has resolved the battle prevents Retreat
    (dreamrules:508, stated flatly; dreamrules:1106 leaves open only the precise order and the resulting losses).
    The battle is ``last_battle`` when it was fought in the territory of the Retreat and gives its ``result``; the
    position format has no Break Conditioning result, so only a traitor is read."""
    return not s.by_traitor


@retreat_after_traitor.z3
def _(v: Any) -> Any:
    return z3.Not(v.by_traitor)


gap(
    "dreamrules.retreat.aftermath",
    on="retreat",
    cites="dreamrules:508,1106",
    see_also="dreamrules:1364,1368",
    title="What a Retreat costs and loses awaits the council",
    reason="the precise order of a Retreat and all resulting losses await council questions #1839 and #1841 "
    "(dreamrules:1106): the Guild pays committed spice and retreat costs to the bank and spice equal to its "
    "leader's strength for each played card it saves, and its leader still dies to the opposing cards "
    "(dreamrules:508, 1104), in an order not settled (a resolved traitor result forbids Retreat outright: "
    "dreamrules.retreat.after-traitor)",
    when=lambda s: True,
)


# dreamrules:1068 "If your leader dies in battle, Vladimir's Spite lets you swap played Treachery Cards between the
#                  battle participants. Resolve the normal discards and returns after the swap. ..."
# dreamrules:1070 "A dead Cheap Hero, a traitor result or successful Break Conditioning does not trigger Spite. Cheap
#                  Hero cards cannot be swapped. Supplies eligibility is disputed ... awaits council question #1840."


@rule(
    "dreamrules.spite.harkonnen",
    on="spite",
    cites="dreamrules:1068",
    title="Vladimir's Spite is Harkonnen's",
    forbids="{Faction} has no Vladimir's Spite: it is Harkonnen's advantage.",
    permits="Harkonnen uses Vladimir's Spite.",
)
def spite_harkonnen(s: SpiteFacts) -> bool:
    """Only Harkonnen swaps played cards by Vladimir's Spite."""
    return s.is_harkonnen


@spite_harkonnen.z3
def _(v: Any) -> Any:
    return v.is_harkonnen


@rule(
    "dreamrules.spite.leader-died",
    on="spite",
    cites="dreamrules:1068",
    see_also="dreamrules:1070",
    title="Spite needs a Harkonnen leader killed in the battle",
    forbids="No leader of {Faction} died in the battle: Spite is triggered by its leader's death (a dead Cheap Hero "
    "does not trigger it).",
    permits="A leader of {Faction} died in the battle.",
    needs=("battle_given",),
)
def spite_leader_died(s: SpiteFacts) -> bool:
    """Spite follows the death of Harkonnen's leader in the battle (a dead Cheap Hero is no leader)."""
    return s.leader_died


@spite_leader_died.z3
def _(v: Any) -> Any:
    return v.leader_died


@rule(
    "dreamrules.spite.not-traitor",
    on="spite",
    cites="dreamrules:1070",
    title="A traitor result does not trigger Spite",
    forbids="The battle was decided by a traitor: a traitor result does not trigger Vladimir's Spite.",
    permits="The battle was not decided by a traitor.",
    needs=("battle_given",),
)
def spite_not_traitor(s: SpiteFacts) -> bool:
    """A traitor result does not trigger Spite."""
    return not s.by_traitor


@spite_not_traitor.z3
def _(v: Any) -> Any:
    return z3.Not(v.by_traitor)


@rule(
    "dreamrules.spite.played-cards",
    on="spite",
    cites="dreamrules:1068",
    title="Spite swaps cards the two participants played",
    forbids=lambda s, _o: " ".join(
        part
        for part, ok in (
            (f"{s.give or 'No card'} is not a card {display(s.faction)} played in the battle.", s.give_played),
            (f"{s.take or 'No card'} is not a card its opponent played in the battle.", s.take_played),
        )
        if not ok
    ),
    permits="{Faction} gives {give}, which it played, and takes {take}, which {foe} played.",
    needs=("battle_given",),
)
def spite_played_cards(s: SpiteFacts) -> bool:
    """Spite swaps played Treachery Cards between the battle's participants: one of each side's plan."""
    return s.give_played and s.take_played


@spite_played_cards.z3
def _(v: Any) -> Any:
    return z3.And(v.give_played, v.take_played)


@rule(
    "dreamrules.spite.cheap-hero",
    on="spite",
    cites="dreamrules:1070",
    title="Cheap Hero cards cannot be swapped",
    forbids="Spite names a Cheap Hero ({give} / {take}): Cheap Hero cards cannot be swapped.",
    permits="No Cheap Hero is swapped.",
)
def spite_cheap_hero(s: SpiteFacts) -> bool:
    """A Cheap Hero is never swapped by Spite."""
    return not s.cheap_hero


@spite_cheap_hero.z3
def _(v: Any) -> Any:
    return z3.Not(v.cheap_hero)


# dreamrules:838 "Before battle-plan commitment. Harkonnen cannot swap the played cards this phase. ..."


@rule(
    "dreamrules.spite.karama",
    on="spite",
    cites="dreamrules:838",
    title="Karama stopped Vladimir's Spite for the phase",
    forbids="Karama stopped Vladimir's Spite this phase: Harkonnen cannot swap the played cards.",
    permits="Karama has not stopped Vladimir's Spite.",
)
def spite_not_stopped(s: SpiteFacts) -> bool:
    """Karama played before the plans are committed stops Spite for the phase."""
    return not s.spite_stopped


@spite_not_stopped.z3
def _(v: Any) -> Any:
    return z3.Not(v.spite_stopped)


gap(
    "dreamrules.spite.supplies",
    on="spite",
    cites="dreamrules:748,1366",
    see_also="dreamrules:1070",
    title="Spite and the Supplies cache await council question #1840",
    reason="a Supplies cache card is named: whether Vladimir's Spite can swap cache cards awaits council question "
    "#1840 (dreamrules:748, 1070); the draft adopts no exception",
    when=lambda s: s.cache_card,
)

gap(
    "dreamrules.spite.fanatical",
    on="spite",
    cites="dreamrules:1130",
    title="A card Fanatical Tactics protected",
    reason="a card the Fremen protected by Fanatical Tactics is named: Spite may replace it only with one of the same "
    "color (dreamrules:1130), which is not encoded; Supplies expiry here awaits #1842",
    when=lambda s: s.protected,
)

gap(
    "dreamrules.spite.zoal",
    on="spite",
    cites="dreamrules:1202",
    title="Spite after a Zoal Infiltration",
    reason="the battle ended in Zoal's Infiltration, where the opponent wins and loses nothing and Bene Tleilax may "
    "keep its cards (dreamrules:1202): whether Spite applies is not said",
    when=lambda s: s.by_zoal,
)


__all__ = ["dwinner"]


# dreamrules:1164 "Your Fate, Political Marriages, lets you use The Voice on one side in any or all battles where you
#                  have advisors that turn. ..."
# dreamrules:1182 "Your Fate, Stone Burner, prevents all troops in one territory from being spice dialed for the rest
#                  of the phase, including Fremen. ..."
# dreamrules:1228 "Your Fate, Defect, prevents a special card from being used for the whole turn. ..."
gap(
    "dreamrules.battle.fate-at-large",
    on="battle",
    cites="dreamrules:1164,1182,1228",
    title="A Fate played earlier may reach this battle (Political Marriages, Stone Burner, Defect)",
    reason="a faction whose Fate can reach a battle it does not fight has used it, and the plans give it something to "
    "reach (Political Marriages: the Voice in battles with Bene Gesserit advisors, dreamrules:1164, and a plan follows "
    "a Voice; Stone Burner: no spice dialing in one territory for the phase, 1182, and a plan commits spice or a "
    "Fremen side dials; Defect: a special card barred for the turn, 1228, and a plan holds one); the position does "
    "not say when, where or on what",
    explain=lambda s: (
        f"{s.fates_at_large} used its Fate, which may reach this battle's plans (dreamrules:1164, 1182, 1228): the "
        "position does not say when, where or on what"
    ),
    when=lambda s: s.fate_at_large,
)

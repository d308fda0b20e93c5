"""Overview, Phase 7: Battle: where battles occur, the plans, and the resolution.

The overview's own statements (overview:61, 75-76, 82, 102, 106, 123) are its rules here; where it is
silent (which weapon meets which defense, the Lasgun and Shield, two traitors, the Kwisatz Haderach,
the Sardaukar and Fedaykin, Voice, Prescience...) the ``overview`` ruleset reads gf9 (its fallback),
and each gf9 rule that says the same clause ``replaces`` the one here. Where the overview and gf9 say
the same, the gf9 rule's logic serves both (constraints/gf9/battle.py): one check, one z3 form.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import z3

from checker.arrakis.kinds.battle import SIDES, BattleFacts
from checker.names import display
from checker.rules import Form, Rule, chapter, restates, rule
from constraints.gf9 import battle as g

# The lines questions of this kind answer from: each is encoded, a gap, or set aside.
chapter("battle", "overview:59-61,73-82,102,106,123")

# overview:18 "• Advanced components: ... Kwisatz Haderach Card and Counter, ..." says gf9:41 again, while the
# Player Sheets the overview defers faction advantages to (overview:105) are gf9's, which list the token among
# the Atreides' Basic advantages (gf9:345-351): the same contradiction, so gf9's gap holds here, quoting this line.
restates("overview:18", "gf9.battle.kh-basic")


def _form(r: Rule) -> Form:
    """The z3 form of a gf9 rule that says the same clause (one form serves both texts)."""
    assert r.form is not None
    return r.form


def _fixed(r: Rule, s: BattleFacts) -> dict[str, Any]:
    """The outcome values a gf9 rule that says the same clause fixes (one check serves both texts)."""
    out = r.check(s)
    assert isinstance(out, dict)
    return dict(out)


def _and(names: list[str]) -> str:
    """Names joined in prose ("none" for no name)."""
    return "none" if not names else names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _spice_gained_message(o: dict[str, Any]) -> str:
    """Who receives how much, for which killed leaders."""
    gained = {f: n for f, n in (o.get("spice_gained") or {}).items() if n}
    if not gained:
        return f"Spice gained: none (leaders killed: {_and(o.get('leaders_killed') or [])})."
    who = ", ".join(f"{display(f)} {n}" for f, n in gained.items())
    return f"Spice gained: {who}, the spice value of the leaders killed ({_and(o.get('leaders_killed') or [])})."


# overview:61 "Wherever 2+ players occupy the same territory, battles occur. ..."


@rule(
    "overview.battle.where",
    on="battle",
    cites="overview:61",
    see_also="overview:59,119",  # Phase 7, Battle, in the turn and in the Player Reference
    title="A battle occurs where two players occupy the same territory",
    forbids=lambda s, _o: " ".join(
        f"{g._who(s, x)} has no forces in {s.territory}: no battle occurs there."
        for x in SIDES
        if getattr(s, f"{x}_forces") + getattr(s, f"{x}_special") == 0
    ),
    permits="{A} ({a_forces}) and {D} ({d_forces}) both occupy {territory}.",
)
def where(s: BattleFacts) -> bool:
    """Both players have forces in the territory; a player with none there is in no battle."""
    return bool(g.both_sides.check(s))


where.z3(_form(g.both_sides))


# overview:61 "... Each player dials forces on the Battle Wheel, plays a leader (required if available) or
#             cheap hero, and optionally plays Weapon/Defense Treachery Cards. ..."


def _dial_ok(s: BattleFacts, x: str) -> bool:
    dial_h = getattr(s, f"{x}_dial_h")
    return dial_h % 2 == 0 and 0 <= dial_h // 2 <= getattr(s, f"{x}_forces") + getattr(s, f"{x}_special")


@rule(
    "overview.battle.dial",
    on="battle",
    cites="overview:61",
    title="Basic: dial a whole number from zero to the forces in the territory",
    forbids=lambda s, _o: " ".join(
        f"{display(getattr(s, f'{x}_name'))} dials {s.fmt()[f'{x}_dial']} with "
        f"{getattr(s, f'{x}_forces') + getattr(s, f'{x}_special')} forces in {s.territory}{getattr(s, f'{x}_beyond')}: "
        "a dial is a whole number "
        "from zero to the forces there."
        for x in SIDES
        if not _dial_ok(s, x)
    ),
    permits="{A} dials {a_dial} of {a_forces} forces, {D} {d_dial} of {d_forces}.",
    needs=("a_dial_h", "d_dial_h"),
    when=lambda s: not s.advanced,
)
def dial_forces(s: BattleFacts) -> bool:
    """A player dials a number of its forces in the territory: whole, at least zero, at most all of them."""
    return all(_dial_ok(s, x) for x in SIDES)


@dial_forces.z3
def _(v: Any) -> Any:
    return z3.And(
        *(
            z3.And(
                getattr(v, f"{x}_dial_h") % 2 == 0,
                getattr(v, f"{x}_dial_h") >= 0,
                getattr(v, f"{x}_dial_h") <= 2 * (getattr(v, f"{x}_forces") + getattr(v, f"{x}_special")),
            )
            for x in SIDES
        )
    )


def _leads_ok(s: BattleFacts, x: str) -> bool:
    return bool(getattr(s, f"{x}_leader") or getattr(s, f"{x}_ch") or getattr(s, f"{x}_leaders_available") == 0)


@rule(
    "overview.battle.leader-required",
    on="battle",
    cites="overview:61",
    title="A leader is required if available, or a Cheap Hero",
    forbids=lambda s, _o: " ".join(
        f"{display(getattr(s, f'{x}_name'))} plays no leader or cheap hero though it has "
        f"{getattr(s, f'{x}_leaders_available')} leaders available."
        for x in SIDES
        if not _leads_ok(s, x)
    ),
    permits="Each side plays a leader or Cheap Hero, or has none available.",
)
def leader_required(s: BattleFacts) -> bool:
    """Each player plays a leader if one is available, or a Cheap Hero."""
    return all(_leads_ok(s, x) for x in SIDES)


@leader_required.z3
def _(v: Any) -> Any:
    return z3.And(
        *(
            z3.Or(getattr(v, f"{x}_leader"), getattr(v, f"{x}_ch"), getattr(v, f"{x}_leaders_available") == 0)
            for x in SIDES
        )
    )


# overview:102 "• Storm: ... Forces cannot battle across storm sectors."
# Forces under the storm itself the overview does not speak of: gf9.battle.storm-covers (gf9:99, 245) decides.


@rule(
    "overview.battle.storm-separates",
    on="battle",
    cites="overview:102",
    title="No battle across the storm",
    forbids=g.storm_separates.forbids,
    permits=g.storm_separates.permits,
    needs=("sectors_known",),
    when=g.storm_separates.when,
)
def storm_separates(s: BattleFacts) -> bool:
    """Forces the storm separates within a territory do not battle: some of each side's forces must meet
    through sectors of the territory clear of it."""
    return bool(g.storm_separates.check(s))


storm_separates.z3(_form(g.storm_separates))


# overview:106 "• Advanced Game adds: ... spice-supported combat (1 spice per force for full strength;
#              unsupported forces at half), ..."
# Read: each force dialed is supported by one spice (full strength) or not (half): the dial is what some of
# the forces present are worth with the spice committed supporting as many of them. The Fremen's forces and
# the Sardaukar are faction advantages (overview:105): gf9.battle.dial-fremen and gf9.battle.sardaukar-value.


@rule(
    "overview.battle.dial-support",
    on="battle",
    cites="overview:106",
    see_also="overview:61",
    title="Advanced: a supported force counts full, an unsupported one half",
    forbids=g.dial_support.forbids,
    permits=g.dial_support.permits,
    needs=("a_dial_h", "d_dial_h"),
    when=g.dial_support.when,
)
def dial_support(s: BattleFacts) -> bool:
    """One spice supports one force at full strength; an unsupported force counts one half. The dial is the
    strength of some forces present, the spice committed supporting that many of them."""
    return bool(g.dial_support.check(s))


dial_support.z3(_form(g.dial_support))


# -- Resolution ----------------------------------------------------------------------
# overview:61  "... Reveal simultaneously. Higher total (forces dialed + leader strength) wins. Tie goes to
#              aggressor. Loser loses all forces in territory and discards played cards. Winner loses only
#              forces dialed. Killed leaders go to Tleilaxu Tanks; winner receives their spice value."
# overview:75  "• Weapons: Kill opponent's leader if undefended"
# overview:76  "• Defenses: Block specific weapon types (Projectile/Poison)"
# overview:123 "Battle: Forces dialed + Leader strength; higher wins (ties: aggressor wins)"
# Where the overview is silent the fallback decides, and the logic is gf9's (constraints/gf9/battle.py):
# which defense blocks which weapon (the deck, gf9:271), a killed leader's strength (zero, gf9:273), the
# Kwisatz Haderach's two (gf9:351), the Advanced winner's selection (gf9:299), a lasgun-shield explosion
# (gf9:275: gf9.battle.explosion) and two traitors (gf9:289: gf9.battle.double-traitor). Each rule below holds
# in an ordinary battle (no traitor call, no explosion), as its gf9 counterpart does.


@rule(
    "overview.battle.winner",
    on="battle",
    cites="overview:61,123",
    see_also="gf9:273",
    title="The higher total (forces dialed + leader strength) wins; a tie goes to the aggressor",
    permits=g.battle_winner.permits,
    needs=("a_dial_h", "d_dial_h"),
    defines=("winner",),
    when=g.battle_winner.when,
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def winner(s: BattleFacts) -> dict[str, Any]:
    """Each side's total is its dial plus its leader's strength; the higher total wins, the aggressor a tie. A
    leader killed by a weapon adds nothing: the overview is silent there, and its fallback gf9:273 says so."""
    return _fixed(g.battle_winner, s)


winner.z3(_form(g.battle_winner))


@rule(
    "overview.battle.leaders-killed",
    on="battle",
    cites="overview:75,76",
    see_also="gf9:271",
    title="A weapon kills the opponent's leader unless a defense blocks that weapon type",
    permits=lambda s, o: f"Leaders killed: {_and(o.get('leaders_killed') or [])}.",
    needs=("a_dial_h", "d_dial_h"),
    defines=("leaders_killed",),
    when=g.leaders_killed.when,
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def leaders_killed(s: BattleFacts) -> dict[str, Any]:
    """An undefended weapon kills the opposing leader; a defense blocks its own weapon type (projectile or
    poison: the deck says which card is which)."""
    return _fixed(g.leaders_killed, s)


leaders_killed.z3(_form(g.leaders_killed))


@rule(
    "overview.battle.losses",
    on="battle",
    cites="overview:61",
    see_also="overview:106; gf9:299",
    title="The loser loses all its forces in the territory, the winner only the forces it dialed",
    permits=g.losses.permits,
    needs=("a_dial_h", "d_dial_h"),
    defines=("losses",),
    when=g.losses.when,
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def losses(s: BattleFacts) -> dict[str, Any]:
    """The loser loses every force in the territory; the winner loses the forces it dialed (Advanced: one per
    spice of support and two per unsupported strength)."""
    return _fixed(g.losses, s)


losses.z3(_form(g.losses))


@rule(
    "overview.battle.spice-gained",
    on="battle",
    cites="overview:61",
    title="Killed leaders go to the Tanks; the winner receives their spice value",
    permits=lambda s, o: _spice_gained_message(o),
    needs=("a_dial_h", "d_dial_h"),
    defines=("spice_gained",),
    when=g.spice_gained.when,
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def spice_gained(s: BattleFacts) -> dict[str, Any]:
    """The winner receives the spice value (the printed strength) of every leader killed in the battle, its own
    included."""
    return _fixed(g.spice_gained, s)


spice_gained.z3(_form(g.spice_gained))


def _loser_discards(s: BattleFacts, r: Mapping[str, Any]) -> list[str]:
    """The loser's played cards; the winner discards none (overview:61, 82: it loses only its dial / nothing)."""
    out: list[str] = []
    for i, x in ((1, "a"), (2, "d")):
        if r["winner"] != i:
            out += getattr(s, f"{x}_cards") or []
    return out


def _zloser_discards(v: Any) -> Any:
    """The same over the solver's variables: a side's ``disc`` is 2 (all its cards) if it loses, 0 if it wins."""
    return z3.And(*(getattr(v, f"{x}_disc") == z3.If(g.zwinner(v) == i, 0, 2) for i, x in ((1, "a"), (2, "d"))))


def _discarded_said(s: BattleFacts, outcome: dict[str, Any]) -> str:
    r = g.resolve(s)
    w, lose = ("a", "d") if r["winner"] == 1 else ("d", "a")
    kept = ", ".join(getattr(s, f"{w}_cards") or []) or "no card"
    gone = ", ".join(outcome.get("cards_discarded") or []) or "no card"
    return (
        f"{g._who(s, lose)}, the loser, discards its played cards ({gone}); {g._who(s, w)}, the winner, loses only "
        f"forces dialed and keeps {kept}."
    )


@rule(
    "overview.battle.cards-discarded",
    on="battle",
    cites="overview:61",
    title="The loser discards its played cards; the winner loses only the forces it dialed",
    permits=_discarded_said,
    needs=("a_dial_h", "d_dial_h"),
    defines=("cards_discarded",),
    when=g.cards_discarded.when,
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def cards_discarded(s: BattleFacts) -> dict[str, Any]:
    """The loser discards every card it played; the winner loses nothing but the forces it dialed, so it keeps
    its cards, a Cheap Hero included."""
    return {"cards_discarded": _loser_discards(s, g.resolve(s))}


@cards_discarded.z3
def _(v: Any) -> Any:
    return z3.Implies(g.zordinary(v), _zloser_discards(v))


# overview:82 "During battle, if your opponent's leader matches your Traitor Card, call "Treachery!" You
#             immediately win the battle, lose nothing, collect the traitorous leader's spice value. The
#             opponent loses all forces and played cards."
# Harkonnen's call for its ally is a faction advantage (overview:105), which gf9:291, 293 state: the one check
# serves both texts.


@rule(
    "overview.battle.traitor-card",
    on="battle",
    cites="overview:82",
    see_also="overview:105; gf9:291",
    title="Treachery is called on an opposing leader who matches the caller's Traitor Card",
    forbids=g.traitor_card.forbids,
    permits=g.traitor_card.permits,
    when=g.traitor_card.when,
)
def traitor_card(s: BattleFacts) -> bool:
    """A call names the opponent's leader (not a Cheap Hero) whose Traitor Card the caller holds (or, by
    Harkonnen's faction advantage, the caller's allied Harkonnen)."""
    return bool(g.traitor_card.check(s))


traitor_card.z3(_form(g.traitor_card))


def _traitor_said(s: BattleFacts, outcome: dict[str, Any]) -> str:
    x = "a" if s.a_traitor else "d"
    y = g.OTHER[x]
    lost = (outcome.get("losses") or {}).get(getattr(s, f"{y}_name"), 0)
    gone = ", ".join(outcome.get("cards_discarded") or []) or "no card"
    return (
        f"{getattr(s, f'{y}_leader_name')} matches {g._side_s(s, x)} Traitor Card: {g._who(s, x)} wins at once, "
        f"loses nothing and collects {getattr(s, f'{y}_strength')} spice; {g._who(s, y)} loses its {lost} forces "
        f"in {s.territory}{getattr(s, f'{y}_beyond')} and its played cards ({gone})."
    )


@rule(
    "overview.battle.traitor",
    on="battle",
    cites="overview:82",
    see_also="gf9:285",
    title="A traitor call wins at once: the caller loses nothing and collects the traitor's spice value",
    permits=_traitor_said,
    defines=("winner", "leaders_killed", "losses", "spice_gained", "cards_discarded"),
    when=g.traitor.when,
    one_sided="it fixes an outcome of legal plans and never forbids",
)
def traitor(s: BattleFacts) -> dict[str, Any]:
    """The caller wins immediately and loses nothing (forces, leader and cards); it collects the traitorous
    leader's spice value (its printed strength), and the traitor goes to the Tanks (the overview does not say
    where; its fallback gf9:285 does); the opponent loses all its forces in the territory and its played cards."""
    r = g.resolve(s)
    return {
        "winner": g._name(s, r["winner"]),
        "leaders_killed": g._killed_names(s, r),
        "losses": g._losses_of(s, r),
        "spice_gained": g._gains(s, r),
        "cards_discarded": _loser_discards(s, r),
    }


@traitor.z3
def _(v: Any) -> Any:
    return z3.Implies(
        g.zone_traitor(v),
        z3.And(
            v.winner == g.zwinner(v),
            *(getattr(v, f"{x}_killed") == g.zkilled(v, x) for x in SIDES),
            *(getattr(v, f"{x}_kh_killed") == z3.BoolVal(False) for x in SIDES),
            v.a_lost == g.zlost(v, "a", 1),
            v.d_lost == g.zlost(v, "d", 2),
            v.a_gain == g.zgain(v, "a", 1),
            v.d_gain == g.zgain(v, "d", 2),
            _zloser_discards(v),
        ),
    )

"""``dice-position``: a Dice Game position with no move: is it a position the game can reach?

A forbidding rule makes the verdict ``invalid-position`` (``judges_position``). The components
(dice:29-40), the Setup's player-count limits (dice:43, 45) and, as the rules grow, the end of a
round's victory (dice:181-185) are judged here.

Facts conventions (every Dice Game kind follows them): per-Faction facts are lists named ``f_<what>``
in the order of the ``factions`` label (the Factions the position names); a count the position does
not give is left out of a sum only where the rule can still judge without it (a component limit is
an upper bound), otherwise the fact is ``None`` and the rule names the key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from checker.dice.position import CARDS, STEPS, DicePosition, display
from checker.dice.setup import CUBES, CYLINDERS
from checker.facts import Facts, Kind, Vars, fact, kind, label


@dataclass
class DicePositionFacts(Facts):
    """The facts of a Dice Game position judged as a whole."""

    players: int = fact(0, key="players", doc="players: given, else the Factions named")
    bene_gesserit: bool = fact(False, key="factions", doc="the Bene Gesserit takes part")
    # per Faction named
    f_troops: list[int] = fact([], doc="its Troops the position places: map + Faction board + supply (as given)")
    f_cubes: list[int] = fact([], doc="its Troop cubes (dice:35-38)")
    f_leaders: list[int] = fact([], doc="Leaders on its Faction board (0 when not given)")
    f_cylinders: list[int] = fact([], doc="its Leader cylinders (dice:35-38)")
    # cards
    protection_held: int = fact(0, doc="Protection cards held by all Factions together")
    card_holders: list[int] = fact([], doc="per card sandstorm, turn-order, landsraad: how many Factions hold it")
    fortifications: int = fact(0, doc="Fortification / Stronghold tokens on the map")
    dice_known: int = fact(0, doc="dice the position places: on slots, in personal supplies, in the common supply")
    # labels
    factions: tuple[str, ...] = label(())
    players_given: bool = label(False)
    dice_limit: int = label(0, doc="6 dice per player (dice:34), for messages")
    troops_detail: tuple[str, ...] = label((), doc="per Faction: where its Troops are, for messages")
    troops_given: tuple[bool, ...] = label((), doc="per Faction: the position gives some count of its Troops")
    # -- the round (constraints/dice/round.py, alliance.py) and its end (victory.py): filled by round_facts --
    round: int | None = fact(None, key="round", doc="the round, 1..6 (dice:65)")
    # per die on a slot whose printed numbers are judged (dice:80): its face, the faces allowed (bit k: face k)
    die_face: list[int] = fact([], doc="per judged die: its face")
    die_mask: list[int] = fact([], doc="per judged die: the faces its slot allows, bit k for face k")
    slot_faces_known: bool | None = fact(True, key="slot_faces", doc="every slot with a die has its numbers given")
    combat_step_known: bool | None = fact(True, key="step", doc="whether rolled Combat dice may show any face")
    # per (Faction, Faction slot) with dice on it (dice:79, 81)
    fs_dice: list[int] = fact([], doc="per Faction slot with dice: how many dice")
    fs_in_play: list[bool] = fact([], doc="per Faction slot with dice: that Faction takes part")
    slot_roster_known: bool | None = fact(True, key="slot_roster", doc="every Faction taking part is named")
    # per Faction
    f_landsraad_dice: list[int] = fact([], doc="dice on the Landsraad card's slot (dice:189)")
    f_slot_dice: list[int] = fact([], doc="its dice on slots")
    f_personal: list[int] = fact([], doc="its dice in its personal supply (0 when not given)")
    f_personal_given: list[bool] = fact([], key="factions.FACTION.personal_dice", doc="'personal_dice' is given")
    round_dice_known: bool | None = fact(True, key="personal_dice", doc="the dice counts dice:91 needs")
    f_loyalty_cap: list[int] = fact([], doc="Loyalty tokens it keeps at the end of a round: 1, Atreides 2")
    turn_len: int = fact(0, key="turn_order", doc="Factions on the Turn Order track (0: not given)")
    f_alliances: list[int] = fact([], doc="alliances it is listed in")
    alliance_count: int = fact(0, key="alliances", doc="alliances listed")
    allied: list[bool] = fact([], doc="per pair of Factions (f * n + g): allied this round")
    ctrl: list[bool] = fact([], doc="per Faction and strategic Region (f * 5 + r): it has Troops there")
    f_never_landsraad: list[bool] = fact([], doc="it can never win by holding the Landsraad (dice:212, 237)")
    is_bg: list[bool] = fact([], doc="it is the Bene Gesserit")
    predicted: int = fact(-1, doc="the Faction the Bene Gesserit picked (index), -1 none or not named")
    has_prediction: bool = fact(False, doc="the position gives the Bene Gesserit's prediction")
    landsraad_known: bool | None = fact(True, key="landsraad", doc="someone named holds the Landsraad card")
    prediction_known: bool | None = fact(True, key="prediction", doc="the Bene Gesserit's pick, when it may share")
    roster_known: bool | None = fact(True, key="factions", doc="no unnamed Faction can be the Bene Gesserit")
    prediction_roster_known: bool | None = fact(True, key="prediction_roster", doc="the pick is named, or all are")
    # labels for messages
    strategic: tuple[str, ...] = label((), doc="the five strategic Regions (dice:57, 63)")
    alliance_pairs: tuple[tuple[str, str], ...] = label(())
    die_labels: tuple[tuple[str, str, int, tuple[int, ...]], ...] = label((), doc="per judged die")
    fs_labels: tuple[tuple[str, str], ...] = label((), doc="per Faction slot with dice: (owner, slot)")
    crowded: tuple[tuple[str, str, int], ...] = label((), doc="(owner, slot, dice) of slot names with over 3 dice")
    turn_order: tuple[str, ...] = label(())
    prediction: str = label("", doc="the Faction the Bene Gesserit picked")
    keys: dict[str, str] = field(default_factory=dict, metadata={"z3": False, "doc": "key -> as this position says"})
    # -- the Setup and the Factions' notes (constraints/dice/setup.py, factions.py): filled by setup_facts --
    setup: bool = fact(False, key="round", doc="round 1, step roll: the position the Setup leaves (dice:41-53)")
    first_round: bool = fact(False, key="round", doc="round 1, before the Sandstorm step: it has not moved yet")
    guild_known: bool | None = fact(True, key="guild_known", doc="whether the Spacing Guild takes part is known")
    all_named: bool = fact(False, key="players", doc="the position names every player's Faction")
    f_code: list[int] = fact([], key="factions", doc="its place in Setup order (dice:197): 0 Atreides .. 5 BG")
    f_turn: list[int] = fact([], key="turn_order", doc="its place in turn_order, -1 when not listed")
    f_last: list[bool] = fact([], key="turn_order", doc="last in turn_order (else in Setup order)")
    f_leader_known: list[bool] = fact([], key="factions.FACTION.leader", doc="'leader' is given")
    f_board: list[int] = fact([], key="factions.FACTION.board_troops", doc="Troops on its board, -1 unknown")
    f_supply: list[int] = fact([], key="factions.FACTION.supply", doc="Troops in its supply, -1 unknown")
    f_map: list[int] = fact([], key="troops", doc="its Troops on the map")
    f_map_regions: list[int] = fact([], key="troops", doc="Regions holding its Troops")
    f_map_strategic: list[int] = fact([], key="troops", doc="its Troops in strategic Regions (dice:57)")
    f_map_polar: list[int] = fact([], key="troops", doc="its Troops in the Polar Sink")
    f_shared_earlier: list[int] = fact([], key="troops", doc="its Regions shared with a Faction earlier in Setup order")
    f_protection: list[int] = fact([], key="factions.FACTION.cards", doc="Protection cards it holds")
    f_sandstorm: list[bool] = fact([], key="factions.FACTION.cards", doc="it holds the Sandstorm card")
    f_turn_order_card: list[bool] = fact([], key="factions.FACTION.cards", doc="it holds the Turn Order card")
    f_landsraad: list[bool] = fact([], key="factions.FACTION.cards", doc="it holds the Landsraad card")
    cards_fremen: bool | None = fact(True, key="factions.fremen.cards", doc="the Fremen's cards are given")
    cards_corrino: bool | None = fact(True, key="factions.corrino.cards", doc="Corrino's cards are given")
    cards_guild: bool | None = fact(True, key="factions.spacing-guild.cards", doc="the Guild's cards are given")
    cards_bg: bool | None = fact(True, key="factions.bene-gesserit.cards", doc="the BG's cards are given")
    cards_last: bool | None = fact(True, key="factions.LAST.cards", doc="the last in Turn Order's cards are given")
    cards_unknown: str = label("", doc="the Factions whose cards the position does not give, for messages")
    f_loyalty: list[int] = fact([], key="factions.FACTION.loyalty", doc="Loyalty tokens it holds, -1 unknown")
    f_dice: list[int] = fact([], key="factions.FACTION.dice", doc="its dice (slots + personal), -1 unknown")
    f_bonus_slots: list[int] = fact([], key="factions.FACTION.bonus_slots", doc="bonus-die slots it lists")
    f_tokens_showing: list[int] = fact([], key="factions.FACTION.loyalty", doc="listed tokens showing it")
    tokens_not_in_play: int = fact(0, key="factions.FACTION.loyalty", doc="listed tokens of Factions not in play")
    loyalty_held: int = fact(-1, key="factions.FACTION.loyalty", doc="tokens held and picked, -1 unknown")
    loyalty_supply: int = fact(-1, key="loyalty_supply", doc="tokens in the supply, -1 unknown")
    step_index: int = fact(-1, key="step", doc="the step, 0 roll .. 10 end, -1 unknown")
    sandstorm_given: bool = fact(False, key="sandstorm")
    sandstorm_jacurutu: bool = fact(False, key="sandstorm")
    sandstorm_never: bool = fact(False, key="sandstorm", doc="the marker is in the Polar Sink or an outer Region")
    sandstorm_occupied: int = fact(0, key="sandstorm", doc="Troops and tokens in the Sandstorm's Region")
    forts_harkonnen: int = fact(0, key="fortifications", doc="Harkonnen Fortifications on its own Troops' Region")
    common_dice: int = fact(-1, key="common_dice", doc="dice in the common supply, -1 unknown")
    troops_known: bool | None = fact(None, key="troops", doc="the position gives 'troops' (None: not given)")
    forts_known: bool | None = fact(None, key="fortifications", doc="the position gives 'fortifications'")
    sandstorm_region: str = label("", doc="the Sandstorm's Region, for messages")
    # -- the tokens on the map at any time (constraints/dice/components.py: dice:56, 157, 160) --
    forts_polar: int = fact(0, key="fortifications", doc="tokens in the Polar Sink (dice:56, 160)")
    forts_doubled: int = fact(0, key="fortifications", doc="tokens beyond one in their Region (dice:157)")
    forts_unmanned: int = fact(0, key="fortifications", doc="tokens whose controller has no Troop there (dice:157)")
    forts_detail: str = label("", doc="the tokens at fault, for messages")
    forts_controlled: int = label(0, doc="tokens with a controller named")

    def position_key(self, key: str) -> str:
        """The key as this position spells it (round_facts fills ``keys``: the Faction and slot at fault)."""
        return self.keys.get(key, key)


UNIQUE_CARDS = tuple(c for c in CARDS if c != "protection")  # dice:32: one of each
END = STEPS.index("end")
COMBAT = STEPS.index("combat")
ROLL = STEPS.index("roll")
STRATEGIC = 5  # dice:57, 63
NEVER_LANDSRAAD = ("fremen", "bene-gesserit")  # dice:212, 237 "... or win by holding it"


def dice_rolled(personal: int, common: int | None) -> int:
    """The dice a player rolls: those of its personal supply, topped up to 3 or cut to 6 (dice:91); the dice it gains
    come from the common supply (dice:88), as far as it holds them (``common``: None where the position does not
    say)."""
    if personal < 3 and common is not None:
        return personal + min(3 - personal, common)
    return min(max(personal, 3), 6)


def topped_up(s: DicePositionFacts) -> list[bool]:
    """Per Faction, at the Roll the Dice step: it has placed no die yet and its personal supply is given, so the
    dice it rolls are those dice:91 leaves it."""
    return [on == 0 and given for on, given in zip(s.f_slot_dice, s.f_personal_given, strict=True)]


def dice_names(pos: DicePosition) -> list[str]:
    """Every Faction the position names: its ``factions``, Troops and tokens, then alliances and Turn Order."""
    return pos.every_faction


def mask(faces: list[int]) -> int:
    """A set of faces as bits (bit k for face k)."""
    return sum(1 << k for k in set(faces))


@kind
class DicePositionKind(Kind):
    name = "dice-position"
    preprocessed = True  # measured over its cases: 0.51 of the time of the long-lived solver
    judges_position = True
    title = "Dice Game position"
    outcome_keys: ClassVar[dict[str, str]] = {
        "dice_at_start": "Faction -> its dice at the start of the Roll the Dice step, after the top-up (dice:91)"
    }
    ruled = ("winner", "dice_at_start")  # dice:175, 181-185: at step `end`, who wins; dice:91 at step `roll`

    def choices(self, v: Vars, facts: Facts) -> None:
        import z3

        w: Any = v  # the choices join the facts' variables
        w.won = [z3.Bool(f"won_{i}") for i in range(len(facts.factions))]  # type: ignore[attr-defined]
        w.start = [z3.Int(f"start_{i}") for i in range(len(facts.factions))]  # type: ignore[attr-defined]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, DicePositionFacts)
        w: Any = v
        if facts.step_index == ROLL:  # dice:91: the dice each player has once the round has begun
            start = zip(facts.factions, w.start, topped_up(facts), strict=True)
            return {"dice_at_start": {f: value(n) for f, n, ok in start if ok}}
        if facts.step_index != END:
            return {}
        return {"winner": winner_value(facts.factions, [bool(value(x)) for x in w.won])}

    def facts(self, pos: Any) -> DicePositionFacts:
        assert isinstance(pos, DicePosition)
        names = tuple(dice_names(pos))
        troops, detail = [], []
        for f in names:
            st = pos.state(f)
            parts = [("on the map", pos.on_map(f)), ("on its board", st.board_troops), ("in its supply", st.supply)]
            troops.append(sum(n or 0 for _, n in parts))
            detail.append(", ".join(f"{n} {where}" for where, n in parts if n))
        notes = []
        if pos.players is None:
            notes.append(f"the position does not give 'players': the {len(names)} Factions it names are the players")
        facts = DicePositionFacts(
            faction="",
            players=pos.players if pos.players is not None else len(names),
            bene_gesserit="bene-gesserit" in names,
            f_troops=troops,
            f_cubes=[CUBES[f] for f in names],
            f_leaders=[pos.state(f).leader or 0 for f in names],
            f_cylinders=[CYLINDERS[f] for f in names],
            protection_held=sum(pos.state(f).held.count("protection") for f in names),
            card_holders=[len(pos.holders(c)) for c in UNIQUE_CARDS],
            fortifications=len(pos.fortifications),
            dice_known=sum(pos.state(f).dice_on_board + (pos.state(f).personal_dice or 0) for f in names)
            + (pos.common_dice or 0),
            factions=names,
            players_given=pos.players is not None,
            dice_limit=6 * (pos.players if pos.players is not None else len(names)),
            troops_detail=tuple(detail),
            troops_given=tuple(
                pos.on_map(f) > 0 or pos.state(f).board_troops is not None or pos.state(f).supply is not None
                for f in names
            ),
            notes=notes,
            **setup_facts(pos, names),
        )
        round_facts(pos, facts)
        return facts


def setup_facts(pos: DicePosition, names: tuple[str, ...]) -> dict[str, Any]:
    """The facts the Setup's and the Factions' rules read (constraints/dice/setup.py, factions.py)."""
    from checker.dice.position import FACTIONS, STEPS

    board = pos.board
    order = [f for f in pos.turn_order]
    last = order[-1] if order else max(names, key=FACTIONS.index, default="")
    region_of: dict[str, set[str]] = {f: {t.region for t in pos.troops if t.faction == f and t.count} for f in names}

    def loyalty(f: str) -> int:
        held = pos.state(f).loyalty
        return -1 if held is None else held if isinstance(held, int) else len(held)

    def dice(f: str) -> int:
        st = pos.state(f)
        return -1 if st.personal_dice is None and not st.dice_listed else (st.personal_dice or 0) + st.dice_on_board

    shown = [x for f in names if isinstance(pos.state(f).loyalty, list) for x in pos.state(f).loyalty]  # type: ignore[union-attr]
    shown += [p.faction for f in names if (p := pos.state(f).prediction) is not None]
    held = [loyalty(f) for f in names]
    picked = sum(1 for f in names if pos.state(f).prediction is not None)
    storm = pos.sandstorm
    guild = pos.in_game("spacing-guild")
    return {
        "setup": pos.round == 1 and pos.step == "roll",
        "first_round": pos.round == 1 and pos.step is not None and STEPS.index(pos.step) < STEPS.index("sandstorm"),
        "guild_known": None if guild is None else True,
        "all_named": pos.player_count == len(names),
        "f_code": [FACTIONS.index(f) for f in names],
        "f_turn": [order.index(f) if f in order else -1 for f in names],
        "f_last": [f == last for f in names],
        "f_leader_known": [pos.state(f).leader is not None for f in names],
        "f_board": [-1 if pos.state(f).board_troops is None else pos.state(f).board_troops for f in names],
        "f_supply": [-1 if pos.state(f).supply is None else pos.state(f).supply for f in names],
        "f_map": [pos.on_map(f) for f in names],
        "f_map_regions": [len(region_of[f]) for f in names],
        "f_map_strategic": [sum(pos.troops_in(r, f) for r in region_of[f] if board[r].strategic) for f in names],
        "f_map_polar": [pos.troops_in("Polar Sink", f) for f in names],
        "f_shared_earlier": [
            sum(
                1
                for r in region_of[f]
                if any(r in region_of[g] for g in names if FACTIONS.index(g) < FACTIONS.index(f))
            )
            for f in names
        ],
        "f_protection": [pos.state(f).held.count("protection") for f in names],
        "f_sandstorm": ["sandstorm" in pos.state(f).held for f in names],
        "f_turn_order_card": ["turn-order" in pos.state(f).held for f in names],
        "f_landsraad": ["landsraad" in pos.state(f).held for f in names],
        "cards_fremen": pos.state("fremen").cards_known or None,
        "cards_corrino": pos.state("corrino").cards_known or None,
        "cards_guild": pos.state("spacing-guild").cards_known or None,
        "cards_bg": pos.state("bene-gesserit").cards_known or None,
        # the last in Turn Order's cards matter where a claimer is not in play (dice:51)
        "cards_last": True
        if not last or all(f in names for f in ("fremen", "corrino", "spacing-guild", "bene-gesserit"))
        else pos.state(last).cards_known or None,
        "cards_unknown": ", ".join(display(f) for f in pos.cards_unknown(names)),
        "f_loyalty": held,
        "f_dice": [dice(f) for f in names],
        "f_bonus_slots": [len(pos.state(f).bonus_slots) for f in names],
        "f_tokens_showing": [shown.count(f) for f in names],
        "tokens_not_in_play": sum(1 for x in shown if x not in names),
        "loyalty_held": -1 if any(n < 0 for n in held) else sum(held) + picked,
        "loyalty_supply": -1 if pos.loyalty_supply is None else pos.loyalty_supply,
        "step_index": -1 if pos.step is None else STEPS.index(pos.step),
        "sandstorm_given": storm is not None,
        "sandstorm_jacurutu": storm == "Jacurutu",
        "sandstorm_never": storm is not None and (board[storm].neutral or board[storm].outer),
        "sandstorm_occupied": 0 if storm is None else pos.troops_in(storm) + (pos.fortification_in(storm) is not None),
        "forts_harkonnen": sum(
            1
            for x in pos.fortifications
            if pos.token_control(x.region).faction == "harkonnen"
            and x.kind == "fortification"
            and x.region in region_of.get("harkonnen", ())
            and not board[x.region].neutral
        ),
        "common_dice": -1 if pos.common_dice is None else pos.common_dice,
        "sandstorm_region": storm or "",
        **token_facts(pos),
        "troops_known": True if "troops" in pos.given else None,
        "forts_known": True if "fortifications" in pos.given else None,
    }


def winner_value(factions: tuple[str, ...], won: list[bool]) -> Any:
    """The published ``winner``: a Faction, a list for a shared victory, or ``none``."""
    from checker.outcomes import winner_of

    return winner_of([f for f, w in zip(factions, won, strict=True) if w])


def token_facts(pos: DicePosition) -> dict[str, Any]:
    """The Fortification and Stronghold tokens the map cannot hold (dice:56, 157, 160)."""
    board = pos.board
    polar = [x.region for x in pos.fortifications if x.region in board.names and board[x.region].neutral]
    regions = [x.region for x in pos.fortifications]
    doubled = sorted({r for r in regions if regions.count(r) > 1})
    unmanned = [
        f"{display(x.controller)}'s token in {x.region} without a {display(x.controller)} Troop there"
        for x in pos.fortifications
        if x.controller is not None and pos.troops_in(x.region, x.controller) == 0
    ]
    detail = [f"a token in the {r}" for r in polar] + [f"{regions.count(r)} tokens in {r}" for r in doubled] + unmanned
    return {
        "forts_polar": len(polar),
        "forts_doubled": sum(regions.count(r) - 1 for r in doubled),
        "forts_unmanned": len(unmanned),
        "forts_detail": "; ".join(detail),
        "forts_controlled": sum(1 for x in pos.fortifications if x.controller is not None),
    }


def round_facts(pos: DicePosition, s: DicePositionFacts) -> None:
    """The facts of the round's rules (constraints/dice/round.py, alliance.py) and of victory (victory.py)."""
    from checker.dice.position import FACTIONS

    names = list(s.factions)
    n = len(names)
    step = None if pos.step is None else STEPS.index(pos.step)
    keys: dict[str, str] = {}
    s.round = pos.round
    last = pos.turn_order[-1] if pos.turn_order else max(names, key=FACTIONS.index, default="")
    keys["factions.LAST.cards"] = f"factions.{last}.cards (the last in Turn Order's cards)"
    # dice:79-81: the dice on slots
    for f in names:
        st = pos.state(f)
        for slot in st.dice:
            faces = st.faces(slot)
            if slot in FACTIONS:  # a Faction slot: any number (dice:81), one die (dice:79)
                s.fs_dice.append(len(faces))
                s.fs_in_play.append(slot in names)
                s.fs_labels += ((f, slot),)
                continue
            if len(faces) > 3:  # more than a group of slots holds (dice:80): a board the text does not describe
                s.crowded += ((f, slot, len(faces)),)
            if slot == "combat" and step is not None and step >= COMBAT:
                continue  # rolled in Combat and returned to their slots as they fell (dice:147, 256)
            allowed = st.slot_faces.get(slot)
            if allowed is None:
                s.slot_faces_known = None
                keys.setdefault("slot_faces", f"factions.{f}.slot_faces.{slot}")
                continue
            allowed_list = [1, 2, 3, 4, 5, 6] if isinstance(allowed, str) else list(allowed)  # '?': any
            if slot == "combat" and step is None and any(x not in allowed_list for x in faces):
                s.combat_step_known = None  # rolled already, or placed so? the step says
                continue
            for face in faces:
                s.die_face.append(face)
                s.die_mask.append(mask(allowed_list))
                s.die_labels += ((f, slot, face, tuple(sorted(allowed_list))),)
        s.f_landsraad_dice.append(len(st.faces("landsraad")))
        s.f_slot_dice.append(st.dice_on_board)
        s.f_personal.append(st.personal_dice or 0)
        s.f_personal_given.append(st.personal_dice is not None)
        if pos.step == "roll" and 0 < st.dice_on_board < 3 and st.personal_dice is None:
            s.round_dice_known = None
            keys.setdefault("personal_dice", f"factions.{f}.personal_dice")
        s.f_loyalty_cap.append(2 if f == "atreides" else 1)  # dice:178, 192
    if any(not (m >> face & 1) for face, m in zip(s.die_face, s.die_mask, strict=True)):
        # a die known to show a number its slot does not print decides dice:80, whatever the dice not judged show
        s.slot_faces_known = s.combat_step_known = True
    if pos.players is not None and pos.players > n and not all(s.fs_in_play):
        s.slot_roster_known = None  # an unnamed player may be that Faction
        unnamed = next(slot for (_, slot), ok in zip(s.fs_labels, s.fs_in_play, strict=True) if not ok)
        keys["slot_roster"] = f"factions (the Factions of all {pos.players} players: {unnamed} may be one)"
    # dice:121: the Turn Order track
    s.turn_len = len(pos.turn_order)
    s.turn_order = tuple(pos.turn_order)
    # dice:97-102: alliances
    pairs = [(a, b) for a, b in pos.alliances]
    s.alliance_pairs = tuple(pairs)
    s.alliance_count = len(pairs)
    s.f_alliances = [sum(f in p for p in pairs) for f in names]
    s.allied = [f != g and any(f in p and g in p for p in pairs) for f in names for g in names]
    # dice:63, 181-185: control of the strategic Regions (the Sandstorm's too: dice:173)
    board = pos.board
    s.strategic = tuple(r for r in board.names if board[r].strategic)
    s.ctrl = [pos.troops_in(r, f) > 0 for f in names for r in s.strategic]
    s.f_never_landsraad = [f in NEVER_LANDSRAAD for f in names]
    s.is_bg = [f == "bene-gesserit" for f in names]
    bg = pos.state("bene-gesserit").prediction if "bene-gesserit" in names else None
    s.has_prediction = bg is not None
    s.prediction = bg.faction if bg is not None else ""
    s.predicted = names.index(bg.faction) if bg is not None and bg.faction in names else -1
    if "bene-gesserit" in names and bg is None:
        s.prediction_known = None
        keys["prediction"] = "factions.bene-gesserit.prediction"
    if "bene-gesserit" not in names and s.players > n and s.players >= 5:  # dice:45: five or more players
        s.roster_known = None
        keys["factions"] = f"factions (the Factions of all {s.players} players: one may be the Bene Gesserit)"
    if bg is not None and s.predicted < 0 and s.players > n:
        s.prediction_roster_known = None
        keys["prediction_roster"] = f"factions (the Factions of all {s.players} players: {bg.faction} may be one)"
    if not any(s.f_landsraad):
        s.landsraad_known = None
        keys["landsraad"] = "factions.FACTION.cards (the Landsraad card's holder)"
    if s.guild_known is None:
        keys["guild_known"] = f"factions (the Factions of all {s.players} players: one may be the Spacing Guild)"
    s.keys = keys

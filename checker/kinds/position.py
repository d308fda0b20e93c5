"""A position without a move: is it a position the rules allow? (And, at the Mentat Pause, who wins?)

The facts are tables: one entry per faction (``f_*``), per faction and
stronghold (``occ``, flattened ``faction * 5 + stronghold``), per alliance and
territory where one of the allies stands (``ally_*``), per territory where the
Bene Gesserit stand (``bg_*``), and per winning unit, an unallied faction or an
alliance (``member``, flattened ``unit * factions + faction``). Unknown numbers
(reserves, tanks, hand) count as zero: a position says only what it needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, get_args

from checker.board import POLAR_SINK, STRONGHOLD_NAMES
from checker.facts import Facts, Kind, Vars, fact, kind, label
from checker.position import Phase, Position

PHASES: tuple[str, ...] = get_args(Phase)
SHIPMENT_AND_MOVEMENT = PHASES.index("shipment-and-movement")
MENTAT_PAUSE = PHASES.index("mentat-pause")
SUPPLY = 20  # gf9:37 twenty force tokens per faction
SPECIAL_CAP = {"emperor": 5, "fremen": 3}  # gf9:41, 53 (Advanced)


@dataclass
class PositionFacts(Facts):
    phase_index: int | None = fact(key="phase", doc="0 storm .. 9 mentat-pause")
    turn: int | None = fact(key="turn")
    # per faction
    f_board: list[int] = fact([], doc="force tokens on the board")
    f_reserves: list[int] = fact([])
    f_tanks: list[int] = fact([])
    f_special: list[int] = fact([], doc="special tokens anywhere (board, reserves, tanks)")
    f_special_cap: list[int] = fact([], doc="Advanced special tokens the faction owns")
    f_hand: list[int] = fact([])
    f_harkonnen: list[bool] = fact([])
    # per (alliance, territory) where one of the allies stands, Polar Sink excluded
    has_alliances: bool = fact(False)
    ally_a_in: list[bool] = fact([])
    ally_b_in: list[bool] = fact([])
    # per (faction, stronghold): fighters there
    occ: list[bool] = fact([])
    # per territory where the Bene Gesserit stand
    bg_advisors_in: list[bool] = fact([])
    bg_fighters_in: list[bool] = fact([])
    # the victory check
    member: list[bool] = fact([])
    unit_alliance: list[bool] = fact([])
    two_players: bool = fact(False)
    three_or_fewer: bool = fact(False, doc="a game of two or three players (the overview's four-stronghold target)")
    predicted: int = fact(-1, doc="unit index of the Bene Gesserit's predicted faction, -1 if none")
    prediction_turn_now: bool = fact(False)
    bg_in_game: bool = fact(False)
    prediction_known: bool | None = fact(True, key="factions.bene-gesserit.prediction")
    turn_known: bool | None = fact(True, key="turn")
    # labels
    factions: tuple[str, ...] = label(())
    units: tuple[tuple[str, ...], ...] = label(())
    over_supply: str = label("")
    over_special: str = label("")
    over_hand: str = label("")
    shared: str = label("")
    crowded: str = label("")
    mixed: str = label("")


def stronghold_counts(s: PositionFacts) -> list[int]:
    """Strongholds held by each unit: its members' fighters there, and no one else's."""
    n = len(s.factions)
    out = []
    for u in range(len(s.units)):
        held = 0
        for h in range(len(STRONGHOLD_NAMES)):
            present = {f for f in range(n) if s.occ[f * len(STRONGHOLD_NAMES) + h]}
            mine = {f for f in range(n) if s.member[u * n + f]}
            if present and present <= mine:
                held += 1
        out.append(held)
    return out


@kind
class PositionCheck(Kind):
    name = "position"
    title = "Position validity"

    def facts(self, pos: Position) -> PositionFacts:
        factions = pos.faction_names
        for pair in pos.alliances:  # an ally with no forces or state still belongs to the tables
            factions += [f for f in pair if f not in factions]
        n = len(factions)
        adv = pos.advanced

        def state(f: str, key: str) -> int:
            st = pos.factions.get(f)
            value = getattr(st, key, None) if st else None
            return value if isinstance(value, int) else 0

        def hand(f: str) -> int:
            st = pos.factions.get(f)
            h = st.hand if st else None
            return len(h) if isinstance(h, list) else (h or 0)

        f_board = [sum(g.total for g in pos.groups(f)) for f in factions]
        f_res = [state(f, "reserves") + state(f, "reserves_special") for f in factions]
        f_tanks = [state(f, "tanks") + state(f, "tanks_special") for f in factions]
        f_special = [
            sum(g.special for g in pos.groups(f)) + state(f, "reserves_special") + state(f, "tanks_special")
            for f in factions
        ]
        caps = [SPECIAL_CAP.get(f, 0) for f in factions]
        hands = [hand(f) for f in factions]
        totals = [a + b + c for a, b, c in zip(f_board, f_res, f_tanks, strict=True)]

        # alliances
        a_in: list[bool] = []
        b_in: list[bool] = []
        shared = []
        for a, b in pos.alliances:
            where = sorted(
                {g.territory for g in pos.forces if g.faction in (a, b) and g.total and g.territory != POLAR_SINK}
            )
            for t in where:
                ina, inb = (
                    bool(pos.occupants(t, fighters_only=False) & {a}),
                    bool(pos.occupants(t, fighters_only=False) & {b}),
                )
                a_in.append(ina)
                b_in.append(inb)
                if ina and inb:
                    shared.append(f"{a} and {b} in {t}")

        crowded = [h for h in STRONGHOLD_NAMES if len(pos.occupants(h)) > 2]

        bg_adv: list[bool] = []
        bg_fight: list[bool] = []
        mixed = []
        if adv:
            for t in sorted({g.territory for g in pos.groups("bene-gesserit") if g.total}):
                groups = [g for g in pos.groups("bene-gesserit", t) if g.total]
                bg_adv.append(any(g.advisors for g in groups))
                bg_fight.append(any(not g.advisors for g in groups))
                if bg_adv[-1] and bg_fight[-1]:
                    mixed.append(t)

        # victory units: each alliance, then each unallied faction
        allied = {f for pair in pos.alliances for f in pair}
        units: list[tuple[str, ...]] = [tuple(p) for p in pos.alliances] + [(f,) for f in factions if f not in allied]
        occ = [f in pos.occupants(h) for f in factions for h in STRONGHOLD_NAMES]
        member = [f in u for u in units for f in factions]
        players = pos.players if pos.players is not None else n
        bg = pos.factions.get("bene-gesserit")
        prediction = bg.prediction if bg else None
        predicted = next((i for i, u in enumerate(units) if prediction and prediction.faction in u), -1)
        bg_in = "bene-gesserit" in factions
        facts = PositionFacts(
            advanced=adv,
            phase_index=PHASES.index(pos.phase) if pos.phase else None,
            turn=pos.turn,
            f_board=f_board,
            f_reserves=f_res,
            f_tanks=f_tanks,
            f_special=f_special,
            f_special_cap=caps,
            f_hand=hands,
            f_harkonnen=[f == "harkonnen" for f in factions],
            has_alliances=bool(pos.alliances),
            ally_a_in=a_in,
            ally_b_in=b_in,
            occ=occ,
            bg_advisors_in=bg_adv,
            bg_fighters_in=bg_fight,
            member=member,
            unit_alliance=[len(u) > 1 for u in units],
            two_players=players == 2,
            three_or_fewer=players <= 3,
            predicted=predicted,
            prediction_turn_now=bool(prediction and pos.turn == prediction.turn),
            bg_in_game=bg_in,
            factions=tuple(factions),
            units=tuple(units),
            over_supply=", ".join(f"{f} has {t}" for f, t in zip(factions, totals, strict=True) if t > SUPPLY),
            over_special=", ".join(
                f"{f} has {sp} special tokens (at most {c})"
                for f, sp, c in zip(factions, f_special, caps, strict=True)
                if sp > c
            ),
            over_hand=", ".join(
                f"{f} holds {h}" for f, h in zip(factions, hands, strict=True) if h > (8 if f == "harkonnen" else 4)
            ),
            shared="; ".join(shared),
            crowded=", ".join(crowded),
            mixed=", ".join(mixed),
        )
        if (
            pos.phase == "mentat-pause"
            and bg_in
            and any(c >= need(facts, u) for u, c in enumerate(stronghold_counts(facts)))
        ):
            if prediction is None:
                facts.prediction_known = None
            elif pos.turn is None:
                facts.turn_known = None
        return facts

    def choices(self, v: Vars, facts: Facts) -> None:
        import z3

        assert isinstance(facts, PositionFacts)
        w: Any = v  # the choices join the facts' variables
        w.wins = [z3.Bool(f"wins_{u}") for u in range(len(facts.units))]
        w.bg_wins = z3.Bool("bg_wins")

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        assert isinstance(facts, PositionFacts)
        if facts.phase_index != MENTAT_PAUSE:
            return {}
        return {"winner": winner_name(facts, [bool(value(w)) for w in v.wins], bool(value(v.bg_wins)))}


def need(s: PositionFacts, unit: int) -> int:
    """Strongholds a unit needs: four for an alliance or in a two-player game, else three."""
    return 4 if s.unit_alliance[unit] or s.two_players else 3


def winner_name(s: PositionFacts, wins: list[bool], bg_wins: bool) -> Any:
    if bg_wins:
        return "bene-gesserit"
    names = [f for u, w in zip(s.units, wins, strict=True) if w for f in u]
    if not names:
        return "none"
    return names[0] if len(names) == 1 else names

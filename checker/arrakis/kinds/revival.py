"""Revival: forces from the Tleilaxu Tanks to reserves, and a leader (or the Kwisatz Haderach).

The solver fixes the outcome: ``free`` (the faction's free allowance), ``force_cost``
(spice for the forces beyond it), ``leader_cost`` (the leader's strength),
``kh_cost`` (the Kwisatz Haderach's two spice) and ``emperor_cost`` (what the
Emperor pays for its ally's forces beyond its own three). Rules fix these values;
``outcome()`` reads them from the model.

Outcome keys: ``cost`` (all spice paid for this revival, whoever pays it), its
parts ``force_cost``, ``leader_cost``, ``kh_cost`` and ``emperor_cost`` (what the
Emperor pays), ``free`` (the allowance) and, where spice is paid, ``paid_to``:
``bank``, the receiver of the leader's price (gf9:191) and of the spice paid for
forces (gf9:179) and the Kwisatz Haderach (gf9:353), payments no faction or card
redirects (gf9:33; where Tleilaxu may play, it is not reported).

Move keys beyond the count: ``emperor_pays`` (forces beyond the reviver's own
three that its ally the Emperor pays for, gf9:183, 393; asked for when an ally of
the Emperor revives more than three), ``fremen_grant`` (the reviver's ally Fremen
grants it three free revivals, gf9:403; asked for when it decides the cost),
``kwisatz_haderach`` (Atreides revives it, gf9:353).

Position key read beyond the published ones: ``factions.F.leaders_face_down`` (Mentat's extension), the leaders of
``leaders_in_tanks`` lying face down, revived before and killed again (gf9:195, dreamrules:388); not given, whether
the leader revived lies face down is not known.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from checker.arrakis.position import PHASES, Position, ReviveMove, faction_leaders, printed_leaders
from checker.errors import InputError
from checker.facts import Facts, Kind, Vars, fact, kind, label
from checker.names import display, whose

# The factions whose sheets gf9 prints, in a fixed order (their index is a solver fact).
SHEETS = ("atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "spacing-guild")
LIMIT = 3  # gf9:179, overview:53: free and paid together, per turn
PRICE = 2  # gf9:179: each additional ordinary force
KH_PRICE = 2  # gf9:353


@dataclass
class RevivalFacts(Facts):
    """The facts of a revival."""

    leader: str = label(doc="the leader revived, by name")
    ally: str = label(doc="the reviver's ally, if any")
    phase_index: int | None = fact(None, key="phase", doc="0 storm .. 9 mentat-pause; None when not given")
    faction_no: int = fact(-1, doc="index of the faction in SHEETS; -1 for a faction gf9 prints no sheet for")
    count: int = fact(0, key="move.count", doc="ordinary forces revived")
    special: int = fact(0, key="move.special", doc="Fedaykin / Sardaukar revived")
    forces: int = fact(0, doc="all forces revived")
    # what it revived earlier this turn, as a game record writes it (factions.F.revived_this_turn); not given, none is
    # counted (a lone position's revival is judged on its own, as its first)
    revived_before: int = fact(
        0, key="factions.FACTION.revived_this_turn", doc="forces of its own revived earlier this turn"
    )
    special_before: int = fact(
        0, key="factions.FACTION.revived_this_turn", doc="Fedaykin / Sardaukar revived earlier this turn"
    )
    leaders_before: int = fact(0, key="factions.FACTION.revived_this_turn", doc="leaders revived earlier this turn")
    emperor_pays: int | None = fact(0, key="move.emperor_pays", doc="forces the Emperor pays for (its ally's)")
    tanks: int | None = fact(key="factions.FACTION.tanks")
    tanks_special: int | None = fact(key="factions.FACTION.tanks_special")
    spice: int | None = fact(key="factions.FACTION.spice")
    emperor_spice: int | None = fact(0, key="factions.emperor.spice")
    is_fremen: bool = fact(False)
    is_emperor: bool = fact(False)
    is_atreides: bool = fact(False)
    emperor_ally: bool = fact(False, doc="the reviver is allied with the Emperor")
    fremen_ally: bool = fact(False, doc="the reviver is allied with Fremen")
    fremen_grant: bool | None = fact(False, key="move.fremen_grant", doc="its ally Fremen grants three free revivals")
    has_leader: bool = fact(False, doc="a leader is revived")
    leader_own: bool = fact(False, doc="the leader is one of the reviver's own")
    leader_in_tanks: bool = fact(False, doc="the leader is in the Tanks")
    own_leaders_in_tanks: int = fact(0, doc="the reviver's printed leaders in the Tanks")
    own_leaders: int = fact(5, doc="the reviver's printed leaders")
    revival_begun: bool | None = fact(
        None,
        key="factions.FACTION.leader_revival_begun",
        doc="dreamrules: the reviver began reviving its leaders and has not revived them all",
    )
    # -- face-down leaders (factions.FACTION.leaders_face_down, Mentat's extension: gf9:195, dreamrules:388) --
    face_down_known: bool = label(False, doc="the position gives the reviver's leaders_face_down")
    leader_face_down: bool = fact(
        False, key="factions.FACTION.leaders_face_down", doc="the leader revived lies face down in the Tanks"
    )
    others_face_up: int = fact(0, doc="the reviver's other leaders in the Tanks face up")
    others_out: int = fact(0, doc="the reviver's other leaders not in the Tanks (alive, or captured)")
    face_up_names: str = label("", doc="the reviver's other leaders face up in the Tanks, in words")
    out_names: str = label("", doc="the reviver's other leaders not in the Tanks, in words")
    face_down_elsewhere: str = label(
        "",
        doc="dreamrules: who may put a leader face down without a revival: Harkonnen (a captive, dreamrules:1066), "
        "Bene Tleilax (an Infiltration's end, dreamrules:1196); empty when neither may play",
    )
    leader_strength: int | None = fact(0, key="factions.FACTION.leaders", doc="the leader's printed strength")
    kh: bool = fact(False, key="move.kwisatz_haderach", doc="Atreides revives the Kwisatz Haderach")
    kh_in_tanks: bool = fact(
        True,
        key="factions.atreides.kwisatz_haderach_in_tanks",
        doc="the Kwisatz Haderach is in the Tanks (not given: taken to be, as the move revives it; a note says so)",
    )
    own_captured: int = fact(
        0, key="factions.harkonnen.captured_leaders", doc="the reviver's printed leaders Harkonnen holds captive"
    )
    out_unrevived: int | None = fact(
        None,
        key="factions.FACTION.leaders_revived",
        doc="the reviver's leaders out of the Tanks (alive or captive) never revived this game; None: not given",
    )
    unrevived_names: str = label("", doc="those leaders, in words")
    revived_names: str = label("", doc="the reviver's leaders out of the Tanks that were revived this game, in words")
    captured_names: str = label("", doc="the reviver's leaders held captive, in words")
    captives_given: bool = label(True, doc="the position gives Harkonnen's captured_leaders, or no Harkonnen plays")
    has_card: bool = label(False, doc="a card revives (move.card)")
    card: str = label("")
    fate: bool = label(False, doc="dreamrules: the Fate revives (move.fate)")
    # -- dreamrules (constraints/dreamrules/revival.py) --
    dr_no: int = fact(-1, doc="dreamrules: index of the faction in DR_FACTIONS")
    is_ixians: bool = fact(False)
    is_tleilaxu: bool = fact(False)
    tleilaxu_ally: bool = fact(False, doc="the reviver is allied with Bene Tleilax")
    tleilaxu_in_game: bool | None = fact(
        False, key="factions", doc="Bene Tleilax plays (None: an unlisted player may be it)"
    )
    discount_suppressed: bool = fact(False, doc="Karama stopped Bene Tleilax's Discount Revival this phase")
    income_suppressed: bool = fact(False, doc="Karama stopped Bene Tleilax's Revival Income this phase")
    grant_asked: bool = label(False, doc="the move gives fremen_grant: true")
    ghola: bool = fact(False, doc="dreamrules: the card that revives is Tleilaxu Ghola (dreamrules:768)")
    card_in_hand: bool | None = fact(
        key="factions.FACTION.hand (its cards by name)", doc="the card that revives is in the hand"
    )
    fate_used: bool = fact(False, key="factions.FACTION.fate_used", doc="dreamrules: its Fate was used before")
    fate_card_held: bool | None = fact(
        key="factions.FACTION.fate_indicator and hand (by name)",
        doc="dreamrules: it holds the worthless card its Fate Indicator matches (dreamrules:734)",
    )
    hand_words: str = label("", doc="the hand, in words")

    @property
    def own(self) -> int:
        """Forces within the reviver's own three (those the Emperor pays for are beyond them)."""
        return self.forces - (self.emperor_pays or 0)

    @property
    def sheet_free(self) -> int | None:
        return FREE.get(self.faction)

    @property
    def free(self) -> int | None:
        """The free allowance: the sheet's, or three granted by an ally Fremen (gf9:403)."""
        return 3 if self.fremen_grant else self.sheet_free

    @property
    def phase_name(self) -> str:
        return "?" if self.phase_index is None else PHASES[self.phase_index]

    def position_key(self, key: str) -> str:
        return key.replace("FACTION", self.faction or "FACTION")

    def missing_detail(self, key: str) -> str:
        if key == "move.fremen_grant":
            return (
                f"whether its ally Fremen grants it three free revivals (gf9:403): it revives {self.own}, beyond its "
                f"sheet's {self.sheet_free} free"
            )
        if key.endswith(".leader_revival_begun"):
            return (
                "whether it began reviving its leaders, with one or fewer available, and may continue until all are "
                "revived (dreamrules:386)"
            )
        return ""

    def fmt(self) -> dict[str, Any]:
        out = super().fmt()
        name = out["Faction"]
        out["Faction_s"] = f"{name}'" if name.endswith("s") else f"{name}'s"
        out["Ally"] = display(self.ally) if self.ally else "no ally"
        out["own"] = self.own
        out["free_n"] = self.free
        return out


# gf9:343 Atreides 2, 359 Bene Gesserit 1, 387 Emperor 1, 397 Fremen 3, 421 Harkonnen 2, 431 Guild 1
FREE = {"atreides": 2, "bene-gesserit": 1, "emperor": 1, "fremen": 3, "harkonnen": 2, "spacing-guild": 1}
SHEET_LINE = {
    "atreides": 343,
    "bene-gesserit": 359,
    "emperor": 387,
    "fremen": 397,
    "harkonnen": 421,
    "spacing-guild": 431,
}


# dreamrules:1040 Atreides 2, 1058 Harkonnen 2, 1078 Emperor 1, 1096 Guild 1, 1116 Fremen 3, 1144 Bene Gesserit
# 1, 1170 Bene Tleilax 0, 1212 Ixians 1 (a Suboid or a Cyborg)
DR_FACTIONS = (
    "atreides",
    "harkonnen",
    "emperor",
    "spacing-guild",
    "fremen",
    "bene-gesserit",
    "bene-tleilax",
    "ixians",
)
DR_FREE = (2, 2, 1, 1, 3, 1, 0, 1)
DR_FREE_LINE = (1040, 1058, 1078, 1096, 1116, 1144, 1170, 1212)
SUBOID_PRICE = 1  # dreamrules:378, 1222
CYBORG_PRICE = 3  # dreamrules:378, 1220


def dr_free(s: RevivalFacts) -> int:
    return DR_FREE[s.dr_no] if 0 <= s.dr_no < len(DR_FREE) else 0


def dr_discount(s: RevivalFacts) -> bool:
    """Bene Tleilax's half price: its own, and its ally's (dreamrules:382), unless Karama stopped it."""
    return (s.is_tleilaxu or s.tleilaxu_ally) and not s.discount_suppressed


def dr_full_troop_cost(s: RevivalFacts) -> int:
    """Dreamrules' price of the troops beyond the free ones, before any discount: two per normal troop; the
    Ixians' Suboids one and Cyborgs three, the free one taken on a Cyborg when one is revived."""
    if s.is_ixians:
        full = SUBOID_PRICE * s.count + CYBORG_PRICE * s.special
        freebie = CYBORG_PRICE if s.special else (SUBOID_PRICE if s.count else 0)
        return max(0, full - (freebie if dr_free(s) else 0))
    return PRICE * max(0, s.forces - dr_free(s))


def dr_troop_cost(s: RevivalFacts) -> int:
    full = dr_full_troop_cost(s)
    return (full + 1) // 2 if dr_discount(s) else full


def dr_leader_cost(s: RevivalFacts) -> int:
    """A leader's strength; half, rounded up, with Bene Tleilax's discount, except Bene Tleilax's own face-down
    leaders, who cost full price (dreamrules:382, 1178)."""
    strength = s.leader_strength or 0
    full = s.is_tleilaxu and s.leader_face_down
    return (strength + 1) // 2 if dr_discount(s) and not full else strength


def z3_dr_troop_cost(v: Any) -> Any:
    import z3

    free = z3.IntVal(0)
    for i, n in enumerate(DR_FREE):
        free = z3.If(v.dr_no == i, n, free)
    normal_paid = v.forces - free
    normal = PRICE * z3.If(normal_paid > 0, normal_paid, 0)
    ix_full = SUBOID_PRICE * v.count + CYBORG_PRICE * v.special
    ix_free = z3.If(v.special > 0, CYBORG_PRICE, z3.If(v.count > 0, SUBOID_PRICE, 0))
    ix_paid = ix_full - ix_free
    full = z3.If(v.is_ixians, z3.If(ix_paid > 0, ix_paid, 0), normal)
    discount = z3.And(z3.Or(v.is_tleilaxu, v.tleilaxu_ally), z3.Not(v.discount_suppressed))
    return z3.If(discount, (full + 1) / 2, full)


def z3_dr_leader_cost(v: Any) -> Any:
    import z3

    discount = z3.And(z3.Or(v.is_tleilaxu, v.tleilaxu_ally), z3.Not(v.discount_suppressed))
    half = z3.And(discount, z3.Not(z3.And(v.is_tleilaxu, v.leader_face_down)))
    return z3.If(half, (v.leader_strength + 1) / 2, v.leader_strength)


def paid_forces(s: RevivalFacts) -> int:
    """Forces of the reviver's own beyond its free allowance."""
    return max(0, s.own - (s.free or 0))


def force_cost(s: RevivalFacts) -> int:
    return PRICE * paid_forces(s)


def own_cost(s: RevivalFacts) -> int:
    """What the reviver itself pays: its forces beyond the free ones, the leader, the Kwisatz Haderach."""
    return force_cost(s) + ((s.leader_strength or 0) if s.has_leader else 0) + (KH_PRICE if s.kh else 0)


def z3_free(v: Any) -> Any:
    """The free allowance over the solver's variables: the sheet's by faction, or three granted by Fremen."""
    import z3

    sheet = z3.IntVal(0)
    for i, name in enumerate(SHEETS):
        sheet = z3.If(v.faction_no == i, FREE[name], sheet)
    return z3.If(v.fremen_grant, 3, sheet)


def z3_force_cost(v: Any) -> Any:
    import z3

    paid = v.forces - v.emperor_pays - z3_free(v)
    return PRICE * z3.If(paid > 0, paid, 0)


def z3_own_cost(v: Any) -> Any:
    import z3

    leader = z3.If(v.has_leader, v.leader_strength, 0)
    return z3_force_cost(v) + leader + z3.If(v.kh, KH_PRICE, 0)


def _strength(pos: Position, faction: str, leader: str) -> int | None:
    return faction_leaders(pos, faction).get(leader)


def _words(names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _face_down_elsewhere(pos: Position, me: str) -> str:
    """Dreamrules: who may put one of the reviver's leaders face down without its having been revived: Harkonnen
    kills a captured leader face down (dreamrules:1066), an Infiltration's end puts leaders face down
    (dreamrules:1196). Each names one that plays or may (an unlisted player)."""
    who = []
    if me != "harkonnen" and pos.in_game("harkonnen") is not False:
        who.append("Harkonnen (dreamrules:1066 kills a captured leader face down)")
    if pos.in_game("bene-tleilax") is not False:
        who.append("Bene Tleilax (dreamrules:1196 puts an Infiltration's leaders face down)")
    return " and ".join(who)


GHOLA = "Tleilaxu Ghola"  # dreamrules:766


def _fold(name: str) -> str:
    return " ".join(name.replace("-", " ").replace("_", " ").lower().split())


def _hand(pos: Position, me: str) -> tuple[list[str] | None, str]:
    """The reviver's hand by name (None: a count, or not given), and in words."""
    state = pos.factions.get(me)
    hand = state.hand if state else None
    if isinstance(hand, list):
        return hand, ", ".join(hand) if hand else "no card"
    if hand == 0:
        return [], "no card"
    return None, "a hand not listed by name"


def _holds(hand: list[str] | None, card: str | None) -> bool | None:
    if hand is not None and not hand:
        return False
    if hand is None or not card:
        return None
    return any(_fold(c) == _fold(card) for c in hand)


def _notes(pos: Position, m: ReviveMove, f: RevivalFacts) -> list[str]:
    out: list[str] = []
    if pos.ruleset == "dreamrules":
        return _dr_notes(pos, m, f)
    if pos.phase is None:
        out.append("the position does not give 'phase': it is taken to be the Revival phase")
    if f.fremen_ally and m.fremen_grant is None and f.sheet_free is not None and f.own <= f.sheet_free:
        out.append(
            f"whether Fremen grants three free revivals (gf9:403) is not given: {f.own} forces are free either way"
        )
    if f.kh:
        state = pos.factions.get("atreides")
        if f.is_atreides and (state is None or state.kwisatz_haderach_in_tanks is None):
            out.append(
                "the position does not give factions.atreides.kwisatz_haderach_in_tanks: the Kwisatz Haderach is "
                "taken to be in the Tanks, as the move revives it"
            )
    if f.kh and f.is_atreides and pos.advanced and not f.captives_given:
        out.append(
            f"the position does not give factions.harkonnen.captured_leaders: no leader of {whose(f.faction)} is "
            "taken to be held captive"
        )
    return out


def _dr_notes(pos: Position, m: ReviveMove, f: RevivalFacts) -> list[str]:
    out: list[str] = []
    if m.played:
        out.append(
            "the play of Tleilaxu Ghola is answered as the revival it makes (dreamrules:768): "
            "{action: revive, card: Tleilaxu Ghola}"
        )
    if pos.phase is None:
        out.append("the position does not give 'phase': it is taken to be the Revival phase")
    if f.is_ixians and m.count and m.special and m.total > 1:
        out.append(
            "the Ixians' free revival is either a Suboid or a Cyborg (dreamrules:1212): the cost is given with the "
            "free one taken on a Cyborg, the dearer"
        )
    return out


@kind
class Revival(Kind):
    name = "revive"
    title = "Revival"
    outcome_keys: ClassVar[dict[str, str]] = {
        "free": "the faction's free revivals",
        "force_cost": "spice for the forces beyond the free ones",
        "leader_cost": "the leader's price",
        "kh_cost": "the Kwisatz Haderach's price",
        "emperor_cost": "what the Emperor pays for its ally's forces",
        "tleilaxu_income": "Dreamrules: the spice the Bene Tleilax receive",
    }
    # what the reviver's side pays: its parts' sum, unknown where one of them is (a leader's strength not given)
    derived: ClassVar[dict[str, tuple[str, ...]]] = {"cost": ("force_cost", "leader_cost", "kh_cost", "emperor_cost")}
    ruled = ("free", "force_cost", "leader_cost", "kh_cost", "emperor_cost", "paid_to", "tleilaxu_income")
    labels: ClassVar[dict[str, str]] = {"free": "free allowance"}  # the sheet's allowance, used or not

    def facts(self, pos: Position) -> RevivalFacts:
        m = pos.move
        assert isinstance(m, ReviveMove)
        me = m.faction
        state = pos.factions.get(me)
        allies = pos.allies_of(me)
        emperor_ally = "emperor" in allies and me != "emperor"
        fremen_ally = "fremen" in allies and me != "fremen"
        if m.emperor_pays is not None and m.emperor_pays > m.total:
            raise InputError("move.emperor_pays", f"at most the {m.total} forces revived", m.emperor_pays)
        emperor_pays = m.emperor_pays
        if emperor_pays is None and (not emperor_ally or m.total <= LIMIT):
            emperor_pays = 0  # no one pays beyond the reviver's own three: none are asked for, or no Emperor ally
        own = m.total - (emperor_pays or 0)
        sheet = FREE.get(me)
        grant = m.fremen_grant
        if grant is None and (not fremen_ally or (sheet is not None and own <= sheet)):
            grant = False  # it cannot change the cost
        in_tanks = {n for s in pos.factions.values() for n in s.leaders_in_tanks}
        mine = set(faction_leaders(pos, me))
        printed = set(printed_leaders(pos.ruleset).get(me, {}))
        # its leaders: the printed roster (Dreamrules' Ixians and Bene Tleilax: the expansion's), or where the
        # position gives those two factions a ``leaders`` map, that map
        roster = mine if me in ("ixians", "bene-tleilax") else printed or mine
        emperor = pos.factions.get("emperor")
        leader = m.leader or ""
        face_down = {n for s in pos.factions.values() for n in (s.leaders_face_down or [])}
        others = sorted(mine - {leader})
        face_up = [n for n in others if n in in_tanks and n not in face_down]
        out = [n for n in others if n not in in_tanks]
        hand, hand_words = _hand(pos, me)
        captors = [st for st in pos.factions.values() if st.captured_leaders]
        captured = sorted(printed & {n for st in captors for n in st.captured_leaders or []})
        harkonnen = pos.factions.get("harkonnen")
        captives_given = (harkonnen is not None and harkonnen.captured_leaders is not None) or (
            me == "harkonnen" or pos.in_game("harkonnen") is False
        )
        atreides = pos.factions.get("atreides")
        kh_state = atreides.kwisatz_haderach_in_tanks if atreides else None
        before = state.revived_this_turn if state else None
        revived = state.leaders_revived if state else None
        out_of_tanks = sorted(roster - in_tanks)
        unrevived = [n for n in out_of_tanks if revived is not None and n not in revived]
        f = RevivalFacts(
            faction=me,
            advanced=pos.advanced,
            leader=leader,
            ally=min(allies) if allies else "",
            phase_index=pos.phase_index,
            faction_no=SHEETS.index(me) if me in SHEETS else -1,
            count=m.count,
            special=m.special,
            forces=m.total,
            revived_before=before.forces if before else 0,
            special_before=before.special if before else 0,
            leaders_before=before.leaders if before else 0,
            emperor_pays=emperor_pays,
            # an unknown number in the Tanks does not matter when none of that kind is revived
            tanks=state.tanks if state and state.tanks is not None else (0 if m.count == 0 else None),
            tanks_special=(
                state.tanks_special if state and state.tanks_special is not None else (0 if m.special == 0 else None)
            ),
            spice=state.spice if state else None,
            emperor_spice=(emperor.spice if emperor else None) if emperor_pays else 0,
            is_fremen=me == "fremen",
            is_emperor=me == "emperor",
            is_atreides=me == "atreides",
            emperor_ally=emperor_ally,
            fremen_ally=fremen_ally,
            fremen_grant=grant,
            has_leader=bool(leader),
            leader_own=leader in mine,
            leader_in_tanks=leader in in_tanks,
            own_leaders_in_tanks=len(roster & in_tanks),
            own_leaders=len(roster) or 5,
            revival_begun=getattr(state, "leader_revival_begun", None) if state else None,
            # a leader lies face down only once revived and killed again (gf9:195): one that leaders_revived says
            # was never revived this game lies face up, whatever leaders_face_down does not say
            face_down_known=bool(state and state.leaders_face_down is not None)
            or (revived is not None and leader not in revived),
            leader_face_down=leader in face_down,
            others_face_up=len(face_up),
            others_out=len(out),
            face_up_names=_words(face_up),
            out_names=_words(out),
            face_down_elsewhere=_face_down_elsewhere(pos, me),
            leader_strength=_strength(pos, me, leader) if leader in mine else 0,
            kh=m.kwisatz_haderach,
            kh_in_tanks=kh_state is not False,
            own_captured=len(captured),
            out_unrevived=None if revived is None else len(unrevived),
            unrevived_names=_words(unrevived),
            revived_names=_words([n for n in out_of_tanks if n not in unrevived]),
            captured_names=_words(captured),
            captives_given=captives_given,
            has_card=m.card is not None,
            card=m.card or "",
            fate=m.fate,
            dr_no=DR_FACTIONS.index(me) if me in DR_FACTIONS else -1,
            is_ixians=me == "ixians",
            is_tleilaxu=me == "bene-tleilax",
            tleilaxu_ally="bene-tleilax" in allies and me != "bene-tleilax",
            tleilaxu_in_game=pos.in_game("bene-tleilax"),
            discount_suppressed=pos.stopped("bene-tleilax", "discount-revival"),
            income_suppressed=pos.stopped("bene-tleilax", "revival-income"),
            grant_asked=bool(m.fremen_grant),
            ghola=m.card is not None and _fold(m.card) == _fold(GHOLA),
            card_in_hand=_holds(hand, m.card) if m.card is not None else True,
            fate_used=bool(state and getattr(state, "fate_used", False)),
            fate_card_held=_holds(hand, getattr(state, "fate_indicator", None) if state else None) if m.fate else True,
            hand_words=hand_words,
        )
        f.notes = _notes(pos, m, f)
        return f

    def choices(self, v: Any, facts: Facts) -> None:
        import z3

        v.free = z3.Int("free")
        v.force_cost = z3.Int("force_cost")
        v.leader_cost = z3.Int("leader_cost")
        v.kh_cost = z3.Int("kh_cost")
        v.emperor_cost = z3.Int("emperor_cost")
        v.to_bank = z3.Bool("to_bank")  # the spice paid goes to the Bank (gf9:191, 33)
        v.tleilaxu_income = z3.Int("tleilaxu_income")  # dreamrules: Bene Tleilax's income from this revival

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        import z3

        return [
            v.free >= 0,
            v.force_cost >= 0,
            v.leader_cost >= 0,
            v.kh_cost >= 0,
            v.emperor_cost >= 0,
            v.tleilaxu_income >= 0,
            # nothing revived of a kind costs nothing of that kind
            z3.Implies(v.forces == 0, z3.And(v.force_cost == 0, v.emperor_cost == 0)),
            z3.Implies(v.emperor_pays == 0, v.emperor_cost == 0),
            z3.Implies(z3.Not(v.has_leader), v.leader_cost == 0),
            z3.Implies(z3.Not(v.kh), v.kh_cost == 0),
        ]

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        parts = {
            name: value(getattr(v, name)) or 0 for name in ("force_cost", "leader_cost", "kh_cost", "emperor_cost")
        }
        out: dict[str, Any] = {"cost": sum(parts.values()), "free": value(v.free), **parts}
        out["paid_to"] = "bank" if value(v.to_bank) else None
        out["tleilaxu_income"] = value(v.tleilaxu_income)
        return out

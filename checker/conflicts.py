"""Source conflicts: where two rulesets' texts answer the same question differently.

A rule names the rules of other rulesets that answer the same question over the
same facts (``replaces=`` or ``counterpart=``); ``differs=`` records by hand
that the texts say different things. :func:`find` asks the solver, for each such
pair, for a position where the two answers differ: it starts from the worked
cases (carried to both rulesets by :mod:`checker.compare`), frees the facts a
position file sets directly (``move.count``, ``factions.X.spice``, ``players``,
...), binds the rest, and asks for the two rules' z3 forms to disagree (or, for
rules fixing an outcome, to fix different values). A model is written back into
the position, and the position counts only if the two rulesets' verdicts or
outcomes really differ when checked in full.
"""

from __future__ import annotations

import copy
import itertools
import time
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from checker.compare import carried_for, translate
from checker.engine import Verdict, evaluate, kind_of
from checker.errors import InputError
from checker.facts import Facts, Kind, Vars, fact_fields, missing_key
from checker.family import ConflictSearch, family_of
from checker.family import rulesets as every_ruleset
from checker.positions import load_position
from checker.rules import LAYERS, REGISTRY, Rule, load_all, ruleset_rules

Position = Any  # a position of any family (the pair's rulesets share one)


def _family(ruleset: str) -> str:
    """The family a ruleset's layer names (read from the layer: no family is imported)."""
    lay = LAYERS.get(ruleset)
    return lay.family if lay is not None else ""


def _search_data(ruleset: str) -> ConflictSearch:
    """What the finder may change in the positions of a ruleset's family (:attr:`checker.family.Family.search`):
    the keys at the top it may set, a freed number's bounds, the patches tried on a recorded conflict."""
    family = family_of(ruleset)
    return family.search if family is not None else ConflictSearch()


SOLVER_TIMEOUT_MS = 2000
SEEDS_PER_PAIR = 8  # seed positions the solver tries per pair not known to differ, at most
SEEDS_PER_RECORDED = 40  # ... and per pair of a recorded conflict
PAIR_SECONDS = 0.6  # the time one pair not known to differ may take
PAIR_SECONDS_RECORDED = 6.0  # ... and one recorded conflict
MODELS_PER_SEED = 4  # models tried per seed before the next seed


@dataclass(frozen=True)
class Pair:
    """Two rules answering the same question, one in force in each ruleset."""

    first: Rule  # in force in ``rulesets[0]``
    second: Rule  # in force in ``rulesets[1]``
    rulesets: tuple[str, str]
    recorded: str = ""  # the hand-recorded difference (``differs=``), or "" for a pair not known to differ
    by: str = ""  # the rule that names the other (its ``replaces=`` or ``counterpart=``, and ``differs=``)

    @property
    def key(self) -> str:
        return f"{self.first.id}--{self.second.id}"

    @property
    def case_name(self) -> str:
        """The file name of the case ``--find`` writes for the pair (its rulesets first)."""
        return f"{self.rulesets[0]}-{self.rulesets[1]}--{self.key}"


@dataclass
class Witness:
    """A position where the pair's rulesets answer differently."""

    pair: Pair
    data: dict[str, Any]  # the position, under the pair's first ruleset
    verdicts: tuple[Verdict, Verdict]
    seed: str  # the case it was found from
    changed: dict[str, Any] = field(default_factory=dict)  # position keys the solver set
    other: dict[str, Any] | None = None  # the position under the pair's second ruleset


def pairs(rulesets: list[str] | None = None) -> list[Pair]:
    """Every pair of counterpart rules in force in two different rulesets (confirmed rules only)."""
    load_all()
    # by default every ruleset with rules; a conflict is between two texts of the same game (family)
    names = rulesets or [r for r in every_ruleset() if r in LAYERS]
    in_force = {rs: set(ruleset_rules(rs)) for rs in names}
    out: dict[str, Pair] = {}
    for r in REGISTRY.values():
        for other_id in r.counterparts:
            other = REGISTRY.get(other_id)
            if other is None or ((r.open or other.open) and not r.differs):
                continue  # an open rule answers nothing to differ from, unless the difference is recorded
            for a, b in itertools.permutations(names, 2):
                if names.index(a) > names.index(b) or _family(a) != _family(b):
                    continue
                for x, y in ((r, other), (other, r)):
                    if x.id in in_force[a] and y.id in in_force[b] and x.id not in in_force[b]:
                        if y.id in in_force[a]:
                            continue  # both in force in a: a answers both ways, no conflict of texts
                        p = Pair(x, y, (a, b), r.differs, r.id)
                        # one conflict per pair of rules: the first pair of rulesets that holds them (dreamrules
                        # inherits gf9's rules and with them gf9's conflicts, which are gf9's to show)
                        out.setdefault(" ".join(sorted((x.id, y.id))), p)
    return sorted(out.values(), key=lambda p: (p.rulesets, p.first.id, p.second.id))


def recorded(rulesets: list[str] | None = None) -> list[Pair]:
    """The conflicts recorded by hand (``differs=``) between the given rulesets."""
    return [p for p in pairs(rulesets) if p.recorded]


# -- the search ---------------------------------------------------------------------------------


@cache
def _seed_data() -> list[tuple[str, dict[str, Any], str]]:
    """Every worked case of the family: (file, data, text)."""
    from checker.cases import all_cases
    from checker.yamlio import load_yaml

    load_all()  # every layer, so that each case's ruleset names its family
    out = []
    for path in all_cases():
        if path.parent.name == "conflicts":
            continue  # the finder's own output is never its evidence
        try:
            data = load_yaml(path)
        except Exception:
            continue
        if isinstance(data, dict) and _family(str(data.get("ruleset"))):
            out.append((str(path), data, path.read_text(encoding="utf-8")))
    return out


def _seeds_for(pair: Pair) -> list[tuple[str, dict[str, Any]]]:
    """The cases most likely to show the pair first: those naming either rule, then the rest."""
    ids = (pair.first.id, pair.second.id)
    family = _family(pair.rulesets[0])
    seeds = [(f, d, text) for f, d, text in _seed_data() if _family(str(d.get("ruleset"))) == family]
    naming = [(f, d) for f, d, text in seeds if any(i in text for i in ids)]
    rest = [(f, d) for f, d, text in seeds if not any(i in text for i in ids)]
    return naming + rest


def _patched(data: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any] | None:
    """The seed with a patch's facts set, or None where it does not apply (or changes nothing)."""
    out = copy.deepcopy(data)
    changed = False
    for path, value in patch.items():
        parts = path.split(".")
        here = out
        for part in parts[:-1]:
            if not isinstance(here.get(part), dict) or (part == "move" and parts[-1] not in here[part]):
                return None
            here = here[part]
        if here.get(parts[-1]) != value:
            here[parts[-1]] = value
            changed = True
    return out if changed else None


_LOADED: dict[tuple[str, str], tuple[dict[str, Any], Position, Kind, Facts] | None] = {}


def _under(file: str, data: dict[str, Any], ruleset: str) -> tuple[dict[str, Any], Position, Kind, Facts] | None:
    """A seed carried to a ruleset: its data, position, kind and facts (None where it cannot be)."""
    key = (file, ruleset)
    if key not in _LOADED:
        carried, _ = translate(data, ruleset)
        try:
            pos = load_position(copy.deepcopy(carried), file.split("#")[0])
            kind = kind_of(pos)
            facts = kind.facts(pos)
            _LOADED[key] = (carried, pos, kind, facts)
        except Exception:  # a seed a ruleset cannot express is simply not a seed for it
            _LOADED[key] = None
    return _LOADED[key]


def _settable(facts: Facts, name: str, key: str, data: dict[str, Any], top_level: tuple[str, ...]) -> str | None:
    """The position path a fact is read from, when the file sets it directly as a number or truth (``top_level``:
    the keys at the top of a position file that the family lets the finder set)."""
    if not key:
        return None
    path = facts.position_key(key)
    if path in top_level:
        return path
    if not path.startswith(("move.", "factions.")) or any(part.isupper() for part in path.split(".")):
        return None
    here: Any = data
    parts = path.split(".")
    for part in parts[:-1]:
        if not isinstance(here, dict) or part not in here:
            return None
        here = here[part]
    value = here.get(parts[-1]) if isinstance(here, dict) else None
    if value is not None and not isinstance(value, (int, bool)):
        return None
    return path


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    here = data
    parts = path.split(".")
    for part in parts[:-1]:
        here = here.setdefault(part, {})
    here[parts[-1]] = value


def _get(data: dict[str, Any], path: str) -> Any:
    here: Any = data
    for part in path.split("."):
        if not isinstance(here, dict):
            return None
        here = here.get(part)
    return here


def _vars(kind: Kind, facts: Facts, rename: tuple[str, ...] = ()) -> Vars:
    import z3

    v = Vars(facts)
    kind.choices(v, facts)
    for name in rename:  # the second rule's outcome values, apart from the first's
        old = getattr(v, name, None)
        if isinstance(old, z3.ExprRef):
            setattr(v, name, z3.Const(f"{name}__second", old.sort()))
    return v


def _answers_differ(a: Any, b: Any) -> bool:
    """Two checks' answers differ: one forbids and the other permits, or they fix a value differently."""
    if isinstance(a, dict) and isinstance(b, dict):
        shared = a.keys() & b.keys()  # none shared: two kinds naming their values apart; the verdicts will tell
        return not shared or any(a[k] != b[k] for k in shared)
    if isinstance(a, dict) != isinstance(b, dict):
        return True  # one fixes a value the other only permits: the full verdicts will tell
    return bool(a) != bool(b)


def _has(v: Vars, name: str) -> bool:
    import z3

    try:
        return isinstance(getattr(v, name), z3.ExprRef)
    except AttributeError:
        return False


def _bind(v: Vars, facts: Facts, free: set[str]) -> list[Any]:
    out = []
    for name, sort, _ in fact_fields(type(facts)):
        value = getattr(facts, name)
        if name in free or value is None:
            continue
        if sort.endswith("List"):
            for x, y in zip(getattr(v, name), value, strict=False):
                out.append(x == (int(y) if sort == "IntList" else bool(y)))
        else:
            out.append(getattr(v, name) == value)
    return out


def _shared(v: Verdict) -> dict[str, Any]:
    """The values a verdict decides (its outcome, one vocabulary for every kind: checker.outcomes), without those
    it leaves ``unknown``."""
    return {k: x for k, x in v.outcome.items() if k != "unknown"}


def _differ(a: Verdict, b: Verdict) -> bool:
    """Different verdicts, a value both outcomes give, given differently, or a value one gives and the other
    leaves ``unknown`` (only the values both speak of are compared: two games' kinds report different things)."""
    oa, ob = _shared(a), _shared(b)
    unknown_to_one = any(k in ob for k in a.unknown) or any(k in oa for k in b.unknown)  # one gives what one cannot
    return a.verdict != b.verdict or unknown_to_one or any(oa[k] != ob[k] for k in oa.keys() & ob.keys())


def _search_seed(pair: Pair, file: str, data: dict[str, Any], solve: bool = True) -> Witness | None:
    """A witness from one seed: the seed itself where the two checks already differ on it, else (``solve``)
    a model of the two forms disagreeing, written back into the seed."""
    import z3

    a_rs, b_rs = pair.rulesets
    got_a, got_b = _under(file, data, a_rs), _under(file, data, b_rs)
    if got_a is None or got_b is None:
        return None
    da, _pa, ka, fa = got_a
    db, _pb, kb, fb = got_b
    if ka.name != pair.first.on or kb.name != pair.second.on:
        return None
    if not (pair.first.applies(fa) and pair.second.applies(fb)):
        return None
    if missing_key(fa, pair.first.needs) or missing_key(fb, pair.second.needs):
        return None
    if pair.first.open or pair.second.open:  # one text leaves it open: the seed itself, or nothing
        return _realise(pair, file, da, db, {})
    if pair.first.form is None or pair.second.form is None:
        return None
    # the seed itself, when the two checks already answer differently on it (no solver needed)
    if _answers_differ(pair.first.check(fa), pair.second.check(fb)):
        witness = _realise(pair, file, da, db, {})
        if witness is not None:
            return witness
    if not solve:
        return None
    # the facts a position sets directly, in either ruleset's reading: free for the solver
    search = _search_data(a_rs)
    paths: dict[str, str] = {}
    for facts, d in ((fa, da), (fb, db)):
        for name, sort, key in fact_fields(type(facts)):
            if sort in ("Int", "Bool"):
                path = _settable(facts, name, key, d, search.top_level)
                if path:
                    paths.setdefault(name, path)
    free = set(paths)
    va = _vars(ka, fa)
    shared_out = tuple(x for x in pair.second.defines if x in pair.first.defines and _has(va, x))
    vb = _vars(kb, fb, rename=shared_out)
    shared_out = tuple(x for x in shared_out if _has(vb, x))
    s = z3.Solver()
    s.set("timeout", SOLVER_TIMEOUT_MS)
    s.add(*ka.frame(va, fa), *_bind(va, fa, free))
    if ka is not kb or fa != fb or shared_out:  # the same facts of the same kind: one frame serves both
        s.add(*kb.frame(vb, fb), *_bind(vb, fb, free))
    for name in free:
        var = getattr(va, name) if _has(va, name) else getattr(vb, name, None)
        if isinstance(var, z3.ArithRef):
            lo, hi = search.bounds.get(paths[name], search.default_bounds)
            s.add(var >= lo, var <= hi)
    form_a, form_b = pair.first.form(va), pair.second.form(vb)
    if shared_out:
        s.add(form_a, form_b, z3.Or(*[getattr(va, x) != getattr(vb, x) for x in shared_out]))
    else:
        s.add(form_a != form_b)
    for _ in range(MODELS_PER_SEED):
        if s.check() != z3.sat:
            return None
        model = s.model()
        changed: dict[str, Any] = {}
        block = []
        for name in sorted(free):
            var = getattr(va, name) if _has(va, name) else getattr(vb, name)
            got = model.eval(var, model_completion=True)
            value: Any = got.as_long() if z3.is_int_value(got) else z3.is_true(got)
            block.append(var != got)
            if _get(da, paths[name]) != value and not (value is False and _get(da, paths[name]) is None):
                changed[paths[name]] = value
        witness = _realise(pair, file, da, db, changed)
        if witness is not None:
            return witness
        if not block:
            return None
        s.add(z3.Or(*block))  # another model, please
    return None


def _realise(pair: Pair, file: str, da: dict[str, Any], db: dict[str, Any], changed: dict[str, Any]) -> Witness | None:
    """The model written back into the position; a witness only if the full verdicts differ."""
    pos_data = [copy.deepcopy(da), copy.deepcopy(db)]
    for i, d in enumerate(pos_data):
        for path, value in changed.items():
            _set(d, path, value)
        pos_data[i] = carried_for(d, pair.rulesets[i])  # a key the solver set that this ruleset has not
    try:
        va = evaluate(load_position(copy.deepcopy(pos_data[0]), file.split("#")[0]))
        vb = evaluate(load_position(copy.deepcopy(pos_data[1]), file.split("#")[0]))
    except (InputError, Exception):
        return None
    if not _differ(va, vb):
        return None
    for r, v in ((pair.first, va), (pair.second, vb)):  # open only where that side's text leaves it open
        if v.verdict == "unresolved" and not (r.open and r.id in v.reason):
            return None
    if not (_decides(pair.first, va, vb) or _decides(pair.second, vb, va)):
        return None  # the rulesets differ here, but for another reason than this pair
    return Witness(pair, pos_data[0], (va, vb), Path(file).name, changed, pos_data[1])  # the name keeps its patch


def _decides(r: Rule, mine: Verdict, other: Verdict) -> bool:
    """Whether ``r`` makes its verdict differ from the other: it forbids there, fixes an outcome value
    the other verdict gives differently, or leaves open what the other decides."""
    if r.open:
        if mine.verdict == "unresolved":
            return r.id in mine.reason and other.verdict != "unresolved"
        theirs = _shared(other)  # or it leaves open values the other gives (r.leaves_open)
        return any(r.id in why and key in theirs for key, why in mine.unknown.items())
    if r.id in mine.forbidding() or r.id in mine.minimal_reason:
        return mine.verdict != other.verdict
    if mine.verdict == other.verdict == "legal":
        from checker.facts import KINDS

        kind = KINDS.get(mine.question)
        summed = kind.derived if kind else {}  # the shared keys its kind sums from what the rule fixes
        keys = {*r.defines, *(name for name, parts in summed.items() if set(parts) & set(r.defines))}
        ours, theirs = _shared(mine), _shared(other)
        return any(key in ours and key in theirs and ours[key] != theirs[key] for key in keys)
    return False


def find_pair(pair: Pair, deadline: float | None = None, stretch: float = 1.0) -> Witness | None:
    """A position where the pair's two rulesets answer differently, or None.

    First every seed as it is (the checks alone, cheap), then the solver on the first seeds, then, for a
    recorded conflict, the seeds with a patch (the family's ``search.patches``): each step within the pair's
    share of the time.
    """
    cap = (PAIR_SECONDS_RECORDED if pair.recorded else PAIR_SECONDS) * stretch
    until = time.process_time() + cap if deadline is None else min(deadline, time.process_time() + cap)
    seeds = [(f, d) for f, d in _seeds_for(pair) if _eligible(pair, f, d)]
    limit = SEEDS_PER_RECORDED if pair.recorded else SEEDS_PER_PAIR
    steps: list[tuple[dict[str, Any], bool, int]] = [({}, False, len(seeds)), ({}, True, limit)]
    if pair.recorded:
        patches = [dict(patch) for patch in _search_data(pair.rulesets[0]).patches]
        steps += [(patch, False, len(seeds)) for patch in patches]
        steps += [(patch, True, limit) for patch in patches]
    for patch, solve, count in steps:
        for file, data in seeds[:count]:
            if time.process_time() > until:
                return None
            variant = _patched(data, patch) if patch else data
            if variant is None:
                continue
            witness = _search_seed(pair, _variant_name(file, patch), variant, solve=solve)
            if witness is not None:
                return witness
    return None


def _kind_name(ruleset: str, data: dict[str, Any]) -> str:
    """The kind of question a ruleset would ask of a position, from its move's action alone (no loading)."""
    from checker.rules import layer_of

    move = data.get("move")
    action = str(move.get("action", "")).strip().lower() if isinstance(move, dict) else "position"
    lay = layer_of(ruleset)
    if lay is not None and lay.kinds:
        action = lay.kinds + lay.actions.get(action, action)
    return action


_KIND_NAMES: dict[tuple[str, str], str] = {}


def _seed_kind(file: str, data: dict[str, Any], ruleset: str) -> str:
    """The kind of question a seed carried to a ruleset asks (once per seed and ruleset)."""
    key = (file, ruleset)
    if key not in _KIND_NAMES:
        move = data.get("move")
        # only the move matters here: carry that alone (a whole position's translation is the costly part)
        light = (
            {"ruleset": data.get("ruleset"), "move": move}
            if isinstance(move, dict)
            else {"ruleset": data.get("ruleset")}
        )
        carried, _ = translate(light, ruleset) if data.get("ruleset") != ruleset else (light, [])
        _KIND_NAMES[key] = _kind_name(ruleset, carried)
    return _KIND_NAMES[key]


def _eligible(pair: Pair, file: str, data: dict[str, Any]) -> bool:
    """A seed both rulesets read as the pair's kinds of question."""
    if _seed_kind(file, data, pair.rulesets[0]) != pair.first.on or _seed_kind(file, data, pair.rulesets[1]) != (
        pair.second.on
    ):
        return False  # decided before loading anything: most seeds ask another question
    got_a, got_b = _under(file, data, pair.rulesets[0]), _under(file, data, pair.rulesets[1])
    if got_a is None or got_b is None:
        return False
    return got_a[2].name == pair.first.on and got_b[2].name == pair.second.on


def _variant_name(file: str, patch: dict[str, Any]) -> str:
    """A seed file's name, and the patch applied (the cache of carried positions is keyed by it)."""
    return file if not patch else f"{file}#" + ",".join(f"{k}={v}" for k, v in patch.items())


@dataclass
class Search:
    """What :func:`find` found: a witness per pair that has one, the pairs with none, and the recorded
    conflicts (a rule's ``differs=``) none of whose pairs was found."""

    found: list[Witness]
    agree: list[Pair]
    missed: list[Pair]  # one pair per recorded conflict not rediscovered
    seconds: float
    unsearched: list[Pair] = field(default_factory=list)  # left when the time budget ran out


BUDGET_SECONDS = 50.0


def find(
    rulesets: list[str] | None = None,
    budget_s: float = BUDGET_SECONDS,
    among: list[Pair] | None = None,
    one_per_conflict: bool = False,
) -> Search:
    """Search every pair (recorded conflicts first), or those ``among`` given, for a position where the two
    rulesets differ. With ``one_per_conflict``, a recorded conflict's other pairs are not searched once one of
    them is found (the conflict is rediscovered).

    The budget is processor time, so that a busy machine gives the same answer, only later.
    """
    start = time.process_time()
    every = pairs(rulesets) if among is None else among
    ordered = [p for p in every if p.recorded] + [p for p in every if not p.recorded]
    found: list[Witness] = []
    agree: list[Pair] = []
    unsearched: list[Pair] = []
    deadline = start + budget_s
    seen: set[str] = set()
    for p in ordered:
        if time.process_time() > deadline:
            unsearched.append(p)
            continue
        if one_per_conflict and p.recorded and p.by in seen:
            continue
        w = find_pair(p, deadline=deadline, stretch=budget_s / BUDGET_SECONDS)  # a larger budget, longer per pair
        (found.append(w) if w is not None else agree.append(p))
        if w is not None and p.recorded:
            seen.add(p.by)
    # a recorded conflict is one rule's difference from its counterparts: found if any of its pairs is
    shown = {w.pair.by for w in found if w.pair.recorded}
    missed: dict[str, Pair] = {}
    for p in agree + unsearched:
        if p.recorded and p.by not in shown:
            missed.setdefault(p.by, p)
    return Search(found, agree, list(missed.values()), time.process_time() - start, unsearched)


def case_text(w: Witness) -> str:
    """A witness as a worked case: the position under the first ruleset, and each ruleset's expectation."""
    import yaml

    a, b = w.verdicts
    first, second = w.pair.rulesets
    # Written under the first ruleset, unless the second's position has keys the first's positions have not (a
    # Dreamrules bribe pile): then under the second, whose keys `mentat compare` leaves out carrying it back.
    family, there = family_of(second), w.other
    foreign = family.foreign if family is not None else None
    lost = there is not None and foreign is not None and any(not f.default for f in foreign(there, first))
    own, theirs, (mine, other) = (second, first, (b, a)) if lost else (first, second, (a, b))
    source = there if lost and there is not None else w.data
    data = {k: v for k, v in source.items() if k not in ("expect", "title", "notes")}
    board = data.get("board")
    if isinstance(board, str) and Path(board).is_absolute():
        from checker.cases import CASES

        data["board"] = str(Path("../..") / Path(board).relative_to(CASES.parent))
    data["title"] = f"{first} and {second} differ: {w.pair.recorded or w.pair.first.title}"
    data["notes"] = (
        f"Found by `mentat conflicts --find` from {w.seed} for {w.pair.first.id} / {w.pair.second.id}; "
        f"the solver set {', '.join(f'{k}={v}' for k, v in w.changed.items()) or 'nothing'}."
    )

    def expect(v: Verdict) -> dict[str, Any]:
        out: dict[str, Any] = {"verdict": v.verdict}
        forbidding = v.forbidding()
        if forbidding:
            out["forbids"] = forbidding
        fixed = {k for f in v.findings for k in f.rule.defines}  # the rest is the solver's choice (a sector)
        outcome = {k: x for k, x in v.outcome.items() if k in fixed}
        if outcome:
            out["outcome"] = outcome
        return out

    data["expect"] = {**expect(mine), "under": {theirs: expect(other)}}
    assert data["ruleset"] == own
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110)

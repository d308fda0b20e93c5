"""The engine: every rule's check, then the solver over every rule's z3 form.

The checks give the complete list of rules that forbid a move. The solver,
with each rule's form guarded by a tracked literal, gives the unsat core: one
minimal set of rules that forbid it together, the only explanation for a move
that no single rule forbids (a path blocked by range plus storm). Each rule's
form and check must agree on the same facts; a disagreement is an internal
error naming the rule.
"""

from __future__ import annotations

import ctypes
import os
import threading
from dataclasses import dataclass, field
from typing import Any

from checker.cache import cache_file, read_texts, write_texts
from checker.facts import Facts, Kind, Vars, bindings, constants, missing_key
from checker.family import family_of
from checker.names import display
from checker.outcomes import derive
from checker.rules import LAYERS, REGISTRY, Rule, cites_under, reviewed, rules_on
from checker.sources import Cite

SOLVER_TIMEOUT_MS = 5000
TIMEOUT = "solver timeout"  # the reason of a verdict the solver ran out of time on
# When true, every applicable rule's form is also asked on its own (the test suite sets it):
# by default only the answers that decide the verdict are cross-checked, which keeps checks fast.
VERIFY_EVERY_RULE = os.environ.get("MENTAT_VERIFY") == "all"
REBUILD_AFTER = 400  # decisions pushed and popped; repeated push/pop slows a long-lived solver down

EXIT = {"legal": 0, "illegal": 1, "unresolved": 3, "invalid-position": 4}


class InternalError(Exception):
    """A bug in Mentat, not in the position: reported as such (exit 70), never as a verdict."""


class Disagreement(InternalError):
    """A rule's z3 form and its check answered differently: a bug in the rule."""

    def __init__(self, rule: Rule, check: object, solver: object) -> None:
        self.rule = rule
        super().__init__(
            f"internal error: rule {rule.id} disagrees with itself: its check says {check}, its z3 form says {solver}"
        )


# An outcome value a message read that the outcome does not give (a template shows it as "none").
ABSENT: Any = type("Absent", (), {"__repr__": lambda _self: "ABSENT"})()
# How a finding states a consequence that holds only if the open questions beside it change nothing.
IF_OPEN = "If the open question above changes nothing: "


@dataclass
class Finding:
    """What one rule says of the question: it forbids, permits or leaves it open, in the position's own words."""

    rule: Rule
    effect: str  # forbids | permits | unresolved
    message: str
    # the lines quoted: the rule's own, after those where the asked ruleset's text says it again (engine.decide)
    cites: tuple[Cite, ...] = ()
    # The outcome values the message states (key -> the value it was written with, ``ABSENT`` where the outcome
    # had none): those its template or function read, and a fixing rule's own ``defines``. Never published; the
    # engine uses it so that no finding states a value that is not so (``_said_honestly``).
    states: dict[str, Any] = field(default_factory=dict)

    @property
    def sources(self) -> tuple[Cite, ...]:
        return self.cites or self.rule.cites

    def as_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule.id,
            "effect": self.effect,
            "message": self.message,
            "sources": [c.as_json() for c in self.sources],
        }


@dataclass
class Verdict:
    """The answer to one position's question: the verdict, each rule's finding, the outcome and what is unknown."""

    ruleset: str
    verdict: str
    findings: list[Finding] = field(default_factory=list)
    minimal_reason: list[str] = field(default_factory=list)
    outcome: dict[str, Any] = field(default_factory=dict)
    reason: str = ""  # why a verdict is unresolved
    question: str = ""
    missing: list[str] = field(default_factory=list)  # position keys an unresolved verdict lacks
    notes: list[str] = field(default_factory=list)
    # position keys that only values under ``outcome["unknown"]`` lack (``missing`` holds those the verdict lacks)
    value_missing: list[str] = field(default_factory=list)
    # of an unresolved verdict's ``missing``, the keys its open questions lack (the others only its values)
    question_missing: list[str] = field(default_factory=list)

    @property
    def unknown(self) -> dict[str, str]:
        """Outcome values the verdict does not decide (outcome key -> why), the verdict itself being decided."""
        got: dict[str, str] = self.outcome.get("unknown", {})
        return got

    @property
    def exit_code(self) -> int:
        return EXIT[self.verdict]

    def forbidding(self) -> list[str]:
        return [f.rule.id for f in self.findings if f.effect == "forbids"]

    def open_rules(self) -> set[str]:
        """The rules that could not answer (an ``unresolved`` verdict's)."""
        return {f.rule.id for f in self.findings if f.effect == "unresolved"}

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ruleset": self.ruleset,
            "verdict": self.verdict,
            "findings": [f.as_json() for f in self.findings],
            "minimal_reason": self.minimal_reason,
            "outcome": self.outcome,
        }
        if self.reason:
            out["reason"] = self.reason
        if self.notes:
            out["notes"] = self.notes
        return out


def _readable(value: Any, key: str = "") -> Any:
    """Lists and mappings as a player would write them, not as Python prints them (a path's territories with
    arrows, any other list with commas)."""
    if isinstance(value, dict):
        if not value:
            return "none"
        return ", ".join(f"{display(k) if isinstance(k, str) else k} {_readable(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        if not value:
            return "nothing"
        sep = " → " if key == "path" and all(isinstance(x, str) for x in value) else ", "
        return sep.join(str(_readable(x)) for x in value)
    return value


class _Values(dict[str, Any]):
    """A message's values, made readable only when its template asks for them; notes which outcome values (keys
    that are no fact's) it asked for."""

    def __init__(self, raw: dict[str, Any], facts: dict[str, Any]) -> None:
        super().__init__()
        self.raw = raw
        self.facts = facts
        self.read: set[str] = set()

    def __missing__(self, key: str) -> Any:
        if key not in self.facts or self.raw.get(key) is not self.facts[key]:
            self.read.add(key)
        if key not in self.raw:
            return "none"  # a value this answer has no use for (no sector in the Polar Sink)
        self[key] = _readable(self.raw[key], key)
        return self[key]


class _Reading(dict[str, Any]):
    """The outcome handed to a message function, noting the values it reads (those its message may state)."""

    def __init__(self, raw: dict[str, Any]) -> None:
        super().__init__(raw)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self.read.add(str(key))
        return super().__contains__(key)

    def items(self) -> Any:
        self.read.update(self)
        return super().items()

    def values(self) -> Any:
        self.read.update(self)
        return super().values()


def _message(template: Any, facts: Facts, extra: dict[str, Any] | None = None) -> tuple[str, set[str]]:
    """A finding's text, and the outcome values (keys of ``extra``, or no fact's) it read."""
    if callable(template):  # a rule that names the deciding element itself
        reading = _Reading(extra or {})
        return str(template(facts, reading)), reading.read
    known = facts.__dict__.get("_fmt")
    if known is None:  # once per facts record: a verdict's findings all read it
        known = facts.__dict__["_fmt"] = facts.fmt()
    values = _Values({**known, **(extra or {})}, known)
    try:
        return template.format_map(values), values.read
    except (IndexError, ValueError, AttributeError):
        return template, values.read


def _finding(
    r: Rule,
    effect: str,
    facts: Facts,
    extra: dict[str, Any] | None = None,
    prefix: str = "",
    fixed: dict[str, dict[str, Any]] | None = None,
) -> Finding:
    """A forbidding or permitting finding; a permitting one states the values its rule fixes (those its check
    gave, in ``fixed``; else all it ``defines``), and those its message read."""
    template = (r.forbids if effect == "forbids" else r.permits) or r.title
    text, read = _message(template, facts, extra)
    said = read | (set((fixed or {}).get(r.id, r.defines)) if effect == "permits" else set())
    values = extra or {}
    return Finding(r, effect, prefix + text, states={k: values.get(k, ABSENT) for k in sorted(said)})


def _said_honestly(verdict: Verdict) -> None:
    """No finding states a consequence that is not so. Beside an open question (an unresolved verdict) a
    consequence holds only if that question changes nothing: the finding says so. In a decided verdict a value
    reported ``unknown`` is not stated: the finding keeps its rule's title and points to the notes."""
    if verdict.verdict == "unresolved":
        for f in verdict.findings:
            if f.effect != "permits" or not f.states or f.message.startswith(IF_OPEN):
                continue
            if any(x is ABSENT for x in f.states.values()):  # a value no check fixed (the solver's, unasked)
                f.message, f.states = f"{f.rule.title}.", {}
            else:
                f.message = IF_OPEN + f.message
        return
    unknown = verdict.unknown
    for f in verdict.findings:
        hidden = [k for k in f.states if k in unknown]
        if hidden:
            f.message = f"{f.rule.title} ({', '.join(k.replace('_', ' ') for k in hidden)}: unknown, see the notes)."
            f.states = {}


_early: dict[str, Any] = {}  # z3's context, made on another thread (make_context_early)


def make_context_early() -> None:
    """Start importing z3 and making its context on another thread, for a process about to ask the solver once (a
    cold ``mentat check``): z3 spends ~10 ms in C making a context, with Python's lock released, while this thread
    reads the position and imports the rules. The first solver takes it (:func:`_use_early_context`)."""
    if "thread" not in _early:
        _early["thread"] = threading.Thread(target=_make_context, name="z3-context", daemon=True)
        _early["thread"].start()


def _make_context() -> None:
    try:
        import z3

        _early["context"] = z3.Context()
    except Exception:  # the first solver then makes its own: only slower, and never a traceback
        pass


def _use_early_context(z3: Any) -> None:
    """Make the context made early z3's main context, unless z3 made one already (then it is left unused): z3's
    objects from two contexts never meet."""
    thread = _early.pop("thread", None)
    if thread is None:
        return
    thread.join()
    made = _early.pop("context", None)
    module = getattr(z3, "z3", None)
    if made is not None and getattr(module, "_main_ctx", False) is None:
        module._main_ctx = made  # type: ignore[union-attr]


class _Solver:
    """One long-lived solver per (ruleset, kind, shape of facts), queried with assumptions.

    It holds the kind's frame and, guarded by its literal, each rule's implication. A kind whose decisions are each
    asked of a solver of their own (``Kind.preprocessed``) gives each one the frame and the rules it may assume: a
    rule no decision assumes holds whatever the facts. Where the disk cache keeps each rule's assertion apart, such a
    kind's rules are read in as decisions first ask for them (a cold Dreamrules battle reads 19 of its 108 rules);
    a long-lived solver reads them all, so that its answers do not depend on the decisions before."""

    def __init__(self, kind: Kind, rules: list[Rule], facts: Facts, key: tuple[Any, ...]) -> None:
        import z3

        _use_early_context(z3)
        self.z3 = z3
        self.solver = self._new_solver()
        self.v = Vars(facts)
        kind.choices(self.v, facts)
        formed = [r for r in rules if r.form is not None]
        self.literal = dict(
            zip([r.id for r in formed], constants([f"rule:{r.id}" for r in formed], "Bool"), strict=True)
        )
        # by the literal's AST id: a z3 term as a dict key compares by building an equality term and deciding it
        self.rule_of: dict[int, Rule] = {self.literal[r.id].get_id(): r for r in formed}
        self.frame: list[Any] = []  # the frame's terms (z3 ASTs), as asserted
        self.implied: dict[str, Any] = {}  # rule id -> its implication's term, once asserted
        self._held: list[Any] = []  # what owns those terms (z3 frees a term nothing refers to)
        self._declared: set[str] = set()  # the declarations read onto this solver
        # Building the frame and the forms through z3's Python API is what makes a cold check
        # slow (a movement solver: ~250 ms); parsing the same assertions back takes ~10 ms.
        # Only rules whose forms live in the project's packages, whose files the cache's fingerprint covers
        # (a test may register rules of its own; gap rules' constant forms live in checker.rules).
        registered = all(
            REGISTRY.get(r.id) is r and (r.form_module or "").startswith(("constraints.", "checker.")) for r in formed
        )
        cached = cache_file("solvers", repr((key, [r.id for r in formed]))) if registered else None
        # The assertions as SMT-LIB text, with the declarations they use. For a kind whose decisions are asked of a
        # solver each, the frame's (key "") and each rule's apart (``lazy``: read as decisions ask for them); for a
        # long-lived solver, all of them as one text (key ""), read at once in the order they were built.
        self.lazy = kind.preprocessed
        self.texts: dict[str, str] | None = read_texts(cached) if cached else None
        if self.texts is not None and set(self.texts) == ({"", *self.literal} if self.lazy else {""}):
            self._read([""])
        else:
            self.texts = None
            frame = kind.frame(self.v, facts)
            implications = {}
            for r in formed:
                assert r.form is not None
                implications[r.id] = z3.Implies(self.literal[r.id], r.form(self.v))
            self.solver.add(*frame, *implications.values())
            if self.lazy:
                self._held += [frame, implications]
                self.frame = [term.ast for term in frame]
                self.implied = {i: term.ast for i, term in implications.items()}
            if cached:
                if self.lazy:
                    self.texts = {"": _sexpr(z3, frame), **{i: _sexpr(z3, [t]) for i, t in implications.items()}}
                else:
                    self.texts = {"": self.solver.sexpr()}
                write_texts(cached, self.texts)
        self.queries = 0  # decisions pushed on this solver (REBUILD_AFTER)
        self.first = True  # no decision has been asked of it yet
        self.spent = False  # a decision's facts are asserted at its base: read it again before the next (reload)
        self._asserting: dict[tuple[str, ...], Any] = {}
        self._tactic: Any = None

    def _new_solver(self) -> Any:
        solver = self.z3.Solver()
        solver.set("timeout", SOLVER_TIMEOUT_MS)
        solver.set("core.minimize", True)
        solver.set("smt.relevancy", 0)  # measured: doubles warm movement checks
        # an outcome reads a few values of the model: compacting it first took half its cost (0.54 -> 0.30 ms a battle)
        solver.set("model.compact", False)
        return solver

    def load(self, asked: list[Rule]) -> None:
        """Read onto the solver the implications of the rules ``asked`` it does not hold yet (``lazy``)."""
        if self.texts is None or not self.lazy:  # every rule is on it
            return
        todo = [r.id for r in asked if r.id in self.literal and r.id not in self.implied]
        if todo:
            self._read(todo)

    def _read(self, ids: list[str]) -> None:
        """Parse the texts of the frame ("", or of everything where not ``lazy``) or of rules onto the solver, and note
        the terms they assert (each rule's text asserts one). z3 reads each script with the constants of the
        solver's assertions already declared: a declaration is said once a solver."""
        z3 = self.z3
        assert self.texts is not None
        said = self._declared
        script: list[str] = []
        for i in ids:
            for line in self.texts[i].splitlines():
                if line.startswith("(declare-fun "):
                    if line in said:
                        continue
                    said.add(line)
                script.append(line)
        before = len(self.frame) + len(self.implied)
        self.solver.from_string("\n".join(script))
        if not self.lazy:  # its terms are never asked for one by one (nor kept: what z3 may free changes its search)
            return
        kept = self.solver.assertions()
        self._held.append(kept)
        ref, vector = kept.ctx.ref(), kept.vector
        new = [z3.Z3_ast_vector_get(ref, vector, i) for i in range(before, len(kept))]
        if ids == [""]:
            self.frame = new
        elif len(new) == len(ids):
            self.implied.update(zip(ids, new, strict=True))
        else:  # a text that is not one assertion: a damaged cache entry
            raise InternalError(f"a cached solver's rule texts gave {len(new)} assertions for {len(ids)} rules")

    def reload(self) -> None:
        """The solver as it was read, after a decision spent it (the same terms: z3 shares equal terms in a context,
        so the rules' literals and the variables stay those of this solver)."""
        self.solver = self._new_solver()
        self._declared = set()
        self._read([""])  # a long-lived solver's one text (a solver per decision is never spent)
        self.spent = False

    def check(self, *assumptions: Any, on: Any = None) -> Any:
        """The solver's check under the assumptions (``on``: a solver made for one decision, else this one),
        straight to the C API: z3's Python check() casts each one again (a twentieth of a battle check)."""
        z3 = self.z3
        arr = (z3.Ast * len(assumptions))(*(a.as_ast() for a in assumptions))
        s = self.solver if on is None else on
        return z3.CheckSatResult(z3.Z3_solver_check_assumptions(s.ctx.ref(), s.solver, len(assumptions), arr))

    def asserting(self, asked: list[Rule]) -> Any:
        """The solver's frame and the implications of the rules ``asked`` (those whose literals a decision may
        assume) as one term, built once per set of rules. The others' implications hold whatever the facts (their
        literals are free): leaving them out spared a battle's preprocessing three quarters of the rules (a warm
        battle's solving 1.04 -> 0.69 ms)."""
        key = tuple(r.id for r in asked)
        made = self._asserting.get(key)
        if made is not None:
            return made
        z3, ctx = self.z3, self.solver.ctx
        self.load(asked)
        terms = self.frame + [self.implied[i] for i in key if i in self.implied]
        if len(self._asserting) >= 256:  # the sets of rules a kind's positions bring in are few; never unbounded
            self._asserting.clear()
        made = z3.BoolRef(z3.Z3_mk_and(ctx.ref(), len(terms), (z3.Ast * len(terms))(*terms)), ctx)
        self._asserting[key] = made
        return made

    def preprocessing(self) -> Any:
        """Substitute the values the facts fix, solve the equations left, then search (built once)."""
        if self._tactic is None:
            self._tactic = self.z3.Then("propagate-values", "solve-eqs", "smt")
        return self._tactic


def _sexpr(z3: Any, terms: list[Any]) -> str:
    """Terms as an SMT-LIB script asserting them, with the declarations of the constants they use."""
    solver = z3.Solver()
    solver.add(*terms)
    text: str = solver.sexpr()
    return text


class _Query:
    """One decision's questions to the solver, on one position's facts.

    By default they go to the kind's long-lived solver, the facts' bindings pushed in a scope (popped when the
    decision ends). A kind whose position's facts fix nearly every variable (``Kind.preprocessed``) is asked
    instead on a solver made for the decision: the frame, the implications of the rules it may assume and the
    bindings asserted at its base, where z3 first substitutes the facts and simplifies (it preprocesses nothing
    asserted inside a scope). That solver keeps no unsat core: a joint refusal's core is asked of a plain solver
    holding the same assertions."""

    def __init__(self, owner: _Solver, terms: list[Any], preprocessed: bool, asked: list[Rule]) -> None:
        z3 = owner.z3
        self.owner, self.z3, self.terms = owner, z3, terms
        self.bound = False  # the facts are on the long-lived solver (in a scope, or at its base)
        self.scoped = False  # ... in a scope, popped when the decision ends
        self.fresh: Any = None
        self.asked = asked
        self.facts: Any = None  # the bindings as one term, on a solver made for the decision
        first, owner.first = owner.first, False
        if not preprocessed and first and owner.texts is not None:
            # A solver's first decision (a cold check's only one) asserts the facts at its base, where z3 simplifies
            # with them: a scope's first push made z3 take in every assertion as it stood (a cold movement check:
            # 10 -> 6 ms). The solver is then read again from its text before another decision.
            owner.spent = True
            self._bind(scoped=False)
        elif preprocessed:
            self.fresh = owner.preprocessing().solver()
            self.fresh.set("timeout", SOLVER_TIMEOUT_MS)
            # the bindings as one conjunction, straight to the C API: an assertion each was an eighth of a battle
            arr = (z3.Ast * len(terms))(*[term.ast for term in terms])
            self.facts = z3.BoolRef(z3.Z3_mk_and(self.fresh.ctx.ref(), len(terms), arr), self.fresh.ctx)
            self._assert_decision(self.fresh)
        else:
            self._bind()

    def _assert_decision(self, solver: Any) -> None:
        """Assert on a solver made for this decision its frame and asked rules, and its facts."""
        z3 = self.z3
        ctx, native = solver.ctx.ref(), solver.solver
        z3.Z3_solver_assert(ctx, native, self.owner.asserting(self.asked).as_ast())
        z3.Z3_solver_assert(ctx, native, self.facts.as_ast())

    def _bind(self, scoped: bool = True) -> None:
        """Put the facts on the long-lived solver, in a scope of their own unless ``scoped`` is False (once)."""
        if self.bound:
            return
        s, z3 = self.owner.solver, self.z3
        if scoped:
            s.push()
            self.owner.queries += 1  # what slows a long-lived solver down is its pushes and pops
        self.bound, self.scoped = True, scoped
        ctx, native = s.ctx.ref(), s.solver
        for term in self.terms:
            z3.Z3_solver_assert(ctx, native, term.as_ast())

    def check(self, *assumptions: Any) -> Any:
        """Satisfiable under the facts and the assumptions (rule literals, or terms)?"""
        return self.owner.check(*assumptions, on=self.fresh)

    def model(self) -> Any:
        return (self.fresh or self.owner.solver).model()

    def core(self, *assumptions: Any) -> list[Rule] | None:
        """The rules of a minimal unsatisfiable subset of the assumptions (None: the solver ran out of time), asked of
        the long-lived solver, or for a decision made on its own solver, of a plain one (the preprocessing keeps no
        core) holding the same assertions."""
        z3, owner = self.z3, self.owner
        if self.facts is not None:  # a plain solver made for it, as the decision's: its answer is this question's alone
            solver = owner._new_solver()
            self._assert_decision(solver)
        else:
            self._bind()
            solver = owner.solver
        answer = owner.check(*assumptions, on=solver)
        if answer == z3.unknown:
            return None
        found = [r for c in solver.unsat_core() if (r := owner.rule_of.get(c.get_id())) is not None]
        if answer == z3.sat or not found:  # the same assertions, asked twice: a bug in the engine or in z3
            raise InternalError(f"the solver's unsat core of the rules that permit is {answer}, {len(found)} rules")
        return found

    def close(self) -> None:
        if self.scoped:
            self.owner.solver.pop()


_SOLVERS: dict[tuple[Any, ...], _Solver] = {}


def _solver_for(ruleset: str, kind: Kind, rules: list[Rule], facts: Facts) -> _Solver:
    key = (ruleset, kind.name, kind.shape(facts))
    s = _SOLVERS.get(key)
    if s is None or s.queries >= REBUILD_AFTER:
        s = _SOLVERS[key] = _Solver(kind, rules, facts, key)
    elif s.spent:
        s.reload()
    return s


class Unencoded(Kind):
    """A question no kind of its family answers (or a position of a ruleset with no family): unresolved."""

    name = "unencoded"
    title = "A move whose rules Mentat does not encode yet"


UNENCODED = Unencoded()  # not registered in KINDS: a family may have an ``unencoded`` kind of its own


def kind_of(pos: Any) -> Kind:
    """The kind of question a position asks, as its ruleset's family names it (imported on demand)."""
    family = family_of(pos.ruleset)
    if family is None:
        return UNENCODED
    kind: Kind | None = family.load_kind(family.kind_name(pos))
    return kind if kind is not None else UNENCODED


def evaluate(pos: Any, ruleset: str | None = None) -> Verdict:
    """Answer a position's question: is its move legal, or is the position valid?"""
    ruleset = ruleset or pos.ruleset
    if family_of(pos.ruleset) is None:  # a game whose positions are not modelled: keep the question, answer open
        action = getattr(pos.move, "action", None) or "position"
        return Verdict(pos.ruleset, "unresolved", reason=f"Mentat encodes no {pos.ruleset} rules yet", question=action)
    kind = kind_of(pos)
    if kind.name == "unencoded":
        action = getattr(pos.move, "action", "?")
        reason = f"Mentat does not encode the rules of '{action}' moves yet"
        return Verdict(ruleset, "unresolved", reason=reason, question=action)
    in_force = rules_on(ruleset, kind.name)
    lay = LAYERS.get(ruleset)
    if lay is not None and lay.whole_game and not reviewed(ruleset, kind.name):
        # its base's rules are in force, but what this text changes about the question is not encoded yet
        what = kind.title.lower() or kind.name
        reason = f"Mentat does not encode yet what {ruleset} changes about {what} (its base, {lay.base}, would guess)"
        return Verdict(ruleset, "unresolved", reason=reason, question=kind.name)
    if not in_force or ruleset not in LAYERS:
        # No rules is no permission: say so rather than call the move legal. Checked before the
        # facts are built: a ruleset with no rules here may use components the kind does not know.
        what = kind.title.lower() or kind.name
        reason = f"Mentat encodes no {ruleset} rules for {what} yet"
        return Verdict(ruleset, "unresolved", reason=reason, question=kind.name)
    facts = kind.facts(pos)
    verdict = decide(ruleset, kind, in_force, facts)
    # One missing key, with few values: try them all (for the verdict, or for the values it left unknown). Keys that
    # only outcome values lack stay missing in every try (their values stay unknown): they do not stop it.
    if verdict.verdict == "unresolved":
        lacking = set(verdict.question_missing)
    else:
        family = family_of(ruleset)
        few = {k for k in verdict.value_missing if family is not None and k in family.splittable}
        lacking = few if len(few) == 1 else set(verdict.value_missing)
    if len(lacking) == 1:
        return _same_for_every_value(pos, ruleset, kind, lacking.pop()) or verdict
    return verdict


def _same_for_every_value(pos: Any, ruleset: str, kind: Kind, key: str) -> Verdict | None:
    """A position key with few possible values (its family's ``splittable``), the only one missing: every value
    is tried. The verdict is given only if it is the same for all of them (never a guess); so is each outcome
    value, the others being reported ``unknown`` (a value the answer cannot do without leaves it unresolved)."""
    import dataclasses

    family = family_of(ruleset)
    values = family.splittable.get(key) if family is not None else None
    if values is None or not hasattr(pos, key) or getattr(pos, key) is not None:
        return None
    answers = [evaluate(dataclasses.replace(pos, **{key: value}), ruleset) for value in values]
    first = answers[0]

    def gist(v: Verdict) -> tuple[Any, ...]:
        return (v.verdict, sorted(v.forbidding()), sorted(v.minimal_reason))

    if first.verdict == "unresolved" or any(gist(v) != gist(first) for v in answers[1:]):
        return None
    unknown: dict[str, str] = {}
    for v in answers:
        for name, why in v.unknown.items():
            unknown.setdefault(name, why)
    outcome: dict[str, Any] = {}
    for name in dict.fromkeys(n for v in answers for n in v.outcome if n != "unknown"):
        got = [v.outcome.get(name, ABSENT) for v in answers]
        if name in unknown:
            continue
        if any(x != got[0] for x in got[1:]):
            unknown[name] = f"it depends on '{key}', which the position does not give"
        elif got[0] is not ABSENT:
            outcome[name] = got[0]
    if set(unknown) & set(kind.decisive):
        return None
    if unknown:
        outcome["unknown"] = unknown
    merged = dataclasses.replace(first, outcome=outcome, findings=[], notes=[], value_missing=[])
    # a finding every answer gives alike stays; one whose words depend on the value keeps only its rule's title
    for f in first.findings:
        alike = [g for v in answers for g in v.findings if g.rule is f.rule and g.effect == f.effect]
        if len(alike) < len(answers):
            continue  # not every value brings the rule in: it does not decide this answer
        if all(g.message == f.message for g in alike):
            merged.findings.append(f)
        else:
            merged.findings.append(dataclasses.replace(f, message=f"{f.rule.title}.", states={}))
    merged.notes = [n for n in first.notes if all(n in v.notes for v in answers)]
    same = "the answer is the same for every" if not unknown else "the verdict is the same for every"
    tried = list(values)
    span = f" ({tried[0]}-{tried[-1]})" if len(tried) > 1 else ""
    merged.notes.append(f"the position does not give '{key}'; {same} value it may have{span}")
    _said_honestly(merged)
    return merged


def decide(ruleset: str, kind: Kind, in_force: list[Rule], facts: Facts) -> Verdict:
    """Run checks and solver on one facts record (the engine's core, for any kind); each finding quotes its
    rule's lines as the asked ruleset reads them (its own text first, where it says an inherited rule again)."""
    verdict = _decide(ruleset, kind, in_force, facts)
    if verdict.verdict == "legal":
        verdict.notes += [n for n in facts.effects if n not in verdict.notes]
    for f in verdict.findings:
        f.cites = cites_under(f.rule, ruleset, facts)
    _said_honestly(verdict)
    return verdict


def _decide(ruleset: str, kind: Kind, in_force: list[Rule], facts: Facts) -> Verdict:
    applicable = [r for r in in_force if r.applies(facts)]
    bad = "invalid-position" if kind.judges_position else "illegal"
    verdict = Verdict(ruleset, "legal", question=kind.name, notes=list(facts.notes))

    forbidding: list[Rule] = []
    permitting: list[Rule] = []
    open_questions: list[tuple[Rule, str]] = []
    # Rules that cannot answer but touch only outcome values (a fixing rule that never forbids, lacking a fact it
    # needs; an open rule that ``leaves_open`` values): the verdict stays decided, their values are ``unknown``.
    open_values: list[tuple[Rule, str, tuple[str, ...]]] = []
    defined: dict[str, Any] = {}
    fixed: dict[str, dict[str, Any]] = {}  # rule id -> the values its check fixed
    for r in applicable:
        if r.open:
            why = r.reason_on(facts)
            if r.leaves_open and not set(r.leaves_open) & set(kind.decisive):
                open_values.append((r, why, r.leaves_open))
            else:
                open_questions.append((r, why))
            continue
        key = missing_key(facts, r.needs)
        if key is not None:
            detail = facts.missing_detail(key)
            # a detail that says itself what the position lacks ("the position does not list ...") stands alone
            said = detail.startswith("the position ")
            why = detail if said else f"the position does not give '{key}'" + (f" ({detail})" if detail else "")
            if _fixes_values_only(r, kind):
                open_values.append((r, why, r.defines))
                verdict.value_missing.append(key)
            else:
                open_questions.append((r, why))
                verdict.missing.append(key)
            continue
        answer = r.check(facts)
        if isinstance(answer, dict):
            defined.update(answer)
            fixed[r.id] = answer
            permitting.append(r)
        elif answer:
            permitting.append(r)
        else:
            forbidding.append(r)

    solver = _solver_for(ruleset, kind, in_force, facts)
    z3 = solver.z3
    # the rules whose literals this decision may assume: those whose checks answered
    query = _Query(solver, bindings(solver.v, facts), kind.preprocessed, forbidding + permitting)
    try:

        def lits(rs: list[Rule]) -> list[Any]:
            return [solver.literal[r.id] for r in rs if r.id in solver.literal]

        joint_core: list[Rule] = []
        model = None
        # Each rule whose check forbids must be unsatisfiable on its own: that rule alone is already a minimal
        # reason (its core), so no joint query is needed.
        for r in forbidding:
            if r.id not in solver.literal:
                continue
            answer = query.check(solver.literal[r.id])
            if answer == z3.unknown:
                return _timeout(verdict)
            if answer != z3.unsat:
                raise Disagreement(r, "forbids", "permits")
            joint_core = joint_core or [r]
        if VERIFY_EVERY_RULE:
            for r in permitting:
                if r.id in solver.literal and query.check(solver.literal[r.id]) == z3.unsat:
                    raise Disagreement(r, "permits", "forbids")
        if not forbidding:
            # The rules that permit on their own must permit together too, or say why not.
            result = query.check(*lits(permitting))
            if result == z3.unknown:
                return _timeout(verdict)
            if result == z3.sat:
                model = query.model()
                size = kind.shortest(solver.v, facts)
                while size is not None and model.eval(size, model_completion=True).as_long() > 0:
                    # report the shortest answer (a legal path), not merely some answer
                    smaller = model.eval(size, model_completion=True).as_long() - 1
                    if query.check(*lits(permitting), size <= smaller) != z3.sat:
                        break
                    model = query.model()
            else:
                found = query.core(*lits(permitting))
                if found is None:
                    return _timeout(verdict)
                joint_core = [r for r in permitting if r in found]  # in the rules' order, as the checks list them
                for r in joint_core:  # each alone must still permit, or its check is wrong
                    if query.check(solver.literal[r.id]) == z3.unsat:
                        raise Disagreement(r, "permits", "forbids")
        verdict.minimal_reason = [r.id for r in joint_core]

        if forbidding or joint_core:
            verdict.verdict = bad
            for r in forbidding:
                verdict.findings.append(_finding(r, "forbids", facts))
            if not forbidding:
                names = "; ".join(r.title for r in joint_core)  # as written: a title may open with a name
                for r in joint_core:
                    verdict.findings.append(_finding(r, "forbids", facts, prefix=f"Together ({names}): "))
            return verdict
        if open_questions:
            open_questions += [(r, why) for r, why, _keys in open_values]
            verdict.question_missing = list(verdict.missing)
            verdict.missing += verdict.value_missing
            verdict.value_missing = []
            verdict.verdict = "unresolved"
            verdict.reason = "; ".join(f"{r.id}: {why}" for r, why in open_questions)
            verdict.findings = [Finding(r, "unresolved", why) for r, why in open_questions]
            # what was checked still shows: each rule that permits on its own (none forbids here)
            # (outcome values the checks fixed fill their messages, as holding if the open questions change nothing)
            verdict.findings += [_finding(r, "permits", facts, defined, fixed=fixed) for r in permitting]
            return verdict

        assert model is not None
        value = _evaluator(z3, model)
        outcome = kind.outcome(value, solver.v, facts)
        for name, expected in defined.items():  # outcome rules: check and form must fix the same value
            got = outcome.get(name)
            if got != expected:
                r = next(r for r in permitting if isinstance(r.check(facts), dict) and name in r.check(facts))  # type: ignore[operator]
                raise Disagreement(r, f"{name} = {expected}", f"{name} = {got}")
        for name in kind.ruled:  # a value no rule in force fixes is the model's whim: leave it out
            if name not in defined:
                outcome.pop(name, None)
        unknown: dict[str, str] = outcome.pop("unknown", {})  # a kind may say a value it reads is unknown
        for r, why, keys in open_values:  # the solver was free on these: its values are no answer
            for name in keys:
                outcome.pop(name, None)
                unknown.setdefault(name, f"{why} ({r.id})")
            verdict.findings.append(Finding(r, "unresolved", f"{_listed(keys)} unknown: {why}"))
        for key in verdict.value_missing:  # what the kind derived without it
            for name in kind.reaches.get(key, ()):
                outcome.pop(name, None)
                unknown.setdefault(name, f"the position does not give '{key}'")
        derive(kind, outcome, unknown, facts.faction)  # the shared keys a kind sums from its own
        if unknown:
            outcome["unknown"] = unknown
        verdict.outcome = outcome
        verdict.findings += [_finding(r, "permits", facts, outcome, fixed=fixed) for r in permitting]
        return verdict
    finally:
        query.close()


def _fixes_values_only(r: Rule, kind: Kind) -> bool:
    """Whether a rule, unable to answer, could change only outcome values: it fixes values (``defines``), has no
    message to forbid with (no rule that fixes values without a ``forbids`` message forbids: tests/test_outcomes.py),
    and fixes none the answer cannot do without (the winner)."""
    return bool(r.defines) and not r.forbids and not set(r.defines) & set(kind.decisive)


def _listed(keys: Any) -> str:
    return ", ".join(k.replace("_", " ") for k in keys)


def _timeout(verdict: Verdict) -> Verdict:
    verdict.verdict = "unresolved"
    verdict.reason = TIMEOUT
    return verdict


def _evaluator(z3: Any, model: Any) -> Any:
    """A term's value in the model: an int, a bool, or None. Read through z3's C API (a battle's outcome reads
    ~25 values; z3's Python ``eval`` wraps each result in an object first, a tenth of a legal battle check)."""
    ctx, native = model.ctx.ref(), model.model
    out = (z3.Ast * 1)()
    number = ctypes.c_int64()
    numeral, true, false = z3.Z3_NUMERAL_AST, z3.Z3_L_TRUE, z3.Z3_L_FALSE

    def value(term: Any) -> Any:
        if not z3.Z3_model_eval(ctx, native, term.as_ast(), True, out):
            return None
        result = out[0]
        z3.Z3_inc_ref(ctx, result)  # held: the next call returning a term (the sort's) may free z3's last result
        try:
            if z3.Z3_get_ast_kind(ctx, result) == numeral:
                if z3.Z3_get_sort_kind(ctx, z3.Z3_get_sort(ctx, result)) != z3.Z3_INT_SORT:
                    return None
                if z3.Z3_get_numeral_int64(ctx, result, ctypes.byref(number)):
                    return number.value
                return int(z3.Z3_get_numeral_string(ctx, result))
            got = z3.Z3_get_bool_value(ctx, result)
            return True if got == true else False if got == false else None
        finally:
            z3.Z3_dec_ref(ctx, result)

    return value

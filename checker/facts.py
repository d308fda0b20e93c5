"""Facts: the numbers of a position that rules read, and their z3 twins.

A kind of question (shipment, movement, storm, ...) turns a position into one
facts record (a dataclass). Fields made with :func:`fact` are numbers or
truths the solver sees as variables of the same name; fields made with
:func:`label` are names for messages only. A fact left ``None`` is unknown:
rules that need it answer ``unresolved`` and name its position key.
"""

from __future__ import annotations

import dataclasses
import sys
import typing
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, wraps
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar, get_args, get_origin

from checker.names import display, possessive


def fact(default: Any = None, *, key: str = "", doc: str = "") -> Any:
    """A solver-visible fact; ``key`` is the position key it comes from."""
    meta = {"z3": True, "key": key, "doc": doc}
    if isinstance(default, list):
        return dataclasses.field(default_factory=list, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


def label(default: Any = "", *, doc: str = "") -> Any:
    """A name used in messages, invisible to the solver."""
    if isinstance(default, list):
        return dataclasses.field(default_factory=list, metadata={"z3": False, "doc": doc})
    return dataclasses.field(default=default, metadata={"z3": False, "doc": doc})


@dataclass
class Facts:
    """Base of every facts record: who acts, in which game."""

    faction: str = label()
    advanced: bool = fact(False, key="advanced")
    # Facts Mentat infers rather than reads ("the Bank is paid: no Spacing Guild is listed"): the
    # verdict states them in its notes, so a player can see what the answer assumed.
    notes: list[str] = label([])
    # What the move does beyond its outcome's values ("Arrakeen ... lose their protection"): notes stated only where
    # the move is legal (an illegal move does nothing).
    effects: list[str] = label([])

    def position_key(self, key: str) -> str:
        """The key as the position spells it (a kind may fill in placeholders such as FACTION)."""
        return key

    def missing_detail(self, key: str) -> str:
        """What a missing key would decide, for the unresolved reason ("whether Arrakeen borders Minor Erg")."""
        return ""

    def fmt(self) -> dict[str, Any]:
        """Values for message templates; ``{Faction}`` is the display name."""
        values = self.__dict__
        out = {name: values[name] for name in field_names(type(self))}
        out["Faction"] = display(self.faction) if self.faction else ""
        out["Faction_s"] = possessive(out["Faction"]) if self.faction else ""
        return out


R = TypeVar("R")
F = TypeVar("F")


def per_record(derive: Callable[[F], R]) -> Callable[[F], R]:
    """A value derived from a facts record, computed once per record and kept in it (a battle's result: each of its
    ~12 rules' checks asks for it). The value is shared by its callers: a dict is kept read-only (a mapping proxy),
    so that a caller changing it fails at once rather than changing what the next rule reads."""
    slot = f"_{derive.__module__}.{derive.__qualname__}"

    @wraps(derive)
    def derived(facts: F) -> R:
        kept = facts.__dict__  # beside the fields: dataclasses.replace makes a record without it
        if slot not in kept:
            made = derive(facts)
            kept[slot] = MappingProxyType(made) if isinstance(made, dict) else made
        got: R = kept[slot]
        return got

    return derived


def named(values: dict[str, Any]) -> dict[str, Any]:
    """Field values under names made at run time (``f"{x}_forces"``), interned for a record's ``**`` call: Python
    matches a keyword to a parameter by identity first, then compares strings one by one (a battle's record of ~240
    fields, built from two sides' dicts, spent 0.2 ms of a 0.37 ms build in those comparisons)."""
    return {sys.intern(k): v for k, v in values.items()}


def field_names(cls: type) -> tuple[str, ...]:
    """Every field of a facts record, solver facts and labels alike."""
    return _field_names(cls.__qualname__, cls)


@cache
def _field_names(_name: str, cls: Any) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def fact_fields(cls: type) -> tuple[tuple[str, str, str], ...]:
    """(name, z3 sort: Int|Bool|IntList|BoolList, position key) of each solver fact."""
    return _fact_fields(cls.__qualname__, cls)


# A fact's annotation as the records write it (``from __future__ import annotations``: a string) -> its sort; any
# other is evaluated (typing.get_type_hints compiles every annotation of a record: a battle's 240, ~2 ms cold).
SORTS = {
    "int": "Int",
    "bool": "Bool",
    "int | None": "Int",
    "bool | None": "Bool",
    "list[int]": "IntList",
    "list[bool]": "BoolList",
    "list[int] | None": "IntList",
    "list[bool] | None": "BoolList",
}


@cache
def _fact_fields(_name: str, cls: Any) -> tuple[tuple[str, str, str], ...]:
    out = []
    hints: dict[str, Any] | None = None
    for f in dataclasses.fields(cls):
        if not f.metadata.get("z3"):
            continue
        known = SORTS.get(f.type) if isinstance(f.type, str) else None
        if known is not None:
            out.append((f.name, known, f.metadata.get("key", "")))
            continue
        hints = hints if hints is not None else typing.get_type_hints(cls)
        tp = hints[f.name]
        args = get_args(tp) if type(None) in get_args(tp) else (tp,)  # unwrap Optional only
        base = next(a for a in args if a is not type(None))
        if get_origin(base) is list:
            sort = "BoolList" if get_args(base)[0] is bool else "IntList"
        else:
            sort = "Bool" if base is bool else "Int"
        out.append((f.name, sort, f.metadata.get("key", "")))
    return tuple(out)


def shape(facts: Facts) -> tuple[Any, ...]:
    """What a cached solver depends on: the facts type and every list's length."""
    lengths: tuple[Any, ...] = tuple(
        len(getattr(facts, name) or ()) for name, sort, _ in fact_fields(type(facts)) if sort.endswith("List")
    )
    return (type(facts).__qualname__, *lengths)


class Vars:
    """The solver's variables, named after the facts (plus a kind's choices)."""

    def __init__(self, facts: Facts) -> None:
        fields = fact_fields(type(facts))
        for sort in ("Int", "Bool"):
            names = [name for name, s, _ in fields if s == sort]
            self.__dict__.update(zip(names, constants(names, sort), strict=True))
        for name, sort, _ in fields:
            if sort.endswith("List"):
                size = len(getattr(facts, name) or ())
                setattr(self, name, constants([f"{name}_{i}" for i in range(size)], sort.removesuffix("List")))

    def __getattr__(self, name: str) -> Any:  # only reached for unknown names
        raise AttributeError(f"no solver variable {name!r}")


# z3's terms for facts, made through its C API: z3.Int() and ``x == 3`` build each through several layers of
# Python (sorts made again, each argument coerced and checked), and a cold battle or movement check makes ~300
# variables and ~200 equalities (a twentieth of its time).


def constants(names: list[str], sort: str) -> list[Any]:
    """z3 constants named ``names``, of the sort "Int" or "Bool", in z3's main context."""
    import z3

    ctx = z3.main_ctx()
    ref = ctx.ref()
    native, wrap = (z3.BoolSort(ctx).ast, z3.BoolRef) if sort == "Bool" else (z3.IntSort(ctx).ast, z3.ArithRef)
    return [wrap(z3.Z3_mk_const(ref, z3.Z3_mk_string_symbol(ref, name), native), ctx) for name in names]


def equals(var: Any, value: Any, sort: str) -> Any:
    """The term ``var == value`` for a constant of the sort "Int" or "Bool" (as ``var == value`` builds it)."""
    import z3

    ctx = var.ctx
    ref = ctx.ref()
    if sort == "Bool":
        other = z3.Z3_mk_true(ref) if value else z3.Z3_mk_false(ref)
    elif -(2**63) <= int(value) < 2**63:
        other = z3.Z3_mk_int64(ref, int(value), z3.Z3_get_sort(ref, var.as_ast()))
    else:
        return var == int(value)
    return z3.BoolRef(z3.Z3_mk_eq(ref, var.as_ast(), other), ctx)


def bindings(v: Vars, facts: Facts) -> list[Any]:
    """``var == value`` for every known fact (each term built once per solver, then reused)."""
    made: dict[tuple[Any, ...], Any] = v.__dict__.setdefault("_bound", {})
    values = facts.__dict__  # the fields' values: a battle binds ~210 facts a check
    out = []
    for name, sort, listed in _bound_fields(type(facts)):
        value = values[name]
        if value is None:
            continue
        if listed:
            xs = getattr(v, name)
            for i, y in enumerate(value):
                term = made.get((name, i, y))
                if term is None:
                    term = made[(name, i, y)] = equals(xs[i], y, sort)
                out.append(term)
        else:
            term = made.get((name, value))
            if term is None:
                term = made[(name, value)] = equals(getattr(v, name), value, sort)
            out.append(term)
    return out


def _bound_fields(cls: type) -> tuple[tuple[str, str, bool], ...]:
    """(name, sort of its value or of each item, whether a list) of each solver fact, in the record's order."""
    return _bound_fields_of(cls.__qualname__, cls)


@cache
def _bound_fields_of(_name: str, cls: Any) -> tuple[tuple[str, str, bool], ...]:
    return tuple((name, sort.removesuffix("List"), sort.endswith("List")) for name, sort, _ in fact_fields(cls))


class Kind:
    """A kind of question: how a position becomes facts, and what the solver may choose."""

    name = ""
    title = ""
    ruled: tuple[str, ...] = ()  # outcome keys reported only when an applicable rule fixes them
    # Outcome keys the answer cannot do without: where a missing fact or an open question could change one of
    # them the whole verdict is unresolved; any other value it could change is reported under ``unknown``.
    decisive: tuple[str, ...] = ("winner",)
    # Outcome values a missing position key may change beyond those of the rules that need it, through facts the
    # kind derives with a placeholder where the key is missing (a storm's mine in sector 0): reported ``unknown`` too.
    reaches: ClassVar[dict[str, tuple[str, ...]]] = {}
    judges_position = False  # a question about the position itself: a forbidding rule makes it invalid
    # Asked on a solver made for each check, the facts substituted first (checker.engine._Query): faster where the
    # facts fix nearly every variable and the check asks few questions; a search (a movement's shortest path) asks
    # many, which a long-lived solver answers faster.
    preprocessed = False
    # The kind's own outcome keys beside the shared ones (checker.outcomes.SHARED), each with a one-line meaning:
    # a verdict reports no other key (tests/test_outcomes.py).
    outcome_keys: ClassVar[dict[str, str]] = {}
    # Shared keys the kind sums from its own detail values (a worm's ``losses`` from ``devoured`` and
    # ``returned_to_reserves``), after the rules fixed them (checker.outcomes.derive).
    derived: ClassVar[dict[str, tuple[str, ...]]] = {}
    # How the text output names an outcome key whose bare name would mislead a reader (revival's ``free`` is the
    # free allowance, not forces revived free); the JSON keeps the key.
    labels: ClassVar[dict[str, str]] = {}

    def facts(self, pos: Any) -> Facts:
        """The facts of a position of the kind's family (its own position type)."""
        raise NotImplementedError

    def choices(self, v: Vars, facts: Facts) -> None:
        """Declare the solver's free choices (a sector, a path) on ``v``."""

    def frame(self, v: Vars, facts: Facts) -> list[Any]:
        """Constraints every answer obeys whatever the rules (the board's shape)."""
        return []

    def shortest(self, v: Vars, facts: Facts) -> Any:
        """A z3 Int the reported answer should keep small (a path's length), or None."""
        return None

    def shape(self, facts: Facts) -> tuple[Any, ...]:
        """What a cached solver depends on (see :func:`shape`); a kind may add its own."""
        return shape(facts)

    def outcome(self, value: Any, v: Vars, facts: Facts) -> dict[str, Any]:
        """Outcome values read from a model; ``value(term)`` gives a Python int or bool."""
        return {}


KINDS: dict[str, Kind] = {}


def kind(cls: type[Kind]) -> type[Kind]:
    """Class decorator: register a kind of question by its name."""
    KINDS[cls.name] = cls()
    return cls


def missing_key(facts: Facts, needed: typing.Iterable[str]) -> str | None:
    """The position key of the first needed fact that is unknown."""
    keys = _position_keys(type(facts))
    for name in needed:
        if getattr(facts, name, None) is None:
            return facts.position_key(keys.get(name) or name)
    return None


def _position_keys(cls: type) -> dict[str, str]:
    return _keys(cls.__qualname__, cls)


@cache
def _keys(_name: str, cls: Any) -> dict[str, str]:
    return {name: key for name, _, key in fact_fields(cls)}


def any_of(terms: typing.Iterable[Any]) -> Any:
    """z3's Or over a Python list, safe for zero or one term."""
    import z3

    terms = list(terms)
    if not terms:
        return z3.BoolVal(False)
    return terms[0] if len(terms) == 1 else z3.Or(*terms)


def all_of(terms: typing.Iterable[Any]) -> Any:
    """z3's And over a Python list, safe for zero or one term."""
    import z3

    terms = list(terms)
    if not terms:
        return z3.BoolVal(True)
    return terms[0] if len(terms) == 1 else z3.And(*terms)

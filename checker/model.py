"""Typed records read from YAML mappings, and their JSON Schema, from one description.

Each record is a dataclass; its type hints and field metadata (``doc``, ``min``,
``max``, ``choices``, ``names``) drive both the loader, which raises an
:class:`InputError` naming the key at fault, and :func:`json_schema`.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import math
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, TypeVar, Union, cast, get_args, get_origin

from checker.errors import InputError, nearest

T = TypeVar("T")

# Normalisers for names (factions, territories), installed by the position module.
Namer = Callable[[object, str], str]
NAMERS: dict[str, Namer] = {}


def spec(
    default: Any = dataclasses.MISSING,
    *,
    doc: str = "",
    min: int | None = None,  # noqa: A002 - mirrors JSON Schema
    max: int | None = None,  # noqa: A002
    names: str | None = None,
    key_names: str | None = None,
    aliases: tuple[str, ...] = (),
    open: bool = False,  # noqa: A002 - mirrors JSON Schema's open objects
    rulesets: tuple[str, ...] = (),
    same_as: str = "",
    unless: tuple[str, str] | None = None,
) -> Any:
    """A dataclass field with the facts the loader and the schema need.

    ``open``: a mapping field that receives every key of the record not declared as a field
    (a played card's own keys); a key that looks like a misspelt declared one is still refused.
    ``rulesets``: the only rulesets whose positions have the key (empty: every ruleset of the family); on a
    move's ``action``, the rulesets that have that kind of move (:func:`foreign_keys`).
    ``same_as``: the field of the same record that other rulesets' positions use for the same thing (GF9's
    ``spice_in_front`` is Dreamrules' ``bribe_pile``): a foreign key's message names it.
    ``unless``: (another field, why): the record must give this key or that one (a force group its ``count`` or
    its ``special``); the one it leaves out takes its default, but a record giving neither says nothing (``why``)
    and is an input error naming this key. :func:`to_data` writes this key, at its default, where the other is
    not written, so a record it writes loads again.
    """
    meta = {
        "doc": doc,
        "min": min,
        "max": max,
        "names": names,
        "key_names": key_names,
        "aliases": aliases,
        "open": open,
        "rulesets": rulesets,
        "same_as": same_as,
        "unless": unless,
    }
    if isinstance(default, (list, dict)):
        factory = type(default)
        return dataclasses.field(default_factory=factory, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


@functools.cache
def _hints(cls: Any) -> dict[str, Any]:
    return typing.get_type_hints(cls)  # resolving string annotations is slow: once per record type


def _is_optional(tp: Any) -> tuple[bool, Any]:
    opt, tp, _, _ = _shape(tp)
    return opt, tp


@functools.cache
def _shape(tp: Any) -> tuple[bool, Any, Any, tuple[Any, ...]]:
    """Whether a hinted type is optional, the type without ``None``, and that type's origin and arguments (typing's
    introspection is slow, and a position's load asks it for every value: once per type)."""
    opt = False
    if get_origin(tp) in (Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        if len(args) < len(get_args(tp)):
            opt, tp = True, (args[0] if len(args) == 1 else Union[tuple(args)])  # noqa: UP007
    return opt, tp, get_origin(tp), get_args(tp)


@dataclasses.dataclass(frozen=True)
class _Record:
    """What loading a record type needs of its fields, worked out once per type."""

    fields: dict[str, dataclasses.Field[Any]]
    metas: dict[str, dict[str, Any]]
    by_alias: dict[str, str]
    open_field: str | None
    keys: list[str]


@functools.cache
def _record(cls: Any) -> _Record:
    # fields marked internal are the loader's own records (which keys a file gave), never a file's keys
    fields = {f.name: f for f in dataclasses.fields(cls) if not f.metadata.get("internal")}
    return _Record(
        fields=fields,
        metas={name: dict(f.metadata) for name, f in fields.items()},
        by_alias={a: f.name for f in fields.values() for a in f.metadata.get("aliases", ())},
        open_field=next((f.name for f in fields.values() if f.metadata.get("open")), None),
        keys=_user_keys(fields),
    )


def _describe(tp: Any) -> str:
    _, tp = _is_optional(tp)
    origin = get_origin(tp)
    if tp is bool:
        return "true or false"
    if tp is int:
        return "a whole number"
    if tp is float:
        return "a number"
    if tp is str:
        return "a text"
    if origin is Literal:
        return "one of " + ", ".join(str(a) for a in get_args(tp))
    if origin is list:
        return f"a list of {_describe(get_args(tp)[0]).removeprefix('a ')}"
    if origin is dict:
        return "a mapping"
    if origin in (Union, types.UnionType):
        return " or ".join(_describe(a) for a in get_args(tp))
    if dataclasses.is_dataclass(tp):
        return "a mapping"
    return str(tp)


def convert(tp: Any, value: Any, key: str, meta: dict[str, Any] | None = None) -> Any:
    """Check and convert one YAML value to the hinted type."""
    meta = meta or {}
    if tp is Any:
        return value
    opt, tp, origin, args = _shape(tp)
    if value is None:
        if opt:
            return None
        raise InputError(key, _describe(tp), value)
    if origin in (Union, types.UnionType):
        fitting: list[InputError] = []  # the errors of the alternatives of the value's own shape
        for alt in args:
            try:
                return convert(alt, value, key, meta)
            except InputError as err:
                if _fits(alt, value):
                    fitting.append(err)
        if len(fitting) == 1:  # a list of an unknown name, a die face of 7: that alternative's own words
            raise fitting[0]
        raise InputError(key, _describe(tp), value)
    if tp is bool:
        if isinstance(value, bool):
            return value
        raise InputError(key, "true or false", value)
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(key, _describe(tp) + _bounds(meta), value)
        lo, hi = meta.get("min"), meta.get("max")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise InputError(key, "a whole number" + _bounds(meta), value)
        return value
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise InputError(key, "a number" + _bounds(meta), value)  # YAML's .nan and .inf are no count
        lo, hi = meta.get("min"), meta.get("max")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise InputError(key, "a number" + _bounds(meta), value)
        return float(value)
    if tp is str:
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise InputError(key, "a text", value)
        value = str(value)
        if meta.get("names"):
            return NAMERS[meta["names"]](value, key)
        return value
    if origin is Literal:
        choices = args
        if isinstance(value, str) and value.strip().lower() in choices:
            return value.strip().lower()
        raise InputError(key, _describe(tp), value, nearest(str(value), [str(c) for c in choices]))
    if origin is list:
        if not isinstance(value, list):
            raise InputError(key, _describe(tp), value)
        (item,) = args
        return [convert(item, v, f"{key}[{i}]", meta) for i, v in enumerate(value)]
    if origin is dict:
        if not isinstance(value, dict):
            raise InputError(key, "a mapping", value)
        ktp, vtp = args
        out = {}
        written: dict[Any, Any] = {}  # each name as the file wrote it
        for k, v in value.items():
            name = convert(ktp, k, f"{key}.{k}", {"names": meta.get("key_names")})
            if name in written:  # `atreides` and `ATREIDES`, `guild` and `spacing-guild`: one name given twice
                raise InputError(
                    f"{key}.{k}",
                    f"each name once: '{written[name]}' and '{k}' both name {name} (keep one of them)",
                )
            written[name] = k
            out[name] = convert(vtp, v, f"{key}.{k}", {**meta, "names": meta.get("names")})
        return out
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return load_record(tp, value, key)
    raise TypeError(f"no converter for {tp}")  # a programming error, not an input one


def _fits(tp: Any, value: Any) -> bool:
    """Whether a value has the shape of a hinted type (a list for a list, a number for a number), its items aside."""
    _, tp, origin, _ = _shape(tp)
    if isinstance(value, list):
        return origin is list
    if isinstance(value, dict):
        return origin is dict or dataclasses.is_dataclass(tp)
    if isinstance(value, bool):
        return tp is bool
    if isinstance(value, (int, float)):
        return tp in (int, float)
    if isinstance(value, str):
        return tp is str or origin is Literal
    return False


def _bounds(meta: dict[str, Any]) -> str:
    lo, hi = meta.get("min"), meta.get("max")
    if lo is not None and hi is not None:
        return f" from {lo} to {hi}"
    if lo is not None:
        return f" of at least {lo}"
    return ""


def load_record(cls: type[T], data: Any, key: str = "") -> T:
    """Build a dataclass from a mapping, refusing unknown keys with suggestions."""
    record = _record(cast(Any, cls))
    fields, by_alias, open_field, keys = record.fields, record.by_alias, record.open_field, record.keys
    if not isinstance(data, dict):
        raise InputError(key, f"a mapping of {', '.join(fields)}", data)
    hints = _hints(cast(Any, cls))
    kwargs: dict[str, Any] = {}
    rest: dict[str, Any] = {}
    for raw_key, value in data.items():
        name = by_alias.get(str(raw_key), str(raw_key))
        where = f"{key}.{raw_key}" if key else str(raw_key)
        if name == open_field or name not in fields:
            close = difflib.get_close_matches(str(raw_key), keys, n=3, cutoff=0.75)
            if open_field is None or close or name == open_field:
                hint = close or nearest(str(raw_key), keys)
                raise InputError(where, f"one of the keys {', '.join(keys)}", None, hint)
            rest[str(raw_key)] = value
            continue
        kwargs[name] = convert(hints[name], value, where, dict(record.metas[name]))
    if open_field is not None:
        kwargs[open_field] = rest
    for name, f in fields.items():
        aliases = f.metadata.get("aliases", ())
        shown = aliases[0] if name.endswith("_") and aliases else name
        if name not in kwargs and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise InputError(f"{key}.{shown}" if key else shown, f"a value ({_describe(hints[name])})")
        unless = f.metadata.get("unless")
        if unless and name not in kwargs and unless[0] not in kwargs:  # neither given: nothing said, never a guess
            raise InputError(
                f"{key}.{shown}" if key else shown,
                f"{shown} or {unless[0]} ({_describe(hints[name])}): {unless[1]}",
            )
    return cls(**kwargs)


NOTE_SCHEMA = {"type": "string", "description": "words for the reader (a record's comment); the rules ignore it"}


def without_note(data: dict[str, Any], key: str) -> dict[str, Any]:
    """A move's data without its ``note`` (the spec's words for the reader, on every move kind: the rules ignore
    it, a record keeps it as written); a note that is not text is an input error naming it."""
    if "note" not in data:
        return data
    note = data["note"]
    if note is not None and not isinstance(note, (str, int, float)):  # YAML reads `note: yes` as true: still words
        raise InputError(f"{key}.note", "a text (words for the reader, ignored by the rules)", note)
    return {k: v for k, v in data.items() if k != "note"}


def _user_keys(fields: dict[str, dataclasses.Field[Any]]) -> list[str]:
    """The keys a user writes: a field's own name, or its alias where the name is Python's (``from_``)."""
    out: list[str] = []
    for f in fields.values():
        if f.metadata.get("open"):
            continue
        aliases = list(f.metadata.get("aliases", ()))
        out += aliases if f.name.endswith("_") and aliases else [f.name, *aliases]
    return out


def json_schema(tp: Any, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON Schema of a hinted type, from the same hints the loader reads."""
    meta = meta or {}
    if tp is Any:
        return {"description": meta["doc"]} if meta.get("doc") else {}
    opt, tp = _is_optional(tp)
    origin = get_origin(tp)
    out: dict[str, Any]
    if tp is bool:
        out = {"type": "boolean"}
    elif tp is int:
        out = {"type": "integer"}
        if meta.get("min") is not None:
            out["minimum"] = meta["min"]
        if meta.get("max") is not None:
            out["maximum"] = meta["max"]
    elif tp is float:
        out = {"type": "number"}
        if meta.get("min") is not None:
            out["minimum"] = meta["min"]
    elif tp is str:
        out = {"type": "string"}
    elif origin is Literal:
        out = {"enum": list(get_args(tp))}
    elif origin is list:
        out = {"type": "array", "items": json_schema(get_args(tp)[0], {**meta, "doc": ""})}
    elif origin is dict:
        out = {"type": "object", "additionalProperties": json_schema(get_args(tp)[1], {**meta, "doc": ""})}
    elif origin in (Union, types.UnionType):
        out = {"anyOf": [json_schema(a) for a in get_args(tp)]}
    elif dataclasses.is_dataclass(tp):
        hints = _hints(tp)  # type: ignore[arg-type]
        props = {}
        required = []
        extra: Any = False
        for f in dataclasses.fields(tp):
            if f.metadata.get("internal"):
                continue
            if f.metadata.get("open"):  # the record's other keys, as written
                extra = {"description": f.metadata.get("doc") or "further keys"}
                continue
            one = json_schema(hints[f.name], dict(f.metadata))
            aliases = list(f.metadata.get("aliases", ()))
            # a Python-only name (from_) is listed under the key users write (from)
            names = aliases if f.name.endswith("_") and aliases else [f.name, *aliases]
            for name in names:
                props[name] = one
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                required.append(names[0])
        out = {"type": "object", "properties": props, "additionalProperties": extra}
        if tp.__doc__:
            out["description"] = " ".join(tp.__doc__.split())
        if required:
            out["required"] = required
        either = [(f.name, f.metadata["unless"][0]) for f in dataclasses.fields(tp) if f.metadata.get("unless")]
        if either:  # each record gives one key of each such pair
            out["allOf"] = [{"anyOf": [{"required": [a]}, {"required": [b]}]} for a, b in either]
    else:
        raise TypeError(f"no schema for {tp}")
    if opt:
        out = {"anyOf": [out, {"type": "null"}]}
    if meta.get("doc"):
        out["description"] = meta["doc"]
    return out


@dataclasses.dataclass(frozen=True)
class Foreign:
    """A key a position gives that only other rulesets' positions have (``spec(rulesets=...)``)."""

    path: tuple[str | int, ...]  # as written: keys and list indices from the top of the file
    rulesets: tuple[str, ...]  # the rulesets that have it
    default: bool  # written with its default value (``fate_used: false``): it says nothing
    value: Any = None  # as written
    instead: str = ""  # the key the asked ruleset's positions use for the same thing (``spec(same_as=...)``)

    @property
    def key(self) -> str:
        return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path).lstrip(".")

    @property
    def name(self) -> str:
        return str(next(p for p in reversed(self.path) if isinstance(p, str)))

    @property
    def owners(self) -> str:
        """The rulesets that have it, as a sentence names them: ``gf9, overview and dreamrules``."""
        *rest, last = self.rulesets
        return f"{', '.join(rest)} and {last}" if rest else last


def foreign_keys(tp: Any, data: Any, ruleset: str, path: tuple[str | int, ...] = ()) -> list[Foreign]:
    """The keys of ``data`` (parsed YAML, read as the hinted type ``tp``) that ``ruleset``'s positions do not have.

    Walks the data as :func:`load_record` reads it, without checking it: a record's fields (by name or alias), list
    items, mapping values, and of a union of records (a move) the one whose ``action`` the data names. A key found
    foreign is not walked further (a foreign move's own keys are its own)."""
    out: list[Foreign] = []
    if not isinstance(data, (list, dict)) or not _holds_limited(tp):
        return out  # a plain value has no keys; a record with no ruleset's own key anywhere in it has none foreign
    _, tp, origin, args = _shape(tp)
    if origin is list and isinstance(data, list):
        for i, item in enumerate(data):
            out += foreign_keys(args[0], item, ruleset, (*path, i))
    elif origin is dict and isinstance(data, dict):
        for k, v in data.items():
            out += foreign_keys(args[1], v, ruleset, (*path, str(k)))
    elif origin in (Union, types.UnionType) and isinstance(data, dict):
        action = str(data.get("action", "")).strip().lower()
        for alt in args:
            hints = _hints(cast(Any, alt)) if dataclasses.is_dataclass(alt) else {}
            if "action" in hints and action in get_args(hints["action"]):
                out += foreign_keys(alt, data, ruleset, path)
                break
    elif dataclasses.is_dataclass(tp) and isinstance(data, dict):
        record = _record(cast(Any, tp))
        fields, by_alias = record.fields, record.by_alias
        hints = _hints(cast(Any, tp))
        for raw_key, value in data.items():
            f = fields.get(by_alias.get(str(raw_key), str(raw_key)))
            if f is None:
                continue  # an unknown key is the loader's to report
            where = (*path, str(raw_key))
            only = f.metadata.get("rulesets") or ()
            if only and ruleset not in only:
                default = f.default if f.default is not dataclasses.MISSING else None
                if f.default_factory is not dataclasses.MISSING:
                    default = f.default_factory()
                out.append(
                    Foreign(
                        where, tuple(only), value == default and f.name != "action", value, _same(f, fields, ruleset)
                    )
                )
                continue
            if isinstance(value, (list, dict)) and _holds_limited(hints[f.name]):
                out += foreign_keys(hints[f.name], value, ruleset, where)
    return out


@functools.cache
def _holds_limited(tp: Any, seen: frozenset[Any] = frozenset()) -> bool:
    """Whether a hinted type has, anywhere within it, a field only some rulesets' positions have (``rulesets``)."""
    _, tp, origin, args = _shape(tp)
    if origin is not None:
        return any(_holds_limited(a, seen) for a in args)
    if not (dataclasses.is_dataclass(tp) and isinstance(tp, type)) or tp in seen:
        return False
    hints = _hints(cast(Any, tp))
    return any(
        f.metadata.get("rulesets") or _holds_limited(hints[f.name], seen | {tp})
        for f in _record(cast(Any, tp)).fields.values()
    )


def _same(f: Any, fields: dict[str, Any], ruleset: str) -> str:
    """The field of ``fields`` that ``ruleset``'s positions use for what ``f`` says (``same_as``, either way)."""
    for g in fields.values():
        linked = g.metadata.get("same_as") == f.name or f.metadata.get("same_as") == g.name
        if g is not f and linked and ruleset in (g.metadata.get("rulesets") or (ruleset,)):
            return str(g.name)
    return ""


def without(data: Any, paths: list[tuple[str | int, ...]]) -> Any:
    """A deep copy of parsed YAML with the keys at ``paths`` left out."""
    import copy

    out = copy.deepcopy(data)
    for path in paths:
        here = out
        for step in path[:-1]:
            here = here[step]
        del here[path[-1]]
    return out


def to_data(record: Any) -> Any:
    """A loaded record as a position file writes it: each field a file gave (where the record keeps ``given``) or
    that differs from its default (and one key of each ``unless`` pair, so it loads again), by the key users write
    (``from`` for ``from_``), records and lists within written the same way."""
    if dataclasses.is_dataclass(record) and not isinstance(record, type):
        out: dict[str, Any] = {}
        fields = _record(cast(Any, type(record))).fields
        given = getattr(record, "given", None)  # the keys a position file gave: kept, at their default or not
        said = given if isinstance(given, frozenset) else frozenset()

        def at_default(name: str) -> bool:
            f = fields[name]
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                return False
            default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
            return bool(getattr(record, name) == default)

        for name, f in fields.items():
            value = getattr(record, name)
            unless = f.metadata.get("unless")
            aliases = f.metadata.get("aliases", ())
            if name in said or said.intersection(aliases):  # `spice: []` says none; left out, it is not known
                pass
            elif at_default(name) and not (unless and at_default(unless[0])):  # one key of an `unless` pair is kept
                continue
            out[aliases[0] if name.endswith("_") and aliases else name] = to_data(value)
        return out
    if isinstance(record, list):
        return [to_data(x) for x in record]
    if isinstance(record, dict):
        return {k: to_data(v) for k, v in record.items()}
    return record

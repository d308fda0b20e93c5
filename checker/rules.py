"""Rules, the registry and rulesets.

One rule is one small block beside its quote::

    @rule("gf9.shipment.storm-blocks", on="ship", cites="gf9:99,223",
          title="No shipment into the storm",
          forbids="{Faction} cannot ship into {to}: sector {storm_sector} is under the storm.")
    def storm_blocks_shipment(s: ShipmentFacts) -> bool:
        \"\"\"A shipment may not land in the sector the storm is over.\"\"\"
        return s.to_sector != s.storm_sector

    @storm_blocks_shipment.z3
    def _(v: Vars) -> z3.BoolRef:
        return v.to_sector != v.storm_sector

The check decides on concrete facts (``True`` permits, ``False`` forbids, or a
mapping of outcome values it fixes); the z3 form says the same over the
solver's variables. Rulesets are layers of rules: a layer adds rules, and
replaces or removes those of the layer below it by id, as a python-chess
variant overrides only what it changes.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from checker.sources import Cite, parse_cites

Check = Callable[[Any], "bool | dict[str, Any]"]
Form = Callable[[Any], Any]  # Vars -> z3.BoolRef
# A finding's message: a str.format template over the facts (and, for permits, the outcome), or a
# function of (facts, outcome) that names the element that decided, with the position's own values.
Message = str | Callable[[Any, dict[str, Any]], str]
STATUSES = ("confirmed", "unresolved", "gap")


@dataclass
class Rule:
    """One rule: its id, the lines it cites, its Python check and its z3 form, and its messages."""

    id: str
    on: str  # the kind of question: ship, move, storm, position
    title: str
    cites: tuple[Cite, ...]
    check: Check
    doc: str = ""
    form: Form | None = None
    forbids: Message = ""  # message when the rule forbids
    permits: Message = ""  # message when it permits (or fixes an outcome)
    when: Callable[[Any], bool] | None = None  # applies only to some facts
    needs: tuple[str, ...] = ()  # facts without which the rule cannot answer
    defines: tuple[str, ...] = ()  # outcome values the rule fixes
    # An open rule (an open question or a gap) that touches only these outcome values, never whether the move is
    # legal: where it applies, the verdict is still the decided one and these values are reported ``unknown``.
    leaves_open: tuple[str, ...] = ()
    # "confirmed"; "unresolved": the sources leave the question open; "gap": a rule of the
    # sources Mentat does not encode yet, recognised by `when` so that its answer is unresolved.
    status: str = "confirmed"
    reason: str = ""  # why a rule is unresolved, in general (the rulebook and `mentat rule` show it)
    # why it is unresolved on one position, naming that position's facts (the verdict's reason); default: ``reason``
    explain: Callable[[Any], str] | None = None
    see_also: tuple[Cite, ...] = ()  # lines that support the rule: shown in the rulebook, not in findings
    # lines of ``cites`` a finding quotes only where the facts bring them in ("gf9:411": Advanced Fremen caught
    # by the storm): the rulebook shows every line, a verdict the clauses that decided (one clause, one finding)
    cite_when: dict[str, Callable[[Any], bool]] = field(default_factory=dict)
    replaces: tuple[str, ...] = ()
    # Rules of other rulesets that answer the same question over the same facts (beyond ``replaces``):
    # ``mentat conflicts --find`` searches each such pair for a position where they answer differently.
    counterpart: tuple[str, ...] = ()
    # The texts say different things about the same situation: a source conflict, recorded by hand
    # (what differs, in a line); each pair of this rule and its counterparts is one conflict.
    differs: str = ""
    phase: str = ""
    factions: tuple[str, ...] = ()
    one_sided: str = ""  # why no case can show one of forbids/permits, where that is so
    module: str = ""  # the module whose body registered the rule (what load_for must import for it)

    @property
    def layer(self) -> str:
        return self.id.split(".", 1)[0]

    @property
    def counterparts(self) -> tuple[str, ...]:
        """The rules of other layers this one answers the same question as."""
        return (*self.replaces, *self.counterpart)

    @property
    def open(self) -> bool:
        """An open question or a gap: when it applies, the answer is unresolved."""
        return self.status in ("unresolved", "gap")

    def z3(self, form: Form) -> Form:
        """Decorator: attach the rule's z3 form."""
        self.form = form
        return form

    def applies(self, facts: Any) -> bool:
        return self.when is None or bool(self.when(facts))

    def cites_on(self, facts: Any) -> tuple[Cite, ...]:
        """The cited lines that speak to these facts (all of them where no ``cite_when`` leaves one out)."""
        if not self.cite_when or facts is None:
            return self.cites
        kept = tuple(c for c in self.cites if c.ref not in self.cite_when or self.cite_when[c.ref](facts))
        return kept or self.cites

    def reason_on(self, facts: Any) -> str:
        """Why this open rule leaves the answer unresolved on these facts."""
        return self.explain(facts) if self.explain else self.reason

    @property
    def form_module(self) -> str | None:
        return getattr(self.form, "__module__", None)

    @property
    def check_source(self) -> str:
        return inspect.getsource(self.check)

    @property
    def form_source(self) -> str:
        return inspect.getsource(self.form) if self.form else ""

    @property
    def location(self) -> tuple[str, int]:
        code = self.check.__code__
        return code.co_filename, code.co_firstlineno


class _Versioned(dict):  # type: ignore[type-arg]
    """A dict that counts its changes, so what is computed from it can be kept until it changes."""

    version = 0

    def _changed(self) -> None:
        self.version += 1

    def __setitem__(self, key: Any, value: Any) -> None:
        super().__setitem__(key, value)
        self._changed()

    def __delitem__(self, key: Any) -> None:
        super().__delitem__(key)
        self._changed()

    def pop(self, *args: Any) -> Any:
        self._changed()
        return super().pop(*args)

    def popitem(self) -> Any:
        self._changed()
        return super().popitem()

    def clear(self) -> None:
        super().clear()
        self._changed()

    def update(self, *args: Any, **kwargs: Any) -> None:
        super().update(*args, **kwargs)
        self._changed()

    def setdefault(self, *args: Any) -> Any:
        self._changed()
        return super().setdefault(*args)


REGISTRY: dict[str, Rule] = _Versioned()


def rule(
    id: str,  # noqa: A002 - the rule's id is its name
    *,
    on: str,
    cites: str,
    title: str,
    forbids: Message = "",
    permits: Message = "",
    when: Callable[[Any], bool] | None = None,
    needs: Iterable[str] = (),
    defines: Iterable[str] = (),
    leaves_open: Iterable[str] = (),
    status: str = "confirmed",
    reason: str = "",
    explain: Callable[[Any], str] | None = None,
    replaces: str | Iterable[str] = (),
    phase: str = "",
    factions: Iterable[str] = (),
    one_sided: str = "",
    see_also: str = "",
    counterpart: str | Iterable[str] = (),
    differs: str = "",
    cite_when: dict[str, Callable[[Any], bool]] | None = None,
) -> Callable[[Check], Rule]:
    """Register the decorated check as a rule; returns the :class:`Rule`.

    ``cites`` are the lines of the one clause the rule encodes (a finding quotes them);
    ``see_also`` the lines that merely support it (the rulebook shows them).
    """

    def register(check: Check) -> Rule:
        if id in REGISTRY:
            raise ValueError(f"rule {id} is defined twice")
        if status not in STATUSES:
            raise ValueError(f"rule {id}: status {status!r} is not one of {STATUSES}")
        r = Rule(
            id=id,
            on=on,
            title=title,
            cites=parse_cites(cites),
            check=check,
            doc=inspect.getdoc(check) or "",
            forbids=forbids,
            permits=permits,
            when=when,
            needs=tuple(needs),
            defines=tuple(defines),
            leaves_open=tuple(leaves_open),
            status=status,
            reason=reason,
            explain=explain,
            replaces=(replaces,) if isinstance(replaces, str) else tuple(replaces),
            phase=phase or on,
            factions=tuple(factions),
            one_sided=one_sided,
            see_also=parse_cites(see_also),
            counterpart=(counterpart,) if isinstance(counterpart, str) else tuple(counterpart),
            differs=differs,
            cite_when={c.ref: when for text, when in (cite_when or {}).items() for c in parse_cites(text)},
        )
        unknown = set(r.cite_when) - {c.ref for c in r.cites} if r.cite_when else set()
        if unknown:
            raise ValueError(f"rule {id}: cite_when names {sorted(unknown)}, which are not among its cites")
        if r.leaves_open and not r.open:
            raise ValueError(f"rule {id}: leaves_open= is for an open question or a gap, not a confirmed rule")
        if differs and not r.counterparts:
            raise ValueError(f"rule {id}: differs= names a conflict, but the rule has no replaces= or counterpart=")
        r.module = _importing_module()
        REGISTRY[id] = r
        _SAID.setdefault(r.module, set()).add(on)
        return r

    return register


def gap(
    id: str,  # noqa: A002 - the rule's id is its name
    *,
    on: str,
    cites: str,
    title: str,
    reason: str,
    when: Callable[[Any], bool],
    see_also: str = "",
    explain: Callable[[Any], str] | None = None,
    replaces: str | Iterable[str] = (),
    leaves_open: Iterable[str] = (),
) -> Rule:
    """A rule of the sources Mentat does not encode yet: where ``when`` recognises the situation the
    answer is ``unresolved``, naming ``cites`` (or, with ``leaves_open``, only those outcome values are
    ``unknown``); never a confident answer past the encoded rules."""

    def check(_facts: Any) -> bool:
        return True

    check.__doc__ = f"Not encoded yet: {reason}"
    r = rule(
        id,
        on=on,
        cites=cites,
        title=title,
        status="gap",
        reason=reason,
        explain=explain,
        when=when,
        see_also=see_also,
        replaces=replaces,
        leaves_open=leaves_open,
        one_sided="a gap: it neither forbids nor permits, it makes the answer unresolved",
    )(check)

    def form(_v: Any) -> Any:
        import z3

        return z3.BoolVal(True)  # never asked: a gap only names the lines that would decide

    r.z3(form)
    return r


# -- what each kind of question answers from, and the lines that need no rule ------------

# module -> the kinds of question its body speaks to (rules registered, chapters declared), and the rules it
# restates: the index by which a check imports only the chapters its question needs (load_for)
_SAID: dict[str, set[str]] = {}
_RESTATED_BY: dict[str, set[str]] = {}


def _importing_module() -> str:
    """The module whose body is running (where a rule's decorator or a chapter's declaration stands, even when a
    helper of another module does the registering)."""
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_name != "<module>":
        frame = frame.f_back  # type: ignore[assignment]
    return str(frame.f_globals.get("__name__", "")) if frame is not None else ""


# kind of question -> the source lines it answers from (its "chapters"); every such line must be
# encoded, set aside with a reason, or covered by a gap rule (tests/test_coverage.py).
CHAPTERS: dict[str, list[Cite]] = {}
# doc -> line -> why the line needs no rule
SET_ASIDE: dict[str, dict[int, str]] = {}


def reviewed(ruleset: str, on: str) -> bool:
    """Whether a ruleset's own text has been encoded for a kind of question (a chapter of its names it)."""
    return any(c.doc == ruleset for c in CHAPTERS.get(on, ()))


def chapter(on: str, cites: str) -> None:
    """Declare the source lines a kind of question (``on``) answers from."""
    CHAPTERS.setdefault(on, []).extend(parse_cites(cites))
    _SAID.setdefault(_importing_module(), set()).add(on)


def set_aside(cites: str, why: str) -> None:
    """Lines that need no rule, with the reason (a heading, an example, a module not in the game...)."""
    for c in parse_cites(cites):
        for n in range(c.first, c.last + 1):
            SET_ASIDE.setdefault(c.doc, {})[n] = why


# rule id -> doc -> lines where another ruleset's own text says the rule again (Dreamrules printing GF9's
# CHOAM Charity, which it keeps): under that ruleset the rule's findings quote them too, and they count as encoded.
RESTATED: dict[str, dict[str, tuple[Cite, ...]]] = {}


def restates(cites: str, *rule_ids: str) -> None:
    """Lines of one ruleset's text that say again what rules it inherits already say (its base's or fallback's).

    The rules stay in one place; a verdict under this ruleset cites its own book's lines first, then the
    rule's, so a table reading either book finds the sentence it knows (tests check each rule is in force there).
    """
    parsed = parse_cites(cites)
    docs = {c.doc for c in parsed}
    if len(docs) != 1:
        raise ValueError(f"restates({cites!r}): the lines must come from one text")
    (doc,) = docs
    for rid in rule_ids:
        RESTATED.setdefault(rid, {})[doc] = (*RESTATED.get(rid, {}).get(doc, ()), *parsed)
    _RESTATED_BY.setdefault(_importing_module(), set()).update(rule_ids)


def cites_under(r: Rule, ruleset: str, facts: Any = None) -> tuple[Cite, ...]:
    """The lines a finding of ``r`` quotes when the question is asked under ``ruleset``: the lines where that
    ruleset's text (or a base's, nearest first) says the rule again, then the rule's own that speak to ``facts``."""
    own = r.cites_on(facts)
    again = RESTATED.get(r.id)
    if not again:
        return own
    out: list[Cite] = []
    name: str | None = ruleset
    while name is not None and name != r.layer:
        out += again.get(name, ())
        lay = LAYERS.get(name)
        name = lay.base if lay else None
    return (*out, *own)


@dataclass
class Layer:
    """One source's rules over the layer below it (``gf9`` over ``overview``).

    A layer with a ``fallback`` reads another source where its own text is silent (``overview``
    falls back on ``gf9``): the fallback's own rules apply, except those that answer a question
    this layer answers itself (they replace one of its confirmed rules). Where this layer only
    defers (a gap or an open question: "see the Player Sheet"), the fallback's rule fills it.
    """

    name: str
    # The game family whose positions, board and kinds of question this ruleset uses: the module that
    # defines its ``FAMILY`` (``checker.arrakis``, ``checker.dice``). The machinery imports it by this name only.
    family: str = ""
    base: str | None = None
    removes: dict[str, str] = field(default_factory=dict)  # rule id -> why
    fallback: str | None = None
    title: str = ""
    # Another game's name for a faction -> this ruleset's (GF9's Emperor is Conquest's Imperium):
    # how `mentat compare` carries a position from one ruleset to another.
    names: dict[str, str] = field(default_factory=dict)
    # How a position of another ruleset of the family is read in this one, beyond names: a move
    # another game spells differently (GF9's ``blow`` is Conquest's ``spice-blow``). Data in, data out.
    carry: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    # A game with kinds of question of its own names them ``<kinds><action>`` (``conquest-ship``);
    # ``actions`` maps a move's action to its kind's (``spice-blow`` -> ``blow``).
    kinds: str = ""
    actions: dict[str, str] = field(default_factory=dict)
    # A text that speaks to every part of the game (Dreamrules rewrites the whole of GF9): a kind of
    # question none of its chapters names is not encoded yet, and its base's answer would be a guess.
    whole_game: bool = False
    # The rulebook: a text whose own headings mark its chapters gives the sub-headings that stay in the chapter
    # above them (a regular expression; "" splits the book by length); further pages its book's index links to.
    book_subheadings: str = ""
    book_links: tuple[str, ...] = ()
    # A text that lists its own open questions (Dreamrules' council questions): a regular expression matching each
    # line of that list, group 1 the question's tag as the text cites it ("#1859"), group 2 its title. The rulebook
    # pages each question with the open rules that recognise it (checker.coverage.open_questions).
    open_questions: str = ""


LAYERS: dict[str, Layer] = _Versioned()


def layer(
    name: str,
    family: str = "",
    base: str | None = None,
    removes: dict[str, str] | None = None,
    fallback: str | None = None,
    title: str = "",
    names: dict[str, str] | None = None,
    carry: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    kinds: str = "",
    actions: dict[str, str] | None = None,
    whole_game: bool = False,
    book_subheadings: str = "",
    book_links: tuple[str, ...] = (),
    open_questions: str = "",
) -> Layer:
    LAYERS[name] = Layer(
        name,
        family=family,
        base=base,
        removes=dict(removes or {}),
        fallback=fallback,
        title=title,
        names=dict(names or {}),
        carry=carry,
        kinds=kinds,
        actions=dict(actions or {}),
        whole_game=whole_game,
        book_subheadings=book_subheadings,
        book_links=book_links,
        open_questions=open_questions,
    )
    return LAYERS[name]


_loaded = False


def load_all() -> dict[str, Rule]:
    """Import every chapter under ``constraints`` once; they register themselves."""
    global _loaded
    if not _loaded:
        import pkgutil

        import constraints

        walked = {info.name: info.ispkg for info in pkgutil.walk_packages(constraints.__path__, "constraints.")}
        for name in walked:
            importlib.import_module(name)
        index = {name: (pkg, _kinds_said(name)) for name, pkg in walked.items()}
        _write_index(index)  # which chapters a kind of question needs (each module's own, whatever loaded it)
        _loaded = True
    return REGISTRY


def _kinds_said(module: str) -> list[str]:
    restated = {REGISTRY[rid].on for rid in _RESTATED_BY.get(module, ()) if rid in REGISTRY}
    return sorted(_SAID.get(module, set()) | restated)


def layer_of(ruleset: str) -> Layer | None:
    """A ruleset's layer (its package under ``constraints`` is imported for it; a ruleset without one has none)."""
    if ruleset not in LAYERS:
        try:
            importlib.import_module(f"constraints.{ruleset}")
        except ModuleNotFoundError:
            return None
    return LAYERS.get(ruleset)


def load_for(on: str, ruleset: str | None = None) -> dict[str, Rule]:
    """Import only the chapters with rules for one kind of question: those of a ruleset's stack (itself, its
    bases and fallbacks), or with no ruleset those of every ruleset (and every ruleset's layer).

    The index of chapters comes from an earlier full walk of ``constraints``, kept in the
    disk cache under the code's fingerprint; without it, every chapter is imported.
    """
    if _loaded or (on, ruleset) in _loaded_kinds or (on, None) in _loaded_kinds:
        return REGISTRY
    index = _read_index()
    if index is None:
        return load_all()
    for name in chapters_for(on, ruleset, index):
        importlib.import_module(name)
    _loaded_kinds.add((on, ruleset))
    return REGISTRY


# (kind of question, ruleset or None for every ruleset) whose chapters load_for has imported
_loaded_kinds: set[tuple[str, str | None]] = set()


def chapters_for(on: str, ruleset: str | None, index: dict[str, tuple[bool, list[str]]]) -> list[str]:
    """The modules ``load_for`` imports: the layers' packages and the chapters that speak to ``on``, of the
    ruleset's stack (of every ruleset, without one)."""
    stack = _stack(ruleset) if ruleset is not None else None
    return [
        name
        for name, (is_package, kinds) in index.items()
        if (stack is None or name.split(".")[1] in stack) and (is_package or on in kinds)
    ]


def _stack(ruleset: str) -> set[str]:
    """A ruleset and every layer its rules may come from: its bases and fallbacks, and theirs."""
    out: set[str] = set()
    todo = [ruleset]
    while todo:
        name = todo.pop()
        if name in out:
            continue
        out.add(name)
        lay = layer_of(name)
        if lay is not None:
            todo += [n for n in (lay.base, lay.fallback) if n]
    return out


def _index_file() -> Any:
    from checker.cache import cache_file

    return cache_file("rules", "chapters by kind of question")


def _read_index() -> dict[str, tuple[bool, list[str]]] | None:
    import json

    from checker.cache import read_text

    where = _index_file()
    text = read_text(where) if where else None
    try:
        return {k: (bool(v[0]), list(v[1])) for k, v in json.loads(text).items()} if text else None
    except (ValueError, TypeError, IndexError, AttributeError):
        return None


def _write_index(index: dict[str, tuple[bool, list[str]]]) -> None:
    import json

    from checker.cache import write_text

    where = _index_file()
    if where:
        write_text(where, json.dumps(index))


def ruleset_rules(name: str, on: str | None = None) -> dict[str, Rule]:
    """The rules in force in a ruleset: its own, then its base's not replaced or removed.

    With ``on``, only the chapters with rules for that kind of question need to be loaded;
    the result still holds every rule loaded so far. Each caller gets its own dict.
    """
    if on is None:
        load_all()
    else:
        load_for(on, name)
    return dict(_in_force(name))


# Worked out once per state of the registry and the layers (a check asks on every call).
_IN_FORCE: dict[tuple[str, int, int], dict[str, Rule]] = {}


def _in_force(name: str) -> dict[str, Rule]:
    key = (name, _version(REGISTRY), _version(LAYERS))
    got = _IN_FORCE.get(key)
    if got is None:
        if len(_IN_FORCE) > 64:  # stale states (tests edit the registry)
            _IN_FORCE.clear()
        got = _IN_FORCE[key] = _compute_in_force(name)
    return got


def _version(d: dict[str, Any]) -> int:
    return getattr(d, "version", -1)


def registry_state() -> tuple[int, int]:
    """Which rules are registered and how the rulesets are layered, as a key: it changes whenever either does (a
    test registering a rule), so what was worked out under the last state is not reused."""
    return _version(REGISTRY), _version(LAYERS)


def _compute_in_force(name: str) -> dict[str, Rule]:
    own = {rid: r for rid, r in REGISTRY.items() if rid.startswith(name + ".")}
    if name not in LAYERS:
        return own
    lay = LAYERS[name]
    below = _in_force(lay.base) if lay.base else {}
    replaced = {old for r in own.values() for old in r.replaces}
    out = {rid: r for rid, r in below.items() if rid not in replaced and rid not in lay.removes}
    out.update(own)
    if lay.fallback:
        out = _with_fallback(out, lay)
    return out


_ON: dict[tuple[str, str, int, int], list[Rule]] = {}


def rules_on(name: str, on: str) -> list[Rule]:
    """The rules in force in a ruleset for one kind of question (kept per registry state: a warm check asks it
    every time, and a ruleset has thousands of rules in force)."""
    load_for(on, name)
    key = (name, on, _version(REGISTRY), _version(LAYERS))
    got = _ON.get(key)
    if got is None:
        if len(_ON) > 256:  # stale states (tests edit the registry)
            _ON.clear()
        got = _ON[key] = [r for r in _in_force(name).values() if r.on == on]
    return list(got)


def _with_fallback(own: dict[str, Rule], lay: Layer) -> dict[str, Rule]:
    """A layer's rules, then its fallback's own rules where the layer is silent or only defers."""
    assert lay.fallback is not None
    fb_layer = LAYERS.get(lay.fallback)
    fb_removes = fb_layer.removes if fb_layer else {}
    speaks = {rid for rid, r in own.items() if not r.open}
    out = dict(own)
    for rid, r in REGISTRY.items():
        if not rid.startswith(lay.fallback + ".") or rid in lay.removes:
            continue
        if any(old in speaks for old in r.replaces):
            continue  # this layer says it itself
        for old in r.replaces:
            out.pop(old, None)  # this layer only deferred ("see the Player Sheet"): the fallback says it
        out[rid] = r
    for rid in fb_removes:  # what the fallback's layer drops as settled by its own rules, where it was deferred
        if rid in out and out[rid].open:
            del out[rid]
    return out


def in_force_in(rule_id: str, in_force: Mapping[str, Collection[str]] | None = None) -> list[tuple[str, str]]:
    """Each ruleset the rule is in force in, and how: its own, inherited from a base, or read by fallback.

    ``in_force``: each ruleset's rule ids, computed once by a caller asking about every rule.
    """
    load_all()
    r = REGISTRY[rule_id]
    out = []
    for name, lay in LAYERS.items():
        if rule_id not in (in_force[name] if in_force is not None else ruleset_rules(name)):
            continue
        if r.layer == name:
            how = "its own"
        elif lay.fallback == r.layer:
            how = f"{name} is silent: read from {r.layer}"
        else:
            how = f"inherited from {r.layer}"
        out.append((name, how))
    return out


def counterparts(rule_id: str, reverse: Mapping[str, list[tuple[str, Rule]]] | None = None) -> list[tuple[str, Rule]]:
    """Rules in other layers that replace this one, that this one replaces, or that answer the same question.

    ``reverse``: :func:`reverse_counterparts`, computed once by a caller asking about every rule.
    """
    load_all()
    r = REGISTRY[rule_id]
    out = [("replaces", REGISTRY[old]) for old in r.replaces if old in REGISTRY]
    out += [("counterpart", REGISTRY[other]) for other in r.counterpart if other in REGISTRY]
    return out + (reverse if reverse is not None else reverse_counterparts()).get(rule_id, [])


def reverse_counterparts() -> dict[str, list[tuple[str, Rule]]]:
    """Rule id -> the rules that replace it, then those that name it their counterpart."""
    load_all()
    out: dict[str, list[tuple[str, Rule]]] = {}
    for how, named in (("replaced by", "replaces"), ("counterpart", "counterpart")):
        for other in REGISTRY.values():
            for rid in dict.fromkeys(getattr(other, named)):
                out.setdefault(rid, []).append((how, other))
    return out

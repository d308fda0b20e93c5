"""The Dice Game's kinds of question, one module each (checker.dice.KIND_MODULES names them).

Conventions for a kind's facts (see checker/dice/kinds/position.py): per-Faction facts are lists in
the order of ``facts.factions`` (a label), named ``f_<what>``; a fact the position does not give is
``None`` (rules that need it name its key, as the position spells it, through ``position_key``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from checker.facts import Facts

F = TypeVar("F", bound=Facts)


def noting_inferred(facts: Callable[[Any, Any], F]) -> Callable[[Any, Any], F]:
    """A kind's ``facts``, with what the loader inferred from the text for the move (``DicePosition.inferred``:
    the Sandstorm on Jacurutu in round 1) first among the verdict's notes."""

    @functools.wraps(facts)
    def read(self: Any, pos: Any) -> F:
        f = facts(self, pos)
        f.notes[:0] = [n for n in pos.inferred if n not in f.notes]
        return f

    return read

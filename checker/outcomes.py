"""The vocabulary of outcome keys: the shared keys every kind of every game uses in one sense, and each kind's own.

A verdict's ``outcome`` speaks this vocabulary only (``tests/test_outcomes.py`` checks every case): a value
one of the shared keys means is reported under that key, whatever the game or the kind; a kind may add
detail keys beside them (``Kind.outcome_keys``, each with a one-line meaning), never another name for a
shared one. The rulebook's verdict page prints this registry (``checker.docs``).
"""

from __future__ import annotations

from typing import Any

# The published shared keys (shared/spec/position-format.md) and what each means.
SHARED: dict[str, str] = {
    "cost": "the spice the move costs, whoever pays it (a number)",
    "paid_to": "who receives that spice: `bank` or a faction",
    "path": "the territories (or Regions) entered, in order",
    "storm": "the storm's sector after the move",
    "spice_lost": "spice that leaves the board, back to the Bank (a number)",
    "winner": "a faction, a list of factions for a shared win (in alphabetical order), or `none`",
    "spice_gained": "faction -> spice it receives (CHOAM Charity, collection and its income, a bribe, a battle)",
    "losses": "faction -> tokens that leave the board or the fight, to the Tanks, reserves or supply (storm, "
    "worm, Sandstorm, battle and combat, Fortifications, Shai-Hulud); a Fedaykin or Sardaukar token counts one; "
    "a faction with none may be left out",
    "leaders_killed": "the leaders killed",
    "unknown": "outcome key -> why the verdict leaves that value open (a fact the position does not give, or "
    "a question the text leaves open); the verdict itself is decided",
}


def winner_of(winners: list[str]) -> Any:
    """The published ``winner``: a faction, a list of factions for a shared win (alphabetical), or ``none``."""
    if not winners:
        return "none"
    return winners[0] if len(winners) == 1 else sorted(winners)


# Shared keys whose value is per faction (faction -> number): a kind's summed parts add up faction by faction.
PER_FACTION = ("spice_gained", "losses")


def keys_of(kind: Any) -> dict[str, str]:
    """Every outcome key a kind may report, with its meaning: the shared keys, then the kind's own."""
    return {**SHARED, **kind.outcome_keys}


def derive(kind: Any, outcome: dict[str, Any], unknown: dict[str, str], faction: str) -> None:
    """Add the shared keys a kind sums from its own detail values (``Kind.derived``) to ``outcome``.

    A part the outcome leaves unknown makes the sum unknown; parts the outcome does not give count nothing
    (a sum of none is left out). A number stands for ``faction``'s where the sum is per faction.
    """
    for name, parts in kind.derived.items():
        hidden = next((unknown[p] for p in parts if p in unknown), None)
        if hidden is not None:  # a sum with a part unknown is no answer, whatever the kind added up
            outcome.pop(name, None)
            unknown.setdefault(name, hidden)
            continue
        given = [outcome[p] for p in parts if p in outcome]
        if not given:
            continue
        if name not in PER_FACTION:
            outcome[name] = sum(given)
            continue
        total: dict[str, int] = {}
        for part in given:
            for who, n in part.items() if isinstance(part, dict) else ((faction, part),):
                total[who] = total.get(who, 0) + n
        outcome[name] = total

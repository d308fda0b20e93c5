"""The game's names: factions (with their aliases) and territories as players write them."""

from __future__ import annotations

import re
from functools import cache

from checker.errors import InputError, nearest

FACTIONS = (
    "atreides",
    "harkonnen",
    "emperor",
    "spacing-guild",
    "fremen",
    "bene-gesserit",
    "bene-tleilax",
    "ixians",
    "imperium",
    "corrino",
)
ALIASES = {
    "guild": "spacing-guild",
    "spacing guild": "spacing-guild",
    "bg": "bene-gesserit",
    "bene gesserit": "bene-gesserit",
    "tleilaxu": "bene-tleilax",
    "bene tleilax": "bene-tleilax",
    "tleilax": "bene-tleilax",
    "ix": "ixians",
    "ixian": "ixians",
    "padishah emperor": "emperor",
}
DISPLAY = {
    "spacing-guild": "Spacing Guild",
    "bene-gesserit": "Bene Gesserit",
    "bene-tleilax": "Bene Tleilax",
}


def faction_name(text: object, key: str) -> str:
    """The canonical faction slug for anything a player might write."""
    if not isinstance(text, str):
        raise InputError(key, "a faction name", text)
    word = text.strip().lower().replace("_", "-")
    word = ALIASES.get(word, ALIASES.get(word.replace("-", " "), word))
    if word in FACTIONS:
        return word
    raise InputError(key, "a faction name", text, nearest(text, FACTIONS + tuple(ALIASES)))


def display(faction: str) -> str:
    return DISPLAY.get(faction, faction.capitalize())


def whose(faction: str) -> str:
    """A faction's display name as a possessive ("Atreides'", "the Emperor's")."""
    name = display(faction)
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def plural(n: int, word: str, many: str = "") -> str:
    """A count with its noun: "1 force", "2 forces" (``many``: an irregular plural)."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


@cache  # a territory's name is folded at every lookup of every position: the names are few
def _fold(name: str) -> str:
    word = name.strip().lower().replace("\u2019", "").replace("'", "")
    word = re.sub(r"^the\s+", "", word)
    return re.sub(r"\s+", " ", word)


def territory_name(text: object, names: list[str], key: str) -> str:
    """Match a territory ignoring case, a leading 'The' and apostrophes."""
    if not isinstance(text, str):
        raise InputError(key, "a territory name", text)
    folded = _fold(text)
    for name in names:
        if _fold(name) == folded:
            return name
    raise InputError(key, "a territory of the board", text, nearest(text, names))

"""The kinds of question Mentat answers; each module registers its kind when imported.

Kinds load on demand, so a shipment question does not pay for the battle machinery.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from checker.facts import Kind

MODULES = {
    "ship": "shipment",
    "move": "movement",
    "storm": "storm",
    "battle": "battle",
    "position": "position",
    "charity": "charity",
    "collect": "collection",
    "bid": "bidding",
    "revive": "revival",
    "play": "play",
    "blow": "blow",
    "worm": "worm",
    "thumper": "worm",
    "ally": "alliance",
    "bribe": "alliance",
    "give": "alliance",
    "interject": "interject",
    "move-surveyor": "surveyor",
    "retreat": "aftermath",
    "spite": "aftermath",
    "technology": "technology",
    "take-tech-token": "tech_token",
    "deal": "deal",
    "note": "deal",
    "next-phase": "phase",
    "unencoded": "unencoded",
    "conquest-ship": "conquest",
    "conquest-move": "conquest",
    "conquest-storm": "conquest",
    "conquest-blow": "conquest",
    "conquest-buy": "conquest",
    "conquest-position": "conquest",
    "conquest-battle": "conquest_battle",
}


def load_kind(name: str) -> Kind:
    from checker.facts import KINDS

    importlib.import_module(f"checker.arrakis.kinds.{MODULES[name]}")
    return KINDS[name]


def load_kinds() -> dict[str, Kind]:
    """Every kind (tests and the rulebook)."""
    from checker.facts import KINDS

    for name in MODULES:
        load_kind(name)
    return KINDS

"""Dune, GF9 2019, Basic and Advanced (``gf9``): over the overview where gf9 is silent."""

from typing import Any

from checker.rules import layer


def from_conquest(data: dict[str, Any]) -> dict[str, Any]:
    """Conquest's ``spice-blow`` (a card, the previous card's territories) as the GF9 family's ``blow``."""
    move = data.get("move")
    if isinstance(move, dict) and move.get("action") == "spice-blow":
        card = "shai-hulud" if str(move.get("card", "")).lower() in ("sandworm", "shai-hulud") else move.get("card")
        carried: dict[str, Any] = {"action": "blow", "card": card}
        previous = move.get("previous_card_territories") or []
        if len(previous) == 1:
            carried["previous"] = previous[0]
        data = {**data, "move": carried}
    return data


layer(
    "gf9",
    family="checker.arrakis",
    base="overview",
    title="Dune, GF9 2019 (Basic and Advanced), over the overview where GF9 is silent",
    names={"imperium": "emperor"},  # Conquest's Imperium is the Emperor's house
    carry=from_conquest,
    removes={
        "overview.movement.faction-advantages": "gf9 prints the Fremen's range (gf9:401): gf9.movement.fremen-range",
        "overview.position.prediction": "the Bene Gesserit's sheet over the overview's count of strongholds; gf9 reads "
        "it over its own (gf9:319, 361): gf9.position.bg-prediction",
        "overview.position.fremen-special": "the Fremen's sheet after the overview's Advanced turn ten; gf9 checks it "
        "in every game (gf9:325): gf9.position.fremen-special",
        "overview.position.guild-special": "the Guild's sheet after the overview's Advanced turn ten; gf9 checks it in "
        "every game (gf9:325): gf9.position.guild-special",
    },
)

"""Dune: A Game of Conquest and Diplomacy (``conquest``): its own game of the Arrakis family.

Its own layer, with no base and no fallback: where the conquest text is silent, no other book
speaks for it (a question it leaves open answers ``unresolved``). The text prints no board and no
victory conditions; a position gives the board facts a question needs.
"""

from typing import Any

from checker.rules import layer


def _from_gf9(data: dict[str, Any]) -> dict[str, Any]:
    """A GF9-family Spice Blow (``blow``: a card, the previous card's territory) as Conquest's ``spice-blow``."""
    move = data.get("move")
    if isinstance(move, dict) and move.get("action") == "blow":
        previous = move.get("previous")
        card = "sandworm" if str(move.get("card", "")).lower().replace(" ", "-") == "shai-hulud" else move.get("card")
        carried = {"action": "spice-blow", "card": card}
        if previous and str(previous).lower() != "shai-hulud":
            carried["previous_card_territories"] = [previous]
        data = {**data, "move": carried}
    return data


layer(
    "conquest",
    family="checker.arrakis",
    title="Dune: A Game of Conquest and Diplomacy (its own text only)",
    names={"emperor": "imperium"},  # GF9's Emperor is Conquest's Imperium (`mentat compare` carries it over)
    carry=_from_gf9,
    kinds="conquest-",  # its own kinds of question (checker/arrakis/kinds/conquest.py, conquest_battle.py)
    actions={"spice-blow": "blow"},
)

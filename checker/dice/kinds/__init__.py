"""The Dice Game's kinds of question, one module each (checker.dice.KIND_MODULES names them).

Conventions for a kind's facts (see checker/dice/kinds/position.py): per-Faction facts are lists in
the order of ``facts.factions`` (a label), named ``f_<what>``; a fact the position does not give is
``None`` (rules that need it name its key, as the position spells it, through ``position_key``).
"""

"""The ``mentat`` script: what is settled before the command line's module is imported.

A command that asks one question and ends (a check, a move applied, a comparison, a battle's plan) runs in a short
process that makes hundreds of thousands of objects while it imports the rules and z3 and builds the question's
terms. Python's cyclic garbage collector, run again and again over all of them as they are made, took a tenth of a
cold movement check (~12 ms); such a process ends before any garbage it could find would matter, so it runs without
it. Long commands (a replay, random games, the server, the rulebook) keep it.
"""

from __future__ import annotations

import gc
import sys
from typing import NoReturn

ONE_QUESTION = ("check", "apply", "compare", "battle")  # with a replay, what checker.cli calls SOLVING


def run() -> NoReturn:
    if sys.argv[1:2] and sys.argv[1] in ONE_QUESTION:
        gc.disable()
    from checker.cli import run as command

    command()

"""How many generated positions a campaign draws: the quick profile (the default) or the long one.

``python3 dev.py test --long`` sets ``MENTAT_TEST_PROFILE=long``: every campaign draws its full count. The quick
profile keeps the two encodings' agreement check over at least 200 generated positions per kind (issue 17).
"""

from __future__ import annotations

import os

LONG = os.environ.get("MENTAT_TEST_PROFILE") == "long"
FLOOR = 200


def examples(long: int) -> int:
    """A campaign's count: ``long`` under the long profile, else at most the floor."""
    return long if LONG else min(long, FLOOR)

"""The game: each ruleset's rules, chapter by chapter, beside the lines they encode.

Every module below registers its rules on import (see :mod:`checker.rules`);
the engine finds them through the registry, never by a chapter's name.
"""

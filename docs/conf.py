"""Sphinx configuration of the Mentat rulebook (``sphinx-build docs docs/_build/html`` works directly)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE / "_ext"), str(HERE.parent)]

project = "Mentat rulebook"
author = "the Mentat developers"
copyright = "the Mentat developers"  # noqa: A001 - Sphinx's name

extensions = ["myst_parser", "mentat_ext", "mentat_fast"]  # mentat_fast: what keeps the build fast
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 0
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_generated/fragments", "README.md"]
templates_path: list[str] = []
# the boards the case pages draw their positions over (written by checker.docs.generate; made here, before
# Sphinx checks the path, so that a fresh clone's first build finds it)
(HERE / "_generated" / "static").mkdir(parents=True, exist_ok=True)
html_static_path = ["_static", "_generated/static"]
html_title = "Mentat rulebook"
toc_object_entries = False  # rule entries stay out of the sidebar: it is rendered on every page
suppress_warnings = ["myst.header"]
# the sources' lines are shown and quoted verbatim, straight quotes and all (and the transform walks every node
# of every page: a tenth of the build)
smartquotes = False

html_theme = "furo" if importlib.util.find_spec("furo") else "alabaster"
html_theme_options: dict[str, object] = {"navigation_with_keys": True} if html_theme == "furo" else {}
# set what furo would otherwise set at build time: a changed config value forces every page to be rewritten
pygments_style = "friendly"
pygments_dark_style = "native"
html_copy_source = False
html_show_sourcelink = False

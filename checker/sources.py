"""The verbatim source texts and citations into them (``gf9:99``, ``overview:57``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

SOURCES = Path(__file__).resolve().parent.parent / "constraints" / "sources"
DOCS = ("gf9", "overview", "dreamrules", "conquest", "dice")
TITLES = {
    "gf9": "Dune (GF9, 2019): Basic and Advanced",
    "overview": "Dune: an overview and player reference",
    "dreamrules": "Dreamrules v0.8",
    "conquest": "Dune: A Game of Conquest and Diplomacy",
    "dice": "Dune: The Dice Game",
}


@cache
def lines(doc: str) -> tuple[str, ...]:
    """The source's lines; line N is ``lines(doc)[N - 1]``."""
    text = (SOURCES / f"{doc}.txt").read_text(encoding="utf-8")
    return tuple(text.split("\n"))


@dataclass(frozen=True)
class Cite:
    """Lines ``first`` to ``last`` of a source text (``doc``: its slug)."""

    doc: str
    first: int
    last: int

    @property
    def text(self) -> str:
        return " ".join(lines(self.doc)[self.first - 1 : self.last]).strip()

    @property
    def span(self) -> str:
        return f"{self.first}" if self.first == self.last else f"{self.first}-{self.last}"

    @property
    def ref(self) -> str:
        """The cite as rules write it: ``gf9:411``, ``gf9:97-99``."""
        return f"{self.doc}:{self.span}"

    def __str__(self) -> str:
        return f"{self.doc}:L{self.span}"

    def as_json(self) -> dict[str, object]:
        return {"doc": self.doc, "lines": [self.first, self.last], "text": self.text}


_CITE = re.compile(r"^\s*(?P<doc>[a-z0-9]+):L?(?P<lines>[\d,\s\-L]+)\s*$")


def parse_cites(text: str) -> tuple[Cite, ...]:
    """``"gf9:99,223; overview:57"`` -> three cites. Ranges as ``99-100``."""
    out: list[Cite] = []
    for part in text.split(";"):
        if not part.strip():
            continue
        m = _CITE.match(part)
        if not m or m["doc"] not in DOCS:
            raise ValueError(f"bad citation {part!r}: write it as doc:line[,line-line] with doc in {DOCS}")
        for span in m["lines"].replace("L", "").split(","):
            a, _, b = span.strip().partition("-")
            out.append(Cite(m["doc"], int(a), int(b or a)))
    return tuple(out)

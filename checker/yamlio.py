"""YAML reading: always the safe loader (the C one when PyYAML has it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

try:  # the C loader is several times faster on the board file
    from yaml import CSafeLoader as SafeLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader  # type: ignore[assignment]


def load_yaml(path: Path) -> Any:
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=SafeLoader)


def parse_yaml(text: str) -> Any:
    return yaml.load(text, Loader=SafeLoader)

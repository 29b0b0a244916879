"""The dependency direction of DESIGN.md, checked on the import statements."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engines", "companion", "vision", "web", "printables")


def imports(package: str) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / package).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module.split(".")[0])
    return found


def test_engines_import_only_the_standard_library() -> None:
    used = imports("engines") - {"engines", "__future__"}
    assert used <= set(sys.stdlib_module_names), used - set(sys.stdlib_module_names)


def test_printables_and_vision_never_import_companion_or_web() -> None:
    for package in ("printables", "vision"):
        assert not imports(package) & {"companion", "web"}, package


def test_web_talks_to_companion_only() -> None:
    assert not imports("web") & {"engines", "vision", "printables"}

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


LAYERS: dict[str, frozenset[str]] = {
    "engines": frozenset(),
    "printables": frozenset({"engines"}),
    "vision": frozenset({"engines", "printables"}),
    "companion": frozenset({"engines", "printables", "vision"}),
    "web": frozenset({"companion"}),
    "cli": frozenset({"engines", "printables", "vision", "companion", "web"}),
    "testkit": frozenset({"engines", "printables", "vision", "companion", "web", "cli"}),
    "bench": frozenset(
        {"engines", "printables", "vision", "companion", "web", "cli", "testkit", "tests"}
    ),
}
"""Each top-level package and the packages of the repository it may import
(``docs/design.md``): ``cli`` is the top of the product; only measurements, test
support and tests use it."""


def top_level_packages() -> set[str]:
    return {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"tests"}


def test_every_package_has_a_layer() -> None:
    assert top_level_packages() <= set(LAYERS), top_level_packages() - set(LAYERS)


def test_every_package_imports_only_the_layers_below_it() -> None:
    ours = set(LAYERS) | {"tests"}
    for package in sorted(top_level_packages()):
        used = imports(package) & ours - {package}
        assert used <= LAYERS[package], (package, sorted(used - LAYERS[package]))


def test_companion_never_imports_web_or_the_command_line() -> None:
    assert not imports("companion") & {"web", "cli"}


def test_no_product_package_imports_the_command_line() -> None:
    for package in ("engines", "printables", "vision", "companion", "web"):
        assert "cli" not in imports(package), package

"""The dependency direction of DESIGN.md, checked on the import statements."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engines", "companion", "vision", "web", "printables")


def installed() -> list[str]:
    """The top-level packages ``pip install .`` installs: pyproject's ``packages.find``."""
    with (ROOT / "pyproject.toml").open("rb") as f:
        found = tomllib.load(f)["tool"]["setuptools"]["packages"]["find"]
    return [pattern.removesuffix("*") for pattern in found["include"]]


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


def test_the_product_never_imports_the_test_support() -> None:
    product = installed()
    assert set(PACKAGES) <= set(product) and "testkit" not in product
    for package in product:
        assert not imports(package) & {"testkit", "tests", "bench"}, package


def test_the_test_support_never_imports_the_tests() -> None:
    assert "tests" not in imports("testkit")
    assert "testkit" in imports("tests")  # the check sees testkit's importers


def test_pip_install_leaves_the_test_support_out(tmp_path: Path) -> None:
    """setuptools builds the project from a copy of its packages: what it would install
    holds every product package and not testkit, tests or bench."""
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    packages = [p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file()]
    assert {"testkit", "tests", "bench", *PACKAGES} <= set(packages)
    for name in packages:
        ignore = shutil.ignore_patterns("__pycache__", "data", "artifacts")
        shutil.copytree(ROOT / name, source / name, ignore=ignore)
    built = tmp_path / "lib"
    setup = "import setuptools; setuptools.setup()"
    subprocess.run(
        [sys.executable, "-c", setup, "-q", "build_py", "--build-lib", str(built)],
        cwd=source,
        check=True,
        capture_output=True,
    )
    names = {p.name for p in built.iterdir()}
    assert set(PACKAGES) <= names and not names & {"testkit", "tests", "bench"}, names


CYCLE_FREE = tuple(LAYERS)
"""Packages in which no module imports another that imports it back: every package (a
cycle across packages cannot happen, the layers only import downwards)."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported(tree: ast.AST, module: str, is_package: bool) -> list[tuple[str, str | None]]:
    """``(module, name)`` of every import in ``tree``, in functions too, not under
    ``if TYPE_CHECKING`` (``name`` is what a ``from ... import`` names)."""
    found: list[tuple[str, str | None]] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            todo.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = module.split(".") if is_package else module.split(".")[:-1]
                anchor = here[: len(here) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found += [(base, alias.name) for alias in node.names]
        todo.extend(ast.iter_child_nodes(node))
    return found


def import_graph(package: str) -> dict[str, set[str]]:
    """Which modules of ``package`` each of its modules imports.

    An import anywhere in a module counts (inside a function too, which only
    hides a cycle); one under ``if TYPE_CHECKING`` does not (type hints only).
    ``from a import b`` names module ``a.b`` when there is one, else ``a``; the
    parent packages Python imports on the way are not edges.
    """
    paths = sorted((ROOT / package).rglob("*.py"))
    modules = {_module_name(p): p for p in paths}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges: set[str] = set()
        for base, item in _imported(tree, name, path.name == "__init__.py"):
            target = f"{base}.{item}" if item and f"{base}.{item}" in modules else base
            if target in modules and target != name:
                edges.add(target)
        graph[name] = edges
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_the_cycle_finder_sees_a_cycle_hidden_in_a_function() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_cycles(graph) == [["a", "b", "c"]]
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from p.state import S\n"
        "def f():\n    from p import views\n    return views\n"
    )
    assert _imported(tree, "p.checks", False) == [("p", "views"), ("typing", "TYPE_CHECKING")]


@pytest.mark.parametrize("package", CYCLE_FREE)
def test_no_module_imports_one_that_imports_it_back(package: str) -> None:
    graph = import_graph(package)
    assert len(graph) > 1
    assert import_cycles(graph) == []

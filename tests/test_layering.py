"""The dependency direction of DESIGN.md, checked on the import statements."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path

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


def modules(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Every module of ``packages`` under ``root`` by dotted name (a package by its own)."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement under ``node``, at module level or inside functions, but not
    those under ``if TYPE_CHECKING:`` (their ``else`` branch counts)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _type_checking(child):
            for other in child.orelse:
                if isinstance(other, ast.Import | ast.ImportFrom):
                    yield other
                yield from _import_nodes(other)
            continue
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        yield from _import_nodes(child)


def import_graph(root: Path, packages: Iterable[str]) -> dict[str, set[str]]:
    """Module -> the modules of ``packages`` it imports.

    ``from a import b`` is an import of module ``a.b`` when there is one, else of ``a``;
    the parent packages Python imports on the way are not counted.
    """
    known = modules(root, packages)
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
                continue
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([base] if base else [])])
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                targets.add(sub if sub in known else base)
        graph[name] = {t for t in targets if t in known and t != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of ``graph``: each group of modules that import one another
    (a strongly connected component of more than one module), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_no_import_cycle_outside_the_engines() -> None:
    packages = top_level_packages() - {"engines"}
    assert {"vision", "printables", "companion", "testkit"} <= packages
    assert cycles(import_graph(ROOT, sorted(packages))) == []


def test_the_cycle_check_sees_imports_inside_functions_but_not_type_only_ones(
    tmp_path: Path,
) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/a.py": "from pkg.b import B\n",
        "pkg/b.py": "B = 1\n\ndef later():\n    from pkg import a\n",
        "pkg/c.py": (
            "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from pkg.d import D\n"
        ),
        "pkg/d.py": "import pkg.c\nD = 1\n",
        "pkg/e.py": "from . import f\n",
        "pkg/f.py": "from .e import x\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    graph = import_graph(tmp_path, ["pkg"])
    assert graph["pkg.c"] == set() and graph["pkg.d"] == {"pkg.c"}
    assert cycles(graph) == [["pkg.a", "pkg.b"], ["pkg.e", "pkg.f"]]

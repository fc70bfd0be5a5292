"""The import graph of the dominolab package, and its cycles.

Every ``import`` / ``from … import`` statement counts, at module level or
inside a function, except those inside ``_repr_*_`` methods (a value may
import its renderer when it is drawn: python-chess's way). An import of a
package's submodule counts as an edge to that submodule; the implicit import
of a parent package's ``__init__`` does not (the ``__init__`` files only
re-export).

    python tools/import_graph.py            # prints the cycles (none: exit 0)
    python tools/import_graph.py --edges    # prints every edge

``tests/test_architecture.py`` runs :func:`import_graph` and asserts no cycle.
"""

from __future__ import annotations

import ast
import pathlib
import sys
from collections.abc import Callable

import networkx as nx

ROOT = pathlib.Path(__file__).resolve().parent.parent / "dominolab"


def _module_name(path: pathlib.Path, root: pathlib.Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _targets(module: str, is_package: bool, node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.level:
        base = module.split(".")
        if not is_package:
            base = base[:-1]
        if node.level > 1:
            base = base[: len(base) - (node.level - 1)]
        prefix = ".".join(base + ([node.module] if node.module else []))
    else:
        prefix = node.module or ""
    return [prefix] + [f"{prefix}.{a.name}" for a in node.names]


def _parse(path: pathlib.Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"))


def import_graph(root: pathlib.Path = ROOT,
                 parse: Callable[[pathlib.Path], ast.AST] = _parse) -> nx.DiGraph:
    """Modules of the package as nodes, ``a -> b`` when ``a`` imports ``b``.

    A compiled module (its types in a ``.pyi`` stub beside its C source) imports nothing of
    the package, so an import of it is no edge (and it is no node). ``parse`` gives a
    module's syntax tree from its path (tests/test_architecture.py passes the trees it has
    already parsed)."""
    modules = {_module_name(p, root): p for p in root.rglob("*.py")}
    compiled = {_module_name(p, root) for p in root.rglob("*.pyi")} - set(modules)
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        is_package = path.name == "__init__.py"

        def visit(node: ast.AST, in_repr: bool) -> None:
            for child in ast.iter_child_nodes(node):
                repr_here = in_repr or (
                    isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
                    and child.name.startswith("_repr_") and child.name.endswith("_"))
                if isinstance(child, (ast.Import, ast.ImportFrom)) and not repr_here:
                    for target in _targets(name, is_package, child):
                        while target and target not in modules:
                            if target in compiled:
                                target = ""
                                break
                            target = target.rpartition(".")[0]
                        if target and target != name:
                            graph.add_edge(name, target)
                visit(child, repr_here)

        visit(parse(path), False)
    return graph


def cycles(graph: nx.DiGraph) -> list[list[str]]:
    """The strongly connected groups of more than one module (each is an import cycle)."""
    return sorted((sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1),
                  key=len, reverse=True)


def main(argv: list[str]) -> int:
    graph = import_graph()
    if "--edges" in argv:
        for a, b in sorted(graph.edges):
            print(f"{a} -> {b}")
    found = cycles(graph)
    for group in found:
        print(f"cycle of {len(group)}: {', '.join(group)}")
    if not found:
        print(f"no import cycle among {graph.number_of_nodes()} modules")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

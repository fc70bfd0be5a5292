"""The package's shape, checked: one-way imports, re-export-only ``__init__`` files,
variant knowledge only in the variants, every error in ``errors.py``, modules of one job.

The map these checks protect is ``docs/architecture.md``.
"""

import ast
import functools
import importlib
import inspect
import pathlib
import pkgutil
import sys

import pytest

import dominolab
from dominolab.errors import DominoError

ROOT = pathlib.Path(dominolab.__file__).parent
TOOLS = ROOT.parent / "tools"
sys.path.insert(0, str(TOOLS))
import import_graph  # noqa: E402  (tools/ is not a package)

MODULES = sorted(ROOT.rglob("*.py"))
#: Longer than this needs a comment at the top saying why the module stays one file.
MAX_LINES = 650


def rel(path):
    return path.relative_to(ROOT.parent).as_posix()


@functools.cache
def tree_of(path):
    """The module's syntax tree, parsed once for all the checks below (none changes it)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def nodes_of(path):
    """Every node of the module's syntax tree in ``ast.walk``'s order, listed once for the
    checks below."""
    return list(ast.walk(tree_of(path)))


@functools.cache
def variant_words():
    from dominolab.games import VARIANTS

    names = set(VARIANTS)
    for r in VARIANTS.values():
        for mod in (r.opening, r.scoring):
            names.add(mod.__module__.rsplit(".", 1)[-1])
    return {n for n in names if not n.startswith("_")}


def code_strings(nodes):
    """String constants that are not docstrings, among ``nodes`` (a whole tree's)."""
    docs = set()
    for node in nodes:
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    for node in nodes:
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node


def innermost_functions(tree):
    """id(node) -> the name of the innermost function (def or async def) around it, for the
    nodes inside one (what ast.walk inside each function, innermost last, would give)."""
    owner = {}

    def visit(node, name):
        for child in ast.iter_child_nodes(node):
            inner = (child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
                     else name)
            if inner is not None:
                owner[id(child)] = inner
            visit(child, inner)

    visit(tree, None)
    return owner


def test_the_import_graph_has_no_cycle():
    graph = import_graph.import_graph(ROOT, parse=tree_of)
    assert graph.number_of_nodes() == len(MODULES)
    assert import_graph.cycles(graph) == []


def test_the_import_graph_tool_finds_a_cycle(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from . import b\n")
    (pkg / "b.py").write_text("from .a import f\n")
    (pkg / "c.py").write_text("class C:\n    def _repr_svg_(self):\n        from . import d\n")
    (pkg / "d.py").write_text("from .c import C\n")
    assert import_graph.cycles(import_graph.import_graph(pkg)) == [["pkg.a", "pkg.b"]]


@pytest.mark.parametrize("path", [p for p in MODULES if p.name == "__init__.py"], ids=rel)
def test_init_files_only_re_export(path):
    tree = tree_of(path)
    for node in tree.body:
        if (isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                and node.test.id == "TYPE_CHECKING" and not node.orelse):
            # the names a lazy package exports (dominolab._lazy), for the type checker
            assert all(isinstance(n, (ast.Import, ast.ImportFrom)) for n in node.body), (
                f"{rel(path)}:{node.lineno} defines code under TYPE_CHECKING")
            continue
        assert isinstance(node, (ast.Import, ast.ImportFrom, ast.Assign, ast.AnnAssign,
                                 ast.Expr)), f"{rel(path)}:{node.lineno} defines code"
        if isinstance(node, ast.Expr):
            assert isinstance(node.value, ast.Constant), f"{rel(path)}:{node.lineno}"


# The lessons' exercise data (teach/course/) is lesson content, like the notebooks: an
# exercise about a Kozel round names Kozel. Everything else reads capabilities.
OUTSIDE_VARIANTS = [p for p in MODULES
                    if "games/variants" not in rel(p) and "teach/course" not in rel(p)]


@pytest.mark.parametrize("path", OUTSIDE_VARIANTS, ids=rel)
def test_no_variant_is_named_outside_the_variants(path):
    """Code outside games/variants/ reads capabilities; it never names a variant
    (docstring examples may use variants, as the tests do)."""
    words = variant_words()
    nodes = nodes_of(path)
    for node in code_strings(nodes):
        low = node.value.lower()
        assert node.value not in words and "morskoy" not in low, \
            f"{rel(path)}:{node.lineno} names a variant: {node.value!r}"
    for node in nodes:
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            assert node.value.id not in words, f"{rel(path)}:{node.lineno} uses {node.value.id}."
        if isinstance(node, ast.ImportFrom) and node.module:
            assert not (node.module.endswith("variants") and
                        any(a.name in words for a in node.names)), rel(path)
            assert not any(node.module.endswith(f"variants.{w}") for w in words), \
                f"{rel(path)}:{node.lineno} imports a variant module"


@pytest.mark.parametrize("path", MODULES, ids=rel)
def test_no_identity_test_on_rules_hooks(path):
    from dominolab.games.rules import Rules

    hooks = {f for f in Rules.__dataclass_fields__ if callable(getattr(Rules, f, None)) or
             f in ("opening", "scoring", "layout", "redeal", "after_play", "extra_moves",
                   "match_update", "explain", "table_points")}
    for node in nodes_of(path):
        if isinstance(node, ast.Compare) and any(isinstance(o, (ast.Is, ast.IsNot))
                                                 for o in node.ops):
            for side in [node.left, *node.comparators]:
                if isinstance(side, ast.Attribute) and side.attr in hooks:
                    other = [s for s in [node.left, *node.comparators] if s is not side]
                    assert all(isinstance(o, ast.Constant) and o.value is None for o in other), \
                        f"{rel(path)}:{node.lineno} tests a rules hook by identity"


def all_modules():
    for info in pkgutil.walk_packages(dominolab.__path__, "dominolab."):
        yield importlib.import_module(info.name)


def test_every_domino_error_is_defined_in_errors():
    list(all_modules())
    seen = []
    todo = [DominoError]
    while todo:
        cls = todo.pop()
        seen.append(cls)
        todo.extend(cls.__subclasses__())
    outside = [f"{c.__module__}.{c.__qualname__}" for c in seen
               if c.__module__ != "dominolab.errors" and c.__module__.startswith("dominolab")]
    assert outside == []


def test_no_plain_value_error_is_raised_for_input():
    """Bad input is a DominoError (which is a ValueError); a plain ValueError, TypeError,
    KeyError or IndexError is raised nowhere — except KeyError from ``__getitem__`` of
    a mapping, which the mapping protocol asks for."""
    plain = {"ValueError", "TypeError", "KeyError", "IndexError"}
    for path in MODULES:
        owner = innermost_functions(tree_of(path))
        for node in nodes_of(path):
            if not isinstance(node, ast.Raise) or node.exc is None:
                continue
            exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            name = exc.id if isinstance(exc, ast.Name) else None
            if name in plain and not (name == "KeyError" and owner.get(id(node)) == "__getitem__"):
                pytest.fail(f"{rel(path)}:{node.lineno} raises a plain {name}")


@pytest.mark.parametrize("path", MODULES, ids=rel)
def test_long_modules_say_why_they_stay_one_file(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    if len(lines) <= MAX_LINES:
        return
    head = "\n".join(lines[:60]).lower()
    assert "one file" in head, (f"{rel(path)} has {len(lines)} lines and no comment at its "
                                "top saying why it stays one file")


def test_public_entry_points_of_the_design_still_import():
    from dominolab import DominoSet, Tile, chains, combinatorics, games, tilings  # noqa: F401
    from dominolab.puzzles import dominosa

    for name in ("can_chain", "find_chain", "count_rings", "longest_chain"):
        assert callable(getattr(chains, name))
    for name in ("set_size", "pip_total", "multiset_count", "deal_probability"):
        assert callable(getattr(combinatorics, name))
    assert callable(tilings.count_tilings)
    for name in ("Dominosa", "generate"):
        assert hasattr(dominosa, name)
    for name in ("new_game", "solve"):
        assert callable(getattr(games, name))
    assert inspect.isclass(games.GameState)

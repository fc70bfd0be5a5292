"""Names of a package imported from their modules when first asked for (PEP 562).

A package's ``__init__`` says which module holds each name; the module is imported on the
first read of the name, and the name is then kept in the package. (The scientific Python
``lazy_loader`` package does the same; these few lines spare the browser site one more
wheel to pin and serve.)
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, modules: Mapping[str, str]
                 ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: ``modules`` maps each name to the
    submodule (relative to the package, without the dot) that defines it."""

    def __getattr__(name: str) -> Any:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", package), name)
        setattr(sys.modules[package], name, value)    # later reads find it in the package
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(modules))

    return __getattr__, __dir__


def import_sympy() -> Any:
    """The sympy module, imported on the first call. sympy takes more than a second to
    import (several in the browser site): the modules that build or read formulas call
    this where they need it, so a lesson that never meets a formula never loads sympy."""
    import sympy  # noqa: PLC0415  (the point of this function)
    return sympy


def is_sympy(x: Any) -> bool:
    """Is ``x`` a sympy object? Asked without importing sympy, which takes more than a
    second to load (several in the browser site): a sympy object exists only once sympy is
    imported, so when it is not, nothing is one. Modules that judge answers ask this and
    load sympy (:func:`import_sympy`) only when a formula is read or compared.

    >>> is_sympy(3)
    False
    """
    module = sys.modules.get("sympy")
    basic = getattr(module, "Basic", None)
    return basic is not None and isinstance(x, basic)

"""The package layout (issue 11): exercise checking lives only in gpukit.exercises.

Technique modules (training, cluster, sharding, accumulation, ...) must read as the technique
alone, so none of them may import ``gpukit.grading`` or ``gpukit.exercises``; only
``grading.py``, ``__main__.py`` and the ``exercises`` package itself may. Imports are read with
``ast`` (any ``import``/``from ... import`` anywhere in the file, relative or absolute).
"""

from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "gpukit"
ALLOWED = {"grading.py", "__main__.py"}
FORBIDDEN = {"gpukit.grading", "gpukit.exercises"}


def _imported(path: pathlib.Path) -> set[str]:
    """Absolute names of every module ``path`` imports (``from . import x`` gives ``gpukit.x``)."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    package = parts[:-1] if parts[-1] != "__init__" else parts
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def _forbidden(names: set[str]) -> set[str]:
    return {n for n in names if any(n == f or n.startswith(f + ".") for f in FORBIDDEN)}


TECHNIQUE_MODULES = sorted(p for p in PACKAGE.rglob("*.py")
                           if p.name not in ALLOWED and "exercises" not in p.relative_to(PACKAGE).parts)


def test_the_layout_is_what_the_test_reads():
    assert (PACKAGE / "exercises" / "__init__.py").is_file()
    names = {p.relative_to(PACKAGE).as_posix() for p in TECHNIQUE_MODULES}
    assert {"training.py", "cluster.py", "sharding.py", "accumulation.py"} <= names


@pytest.mark.parametrize("path", TECHNIQUE_MODULES, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_technique_modules_do_not_import_grading_or_exercises(path):
    bad = _forbidden(_imported(path))
    assert not bad, (f"gpukit/{path.relative_to(PACKAGE)} imports {sorted(bad)}: exercise checks belong in "
                     f"gpukit/exercises/exNN.py, which may import the technique module (not the other way)")


@pytest.mark.parametrize("source, bad", [
    ("from .grading import Report", {"gpukit.grading", "gpukit.grading.Report"}),
    ("from . import exercises", {"gpukit.exercises"}),
    ("from .exercises import ex01", {"gpukit.exercises", "gpukit.exercises.ex01"}),
    ("import gpukit.grading as g", {"gpukit.grading"}),
    ("from gpukit.exercises.ex02 import compare_sharding", {"gpukit.exercises.ex02",
                                                           "gpukit.exercises.ex02.compare_sharding"}),
    ("def f():\n    from . import grading", {"gpukit.grading"}),
    ("from . import checks, data\nimport gpukit_other", set()),
])
def test_the_check_sees_every_form_of_import(monkeypatch, source, bad):
    module = PACKAGE / "_layout_probe.py"  # read only: the parser needs a path inside the package
    monkeypatch.setattr(pathlib.Path, "read_text", lambda self, *a, **k: source)
    assert _forbidden(_imported(module)) == bad

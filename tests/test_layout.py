"""The package layout (docs/decisions.md, "Layout"): techniques on top, machinery apart, no circles.

- ``gpukit/*.py``: the techniques in lesson order (and their foundation). None imports
  ``gpukit.course`` (exercises, grading, Colab set-up, doctor); from ``gpukit.launch`` only the
  process supervisor that lesson 02's cluster runs on, ``processes`` (process control, probes) and
  ``tfconfig`` (TF_CONFIG).
- ``gpukit/launch/``: processes beyond one notebook (supervisor, ``python -m gpukit launch``, SLURM, Ray).
- ``gpukit/course/``: the course's machinery; only it (and ``__main__``) imports exercises/grading.
- No import circle between gpukit's modules (imports inside functions count: a circle there is
  still two modules that cannot be read apart).
- The README's "How the kit is built" names only modules that exist, and every technique module.

Imports are read with ``ast`` (any ``import``/``from ... import`` anywhere in the file, relative or
absolute).
"""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "gpukit"
COURSE, LAUNCH = "gpukit.course", "gpukit.launch"
SUPERVISOR = "gpukit.launch.supervisor"
PROCESSES = "gpukit.launch.processes"  # process control: the one place a technique's child is started
TFCONFIG = "gpukit.launch.tfconfig"  # TF_CONFIG, shared by lesson 02's cluster and the launcher


def _module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: pathlib.Path, source: str | None = None) -> set[str]:
    """Absolute names of every module ``path`` imports (``from . import x`` gives ``gpukit.x``)."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    package = parts[:-1] if parts[-1] != "__init__" else parts
    names = set()
    tree = ast.parse(source if source is not None else path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
TECHNIQUES = sorted(p for p in PACKAGE.glob("*.py") if p.name != "__main__.py")


def _edges(name: str) -> set[str]:
    """The gpukit modules ``name`` imports (names that are not modules, e.g. functions, dropped)."""
    return {n for n in _imported(MODULES[name]) if n in MODULES and n != name and n != "gpukit"}


def _circles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in _edges(v):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(MODULES):
        if v not in index:
            visit(v)
    return out


def test_the_layout_is_what_the_tests_read():
    names = {p.stem for p in TECHNIQUES}
    assert {"training", "cluster", "uneven_batches", "accumulation", "parallel", "advisor"} <= names
    for package in ("launch", "course", "course/exercises"):
        assert (PACKAGE / package / "__init__.py").is_file(), package
    assert {"supervisor", "cli", "slurm", "ray_train"} <= {p.stem for p in (PACKAGE / "launch").glob("*.py")}
    assert {"grading", "sandbox", "colab", "doctor"} <= {p.stem for p in (PACKAGE / "course").glob("*.py")}


@pytest.mark.parametrize("path", TECHNIQUES, ids=lambda p: p.name)
def test_technique_modules_do_not_import_the_machinery(path):
    imported = _imported(path)
    course = sorted(n for n in imported if n == COURSE or n.startswith(COURSE + "."))
    assert not course, (f"gpukit/{path.name} imports {course}: a technique never imports the course's machinery; "
                        f"exercise checks belong in gpukit/course/exercises/exNN.py, which imports the technique")
    launch = sorted(n for n in imported if n.startswith(LAUNCH + ".")
                    and not any(n == m or n.startswith(m + ".") for m in (SUPERVISOR, PROCESSES, TFCONFIG)))
    assert not launch, (f"gpukit/{path.name} imports {launch}: of gpukit.launch a technique uses only the supervisor, "
                        f"processes and tfconfig")


def test_no_import_circle():
    assert _circles() == [], "modules that import each other (move the shared part into the lower one)"


def test_the_circle_check_finds_a_circle(monkeypatch):
    fake = {"gpukit.a": "from . import b", "gpukit.b": "from .c import x", "gpukit.c": "from . import a",
            "gpukit.d": "from . import a"}
    monkeypatch.setattr(__import__(__name__), "MODULES", {n: PACKAGE / f"{n.split('.')[1]}.py" for n in fake})
    monkeypatch.setattr(pathlib.Path, "read_text", lambda self, *a, **k: fake[f"gpukit.{self.stem}"])
    assert _circles() == [["gpukit.a", "gpukit.b", "gpukit.c"]]


@pytest.mark.parametrize("source, imported", [
    ("from .course.grading import Report", {"gpukit.course.grading", "gpukit.course.grading.Report"}),
    ("from .course import exercises", {"gpukit.course", "gpukit.course.exercises"}),
    ("import gpukit.course.grading as g", {"gpukit.course.grading"}),
    ("def f():\n    from .launch import cli", {"gpukit.launch", "gpukit.launch.cli"}),
    ("from . import checks, data\nimport gpukit_other", {"gpukit", "gpukit.checks", "gpukit.data", "gpukit_other"}),
])
def test_the_check_sees_every_form_of_import(source, imported):
    assert _imported(PACKAGE / "_layout_probe.py", source) == imported


def test_technique_check_refuses_the_course(monkeypatch):
    probe = PACKAGE / "probe.py"
    monkeypatch.setattr(pathlib.Path, "read_text", lambda self, *a, **k: "from .course import grading")
    with pytest.raises(AssertionError, match="never imports the course"):
        test_technique_modules_do_not_import_the_machinery(probe)
    monkeypatch.setattr(pathlib.Path, "read_text", lambda self, *a, **k: "from .launch import cli")
    with pytest.raises(AssertionError, match="only the supervisor"):
        test_technique_modules_do_not_import_the_machinery(probe)
    monkeypatch.setattr(pathlib.Path, "read_text", lambda self, *a, **k: "from .launch import supervisor")
    test_technique_modules_do_not_import_the_machinery(probe)


def _readme_section() -> str:
    text = (ROOT / "README.md").read_text()
    start = text.index("## How the kit is built")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


def test_the_readme_names_modules_that_exist_and_every_technique():
    section = _readme_section()
    named = set(re.findall(r"`(gpukit(?:\.\w+)+|\w+)`", section))
    dotted = {n for n in named if n.startswith("gpukit.")}
    missing = sorted(n for n in dotted if n not in MODULES)
    assert not missing, f"README 'How the kit is built' names modules that do not exist: {missing}"
    bare = {n for n in named if "." not in n}
    for path in TECHNIQUES:
        if path.stem.startswith("_") or path.stem == "__init__":
            continue
        assert path.stem in bare, f"README 'How the kit is built' does not name gpukit/{path.name}"
    unknown = sorted(n for n in bare if f"gpukit.{n}" not in MODULES and f"gpukit.launch.{n}" not in MODULES
                     and f"gpukit.course.{n}" not in MODULES and not (ROOT / n).exists())
    assert not unknown, f"README 'How the kit is built' names what is neither a module nor a folder: {unknown}"
    assert len(re.findall(r"`accumulation`", section)) == 1, "each module is named once"


# --------------------------------------------------------------------------- issue 40: one job per file

PROCESS_MODULES = ("subprocess", "multiprocessing")
# what a module of gpukit.launch that a technique imports may import from the top of gpukit: helpers
FOUNDATION = {"gpukit._args", "gpukit._scratch", "gpukit.runtime", "gpukit._tf"}


@pytest.mark.parametrize("path", TECHNIQUES, ids=lambda p: p.name)
def test_techniques_do_not_start_processes(path):
    started = sorted(n for n in _imported(path) if n.split(".")[0] in PROCESS_MODULES)
    assert not started, (f"gpukit/{path.name} imports {started}: a technique starts no process itself; "
                         f"use gpukit.launch.processes (ChildProbe, tool_output) or the supervisor")


def _defines_root(source: str) -> bool:
    for node in ast.parse(source).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AnnAssign, ast.AugAssign)) else []
        if any(isinstance(t, ast.Name) and t.id == "ROOT" for t in targets):
            return True
    return False


def test_root_is_defined_once():
    defining = sorted(name for name, path in MODULES.items() if _defines_root(path.read_text()))
    assert defining == ["gpukit.runtime"], (f"ROOT is defined in {defining}: define it once (gpukit.runtime) "
                                            f"and import it")


def _launch_imported_by_techniques() -> set[str]:
    """The modules of gpukit.launch a technique reaches through its imports (transitively)."""
    seen, todo = set(), [_module_name(p) for p in TECHNIQUES]
    while todo:
        name = todo.pop()
        for n in _edges(name):
            if n.startswith(LAUNCH + ".") and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def test_the_launcher_depends_in_one_direction():
    """Techniques (lesson 02's cluster) may use the supervisor, processes and tfconfig; those, and what
    they import, never import a technique back, and no module of gpukit.launch imports gpukit.cluster."""
    for name in sorted(n for n in MODULES if n.startswith(LAUNCH + ".")):
        assert "gpukit.cluster" not in _edges(name), f"{name} imports gpukit.cluster: launch never imports it back"
    for name in sorted(_launch_imported_by_techniques()):
        back = sorted(n for n in _edges(name) if n.count(".") == 1 and n not in FOUNDATION | {LAUNCH, COURSE})
        assert not back, f"{name} is imported by techniques and imports the techniques {back} back"


def test_the_new_rules_fail_on_planted_breaks(monkeypatch):
    probe = PACKAGE / "probe.py"
    monkeypatch.setattr(pathlib.Path, "read_text", lambda self, *a, **k: "import subprocess")
    with pytest.raises(AssertionError, match="starts no process"):
        test_techniques_do_not_start_processes(probe)
    assert _defines_root("ROOT = 1") and _defines_root("ROOT: str = 'x'") and not _defines_root("from x import ROOT")
    fake = {"gpukit.a": "from .launch import tfconfig", "gpukit.launch.tfconfig": "from .. import a",
            "gpukit.launch.cli": "from .. import cluster", "gpukit.cluster": ""}
    paths = {"gpukit.a": PACKAGE / "a.py", "gpukit.launch.tfconfig": PACKAGE / "launch" / "tfconfig.py",
             "gpukit.launch.cli": PACKAGE / "launch" / "cli.py", "gpukit.cluster": PACKAGE / "cluster.py"}
    monkeypatch.setattr(__import__(__name__), "MODULES", paths)
    monkeypatch.setattr(__import__(__name__), "TECHNIQUES", [paths["gpukit.a"]])
    text = {v: fake[k] for k, v in paths.items()}
    monkeypatch.setattr(pathlib.Path, "read_text", lambda self, *a, **k: text[self])
    with pytest.raises(AssertionError, match="launch never imports it back"):
        test_the_launcher_depends_in_one_direction()
    text[paths["gpukit.launch.cli"]] = ""
    with pytest.raises(AssertionError, match=r"imports the techniques \['gpukit.a'\] back"):
        test_the_launcher_depends_in_one_direction()

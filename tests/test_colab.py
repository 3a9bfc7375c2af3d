"""gpukit.course.colab: every notebook has its own Colab badge and the light setup cell; the install
plan keeps the runtime's TensorFlow. Notebooks added later (any NN_*.ipynb) are covered."""

from __future__ import annotations

import json
import pathlib
import re

import pytest
from packaging.requirements import Requirement

import gpukit
from gpukit.course import colab

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for folder in ("notebooks", "solutions", "exercises")
                   for p in (ROOT / folder).glob("[0-9][0-9]_*.ipynb"))
INSTALL_LINE = f'%pip install -q --no-deps "gpukit @ git+https://github.com/{gpukit.REPO}"'


def _source(cell) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def test_there_are_notebooks_to_check():
    assert len(NOTEBOOKS) >= 12


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_badge_points_at_its_own_path(path):
    nb = json.loads(path.read_text())
    first = _source(nb["cells"][0])
    rel = path.relative_to(ROOT).as_posix()
    assert nb["cells"][0]["cell_type"] == "markdown" and first.startswith("[![Open In Colab]"), \
        f"{rel}: the first cell starts with the badge line: {colab.badge(rel)}"
    urls = [m.group("url") for m in colab.BADGE_RE.finditer(first)]
    assert urls == [colab.badge_url(rel)], f"{rel}: badge points at {urls}, want {colab.badge_url(rel)}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_setup_cell_installs_lightly_then_calls_colab_setup(path):
    nb = json.loads(path.read_text())
    code = next(_source(c) for c in nb["cells"] if c["cell_type"] == "code")
    rel = path.relative_to(ROOT).as_posix()
    assert 'if "google.colab" in sys.modules and "gpukit" not in sys.modules:' in code, rel
    assert INSTALL_LINE in code, f"{rel}: the setup cell installs gpukit without dependencies: {INSTALL_LINE}"
    assert code.count("%pip") == 1, f"{rel}: one %pip line; gpukit.course.colab.setup() installs the rest"
    lines = code.splitlines()
    setup = [i for i, line in enumerate(lines) if line.startswith("gpukit.course.colab.setup(")]
    imports = [i for i, line in enumerate(lines) if line.startswith("import gpukit")]
    tf_import = [i for i, line in enumerate(lines) if re.match(r"from gpukit import .*\btf\b", line)]
    assert setup and imports and imports[0] < setup[0], f"{rel}: `import gpukit` then `gpukit.course.colab.setup(...)`"
    assert not tf_import or setup[0] < tf_import[0], f"{rel}: setup runs before TensorFlow is imported"
    wants_grading = path.parent.name in ("solutions", "exercises")
    assert ('"grading"' in lines[setup[0]]) == wants_grading, f"{rel}: exercises need extras=['grading']"


def test_readme_lesson_map_badges_point_at_lessons():
    readme = (ROOT / "README.md").read_text()
    urls = [m.group("url") for m in colab.BADGE_RE.finditer(readme)]
    lessons = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert sorted(urls) == [colab.badge_url(p) for p in lessons]


def test_badge_url_and_retarget():
    assert colab.badge_url("notebooks/01_x.ipynb") == \
        f"https://colab.research.google.com/github/{gpukit.REPO}/blob/main/notebooks/01_x.ipynb"
    with pytest.raises(ValueError, match="ending in .ipynb"):
        colab.badge_url("notebooks/01_x.py")
    nb = {"cells": [{"cell_type": "markdown", "source": [colab.badge("solutions/01_x.ipynb") + "\n", "# title\n"]}]}
    colab.retarget(nb, "exercises/01_x.ipynb")
    assert colab.badge_url("exercises/01_x.ipynb") in _source(nb["cells"][0])
    assert "solutions/" not in _source(nb["cells"][0]) and _source(nb["cells"][0]).endswith("# title\n")


# --------------------------------------------------------------------------- the install plan

REQS = [Requirement(r) for r in ("tensorflow>=2.20,<2.22", "keras>=3.10,<4", "numpy>=1.26,<3", "ipywidgets>=8.1,<9")]


def test_plan_keeps_a_supported_runtime_tensorflow_and_holds_it():
    installed = {"tensorflow": "2.20.0", "keras": "3.10.0", "numpy": "2.0.2", "ipywidgets": "7.7.1",
                 "ml-dtypes": "0.5.1"}
    p = colab.plan(REQS, installed, "gpu")
    assert p.install == ["ipywidgets<9,>=8.1"]  # only what is missing or out of range
    assert {"tensorflow==2.20.0", "keras==3.10.0", "numpy==2.0.2", "ml-dtypes==0.5.1"} <= set(p.hold)
    assert p.kept == {"tensorflow": "2.20.0", "keras": "3.10.0", "numpy": "2.0.2"}
    args = p.pip_args("/tmp/hold.txt")
    assert args[-1] == "ipywidgets<9,>=8.1" and args[args.index("-c") + 1] == "/tmp/hold.txt"


def test_plan_installs_nothing_when_everything_is_there():
    installed = {"tensorflow": "2.21.0", "keras": "3.15.1", "numpy": "2.4.6", "ipywidgets": "8.1.9"}
    p = colab.plan(REQS, installed)
    assert p.install == [] and p.pip_args("x") == []


def test_plan_on_a_tpu_runtime_installs_the_tpu_build():
    p = colab.plan(REQS, {"numpy": "2.0.2"}, "tpu")
    assert colab.TPU_TENSORFLOW in p.install and not any(r.startswith("tensorflow<") for r in p.install)
    assert colab.TPU_LIBTPU in p.install and p.install.index(colab.TPU_TENSORFLOW) < p.install.index(colab.TPU_LIBTPU)
    # the TPU build is TensorFlow 2.20: inside the range gpukit declares
    tf_req = next(r for r in REQS if r.name == "tensorflow")
    assert tf_req.specifier.contains("2.20.0")
    # a GPU/CPU runtime without TensorFlow gets the ordinary range, no libtpu
    p = colab.plan(REQS, {"numpy": "2.0.2"}, "gpu")
    assert colab.TPU_LIBTPU not in p.install and colab.TPU_TENSORFLOW not in p.install
    assert "numpy==2.0.2" in p.hold
    assert colab.plan(REQS, {}, "cpu").install[0] == "tensorflow<2.22,>=2.20"


def test_plan_refuses_to_replace_an_unsupported_runtime_tensorflow():
    with pytest.raises(ValueError, match=r"TensorFlow 2\.19\.0, outside the range.*Restart session"):
        colab.plan(REQS, {"tensorflow": "2.19.0"}, "gpu")


def test_requirements_match_pyproject():
    try:
        import tomllib
    except ImportError:  # Python 3.10
        import tomli as tomllib
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    try:
        got = colab.requirements(["grading"])
    except Exception as err:  # gpukit not installed from this tree (no metadata)
        pytest.skip(f"no installed gpukit metadata: {err}")
    want = {Requirement(r).name for r in declared["dependencies"] + declared["optional-dependencies"]["grading"]}
    if {r.name for r in got} != want:
        pytest.skip("the installed gpukit metadata is from another checkout")
    assert {r.name: str(r.specifier) for r in got}["tensorflow"] == str(Requirement(declared["dependencies"][0]).specifier)


def test_setup_outside_colab_installs_nothing(capsys):
    calls = []
    info = colab.setup(_run=lambda *a, **k: calls.append(a))
    assert calls == [] and info.installed == [] and info.runtime in ("jupyter", "plain")
    assert info.accelerator in ("cpu", "gpu", "tpu")
    assert "nothing to install" in capsys.readouterr().out


def test_setup_on_colab_runs_pip_with_the_hold_file(monkeypatch, capsys):
    monkeypatch.setenv("COLAB_RELEASE_TAG", "test")
    monkeypatch.setattr(colab, "requirements", lambda extras=(): REQS)
    monkeypatch.setattr(colab, "installed_versions",
                        lambda names: {"tensorflow": "2.20.0", "keras": "3.10.0", "numpy": "2.0.2", "ipywidgets": None})
    seen = {}

    class Done:
        returncode, stdout, stderr = 0, "", ""

    def run(args, **kwargs):
        seen["args"] = args
        seen["hold"] = pathlib.Path(args[args.index("-c") + 1]).read_text()
        return Done()

    info = colab.setup(_run=run)
    assert info.runtime == "colab" and info.installed == ["ipywidgets<9,>=8.1"]
    assert "tensorflow==2.20.0" in seen["hold"] and "numpy==2.0.2" in seen["hold"]

    class Failed(Done):
        returncode, stderr = 1, "ResolutionImpossible"

    with pytest.raises(RuntimeError, match="(?s)pip could not install.*ResolutionImpossible.*Fix:"):
        colab.setup(_run=lambda args, **kw: Failed())


def test_troubleshooting_has_the_colab_errors():
    doc = (ROOT / "docs" / "troubleshooting.md").read_text()
    assert "`ValueError: this runtime has TensorFlow 2.19.0, outside the range gpukit supports (<2.22,>=2.20)." in doc
    assert "`RuntimeError: pip could not install [...] beside this runtime's packages (held: [...])`" in doc

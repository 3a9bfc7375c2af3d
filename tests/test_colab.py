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


def _freeze(path) -> dict:
    """{canonical name: version} of a vendored Colab pip freeze."""
    pins = (ROOT / path).read_text().splitlines()
    return {colab._canonical(line.split("==")[0]): line.split("==")[1] for line in pins if "==" in line}


def test_tpu_plan_against_colabs_tpu_manifest_pairs_tensorflow_with_the_vetted_libtpu():
    """Colab's TPU runtime as published (vendor/colab/pip-freeze.tpu.txt): no TensorFlow, JAX's
    libtpu. The plan installs the TPU build with the libtpu its requirement names, says that it
    replaces the runtime's, holds JAX and protobuf, and what it holds satisfies the TPU build."""
    from packaging.specifiers import SpecifierSet

    tpu = _freeze("vendor/colab/pip-freeze.tpu.txt")
    assert "tensorflow" not in tpu and "tensorflow-tpu" not in tpu and tpu["libtpu"] == "0.0.21.1"
    installed = {name: tpu.get(name) for name in [colab._canonical(r.name) for r in REQS] + list(colab.HOLD) + ["libtpu"]}
    p = colab.plan(REQS, installed, "tpu")
    assert p.install[:2] == [colab.TPU_TENSORFLOW, colab.TPU_LIBTPU] == ["tensorflow-tpu==2.20.0", "libtpu==0.0.14"]
    assert p.replaces == {"libtpu": ("0.0.21.1", "TensorFlow's TPU build is paired with libtpu==0.0.14")}
    assert {"jax==0.7.2", "jaxlib==0.7.2", f"protobuf=={tpu['protobuf']}"} <= set(p.hold)
    vetted = colab.TPU_LIBTPU.split("==")[1]
    assert vetted in SpecifierSet(colab.TPU_TENSORFLOW_REQUIRES["libtpu"])
    assert tpu["protobuf"] in SpecifierSet(colab.TPU_TENSORFLOW_REQUIRES["protobuf"])
    args = p.pip_args("/tmp/hold.txt")
    assert args[args.index("--find-links") + 1] == colab.TPU_FIND_LINKS
    assert "--find-links" not in colab.plan(REQS, {}, "cpu").pip_args("/tmp/hold.txt")


@pytest.mark.parametrize("libtpu", ["libtpu~=0.0.14", "libtpu==0.0.21.1", None])
def test_a_tpu_build_with_an_unvetted_libtpu_is_refused(libtpu):
    """What ``plan`` runs on every plan it returns: the TPU build only beside the vetted libtpu."""
    install = [colab.TPU_TENSORFLOW] + ([libtpu] if libtpu else [])
    with pytest.raises(ValueError, match=r"tensorflow-tpu==2.20.0 must be installed with libtpu==0.0.14"):
        colab.check_tpu_pair(install)
    colab.check_tpu_pair([colab.TPU_TENSORFLOW, colab.TPU_LIBTPU])
    colab.check_tpu_pair(["tensorflow<2.22,>=2.20"])  # no TPU build, no libtpu needed

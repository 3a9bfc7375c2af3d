"""Dependencies laid out like a library: pyproject.toml declares ranges (and only what gpukit
imports at run time), constraints.txt pins the exact tested versions that `make lab`/`make test`
install, environment.yml pins the same; the README gives the two commands."""

import os
import pathlib
import re

import pytest
import yaml
from packaging.requirements import Requirement

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
ENVIRONMENT = yaml.safe_load((ROOT / "environment.yml").read_text())
MAKEFILE = (ROOT / "Makefile").read_text()
# what `make test` installs (the Makefile's EXTRAS); environment.yml installs the same
EXTRAS = re.search(r"^EXTRAS\s*\?=\s*(\S+)", MAKEFILE, re.M).group(1).split(",")


def _constraints() -> dict:
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if not line:
            continue
        m = re.fullmatch(r"([A-Za-z0-9_.\-]+)==([0-9][^\s;]*)", line)
        assert m, f"constraints.txt: every line is name==version, got {line!r}"
        pins[_canonical(m.group(1))] = m.group(2)
    return pins


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _declared(extras) -> list[Requirement]:
    """Requirements of the package plus the given extras (self-references like gpukit[lab] expanded)."""
    project = PYPROJECT["project"]
    reqs, todo, seen = [Requirement(r) for r in project["dependencies"]], list(extras), set()
    while todo:
        extra = todo.pop()
        if extra in seen:
            continue
        seen.add(extra)
        for line in project["optional-dependencies"][extra]:
            req = Requirement(line)
            if _canonical(req.name) == "gpukit":
                todo += sorted(req.extras)
            else:
                reqs.append(req)
    return reqs


def _pip_section():
    for item in ENVIRONMENT["dependencies"]:
        if isinstance(item, dict) and "pip" in item:
            return item["pip"]
    raise AssertionError("environment.yml has no pip section")


def test_pyproject_declares_ranges_not_pins():
    project = PYPROJECT["project"]
    lines = list(project["dependencies"]) + [r for extra in project["optional-dependencies"].values() for r in extra]
    pinned = [r for r in lines if "==" in r]
    assert not pinned, f"pyproject.toml declares ranges (pins live in constraints.txt): {pinned}"
    by_name = {_canonical(Requirement(r).name): Requirement(r) for r in project["dependencies"]}
    # TensorFlow 2.20 (the newest TPU build) and 2.21 (tested here) are both supported; no 2.22 unseen
    assert by_name["tensorflow"].specifier.contains("2.20.0") and by_name["tensorflow"].specifier.contains("2.21.0")
    assert not by_name["tensorflow"].specifier.contains("2.22.0")
    assert by_name["keras"].specifier.contains("3.13.2") and not by_name["keras"].specifier.contains("4.0.0")


def test_only_runtime_imports_are_core_dependencies():
    names = {_canonical(Requirement(r).name) for r in PYPROJECT["project"]["dependencies"]}
    tools = {"jupyterlab", "nbval", "pytest", "pytest-xdist", "nbclient", "playwright", "otter-grader"}
    assert not names & tools, f"move to an extra: {sorted(names & tools)}"
    lab = {_canonical(Requirement(r).name) for r in PYPROJECT["project"]["optional-dependencies"]["lab"]}
    assert "jupyterlab" in lab


@pytest.mark.parametrize("extras", [EXTRAS, ["cuda"]], ids=["make-test", "cuda"])
def test_constraints_pin_every_declared_requirement_inside_its_range(extras):
    pins = _constraints()
    for req in _declared(extras):
        name = _canonical(req.name)
        assert name in pins, f"constraints.txt has no pin for {name} (declared {req}); add {name}==VERSION"
        assert req.specifier.contains(pins[name], prereleases=True), \
            f"constraints.txt pins {name}=={pins[name]}, outside pyproject's range {req.specifier}"


def test_environment_yml_pins_what_constraints_pin():
    pins = _constraints()
    pip = _pip_section()
    direct = {_canonical(r.name) for r in _declared(EXTRAS)}
    listed = {}
    for line in pip:
        if line.startswith(("-c", "-e")):
            continue
        name, _, version = line.partition("==")
        listed[_canonical(re.sub(r"\[.*\]", "", name))] = version
    assert set(listed) == direct, f"environment.yml vs pyproject: only in environment.yml {sorted(set(listed) - direct)}, missing {sorted(direct - set(listed))}"
    wrong = {n: (v, pins.get(n)) for n, v in listed.items() if pins.get(n) != v}
    assert not wrong, f"environment.yml and constraints.txt disagree (environment, constraints): {wrong}"
    assert "-c constraints.txt" in pip
    assert f"-e .[{','.join(EXTRAS)}]" in pip


def test_makefile_installs_from_the_constraints_file():
    assert "-c constraints.txt -e '.[$(EXTRAS)]'" in MAKEFILE
    stamp_rule = re.search(r"^\$\(STAMP\):(.*)$", MAKEFILE, re.M).group(1)
    assert "pyproject.toml" in stamp_rule and "constraints.txt" in stamp_rule, "reinstall when either changes"
    assert {"lab", "dev", "grading"} <= set(EXTRAS)


@pytest.mark.skipif(__import__("shutil").which("make") is None, reason="needs make")
def test_make_test_checks_free_disk_before_creating_an_environment():
    """A full disk stopped CI half-way through pip ("No space left on device" in pip's output). Planted bug:
    an environment missing and too little disk, yet the set-up starts."""
    import subprocess

    def check(*args):
        return subprocess.run(["make", "-s", "--no-print-directory", "check-disk", *args], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)

    assert "test: check-disk" in MAKEFILE, "make test checks the disk first"
    short = check("DISK_NEED_GB=999999", "STAMPLOWEST=build/no-such-venv/.installed")
    assert short.returncode == 2, short
    assert "GB free on the disk of" in short.stderr and "build/no-such-venv" in short.stderr
    assert "make DISK_NEED_GB=0 to try anyway" in short.stderr
    assert check("DISK_NEED_GB=0", "STAMPLOWEST=build/no-such-venv/.installed").returncode == 0
    for made in (".venv", ".venv-colab", ".venv-lowest"):  # all made: nothing to create, no check
        assert made in MAKEFILE
    # three files that exist and are not the Makefile: a stamp named Makefile gave the Makefile the venv's recipe, and
    # make remakes its makefile first (a fresh clone's Makefile is older than constraints-lowest.txt, written after it):
    # the check ran pip for minutes (the fresh-clone run of round 19 timed out here)
    done = check("DISK_NEED_GB=999999", "STAMP=README.md", "STAMPCOLAB=.ci/run", "STAMPLOWEST=tests/conftest.py")
    assert done.returncode == 0, done


def test_python_versions_agree():
    conda_python = [d for d in ENVIRONMENT["dependencies"] if isinstance(d, str) and d.startswith("python")]
    assert conda_python == ["python" + PYPROJECT["project"]["requires-python"]]


def test_makefile_and_ci_run_the_readme_commands():
    readme = (ROOT / "README.md").read_text()
    assert "make lab" in readme and "make test" in readme
    ci = [line for line in (ROOT / ".ci" / "run").read_text().splitlines() if line and not line.startswith("#")]
    assert ci[-1] == "make test", ".ci/run must end by running the README's test command"
    ci_text = "\n".join(ci)
    assert "apt-get install" in ci_text, ".ci/run installs the system packages the tests need"
    for package in ("chromium", "bubblewrap"):  # the browser test; the grading sandbox
        assert package in ci_text, f".ci/run installs {package}"
    for target in ("lab:", "test:", "bench:"):
        assert re.search(rf"^{target}", MAKEFILE, re.M), f"Makefile has no {target} target"


def _pins(path) -> dict:
    pins = {}
    for line in (ROOT / path).read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            m = re.fullmatch(r"([A-Za-z0-9_.\-]+)==([0-9][^\s;]*)", line)
            assert m, f"{path}: every line is name==version, got {line!r}"
            pins[_canonical(m.group(1))] = m.group(2)
    return pins


def test_colab_constraints_are_generated_from_the_vendored_manifest():
    """constraints-colab.txt = Colab's published pins (vendor/colab/pip-freeze.txt) + constraints.txt's
    for what Colab does not ship; regenerate with `make constraints-colab`."""
    from gpukit.course import colab
    expected = colab.replica_constraints((ROOT / colab.MANIFEST).read_text(), (ROOT / "constraints.txt").read_text())
    assert (ROOT / colab.REPLICA_CONSTRAINTS).read_text() == expected, "run make constraints-colab"
    source = (ROOT / "vendor" / "colab" / "SOURCE").read_text()
    assert "googlecolab/backend-info" in source and re.search(r"\d{4}-\d\d-\d\d", source)


def test_core_ranges_start_where_the_colab_replica_tests():
    """Every core dependency: Colab's version is inside the range, and the range's lower bound is
    that version's major.minor (nothing below what a test ran is declared)."""
    pins = _pins("constraints-colab.txt")
    for line in PYPROJECT["project"]["dependencies"]:
        req = Requirement(line)
        name = _canonical(req.name)
        assert req.specifier.contains(pins[name], prereleases=True), \
            f"Colab ships {name}=={pins[name]}, outside pyproject's range {req.specifier}"
        lower = [sp.version for sp in req.specifier if sp.operator == ">="]
        assert lower, f"{name}: declare a lower bound (>=)"
        tested = ".".join(pins[name].split(".")[:2])
        assert lower[0] in (tested, tested.split(".")[0]), \
            f"{name}{req.specifier}: the Colab replica tests {pins[name]}; declare >={tested}"
    from gpukit.course import colab
    assert Requirement("x" + colab.TPU_TENSORFLOW.removeprefix("tensorflow-tpu")).specifier.contains(pins["tensorflow"])


def test_makefile_runs_the_colab_replica_from_make_test():
    assert "-c constraints-colab.txt $(COLAB_PACKAGES)" in MAKEFILE
    assert "--no-deps -e ." in MAKEFILE                      # as the Colab setup cell installs gpukit
    test_rule = MAKEFILE[MAKEFILE.index("\ntest:"):].split("\n\n")[0]
    assert re.search(r"\$\(MAKE\)[^;\n]* test-colab", test_rule)
    subset = re.search(r"^COLAB_TESTS \?=(.*?)(?:\n\S|\n\n)", MAKEFILE, re.M | re.S).group(1)
    for path in re.findall(r"\S+\.py|notebooks", subset):
        assert (ROOT / path).exists(), f"COLAB_TESTS names {path}, which does not exist"
    assert "notebooks" in subset.split() and "tests/test_colab_replica.py" in subset
    # the tests the replica leaves to the main pass (--deselect of a renamed test deselects nothing, silently)
    middle = re.search(r"^COLAB_MIDDLE :=(.*?)\n(?!\t)", MAKEFILE, re.M | re.S).group(1)
    named = re.findall(r"(tests/\S+\.py)::(\w+)\[", middle)
    assert len(named) == 3, middle
    for path, test in named:
        assert f"def {test}(" in (ROOT / path).read_text(), f"COLAB_MIDDLE names {path}::{test}, which does not exist"


def test_make_lab_ships_jupyterlab_settings_without_the_news_pop_up():
    """JupyterLab asks on first start whether to fetch news; the course answers for it."""
    import json
    overrides = json.loads((ROOT / "jupyter" / "overrides.json").read_text())
    notification = overrides["@jupyterlab/apputils-extension:notification"]
    assert notification["fetchNews"] == "false" and notification["checkForUpdates"] is False
    assert "cp jupyter/overrides.json $(VENV)/share/jupyter/lab/settings/" in MAKEFILE


# The lowest-versions pass (issue 37, `make test-lowest`): gpukit's direct dependencies at pyproject's lower
# bounds, with the current Jupyter and test stack of constraints.txt.
CURRENT_JUPYTER = ("ipykernel", "ipython", "jupyter-client", "pyzmq", "tornado", "traitlets", "nbval", "nbclient",
                   "nbformat", "pytest", "pytest-xdist")


def _lower_bound(req: Requirement):
    from packaging.version import Version
    lower = [Version(sp.version) for sp in req.specifier if sp.operator == ">="]
    assert lower, f"{req.name}: declare a lower bound (>=)"
    return lower[0]


def test_lowest_constraints_pin_every_direct_dependency_at_its_lower_bound():
    """Planted bug: raise a lower bound in pyproject.toml (numpy>=2.2) without regenerating
    constraints-lowest.txt, and the lowest pass would test a version nobody can be sure of."""
    from packaging.version import Version
    pins = _pins("constraints-lowest.txt")
    for line in PYPROJECT["project"]["dependencies"]:
        req = Requirement(line)
        name = _canonical(req.name)
        assert name in pins, f"constraints-lowest.txt has no pin for {name}; add {name}=={_lower_bound(req)}"
        assert Version(pins[name]) == _lower_bound(req), \
            f"constraints-lowest.txt pins {name}=={pins[name]}, pyproject's lower bound is {req.specifier}: " \
            f"pin {name}=={_lower_bound(req)} (or raise the bound to what installs, docs/decisions.md, issue 37)"
    # tf_keras (the dev extra's legacy-Keras detour): its lowest release in range (2.20.0 is yanked on PyPI)
    tf_keras = next(r for r in _declared(["dev"]) if _canonical(r.name) == "tf-keras")
    lower = _lower_bound(tf_keras)
    assert tf_keras.specifier.contains(pins["tf-keras"]) and Version(pins["tf-keras"]).release[:2] == lower.release[:2]


def test_lowest_constraints_keep_the_current_jupyter():
    """Planted bug: constraints.txt moves to a new ipykernel or IPython and the lowest pass keeps testing
    the old one."""
    lowest, current = _pins("constraints-lowest.txt"), _constraints()
    wrong = {n: (lowest.get(n), current[n]) for n in CURRENT_JUPYTER if lowest.get(n) != current[n]}
    assert not wrong, f"constraints-lowest.txt vs constraints.txt (lowest, current): {wrong}"


def test_makefile_runs_the_lowest_pass_from_make_test():
    assert "-c constraints-lowest.txt -e . $(LOWEST_PACKAGES)" in MAKEFILE   # with its dependencies: pip checks the bounds
    stamp_rule = re.search(r"^\$\(STAMPLOWEST\):(.*)$", MAKEFILE, re.M).group(1)
    assert "pyproject.toml" in stamp_rule and "constraints-lowest.txt" in stamp_rule, "reinstall when either changes"
    assert re.search(r"^VENVLOWEST\s*:=\s*\.venv-lowest$", MAKEFILE, re.M)
    test_rule = MAKEFILE[MAKEFILE.index("\ntest:"):].split("\n\n")[0]
    assert "install-lowest" in test_rule and re.search(r"\$\(MAKE\)[^;\n]* test-lowest", test_rule) and "$$lowest -eq 0" in test_rule
    subset = re.search(r"^LOWEST_TESTS \?=(.*?)(?:\n\S|\n\n)", MAKEFILE, re.M | re.S).group(1)
    for path in re.findall(r"[\w/.]+\.(?:py|ipynb)", subset):
        assert (ROOT / path).exists(), f"LOWEST_TESTS names {path}, which does not exist"
    assert "notebooks/02_multi_worker.ipynb" in subset and "tests/test_keras_multiworker.py" in subset
    assert "$(VENVLOWEST)" in re.search(r"^clean:\n\t(.*)$", MAKEFILE, re.M).group(1)
    assert ".venv-lowest/" in (ROOT / ".gitignore").read_text().splitlines()


@pytest.mark.skipif(os.environ.get("GPUKIT_LOWEST") != "1", reason="runs in the lowest-versions pass only (make test-lowest)")
def test_the_lowest_pass_runs_on_the_lower_bounds_and_the_current_jupyter():
    """Planted bug: the Makefile installs .venv-lowest without -c constraints-lowest.txt (pip takes the newest)."""
    import sys
    from importlib.metadata import version
    pins = _pins("constraints-lowest.txt")
    names = [_canonical(Requirement(r).name) for r in PYPROJECT["project"]["dependencies"]] + ["tf-keras", *CURRENT_JUPYTER]
    installed = {n: version(n) for n in names}
    assert installed == {n: pins[n] for n in names}
    assert sys.version_info[:2] == (3, 13)

"""pyproject.toml and environment.yml pin the same packages; the README gives the two commands."""

import pathlib
import re

import yaml

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
ENVIRONMENT = yaml.safe_load((ROOT / "environment.yml").read_text())
# environment.yml is what `make test` installs: the dependencies plus these extras
EXTRAS_IN_ENVIRONMENT = ("dev", "grading")


def _pip_section():
    for item in ENVIRONMENT["dependencies"]:
        if isinstance(item, dict) and "pip" in item:
            return [p for p in item["pip"] if not p.startswith("-e")]
    raise AssertionError("environment.yml has no pip section")


def test_environment_yml_pins_what_pyproject_pins():
    project = PYPROJECT["project"]
    wanted = set(project["dependencies"])
    for extra in EXTRAS_IN_ENVIRONMENT:
        wanted |= set(project["optional-dependencies"].get(extra, []))
    have = set(_pip_section())
    assert have == wanted, f"only in pyproject: {sorted(wanted - have)}; only in environment.yml: {sorted(have - wanted)}"


def test_every_dependency_is_pinned_exactly():
    project = PYPROJECT["project"]
    pins = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        pins += extra
    loose = [p for p in pins if not re.search(r"==\d", p)]
    assert not loose, f"pin these with ==: {loose}"


def test_python_versions_agree():
    conda_python = [d for d in ENVIRONMENT["dependencies"] if isinstance(d, str) and d.startswith("python")]
    assert conda_python == ["python" + PYPROJECT["project"]["requires-python"]]


def test_makefile_and_ci_run_the_readme_commands():
    readme = (ROOT / "README.md").read_text()
    assert "make lab" in readme and "make test" in readme
    ci = [line for line in (ROOT / ".ci" / "run").read_text().splitlines() if line and not line.startswith("#")]
    assert ci[-1] == "make test", ".ci/run must end by running the README's test command"
    makefile = (ROOT / "Makefile").read_text()
    for target in ("lab:", "test:", "bench:"):
        assert re.search(rf"^{target}", makefile, re.M), f"Makefile has no {target} target"

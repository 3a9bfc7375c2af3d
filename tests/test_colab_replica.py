"""The Colab replica (``make test-colab``, issue 31): a Python 3.13 venv with the versions Colab's CPU
runtime ships (vendor/colab/pip-freeze.txt, via constraints-colab.txt) and gpukit installed the way
the Colab setup cell installs it (``--no-deps``). Runs only there (GPUKIT_COLAB_REPLICA=1); the
lessons run in the same pass under nbval."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

from gpukit.course import colab

ROOT = pathlib.Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(os.environ.get("GPUKIT_COLAB_REPLICA") != "1",
                                reason="runs in the Colab replica only (make test-colab)")
# what gpukit and its lessons import that Colab ships
SHIPPED = ("tensorflow", "keras", "numpy", "scikit-learn", "matplotlib", "ipywidgets", "packaging", "protobuf",
           "ipykernel", "ipython")


def test_the_replica_has_colabs_python_and_versions():
    manifest = colab._pins((ROOT / colab.MANIFEST).read_text())
    installed = colab.installed_versions(SHIPPED)
    assert {n: installed[n] for n in SHIPPED} == {n: manifest[n][1] for n in SHIPPED}
    os_info = (ROOT / "vendor" / "colab" / "os-info.txt").read_text()
    colab_python = next(line.split()[1] for line in os_info.splitlines() if line.startswith("Python "))
    assert sys.version_info[:2] == tuple(int(p) for p in colab_python.split(".")[:2]), (sys.version, colab_python)


def test_setup_on_colab_installs_nothing_and_changes_nothing_colab_ships():
    """The lessons' setup cell, with Colab detected: every requirement is met by Colab's own
    versions, so pip is never called; the plan holds each of them at Colab's version."""
    code = textwrap.dedent("""
        import json
        from gpukit.course import colab
        calls = []
        info = colab.setup(quiet=True, _run=lambda args, **kw: calls.append(args))
        todo = colab.plan(colab.requirements(), colab.installed_versions([r.name for r in colab.requirements()]))
        print(json.dumps({"runtime": info.runtime, "installed": info.installed, "calls": calls,
                          "install": todo.install, "hold": todo.hold}))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, COLAB_RELEASE_TAG="replica"))
    assert done.returncode == 0, done.stderr[-2000:]
    import json
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["runtime"] == "colab"
    assert result["installed"] == [] and result["calls"] == [] and result["install"] == []
    manifest = colab._pins((ROOT / colab.MANIFEST).read_text())
    for line in result["hold"]:
        name, version = line.split("==")
        assert manifest[name][1] == version, f"setup would hold {line}, Colab ships {manifest[name][0]}"


def test_pip_check_finds_gpukit_requirements_met():
    """gpukit was installed with --no-deps, as on Colab: its declared requirements are all met."""
    done = subprocess.run([sys.executable, "-m", "pip", "check"], capture_output=True, text=True, timeout=120)
    problems = [line for line in done.stdout.splitlines() if line.lower().startswith("gpukit")]
    assert problems == [], problems

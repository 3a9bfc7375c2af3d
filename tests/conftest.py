"""Shared test set-up: every test process gets 4 virtual CPUs before TensorFlow starts."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

from gpukit import devices

ROOT = pathlib.Path(__file__).resolve().parents[1]
# exercises' closing checks raise here (they only report for a learner): the kernels nbval and the
# browser pass start inherit it, so a solution whose closing check fails fails its test
os.environ["GPUKIT_STRICT_CLOSING"] = "1"
NUM_VIRTUAL = 4
devices.setup(virtual=NUM_VIRTUAL)


def pytest_configure(config):
    """One temporary folder per test run, made by the controlling pytest process and removed when it
    ends (``pytest_unconfigure``, also after a failure or Ctrl-C): every process of the run inherits it
    as TMPDIR. Processes that end without running atexit leave their temporary files in it: xdist's
    workers, the kernels nbval kills, and with them TensorFlow's ``__autograph_generated_file*.py``
    (removed only at exit) and Ray's session folders. What gpukit itself must remove is tested apart,
    each time with a fresh TMPDIR of its own (tests/test_scratch.py, the browser pass's kernels)."""
    if os.environ.get("PYTEST_XDIST_WORKER") or hasattr(config, "_gpukit_tmpdir"):
        return
    import tempfile

    from gpukit import temporary_folder

    folder = temporary_folder("gpukit-t-")  # short: Ray's socket paths under it must stay < 108 bytes
    config._gpukit_tmpdir = (folder, os.environ.get("TMPDIR"))
    os.environ["TMPDIR"] = folder
    tempfile.tempdir = None  # read TMPDIR again


def pytest_collection_finish(session):
    """Test time (issue 37): once every test module is imported (TensorFlow, Keras, gpukit: about 580 000
    objects that live as long as the process), move them out of the garbage collector's reach
    (``gc.freeze``). A full ``gc.collect()`` then scans only what the tests make afterwards: 0.3 s -> 0.0 s
    each, and the exercises' checks call it whenever a dropped model seems alive (a Keras model always sits
    in reference cycles). What is frozen lives anyway; what a test makes is collected as before."""
    import gc

    import blind

    blind.note_start()  # the settings before any test ran: each blind answer is graded in them (tests/blind.py)
    gc.collect()
    gc.freeze()


def pytest_unconfigure(config):
    run = getattr(config, "_gpukit_tmpdir", None)
    if run is None:
        return
    import shutil
    import tempfile

    folder, before = run
    if before is None:
        os.environ.pop("TMPDIR", None)
    else:
        os.environ["TMPDIR"] = before
    tempfile.tempdir = None
    shutil.rmtree(folder, ignore_errors=True)


def run_python(code: str, timeout: float = 180) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter (a new TensorFlow process) with a timeout."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env
    )


@pytest.fixture
def fresh_python():
    return run_python


@pytest.fixture(scope="session")
def generated(tmp_path_factory):
    """Every exercise and autograder zip, generated ONCE per test run and shared by every test
    that needs them (the sync check, the grading tests): ``(exercises_dir, build_dir)``.

    ``otter assign --no-run-tests``: the solutions' own tests are not run here because nbval runs
    every solution and tests/test_exercise_grading.py grades every solution with these zips
    (a failing solution fails there). Under xdist the workers share one copy through a lock
    in the run's common temporary root; the first worker to ask generates it."""
    from filelock import FileLock

    from gpukit.course import grading

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # shared by every worker of this run
    out = root / "generated"
    with FileLock(str(root / "generated.lock"), timeout=900):
        if not (out / "done").is_file():
            grading.generate(None, exercises_dir=out / "exercises", build_dir=out / "build", run_tests=False,
                             log=lambda msg: None)
            (out / "done").touch()
    return out / "exercises", out / "build"

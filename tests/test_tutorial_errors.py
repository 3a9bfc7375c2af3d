"""TensorFlow's Keras multi-worker tutorial (fit + BackupAndRestore) on this TensorFlow/Keras, two
local workers via ``python -m gpukit launch``: every error it meets is quoted verbatim in
docs/troubleshooting.md, and reproduced here with Keras as installed (``GPUKIT_KERAS_FIX=0``: the launcher
leaves out gpukit.keras_multiworker's fix, tests/test_keras_multiworker.py runs the fixed tutorial). These
pin *Keras* behaviour: when one starts failing, Keras fixed it and the entry needs updating.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "scripts" / "keras_tutorial.py"
DOC = (ROOT / "docs" / "troubleshooting.md").read_text()


def _documented(message):
    assert message in DOC, f"docs/troubleshooting.md lacks the entry for: {message}"


def _launch(tmp_path, *args, **env):
    """The tutorial on two local workers; (exit code, everything printed)."""
    (tmp_path / "tmp").mkdir(exist_ok=True)
    done = subprocess.run([sys.executable, "-m", "gpukit", "launch", "--workers", "2", "--timeout", "240",
                           str(SCRIPT), str(tmp_path / "backup"), *args],
                          env=dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path / "tmp"), **env),
                          cwd=tmp_path, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    return done.returncode, done.stdout + done.stderr


def test_keras3_fit_under_two_workers_fails_converting_the_per_replica_batch(tmp_path):
    message = "with an unsupported type (<class 'tensorflow.python.distribute.values.PerReplica'>) to a Tensor."
    _documented("ValueError: Attempt to convert a value (PerReplica:{")
    _documented(message)
    code, out = _launch(tmp_path, GPUKIT_KERAS_FIX="0")   # Keras as installed, without gpukit's fix
    assert code != 0 and "TRAINED" not in out, out[-3000:]
    assert "ValueError: Attempt to convert a value (PerReplica:{" in out and message in out, out[-3000:]


def test_mapping_reduce_over_the_batch_meets_keras_next_multi_worker_reduction(tmp_path):
    message = "ValueError: Invalid reduction dimension 0 for input with 0 dimensions."
    _documented(message)
    code, out = _launch(tmp_path, "--patch-reduce", GPUKIT_KERAS_FIX="0")
    assert code != 0 and "TRAINED" not in out, out[-3000:]
    assert message in out, out[-3000:]


def test_the_tutorial_runs_unchanged_on_keras_2(tmp_path):
    """The documented fix: tf_keras (Keras 2) and TF_USE_LEGACY_KERAS=1 before TensorFlow starts."""
    pytest.importorskip("tf_keras", reason="tf_keras is in gpukit[dev]")
    _documented("TF_USE_LEGACY_KERAS=1")
    code, out = _launch(tmp_path, TF_USE_LEGACY_KERAS="1")
    assert code == 0, out[-3000:]
    assert out.count("TRAINED") == 2                     # both workers finished fit
    assert not (tmp_path / "backup").exists() or not any((tmp_path / "backup").iterdir())  # removed at the end


def test_keras3_backup_written_by_two_processes_at_once_cannot_lock_its_file(tmp_path):
    """Keras 3's BackupAndRestore has every worker write the same ``latest.weights.h5``; when two
    write at once, h5py's file lock refuses the second. Reproduced without the race: another
    process holds the file open while this one saves weights there."""
    message = "BlockingIOError: [Errno 11] Unable to synchronously create file (unable to lock file, errno = 11"
    _documented(message)
    from gpukit import keras

    path = tmp_path / "latest.weights.h5"
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import sys, h5py
        f = h5py.File({str(path)!r}, "w")
        print("held", flush=True)
        sys.stdin.readline()
    """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
        with pytest.raises(BlockingIOError) as caught:
            model.save_weights(str(path))
        assert f"{type(caught.value).__name__}: {caught.value}".startswith(message)
    finally:
        holder.communicate("\n", timeout=30)


@pytest.mark.parametrize("call, message", [
    ("model.save(path)", "ValueError: Invalid filepath extension for saving. Please add either a `.keras` extension"),
    ("keras.models.load_model(path)", "ValueError: File format not supported: filepath="),
])
def test_the_tutorials_saving_section_on_keras3(tmp_path, call, message):
    """The tutorial saves and reloads a SavedModel folder (no extension); Keras 3 refuses both."""
    _documented(message)
    from gpukit import keras

    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
    path = str(tmp_path / "keras-model")
    with pytest.raises(ValueError) as caught:
        eval(call, {"model": model, "keras": keras, "path": path})
    assert f"ValueError: {caught.value}".startswith(message)


def test_keras2_fit_on_two_workers_equals_one_process(tmp_path):
    """The fix, proved: the same fit script (tf_keras, TF_USE_LEGACY_KERAS=1) on a 2-worker local
    cluster ends with the weights one process gets (each global batch of 64 is split 32 + 32)."""
    pytest.importorskip("tf_keras", reason="tf_keras is in gpukit[dev]")
    script = ROOT / "tests" / "scripts" / "keras_fit_mwms.py"
    env = dict(os.environ, PYTHONPATH=str(ROOT), TF_USE_LEGACY_KERAS="1", TMPDIR=str(tmp_path))
    env.pop("TF_CONFIG", None)
    one = subprocess.run([sys.executable, str(script), str(tmp_path / "one.npz")], env=env, capture_output=True,
                         text=True, timeout=300, cwd=tmp_path)
    assert one.returncode == 0 and "TRAINED on 1 replica" in one.stdout, one.stderr[-3000:]
    two = subprocess.run([sys.executable, "-m", "gpukit", "launch", "--workers", "2", "--timeout", "240",
                          str(script), str(tmp_path / "two.npz")], env=env, capture_output=True, text=True,
                         timeout=300, cwd=tmp_path, stdin=subprocess.DEVNULL)
    assert two.returncode == 0 and two.stdout.count("TRAINED on 2 replica") == 2, (two.stdout + two.stderr)[-3000:]
    import numpy as np
    a, b = np.load(tmp_path / "one.npz"), np.load(tmp_path / "two.npz")
    moved = max(float(np.max(np.abs(a[k] - np.random.default_rng(i).normal(scale=0.3, size=a[k].shape))))
                for i, k in enumerate(sorted(k for k in a.files if k.startswith("arr_"))))
    diff = max(float(np.max(np.abs(a[k] - b[k]))) for k in a.files)
    print(f"\n2 workers vs 1 process: max weight difference {diff:.1e} (weights moved up to {moved:.2f})")
    assert moved > 1e-2 and diff <= 1e-5

"""gpukit.keras_multiworker: Keras 3 ``fit`` under MultiWorkerMirroredStrategy on two real local workers
(``python -m gpukit launch``, 127.0.0.1), against one process computed here with plain Keras (no
strategy, no fix). Runs in .venv (Keras 3.15) and in the Colab replica (Keras 3.13).
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "tests" / "scripts"


def _launch(tmp_path, script, *args, restarts=0):
    """``python -m gpukit launch --workers 2 script args``: (exit code, output, {worker: {KEY: value}})."""
    tmp = tmp_path / "tmp"
    tmp.mkdir(exist_ok=True)
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp))
    for name in ("TF_CONFIG", "TF_USE_LEGACY_KERAS"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-m", "gpukit", "launch", "--workers", "2", "--timeout", "240",
                           "--restarts", str(restarts), str(script), *args], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    out = done.stdout + done.stderr
    found: dict = {}
    for line in done.stdout.splitlines():
        if line.startswith("[worker ") and "] " in line:
            worker, _, text = line.partition("] ")
            key, _, value = text.partition(" ")
            if key in ("LOSSES", "EVAL", "WEIGHTS", "RESULT", "EPOCHS"):
                found.setdefault(worker[1:], {})[key] = json.loads(value.replace("[0, 1, 2]", "[0,1,2]"))
    return done.returncode, out, found


def _tutorial_reference(epochs=3):
    """TensorFlow's tutorial model and data (tests/scripts/keras3_tutorial.py's), trained here in one
    process with plain Keras on the same global batches of 64: (losses, evaluate, weight sums)."""
    import keras

    rng = np.random.default_rng(0)
    x = rng.random((256, 28, 28)).astype("float32")
    y = rng.integers(0, 10, 256).astype("int64")
    model = keras.Sequential([keras.Input((28, 28)), keras.layers.Reshape((28, 28, 1)),
                              keras.layers.Conv2D(4, 3, activation="relu"), keras.layers.Flatten(),
                              keras.layers.Dense(16, activation="relu"), keras.layers.Dense(10)])
    model.set_weights([np.random.default_rng(k).normal(scale=0.1, size=w.shape).astype("float32")
                       for k, w in enumerate(model.get_weights())])
    model.compile(loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  optimizer=keras.optimizers.SGD(learning_rate=0.05), metrics=["accuracy"])
    losses = model.fit(x, y, batch_size=64, epochs=epochs, shuffle=False, verbose=0).history["loss"]
    evaluated = model.evaluate(x, y, batch_size=64, verbose=0)
    return losses, evaluated, [float(np.sum(w, dtype="float64")) for w in model.get_weights()]


def _leftovers(tmp_path):
    return sorted(p.name for p in (tmp_path / "tmp").iterdir() if p.name.startswith("gpukit-backup"))


def test_the_tutorial_on_two_workers_equals_one_process(tmp_path):
    """Planted bug it catches: without the fix (or with the mean taken along axis 0) the launch fails;
    with a wrong reduction (a sum, a worker's own loss) the losses differ from one process."""
    code, out, found = _launch(tmp_path, SCRIPTS / "keras3_tutorial.py", str(tmp_path / "backup"))
    assert code == 0 and set(found) == {"worker 0", "worker 1"}, out[-3000:]
    losses, evaluated, weights = _tutorial_reference()
    zero, one = found["worker 0"], found["worker 1"]
    assert zero["LOSSES"] == one["LOSSES"] and zero["EVAL"] == one["EVAL"], out[-2000:]
    difference = max(abs(a - b) for a, b in zip(zero["LOSSES"], losses))
    print(f"\nlosses, 2 workers: {zero['LOSSES']}\nlosses, 1 process: {losses}\nmax difference {difference:.1e}")
    assert len(losses) == 3 and losses[0] - losses[-1] > 1e-3            # it trained
    assert difference <= 1e-6
    assert abs(zero["EVAL"][0] - evaluated[0]) <= 1e-6 and abs(zero["EVAL"][1] - evaluated[1]) <= 1e-6
    assert np.allclose(zero["WEIGHTS"], weights, atol=1e-4)
    assert not (tmp_path / "backup").exists()             # the chief removed the shared backup at the end
    assert _leftovers(tmp_path) == []                     # worker 1's own backups were removed


def test_dict_inputs_sample_weights_steps_per_execution_and_predict(tmp_path):
    """Planted bug it catches: Keras' steps_per_execution loop (while_loop + cond) fails on 2 workers;
    a predict that loses or reorders rows changes rows/sum."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("TF_CONFIG", None)
    plain = subprocess.run([sys.executable, str(SCRIPTS / "keras3_features.py"), "--plain"], env=env,
                           capture_output=True, text=True, timeout=300, cwd=tmp_path)
    reference = json.loads(plain.stdout.split("RESULT ", 1)[1])
    code, out, found = _launch(tmp_path, SCRIPTS / "keras3_features.py")
    assert code == 0 and len(found) == 2, out[-3000:]
    zero, one = found["worker 0"]["RESULT"], found["worker 1"]["RESULT"]
    assert zero == one
    assert max(abs(a - b) for a, b in zip(zero["loss"], reference["loss"])) <= 1e-6
    assert abs(zero["eval"] - reference["eval"]) <= 1e-6
    assert zero["rows"] == reference["rows"] == 256 and abs(zero["sum"] - reference["sum"]) <= 1e-4


def test_a_worker_killed_at_epoch_2_resumes_from_the_backup(tmp_path):
    """Worker 1 is SIGKILLed at the start of epoch 2; ``--restarts 1`` relaunches the cluster, both
    workers restore epoch 2 from BackupAndRestore's shared folder and end with the weights of the
    uninterrupted run (computed here in one process). Planted bug it catches: a restore that starts
    over runs epochs 0-2 again; one that skips the saved weights ends elsewhere."""
    marker = tmp_path / "crashed"
    code, out, found = _launch(tmp_path, SCRIPTS / "keras3_tutorial.py", str(tmp_path / "backup"),
                               "--crash-at-epoch", "2", str(marker), restarts=1)
    assert code == 0 and marker.exists() and "CRASHING at epoch 2" in out, out[-3000:]
    assert "restarting the cluster (1/1)" in out, out[-3000:]
    losses, _, weights = _tutorial_reference()
    for worker in ("worker 0", "worker 1"):
        assert found[worker]["EPOCHS"] == [2], found           # resumed: only epoch 2 ran
        assert abs(found[worker]["LOSSES"][0] - losses[2]) <= 1e-6
        assert np.allclose(found[worker]["WEIGHTS"], weights, atol=1e-4)
    assert not (tmp_path / "backup").exists() and _leftovers(tmp_path) == []


# ---- the guard, in this process -------------------------------------------------------------------

def test_fix_stands_aside_on_a_version_it_was_not_verified_on(monkeypatch, capsys):
    from gpukit import keras_multiworker as km

    if km.applied():
        pytest.skip("the fix is applied in this process")
    monkeypatch.setattr(km, "versions", lambda: ("3.99.0", "2.21.0"))
    assert km.fix() is False and not km.applied()
    err = capsys.readouterr().err
    assert "Keras 3.99.0 with TensorFlow 2.21.0 is not a version this fix was verified on" in err
    assert "fix(force=True)" in err and err.count("\n") == 1


def test_fix_stands_aside_on_a_keras_without_the_defects(monkeypatch, capsys):
    from gpukit import keras_multiworker as km

    assert km.has_defects()                    # the installed Keras (3.13 / 3.15) still has them
    monkeypatch.setattr(km, "has_defects", lambda: False)
    assert km.fix() is False and "already handles multi-worker fit" in capsys.readouterr().err


def test_fix_applies_once_and_undo_restores_keras(capsys):
    from keras.src.backend.tensorflow import trainer
    from keras.src.callbacks import backup_and_restore

    from gpukit import keras_multiworker as km

    before = (trainer.TensorFlowTrainer._maybe_symbolic_build, trainer.reduce_per_replica,
              backup_and_restore.BackupAndRestore._save_model)
    try:
        assert km.fix() is True and km.applied()
        patched = (trainer.TensorFlowTrainer._maybe_symbolic_build, trainer.reduce_per_replica,
                   backup_and_restore.BackupAndRestore._save_model)
        assert all(a is not b for a, b in zip(before, patched))
        assert km.fix() is True                  # idempotent: the same functions, not wrapped twice
        assert (trainer.TensorFlowTrainer._maybe_symbolic_build, trainer.reduce_per_replica,
                backup_and_restore.BackupAndRestore._save_model) == patched
        assert capsys.readouterr().err == ""
    finally:
        km.undo()
    assert (trainer.TensorFlowTrainer._maybe_symbolic_build, trainer.reduce_per_replica,
            backup_and_restore.BackupAndRestore._save_model) == before


def test_the_upstream_patch_applies_to_the_installed_keras(tmp_path):
    """docs/upstream/keras-multiworker.patch is a diff against this Keras' own files (3.15 in .venv,
    3.13 in the Colab replica). Planted bug it catches: a hand-edited hunk or a Keras that moved on."""
    import shutil

    import keras

    source = pathlib.Path(keras.__file__).parent / "src"
    for part in ("backend/tensorflow/trainer.py", "callbacks/backup_and_restore.py"):
        (tmp_path / "keras" / "src" / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source / part, tmp_path / "keras" / "src" / part)
    done = subprocess.run(["git", "apply", "--check", str(ROOT / "docs" / "upstream" / "keras-multiworker.patch")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr

"""The self-test of ``gpukit.keras_multiworker`` (lesson 02): a small ``fit``, ``evaluate`` and
``predict`` on two local workers started by ``python -m gpukit launch`` (so the fix is applied as
every launch applies it), both workers' losses compared with plain Keras in one process.

``python -m gpukit.launch.keras_selftest`` prints the numbers or raises ``AssertionError`` naming what
differs. Run by the launcher as a script, this file is the workers' program (``worker``).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile


def worker() -> None:
    """One worker's part (this file run as the launched script): fit, evaluate, predict under
    MultiWorkerMirroredStrategy with the fix, printed as one SELFTEST line."""
    import json

    import keras
    import numpy as np
    import tensorflow as tf

    import gpukit.keras_multiworker as km

    km.fix(force=True, quiet=True)
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    rng = np.random.default_rng(0)
    x, y = rng.normal(size=(128, 8)).astype("float32"), rng.integers(0, 3, 128)
    opts = tf.data.Options()
    opts.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.DATA
    data = tf.data.Dataset.from_tensor_slices((x, y)).batch(32).with_options(opts)
    with strategy.scope():
        model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(3)])
        model.set_weights([np.full(w.shape, 0.1, "float32") for w in model.get_weights()])
        model.compile(optimizer=keras.optimizers.SGD(0.1),
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    loss = model.fit(data, epochs=2, verbose=0).history["loss"]
    print("SELFTEST " + json.dumps({"loss": loss, "eval": float(model.evaluate(data, verbose=0)),
                                    "rows": int(model.predict(data, verbose=0).shape[0])}), flush=True)


def self_test(timeout: float = 240.0) -> dict:
    """Run a small fit/evaluate/predict on two local workers (``python -m gpukit launch``) and check
    both report the losses one process computes with plain Keras (no strategy) on the same batches.
    Returns the numbers; raises ``AssertionError`` naming what differs."""
    import json
    import subprocess

    import numpy as np

    folder = tempfile.mkdtemp(prefix="gpukit-selftest-")
    try:
        script = os.path.abspath(__file__)      # this file is the workers' script (worker() below)
        root = os.path.dirname(os.path.dirname(os.path.dirname(script)))
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
        env.pop("TF_CONFIG", None)
        done = subprocess.run([sys.executable, "-m", "gpukit", "launch", "--workers", "2", "--timeout",
                               str(timeout), script], env=env, capture_output=True, text=True,
                              timeout=timeout + 30, stdin=subprocess.DEVNULL, cwd=folder)
        found = [json.loads(line.split("SELFTEST ", 1)[1]) for line in done.stdout.splitlines()
                 if "SELFTEST " in line]
        assert done.returncode == 0 and len(found) == 2, (done.stdout + done.stderr)[-3000:]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    import keras

    rng = np.random.default_rng(0)
    x, y = rng.normal(size=(128, 8)).astype("float32"), rng.integers(0, 3, 128)
    model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(3)])
    model.set_weights([np.full(w.shape, 0.1, "float32") for w in model.get_weights()])
    model.compile(optimizer=keras.optimizers.SGD(0.1),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    reference = model.fit(x, y, batch_size=32, epochs=2, shuffle=False, verbose=0).history["loss"]
    difference = max(abs(a - b) for worker in found for a, b in zip(worker["loss"], reference))
    assert found[0]["loss"] == found[1]["loss"], f"the workers disagree: {found}"
    assert difference <= 1e-6, f"2 workers {found[0]['loss']} vs one process {reference}"
    assert all(w["rows"] == 128 for w in found), f"predict returned {[w['rows'] for w in found]} rows, not 128"
    return {"workers": found, "one_process": reference, "max_difference": difference}


if __name__ == "__main__":
    if os.environ.get("TF_CONFIG"):
        worker()
    else:
        print(self_test())

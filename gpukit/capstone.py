"""The capstone's plumbing (lesson 08): CIFAR-shaped data, the input pipeline, and a training
run that checkpoints and resumes exactly.

* ``images(name)``: ``(x_train, y_train), (x_test, y_test)`` as ``size x size x 3`` float32
  images. ``"digits"`` (default, offline): scikit-learn's 8x8 digits upsampled; ``"synthetic"``;
  ``"cifar10"`` through ``keras.datasets`` only when asked *and* online (else digits, and
  ``notice`` says why in one line).
* ``pipeline(...)``: the tf.data recipe: parallel ``map`` (preprocessing), ``cache``, a seeded
  shuffle whose order is a function of ``(seed, epoch)``, batching with ``drop_remainder=True``,
  ``prefetch``. Because the order depends only on ``(seed, epoch)``, a restarted run rebuilds it
  and ``skip``s what it already trained on.
* ``train(folder, ...)``: the custom loop of ``gpukit.accumulation.Accumulator`` (accumulation,
  loss scaling under a strategy) plus a ``tf.train.CheckpointManager`` in ``folder``. The folder
  carries a ``signature.json`` (model config, batch, accumulation, seed, data size): a folder
  written by a different setup is refused with ``ValueError`` *before* anything is written.
  ``stop_after=k`` raises ``Interrupted`` after k updates, standing in for a crash or a
  kernel restart; calling ``train`` again on the folder resumes at the last checkpoint.
"""

from __future__ import annotations

import dataclasses
import json
import os
import socket
import time

import numpy as np

from . import accumulation
from . import data as gdata
from ._args import whole

SIGNATURE = "signature.json"
HISTORY = "history.json"


class Interrupted(RuntimeError):
    """Raised by ``train(stop_after=k)``: the run stopped on purpose after k updates."""


# --- data -------------------------------------------------------------------------------------
def online(host: str = "storage.googleapis.com", port: int = 443, timeout: float = 2.0) -> bool:
    """True when ``host`` answers within ``timeout`` seconds (where keras.datasets downloads from)."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def _cifar_shape(x, size: int):
    """8x8x1 digits -> size x size x 3 by nearest-neighbour upsampling (``size`` a multiple of 8)."""
    factor = size // x.shape[1]
    x = x.repeat(factor, axis=1).repeat(factor, axis=2)
    return np.repeat(x, 3, axis=3).astype("float32")


def images(name: str = "digits", size: int = 16, allow_download: bool = False, limit: int | None = None):
    """CIFAR-shaped images: returns ``((x_train, y_train), (x_test, y_test), notice)``."""
    known = ("digits", "synthetic", "cifar10")
    if name not in known:
        raise ValueError(f"unknown dataset {name!r}; choose one of {known}")
    whole("size", size)
    if name in ("digits", "synthetic") and size % 8:
        raise ValueError(f"size={size} must be a multiple of 8 for the bundled 8x8 digits (e.g. 16 or 32)")
    notice = None
    if name == "cifar10":
        if allow_download and online():
            from ._tf import keras

            (xt, yt), (xv, yv) = keras.datasets.cifar10.load_data()
            out = ((xt.astype("float32"), yt.reshape(-1).astype("int32")),
                   (xv.astype("float32"), yv.reshape(-1).astype("int32")))
            notice = "CIFAR-10 from keras.datasets (50,000 training images, 32x32x3)"
            return _limit(out, limit) + (notice,)
        why = "allow_download=False" if not allow_download else "offline"
        notice = f"CIFAR-10 not loaded ({why}): using the bundled digits, upsampled to {size}x{size}x3"
        name = "digits"
    if name == "synthetic":
        x, y = gdata.synthetic(2000, shape=(size, size, 3), seed=0)
        x = (x - x.min()) / (x.max() - x.min()) * 255
        out = ((x[:1500], y[:1500]), (x[1500:], y[1500:]))
        return _limit(out, limit) + (notice or f"synthetic {size}x{size}x3 images (no download)",)
    (xt, yt), (xv, yv) = gdata.digits(image=True)
    out = ((_cifar_shape(xt, size) * 255, yt), (_cifar_shape(xv, size) * 255, yv))
    return _limit(out, limit) + (notice or f"the bundled digits, upsampled to {size}x{size}x3 (no download)",)


def _limit(out, limit):
    if limit is None:
        return out
    (xt, yt), test = out
    return ((xt[:limit], yt[:limit]), test)


# --- the input pipeline -----------------------------------------------------------------------
def pipeline(x, y, *, batch_size: int, seed: int = 0, epoch: int = 0, skip: int = 0, training: bool = True):
    """Batches of ``batch_size`` (the *global* micro-batch: all replicas together).

    Order of the stages: ``map`` (scale to [0, 1], in parallel) -> ``cache`` (the preprocessed
    examples, computed once) -> ``shuffle`` (seed ``seed + epoch``, so a restart can rebuild
    any epoch's order) -> ``batch(drop_remainder=True)`` (every step the same shape: each
    replica gets exactly ``batch_size / replicas``) -> ``skip`` (batches already trained on)
    -> ``prefetch`` (prepare the next batch while the devices compute).
    """
    from ._tf import tf

    whole("batch_size", batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.map(lambda a, b: (tf.cast(a, tf.float32) / 255.0, tf.cast(b, tf.int32)),
                num_parallel_calls=tf.data.AUTOTUNE, deterministic=True)
    ds = ds.cache()
    if training:
        ds = ds.shuffle(len(x), seed=seed + epoch, reshuffle_each_iteration=False)
    ds = ds.batch(batch_size, drop_remainder=training)
    if skip:
        ds = ds.skip(skip)
    return ds.prefetch(tf.data.AUTOTUNE)


# --- checkpointed training --------------------------------------------------------------------
def signature(model, *, global_batch_size: int, accum_steps: int, seed: int, examples: int) -> dict:
    """What must match for a checkpoint folder to be resumed."""
    layers = [[type(layer).__name__, layer.name, [list(w.shape) for w in layer.weights],
               getattr(layer.dtype_policy, "name", None)] for layer in model.layers]
    return {"model": layers, "global_batch_size": int(global_batch_size),
            "accum_steps": int(accum_steps), "seed": int(seed), "examples": int(examples)}


def check_folder(folder: str, expected: dict) -> bool:
    """True if ``folder`` holds a run with this signature (resume), False if it is new or empty.
    Raises ``ValueError`` (writing nothing) when it belongs to another run."""
    path = os.path.join(folder, SIGNATURE)
    if not os.path.isdir(folder) or not os.listdir(folder):
        return False
    if not os.path.exists(path):
        raise ValueError(f"{folder!r} is not empty and has no {SIGNATURE}: it is not a checkpoint folder of this "
                         f"lesson; nothing was written. Pass a new or empty folder")
    with open(path) as f:
        found = json.load(f)
    differs = sorted(k for k in set(found) | set(expected) if found.get(k) != expected.get(k))
    if differs:
        raise ValueError(f"the checkpoint folder {folder!r} was written by a different run ({', '.join(differs)} "
                         f"differ{'s' if len(differs) == 1 else ''}); nothing was restored or overwritten. Use "
                         f"another folder for this model, or delete that one to start over")
    return True


@dataclasses.dataclass
class Result:
    """What ``train`` returns; ``history`` covers the whole run, resumed parts included."""

    model: object
    optimizer: object
    updates: int
    resumed_from: int  # updates already done when this call started (0: fresh)
    history: dict  # per epoch: loss, accuracy, seconds, examples
    seconds: float  # wall time of this call's training
    examples: int  # examples trained on in this call

    @property
    def throughput(self) -> float:
        return self.examples / self.seconds if self.seconds else float("nan")


def train(folder: str, strategy, build, x, y, *, global_batch_size: int, accum_steps: int = 1, epochs: int = 1,
          seed: int = 0, save_every: int = 5, stop_after: int | None = None) -> Result:
    """Train ``build()``'s ``(model, optimizer)`` (called inside ``strategy.scope()``) on ``(x, y)``,
    checkpointing to ``folder`` every ``save_every`` updates and at the end of each epoch.

    A folder with a matching ``signature.json`` is resumed from its latest checkpoint: model,
    optimizer (Adam's moments, its iteration count, a loss scale) and the update counter come
    back, and the data pipeline skips what was done, so the finished run equals one that was
    never interrupted. A folder from another setup raises ``ValueError`` first.
    """
    from ._tf import tf

    whole("epochs", epochs)
    whole("save_every", save_every)
    if stop_after is not None:
        whole("stop_after", stop_after)
    sizes = accumulation.accum_sizes(strategy.num_replicas_in_sync, global_batch_size, accum_steps)
    updates_per_epoch = len(x) // sizes.global_batch_size
    if updates_per_epoch < 1:
        raise ValueError(f"{len(x)} examples make no update of global_batch_size={sizes.global_batch_size}; "
                         f"use a smaller batch or more data")
    with strategy.scope():
        model, optimizer = build()
        step = tf.Variable(0, dtype=tf.int64, trainable=False, name="updates_done")
    expected = signature(model, global_batch_size=sizes.global_batch_size, accum_steps=sizes.accum_steps,
                         seed=seed, examples=len(x))
    resume = check_folder(folder, expected)  # raises before anything is written
    # BatchNorm under accumulation normalizes each micro-batch with its own statistics (lesson 04):
    # accepted knowingly here; resuming stays exact because both runs take the same micro-batches.
    acc = accumulation.Accumulator(strategy, model, optimizer, global_batch_size=sizes.global_batch_size,
                                   accum_steps=sizes.accum_steps, allow_batch_norm=True)
    ckpt = tf.train.Checkpoint(model=model, optimizer=optimizer, step=step)
    manager = tf.train.CheckpointManager(ckpt, folder, max_to_keep=2)
    history = {"loss": [], "accuracy": [], "seconds": [], "examples": []}
    if resume and manager.latest_checkpoint:
        ckpt.restore(manager.latest_checkpoint).assert_existing_objects_matched()
        with open(os.path.join(folder, HISTORY)) as f:
            history = json.load(f)
    else:
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, SIGNATURE), "w") as f:
            json.dump(expected, f)
    start_update = int(step.numpy())
    done_in_call, trained, started = 0, 0, time.perf_counter()

    part = {}  # this epoch so far: sums of micro-batch losses, correct predictions, micro-steps, seconds

    def save(partial: bool):
        history["partial"] = dict(part) if partial else None
        manager.save(checkpoint_number=int(step.numpy()))
        with open(os.path.join(folder, HISTORY), "w") as f:
            json.dump(history, f)

    for epoch in range(start_update // updates_per_epoch, epochs):
        first = int(step.numpy()) - epoch * updates_per_epoch  # updates of this epoch already done
        saved = history.get("partial") if first else None
        part.clear()
        part.update(saved or {"loss": 0.0, "correct": 0.0, "micro_steps": 0, "seconds": 0.0})
        ds = pipeline(x, y, batch_size=sizes.micro_batch_size, seed=seed, epoch=epoch,
                      skip=first * sizes.accum_steps).take((updates_per_epoch - first) * sizes.accum_steps)
        tick = time.perf_counter()
        for batch in strategy.experimental_distribute_dataset(ds):
            loss, hits, applied = acc.micro_step(batch)
            part["loss"] += float(loss)
            part["correct"] += float(hits)
            part["micro_steps"] += 1
            trained += sizes.micro_batch_size
            if applied:
                step.assign_add(1)
                done_in_call += 1
                now = time.perf_counter()
                part["seconds"] += now - tick
                tick = now
                if int(step.numpy()) % updates_per_epoch and int(step.numpy()) % save_every == 0:
                    save(partial=True)
                if stop_after is not None and done_in_call >= stop_after:
                    raise Interrupted(f"stopped on purpose after {done_in_call} updates (update "
                                      f"{int(step.numpy())}); the last checkpoint is "
                                      f"{manager.latest_checkpoint}: call train(...) again to resume")
        n = part["micro_steps"]
        history["loss"].append(part["loss"] / n)
        history["accuracy"].append(part["correct"] / (n * sizes.micro_batch_size))
        history["seconds"].append(part["seconds"])
        history["examples"].append(n * sizes.micro_batch_size)
        save(partial=False)
    return Result(model, optimizer, int(step.numpy()), start_update, history, time.perf_counter() - started,
                  trained)

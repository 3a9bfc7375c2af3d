"""Keras 3 ``model.fit`` under ``MultiWorkerMirroredStrategy``, fixed (lesson 02).

TensorFlow's "Multi-worker training with Keras" tutorial fails on Keras 3 with two or more workers
(keras-team/keras #20585, ray-project/ray #47464). Four private pieces of Keras are at fault; ``fix()``
replaces each with a corrected version, once per process:

1. ``TensorFlowTrainer._maybe_symbolic_build`` (``fit``, ``evaluate``): builds the model from the first
   distributed batch, which it "reduces" with ``strategy.reduce("MEAN", batch, axis=None)`` only to get
   shapes. ``Strategy.reduce`` takes one value, not the nested ``(x, y, sample_weight)`` of ``PerReplica``
   values: with one worker MWMS hands the value back untouched; with two or more it all-reduces it and
   fails with ``ValueError: Attempt to convert a value (PerReplica:{...}) ... to a Tensor``. The fix takes
   each leaf's first local value (``strategy.experimental_local_results(v)[0]``): the shapes, with no
   communication.
2. ``trainer.reduce_per_replica`` with ``reduction="auto"``/``"mean"`` on a multi-worker MWMS: it calls
   ``strategy.reduce("MEAN", v, axis=0)`` on the scalar loss and metric results, and fails with
   ``Invalid reduction dimension 0 for input with 0 dimensions``. The mean over replicas of each value is
   ``axis=None`` (what the one-worker branch computes with ``tf.reduce_mean(local_results, axis=0)``).
   ``"concat"`` (``predict``), ``"sum"`` and ``"first"`` are left to Keras.
3. ``TensorFlowTrainer._make_function`` with ``steps_per_execution > 1`` on a multi-worker MWMS: Keras
   runs the steps of one execution in a ``tf.while_loop`` whose body holds the step in a ``tf.cond``; with
   collectives inside, TensorFlow fails with ``You must feed a value for placeholder tensor
   'while/cond/Placeholder'``. The fix runs them as ``steps_per_execution`` calls of the compiled step on
   ``iterator.get_next_as_optional()`` (whose ``has_value`` every worker agrees on), the same batches in the
   same order; one worker and other strategies keep Keras' loop.
4. ``BackupAndRestore._save_model`` / ``on_train_end``: every worker writes the same
   ``latest.weights.h5``; two writers at once make h5py refuse the second (``BlockingIOError: [Errno 11]
   Unable to synchronously create file (unable to lock file, errno = 11 ...)``) and its peer aborts in a
   collective. With the fix the chief writes ``backup_dir``; every other worker writes the same save (its
   reads of the variables take part in the same collectives) to a temporary folder of its own, removed
   right after; only the chief removes ``backup_dir`` at the end. Every worker restores from ``backup_dir``.

``fix()`` applies only to the versions it was verified on (``VERIFIED``: Keras 3.13 and 3.15 with
TensorFlow 2.20 and 2.21). On a Keras whose code no longer has the defects it stands aside ("already
fixed"); on any other version it stands aside too, with one line naming ``fix(force=True)``.
``python -m gpukit launch`` applies it to the script it starts (``install_on_import``: when the script
imports Keras, nothing imported otherwise; ``GPUKIT_KERAS_FIX=0`` launches Keras as installed), and so
does the Ray Train path. ``gpukit.launch.keras_selftest.self_test()`` runs a small
``fit``/``evaluate``/``predict`` on two local workers and compares it with one process.
"""

from __future__ import annotations

import importlib.abc
import importlib.metadata
import inspect
import os
import shutil
import sys
import tempfile

# (Keras major.minor, TensorFlow major.minor) pairs the fix was run on (tests/test_keras_multiworker.py,
# in .venv and in the Colab replica)
VERIFIED = {("3.13", "2.20"), ("3.13", "2.21"), ("3.15", "2.20"), ("3.15", "2.21")}
_state: dict = {"applied": False, "originals": {}}


def _version(*distributions) -> str | None:
    for name in distributions:
        try:
            return importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            continue
    return None


def versions() -> tuple[str | None, str | None]:
    """(Keras version, TensorFlow version) as installed."""
    return _version("keras"), _version("tensorflow", "tensorflow-cpu", "tf-nightly", "tensorflow-macos")


def _minor(version: str | None) -> str | None:
    return None if version is None else ".".join(version.split(".")[:2])


def has_defects() -> bool:
    """Whether this Keras still has the code the fix replaces (read from its source, not its version)."""
    from keras.src.backend.tensorflow import trainer

    build = inspect.getsource(trainer.TensorFlowTrainer._maybe_symbolic_build)
    reduce = inspect.getsource(trainer.reduce_per_replica)
    return ".reduce(" in build or 'strategy.reduce("MEAN", v, axis=0)' in reduce


def applied() -> bool:
    return _state["applied"]


def fix(force: bool = False, quiet: bool = False) -> bool:
    """Make Keras 3 ``fit``/``evaluate``/``predict`` and ``BackupAndRestore`` work under a multi-worker
    ``MultiWorkerMirroredStrategy``; call it once, before ``fit`` (calling it again does nothing).
    Returns whether the fix is in place. On a Keras/TensorFlow pair outside ``VERIFIED``, or a Keras
    that is already fixed, it changes nothing and prints one line why (``force=True`` applies it anyway;
    ``quiet=True`` prints nothing)."""
    if _state["applied"]:
        return True
    keras_version, tf_version = versions()
    if os.environ.get("TF_USE_LEGACY_KERAS", "").lower() in ("1", "true") and "keras.src" not in sys.modules:
        _say(quiet, "TF_USE_LEGACY_KERAS is set: tf.keras is tf_keras (Keras 2), which needs no fix")
        return False
    if keras_version is None or not keras_version.startswith("3."):
        _say(quiet, f"Keras {keras_version} is not Keras 3: nothing to fix")
        return False
    import keras

    if keras.backend.backend() != "tensorflow":
        _say(quiet, f"the Keras backend is {keras.backend.backend()!r}, not 'tensorflow': nothing to fix")
        return False
    if not force:
        if not has_defects():
            _say(quiet, f"Keras {keras_version} already handles multi-worker fit: not patched")
            return False
        if (_minor(keras_version), _minor(tf_version)) not in VERIFIED:
            _say(quiet, f"Keras {keras_version} with TensorFlow {tf_version} is not a version this fix was "
                        f"verified on ({', '.join(f'Keras {k}/TF {t}' for k, t in sorted(VERIFIED))}): not "
                        f"patched; gpukit.keras_multiworker.fix(force=True) applies it anyway")
            return False
    _patch()
    return True


def _say(quiet: bool, message: str) -> None:
    if not quiet:
        print(f"[gpukit] keras_multiworker: {message}", file=sys.stderr, flush=True)


def undo() -> None:
    """Put Keras' own functions back (for tests)."""
    from keras.src.backend.tensorflow import trainer
    from keras.src.callbacks import backup_and_restore

    originals = _state["originals"]
    if not originals:
        return
    trainer.TensorFlowTrainer._maybe_symbolic_build = originals["build"]
    trainer.TensorFlowTrainer._make_function = originals["make"]
    trainer.reduce_per_replica = originals["reduce"]
    backup_and_restore.BackupAndRestore._save_model = originals["save"]
    backup_and_restore.BackupAndRestore.on_train_end = originals["end"]
    originals.clear()
    _state["applied"] = False


def _patch() -> None:
    import tensorflow as tf
    from keras.src import tree
    from keras.src.backend.tensorflow import trainer
    from keras.src.callbacks import backup_and_restore

    Trainer, Backup = trainer.TensorFlowTrainer, backup_and_restore.BackupAndRestore
    originals = _state["originals"]
    originals.update(build=Trainer._maybe_symbolic_build, reduce=trainer.reduce_per_replica,
                     make=Trainer._make_function,
                     save=Backup._save_model, end=Backup.on_train_end)

    def _maybe_symbolic_build(self, iterator=None, data_batch=None):
        # Keras' version, with each leaf's first local value in place of strategy.reduce(nested batch)
        if self._distribute_strategy is None:
            return
        if iterator is not None:
            for _, _, it in iterator:
                batch = next(it)
                data_batch = tree.map_structure(
                    lambda v: (self.distribute_strategy.experimental_local_results(v)[0]
                               if isinstance(v, tf.distribute.DistributedValues) else v), batch)
                break
        with self.distribute_strategy.scope():
            self._symbolic_build(data_batch=data_batch)

    original_reduce = originals["reduce"]

    def reduce_per_replica(values, strategy, reduction):
        # Keras' version, except the multi-worker mean: over replicas (axis=None), not along axis 0
        if reduction in ("auto", "mean") and trainer._collective_all_reduce_multi_worker(strategy):
            return tree.map_structure(lambda v: strategy.reduce("MEAN", v, axis=None), values)
        return original_reduce(values, strategy, reduction)

    original_make = originals["make"]

    def _make_function(self, step_function):
        # Keras' version, except on a multi-worker MWMS with steps_per_execution > 1: the steps run one
        # tf.function call each (Keras' tf.while_loop + tf.cond around the step fails there)
        function = original_make(self, step_function)
        strategy = self.distribute_strategy
        if self.steps_per_execution == 1 or not trainer._collective_all_reduce_multi_worker(strategy):
            return function

        @tf.autograph.experimental.do_not_convert
        def one_step_on_data(data):
            outputs = strategy.run(step_function, args=(data,))
            return trainer.reduce_per_replica(outputs, strategy, reduction="auto")

        if not self.run_eagerly:
            one_step_on_data = tf.function(one_step_on_data, reduce_retracing=True, jit_compile=self.jit_compile)
        one_step_on_data = self._autoconvert_optionals(one_step_on_data)

        def steps(iterator):
            outputs = None
            for _ in range(self.steps_per_execution):
                optional = iterator.get_next_as_optional()      # has_value agreed by every worker
                if not optional.has_value():
                    break
                outputs = one_step_on_data(optional.get_value())
            if outputs is None:
                raise StopIteration
            return outputs

        return steps

    original_save, original_end = originals["save"], originals["end"]

    def _save_model(self):
        chief, worker = _chief(self)
        if chief:
            return original_save(self)
        own = tempfile.mkdtemp(prefix=f"gpukit-backup-worker{worker}-")
        paths = (self.backup_dir, self._weights_path, self._training_metadata_path,
                 self._prev_weights_path, self._prev_training_metadata_path)
        try:
            self.backup_dir = own
            self._weights_path = os.path.join(own, "latest.weights.h5")
            self._training_metadata_path = os.path.join(own, "training_metadata.json")
            self._prev_weights_path = self._weights_path + ".bkp"
            self._prev_training_metadata_path = self._training_metadata_path + ".bkp"
            return original_save(self)
        finally:
            (self.backup_dir, self._weights_path, self._training_metadata_path,
             self._prev_weights_path, self._prev_training_metadata_path) = paths
            shutil.rmtree(own, ignore_errors=True)

    def on_train_end(self, logs=None):
        if _chief(self)[0]:
            return original_end(self, logs)

    _maybe_symbolic_build.__doc__ = "gpukit.keras_multiworker: " + (Trainer._maybe_symbolic_build.__doc__ or "")
    Trainer._maybe_symbolic_build = _maybe_symbolic_build
    Trainer._make_function = _make_function
    trainer.reduce_per_replica = reduce_per_replica
    Backup._save_model = _save_model
    Backup.on_train_end = on_train_end
    _state["applied"] = True


def _chief(callback) -> tuple[bool, int]:
    """(whether this process writes the shared backup, its worker index)."""
    extended = callback.model.distribute_strategy.extended
    if not getattr(extended, "_in_multi_worker_mode", lambda: False)():
        return True, 0
    return bool(extended.should_checkpoint), int(getattr(extended, "_task_id", 0) or 0)


# ------------------------------------------------------------------------------------------------
# Applied when Keras is imported: what `gpukit launch` and the Ray Train path use
# ------------------------------------------------------------------------------------------------

class _AfterKeras(importlib.abc.MetaPathFinder):
    """Finds nothing itself; when ``keras`` is imported, runs ``fix()`` right after the package loads."""

    busy = False

    def find_spec(self, name, path=None, target=None):
        if name != "keras" or self.busy:
            return None
        import importlib.util

        self.busy = True                            # find the real spec (a find_spec alone imports nothing)
        try:
            spec = importlib.util.find_spec(name)
        finally:
            self.busy = False
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        exec_module = spec.loader.exec_module

        def exec_then_fix(module):
            exec_module(module)
            if self in sys.meta_path:
                sys.meta_path.remove(self)
            try:
                fix()
            except Exception as e:  # noqa: BLE001 - never break the user's import
                _say(False, f"not applied ({type(e).__name__}: {e})")

        spec.loader.exec_module = exec_then_fix
        return spec


def install_on_import() -> None:
    """``fix()`` now if Keras is already imported, else right after the script imports it (so a script
    that never imports Keras pays nothing)."""
    if "keras" in sys.modules:
        fix()
    elif not any(isinstance(f, _AfterKeras) for f in sys.meta_path):
        sys.meta_path.insert(0, _AfterKeras())


def run_script(argv: list[str]) -> None:
    """``python -m gpukit.keras_multiworker SCRIPT ARGS...``: run SCRIPT as ``__main__`` (as ``python
    SCRIPT ARGS`` would: sys.argv, sys.path[0]) with the fix applied when it imports Keras."""
    import runpy

    script = argv[0]
    sys.argv = list(argv)
    sys.path[0] = os.path.dirname(os.path.abspath(script))
    if os.environ.get("GPUKIT_KERAS_FIX", "1") != "0":     # GPUKIT_KERAS_FIX=0: Keras as installed
        install_on_import()
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    # one copy of this module's state: the one a script gets with `import gpukit.keras_multiworker`
    from gpukit import keras_multiworker as _module

    if len(sys.argv) > 1:
        _module.run_script(sys.argv[1:])
    else:
        sys.exit("usage: python -m gpukit.keras_multiworker SCRIPT [ARGS...] (the self-test: "
                 "python -m gpukit.launch.keras_selftest)")

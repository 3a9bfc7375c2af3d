"""Import TensorFlow quietly, once.

TensorFlow prints C++ log lines on file descriptor 2 while it loads (CUDA probes,
oneDNN notices, "All log messages before absl::InitializeLog()..."). In Jupyter those
lines show up as pink error blocks although nothing is wrong. ``load()`` sets the
log-level variables *before* TensorFlow is imported and points fd 2 at /dev/null for
the import and the first device query; Python exceptions are unaffected.

Every gpukit module that needs TensorFlow gets it from here (``from ._tf import tf``),
so the first ``import gpukit.<module>`` in a notebook is the quiet one.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import warnings

_QUIET_ENV = {
    "TF_CPP_MIN_LOG_LEVEL": "2",  # hide INFO and WARNING lines from the C++ runtime
    "TF_ENABLE_ONEDNN_OPTS": "0",  # no oneDNN notice; also makes float sums reproducible
}


@contextlib.contextmanager
def silenced_stderr():
    """Point file descriptor 2 at /dev/null inside the block (C++ logs included)."""
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:  # no fd 2 (rare embedded interpreters): nothing to silence
        yield
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def _onednn_on(tensorflow) -> bool:
    """Whether TensorFlow runs its oneDNN kernels (read once, at its import); True when it cannot tell."""
    try:
        from tensorflow.python.util import _pywrap_util_port

        return bool(_pywrap_util_port.IsMklEnabled())
    except Exception:  # noqa: BLE001  (a private module: another TensorFlow may not have it)
        return True


def _warn_imported_first(tensorflow) -> None:
    """TensorFlow was imported before gpukit: ``_QUIET_ENV`` came too late (TensorFlow reads it at its import). Say so
    once (this runs at gpukit._tf's import) when it changed something: oneDNN on although the environment did not ask
    for it (issue 38, round 19: a right answer of 04 q3 was graded against a reference whose fused oneDNN kernel
    turned a NaN into 0)."""
    if "TF_ENABLE_ONEDNN_OPTS" in os.environ or not _onednn_on(tensorflow):
        return  # the learner's own choice, or TensorFlow's default already what gpukit sets
    warnings.warn(
        "TensorFlow was imported before gpukit, so gpukit could not set TF_ENABLE_ONEDNN_OPTS=0 (TensorFlow reads it "
        "only when it is imported): TensorFlow's oneDNN kernels are on, and float results can differ in the last bits "
        "(sums in another order; a fused MatMul + BiasAdd + Relu turns a NaN into 0) from the course's. To fix it: "
        "restart the kernel and run `import gpukit` (or the notebook's setup cell) before `import tensorflow`, or set "
        "TF_ENABLE_ONEDNN_OPTS=0 in the environment before TensorFlow is imported.",
        RuntimeWarning,
        stacklevel=2,
    )


def load():
    """Return the ``tensorflow`` module, imported with its start-up noise hidden. When TensorFlow was imported
    already, its environment settings cannot be changed any more: ``_warn_imported_first``."""
    if "tensorflow" in sys.modules:
        tensorflow = sys.modules["tensorflow"]
        _warn_imported_first(tensorflow)
        return tensorflow
    for key, value in _QUIET_ENV.items():
        os.environ.setdefault(key, value)
    with silenced_stderr(), warnings.catch_warnings():
        # Keras 3.13.0 (pyproject's lower bound), which TensorFlow imports, runs `hasattr(np, "object")`
        # at import; numpy 2.x answers with a FutureWarning, a pink block in Jupyter. Keras 3.13.2 no
        # longer does (tests/test_quiet.py, run on the lowest versions by `make test-lowest`).
        warnings.filterwarnings("ignore", message=r"In the future `np\.object`", category=FutureWarning)
        import tensorflow

        tensorflow.get_logger().setLevel(logging.ERROR)
        logging.getLogger("absl").setLevel(logging.ERROR)
    return tensorflow


tf = load()
import keras  # noqa: E402  (Keras 3, imported after TensorFlow)

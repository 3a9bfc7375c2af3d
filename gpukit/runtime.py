"""Where this code runs, read without TensorFlow (safe before it is installed).

``runtime()`` tells Colab from another Jupyter kernel from a plain script; ``accelerator()``
tells a TPU, a GPU or a CPU machine apart from environment variables and ``/dev``. Lesson 06
(``gpukit.tpu``) uses it to find a TPU; the Colab set-up (``gpukit.course.colab``) and
``python -m gpukit doctor`` report it.
"""

from __future__ import annotations

import os
import pathlib
import sys

# The folder that holds the gpukit package: in a checkout, also notebooks/, solutions/, exercises/, build/.
# The one definition (tests/test_layout.py): the launcher, the grader and ``make bench`` read it from here.
ROOT = pathlib.Path(__file__).resolve().parents[1]


def runtime() -> str:
    """``"colab"``, ``"jupyter"`` (an IPython kernel elsewhere) or ``"plain"`` (a script)."""
    if "google.colab" in sys.modules or "COLAB_RELEASE_TAG" in os.environ:
        return "colab"
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None and hasattr(ipython, "get_ipython") else None
    if shell is not None and type(shell).__name__ == "ZMQInteractiveShell":  # a kernel behind a notebook
        return "jupyter"
    return "plain"


def accelerator() -> str:
    """``"tpu"``, ``"gpu"`` or ``"cpu"``, without importing TensorFlow (safe before it is installed).

    TPU: Colab's TPU runtimes set ``COLAB_TPU_ADDR`` (older) or ``TPU_ACCELERATOR_TYPE``/``TPU_NAME``
    (TPU VMs), and TPU VMs expose ``/dev/accel*`` or ``/dev/vfio``. GPU: an NVIDIA device node."""
    if any(os.environ.get(k) for k in ("COLAB_TPU_ADDR", "TPU_ACCELERATOR_TYPE", "TPU_NAME")):
        return "tpu"
    dev = pathlib.Path("/dev")
    if any(dev.glob("accel[0-9]*")) or (dev / "vfio").is_dir() and any((dev / "vfio").glob("[0-9]*")):
        return "tpu"
    if (dev / "nvidia0").exists() or (dev / "nvidiactl").exists():
        return "gpu"
    return "cpu"

"""``python -m gpukit doctor``: the environment report a learner pastes into a question.

Python, TensorFlow and Keras versions; the TensorFlow build (which distribution, CUDA/cuDNN
versions it was built with, from ``tf.sysconfig.get_build_info()``); the runtime (Colab,
Jupyter or a plain script) and accelerator (GPU/TPU/CPU); physical and logical devices;
memory; gpukit's version and where it was installed from (a git URL and commit on Colab,
an editable checkout with ``make lab``); whether this runs under a test. TensorFlow is imported quietly and no device layout is
changed (the report shows TensorFlow's defaults unless the kernel already set them).
"""

from __future__ import annotations

import os
import platform
import sys


def _memory_gib() -> float | None:
    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
        return round(pages * size / 2**30, 1)
    except (ValueError, OSError, AttributeError):
        return None


def install_source() -> dict:
    """Where gpukit was imported from and how it was installed (pip's direct_url.json record)."""
    import importlib.metadata as metadata
    import json
    import pathlib

    location = str(pathlib.Path(__file__).resolve().parents[1])  # the gpukit package
    try:
        dist = metadata.distribution("gpukit")
    except metadata.PackageNotFoundError:
        return {"location": location, "installed": "not installed (imported from the source tree via sys.path)"}
    raw = dist.read_text("direct_url.json")
    if not raw and pathlib.Path(str(dist.locate_file(""))).resolve() == pathlib.Path(location).parent:
        return {"location": location, "installed": f"source checkout {pathlib.Path(location).parent} (on sys.path)"}
    if not raw:
        return {"location": location, "installed": f"gpukit {dist.version} from a package index"}
    info = json.loads(raw)
    url = info.get("url", "?")
    if "vcs_info" in info:
        vcs = info["vcs_info"]
        how = f"{vcs.get('vcs', 'vcs')} {url} @ {vcs.get('commit_id', '?')[:12]}"
    elif info.get("dir_info", {}).get("editable"):
        how = f"editable checkout {url}"
    else:
        how = url
    return {"location": location, "installed": how}


def tensorflow_build(tf) -> dict:
    """The TensorFlow distribution and what it was built with (CUDA/cuDNN versions, if any)."""
    from . import colab

    dist = next((d for d in colab.TENSORFLOW_DISTS if colab._installed(d)), "?")
    try:
        info = dict(tf.sysconfig.get_build_info())
    except Exception as err:  # very old or unusual builds
        info = {"error": f"{type(err).__name__}: {err}"}
    keep = ("is_cuda_build", "is_rocm_build", "is_tensorrt_build", "cuda_version", "cudnn_version", "error")
    return {"distribution": dist, **{k: info[k] for k in keep if k in info}}


def report() -> dict:
    """Collect the facts as a dict (keys are stable: tests and the grader read them)."""
    from .. import __version__, devices
    from . import colab
    from .._tf import keras, tf

    counts = devices.physical()
    gpus = []
    for gpu in tf.config.list_physical_devices("GPU"):
        details = tf.config.experimental.get_device_details(gpu)
        gpus.append(f"{gpu.name} {details.get('device_name', '?')} cc={details.get('compute_capability', '?')}")
    source = install_source()
    return {
        "gpukit": __version__,
        "gpukit_location": source["location"],
        "gpukit_installed": source["installed"],
        "runtime": colab.runtime(),
        "accelerator": colab.accelerator(),
        "python": platform.python_version(),
        "python_executable": sys.executable,
        "platform": platform.platform(),
        "tensorflow": tf.__version__,
        "tensorflow_build": tensorflow_build(tf),
        "keras": keras.__version__,
        "tools": tool_versions(),
        "cpus": os.cpu_count(),
        "memory_gib": _memory_gib(),
        "physical_devices": counts,
        "gpus": gpus,
        "logical_devices": [str(d) for d in devices.logical()],
        "built_with_cuda": tf.test.is_built_with_cuda(),
        "in_colab": "google.colab" in sys.modules or "COLAB_RELEASE_TAG" in os.environ,
        "under_test": "PYTEST_CURRENT_TEST" in os.environ or os.environ.get("CI") == "true",
    }


# The course's tools, whose versions explain most "works for me" differences
TOOLS = ("numpy", "ipywidgets", "matplotlib", "jupyterlab", "ipykernel", "nbval", "pytest", "otter-grader",
         "ray", "tf_keras", "protobuf")


def tool_versions() -> dict:
    """{tool: installed version or "not installed"}."""
    from importlib import metadata

    found = {}
    for name in TOOLS:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "not installed"
    return found


def format_report(facts: dict) -> str:
    """One ``key  value`` line per fact; a dict value (the TensorFlow build, the tools) as
    ``key: value`` pairs on one line, readable rather than a Python repr."""
    width = max(len(k) for k in facts)

    def show(value):
        if isinstance(value, dict):
            return ", ".join(f"{k}: {v}" for k, v in value.items()) or "-"
        return value

    return "\n".join(f"{k:<{width}}  {show(v)}" for k, v in facts.items())


def main() -> int:
    print("gpukit doctor: paste this into your question")
    print(format_report(report()))
    return 0

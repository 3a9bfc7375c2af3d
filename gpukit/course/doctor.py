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
import pathlib
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


def _declared(name: str):
    """The range gpukit's package metadata declares for ``name`` (a ``SpecifierSet``), or None."""
    from importlib import metadata

    from packaging.requirements import Requirement

    try:
        requires = metadata.requires("gpukit") or []
    except metadata.PackageNotFoundError:
        return None
    for line in requires:
        req = Requirement(line)
        if req.name.lower() == name and not req.marker:
            return req.specifier
    return None


def _major(version) -> int | None:
    try:
        return int(str(version).split(".")[0])
    except ValueError:
        return None


def diagnose(facts: dict, environ=None) -> list[tuple[str, str, str]]:
    """Each known mismatch in a ``report()``: ``(kind, what is wrong, the fix)``; kind "problem"
    (a lesson will fail or run on the wrong device) or "note" (worth knowing, nothing to fix for
    the course). Pure: reads ``facts`` (and ``environ`` for TF_USE_LEGACY_KERAS) only."""
    environ = os.environ if environ is None else environ
    found = []
    build = facts.get("tensorflow_build") or {}
    tools = facts.get("tools") or {}
    gpus, accelerator = facts.get("gpus") or [], facts.get("accelerator")
    cuda = build.get("is_cuda_build", facts.get("built_with_cuda"))
    if accelerator == "gpu" and not gpus:
        fix = ("the CUDA libraries TensorFlow loads are missing or do not match the driver: "
               "`pip install 'gpukit[cuda]'` (tensorflow[and-cuda]), then check `nvidia-smi`"
               if cuda else f"this TensorFlow ({build.get('distribution', '?')}) has no CUDA: "
               f"`pip install 'gpukit[cuda]'` (tensorflow[and-cuda]) in place of it")
        if environ.get("CUDA_VISIBLE_DEVICES", None) in ("", "-1"):
            fix = f"CUDA_VISIBLE_DEVICES={environ['CUDA_VISIBLE_DEVICES']!r} hides every GPU: unset it"
        found.append(("problem", "this machine has an NVIDIA GPU, but TensorFlow sees none", fix))
    elif cuda and not gpus and accelerator != "tpu":
        found.append(("note", f"TensorFlow is a CUDA build (CUDA {build.get('cuda_version', '?')}) but sees no GPU, "
                              f"so every lesson runs on the CPU (fine: each runs there)",
                      "for a GPU: on Colab, Runtime > Change runtime type > a GPU; elsewhere a machine with an "
                      "NVIDIA GPU and driver (`nvidia-smi` lists it)"))
    if accelerator == "tpu" and build.get("distribution") != "tensorflow-tpu":
        found.append(("problem", f"a TPU runtime, but TensorFlow is {build.get('distribution', '?')}, "
                                 f"not tensorflow-tpu: it cannot use the TPU",
                      "run the notebook's setup cell (gpukit.course.colab.setup() installs tensorflow-tpu 2.20), "
                      "or `pip install 'tensorflow-tpu>=2.20,<2.21'`, then restart the runtime"))
    if _major(facts.get("keras")) != 3:
        fix = "`pip install 'keras>=3.13,<4'`"
        if environ.get("TF_USE_LEGACY_KERAS") not in (None, "", "0", "false", "False"):
            fix = "unset TF_USE_LEGACY_KERAS (it turns tf.keras into Keras 2), or " + fix
        found.append(("problem", f"Keras {facts.get('keras')} is not Keras 3: the course is written for Keras 3", fix))
    for name in ("tensorflow", "keras"):
        declared = _declared(name)
        version = facts.get(name)
        if name == "keras" and _major(version) != 3:
            continue  # said above, with its own fix
        if declared is not None and version and _major(version) is not None and not declared.contains(
                str(version), prereleases=True):
            found.append(("problem", f"{name} {version} is outside the range gpukit supports ({declared})",
                          f"`pip install '{name}{declared}'`"))
    lab, widgets = tools.get("jupyterlab", "not installed"), tools.get("ipywidgets", "not installed")
    if _major(lab) == 4 and _major(widgets) == 7 and not facts.get("in_colab"):
        found.append(("problem", f"JupyterLab {lab} with ipywidgets {widgets}: JupyterLab 4 shows ipywidgets 8 "
                                 f"widgets only (the lessons' widgets would not render)",
                      "`pip install 'ipywidgets>=8.1,<9'`, then restart the kernel"))
    installed = str(facts.get("gpukit_installed", ""))
    location = facts.get("gpukit_location")
    if installed.startswith("editable checkout file://") and location:
        source = pathlib.Path(installed.removeprefix("editable checkout file://")) / "gpukit"
        if source.resolve() != pathlib.Path(location).resolve():
            found.append(("note", f"gpukit is imported from {location}, not from the checkout pip installed "
                                  f"({source.parent}): PYTHONPATH or the current folder comes first",
                          "fine if you meant it (working in another checkout); otherwise unset PYTHONPATH or "
                          "`pip install -e .` in the checkout you work in"))
    return found


def verdict(findings) -> str:
    """One line: ready, or how many problems (notes are only counted)."""
    problems = sum(1 for kind, _, _ in findings if kind == "problem")
    notes = len(findings) - problems
    also = f" ({notes} note{'s' * (notes != 1)} above)" if notes else ""
    if not problems:
        return f"verdict: ready: no known mismatch{also}"
    return f"verdict: {problems} problem{'s' * (problems != 1)} to fix, each with its fix above{also}"


def format_findings(findings) -> str:
    return "\n".join(f"{kind}: {what}\n  fix: {fix}" for kind, what, fix in findings)


def main() -> int:
    print("gpukit doctor: paste this into your question")
    facts = report()
    print(format_report(facts))
    findings = diagnose(facts)
    if findings:
        print(format_findings(findings))
    print(verdict(findings))
    return 0

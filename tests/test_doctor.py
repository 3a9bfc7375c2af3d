"""python -m gpukit doctor: what a learner pastes when asking for help (runtime, accelerator,
TensorFlow build and CUDA versions, gpukit version and install location)."""

from __future__ import annotations

import sys
import json
import pathlib

import gpukit
from gpukit.course import colab, doctor

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_report_has_what_a_helper_needs():
    facts = doctor.report()
    for key in ("gpukit", "gpukit_location", "gpukit_installed", "runtime", "accelerator", "tensorflow",
                "tensorflow_build", "keras", "physical_devices", "in_colab"):
        assert key in facts, key
    assert facts["gpukit"] == gpukit.__version__
    assert pathlib.Path(facts["gpukit_location"]) == pathlib.Path(gpukit.__file__).resolve().parent
    assert facts["runtime"] == "plain" and facts["accelerator"] == colab.accelerator()  # pytest is a plain process
    build = facts["tensorflow_build"]
    from gpukit import tf

    assert build["distribution"] in colab.TENSORFLOW_DISTS
    assert build["is_cuda_build"] == tf.test.is_built_with_cuda()
    if build["is_cuda_build"]:
        assert build["cuda_version"] and build["cudnn_version"]


def test_install_source_reads_pips_record(tmp_path, monkeypatch):
    import importlib.metadata as metadata

    class Dist:
        version = "0.1.0"

        def __init__(self, record):
            self.record = record

        def read_text(self, name):
            return self.record

        def locate_file(self, name):
            return "/nowhere/site-packages"

    cases = {
        json.dumps({"url": "https://github.com/gpukit/gpukit", "vcs_info": {"vcs": "git", "commit_id": "abcdef0123456789"}}):
            "git https://github.com/gpukit/gpukit @ abcdef012345",
        json.dumps({"url": "file:///home/me/gpukit", "dir_info": {"editable": True}}): "editable checkout file:///home/me/gpukit",
        None: "gpukit 0.1.0 from a package index",
    }
    for record, want in cases.items():
        monkeypatch.setattr(metadata, "distribution", lambda name, r=record: Dist(r))
        assert doctor.install_source()["installed"] == want

    def missing(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "distribution", missing)
    assert "source tree" in doctor.install_source()["installed"]


def test_runtime_and_accelerator_detection(monkeypatch):
    monkeypatch.setenv("COLAB_RELEASE_TAG", "release-colab_20261101")
    assert colab.runtime() == "colab"
    monkeypatch.delenv("COLAB_RELEASE_TAG")
    assert colab.runtime() in ("plain", "jupyter")
    monkeypatch.setenv("COLAB_TPU_ADDR", "10.0.0.2:8470")
    assert colab.accelerator() == "tpu"


def test_format_report_one_line_per_fact():
    text = doctor.format_report({"a": 1, "runtime": "colab"})
    assert text.splitlines() == ["a        1", "runtime  colab"]


def test_doctor_names_the_interpreter_and_the_tools_readably():
    from gpukit.course import doctor
    facts = doctor.report()
    assert facts["python_executable"] == sys.executable
    assert set(facts["tools"]) == set(doctor.TOOLS) and facts["tools"]["numpy"] != "not installed"
    text = doctor.format_report(facts)
    assert "{" not in text and "'" not in text.split("tensorflow_build", 1)[1].splitlines()[0]
    assert f"numpy: {facts['tools']['numpy']}" in text


# --- the verdict and the fixes (issue 39) --------------------------------------------------------

CLEAN = {"accelerator": "cpu", "gpus": [], "keras": "3.13.2", "tensorflow": "2.20.0", "in_colab": False,
         "tensorflow_build": {"distribution": "tensorflow", "is_cuda_build": False},
         "tools": {"jupyterlab": "4.6.6", "ipywidgets": "8.1.9"},
         "gpukit_installed": "gpukit 0.1.0 from a package index", "gpukit_location": "/x/gpukit"}


def _facts(**changes):
    facts = json.loads(json.dumps(CLEAN))
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(facts.get(key), dict):
            facts[key].update(value)
        else:
            facts[key] = value
    return facts


def test_a_clean_environment_is_ready():
    assert doctor.diagnose(CLEAN, environ={}) == []
    assert doctor.verdict([]) == "verdict: ready: no known mismatch"


def test_each_planted_mismatch_gets_its_fix():
    cases = [  # (facts, environ, kind, words in what, words in the fix)
        (_facts(accelerator="gpu", tensorflow_build={"is_cuda_build": True, "cuda_version": "12.5.1"}), {},
         "problem", "NVIDIA GPU, but TensorFlow sees none", "gpukit[cuda]"),
        (_facts(accelerator="gpu", tensorflow_build={"is_cuda_build": True}), {"CUDA_VISIBLE_DEVICES": ""},
         "problem", "sees none", "CUDA_VISIBLE_DEVICES='' hides every GPU"),
        (_facts(accelerator="gpu", tensorflow_build={"distribution": "tensorflow-cpu"}), {},
         "problem", "sees none", "has no CUDA"),
        (_facts(tensorflow_build={"is_cuda_build": True, "cuda_version": "12.5.1"}), {},
         "note", "CUDA build (CUDA 12.5.1) but sees no GPU", "Change runtime type"),
        (_facts(accelerator="tpu"), {}, "problem", "not tensorflow-tpu", "tensorflow-tpu>=2.20,<2.21"),
        (_facts(keras="2.20.0"), {}, "problem", "Keras 2.20.0 is not Keras 3", "keras>=3.13,<4"),
        (_facts(keras="2.20.0"), {"TF_USE_LEGACY_KERAS": "1"}, "problem", "not Keras 3", "unset TF_USE_LEGACY_KERAS"),
        (_facts(tensorflow="2.19.1"), {}, "problem", "tensorflow 2.19.1 is outside the range", "tensorflow<2.22,>=2.20"),
        (_facts(tools={"ipywidgets": "7.7.1"}), {}, "problem", "JupyterLab 4.6.6 with ipywidgets 7.7.1",
         "ipywidgets>=8.1,<9"),
        (_facts(gpukit_installed="editable checkout file:///elsewhere/gpukit"), {}, "note",
         "imported from /x/gpukit, not from the checkout pip installed (/elsewhere/gpukit)", "unset PYTHONPATH"),
    ]
    for facts, environ, kind, what, fix in cases:
        found = doctor.diagnose(facts, environ=environ)
        assert len(found) == 1, (what, found)
        assert found[0][0] == kind and what in found[0][1] and fix in found[0][2], found
        assert doctor.verdict(found).startswith("verdict: 1 problem to fix" if kind == "problem" else
                                                "verdict: ready: no known mismatch (1 note above)")
    # Colab keeps ipywidgets 7.7 and shows it: no problem there
    assert doctor.diagnose(_facts(tools={"ipywidgets": "7.7.1"}, in_colab=True), environ={}) == []
    assert doctor.verdict([("problem", "a", "b"), ("problem", "c", "d")]).startswith("verdict: 2 problems to fix")


def test_doctor_ends_with_its_verdict(capsys):
    assert doctor.main() == 0
    lines = capsys.readouterr().out.strip().splitlines()
    findings = doctor.diagnose(doctor.report())
    assert lines[-1] == doctor.verdict(findings)
    for kind, what, fix in findings:
        assert f"{kind}: {what}" in lines and f"  fix: {fix}" in lines

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

"""The nbraises plugin fails a notebook whose expected failure went stale, and rejects bad
declarations before the cell runs. Each case is a tiny notebook run by a real pytest + nbval."""

from __future__ import annotations

import subprocess
import sys

import nbformat
import pytest

import nbraises


def _notebook(path, source, tags=("raises-exception",), gpukit=None):
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["tags"] = list(tags)
    if gpukit is not None:
        cell.metadata["gpukit"] = gpukit
    nb = nbformat.v4.new_notebook(cells=[cell, nbformat.v4.new_code_cell("after = 1")])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)


CASES = {
    # name: (cell source, tags, declaration, expected outcome, words in the report)
    "raises_as_declared": ("raise ValueError('bad batch 7')", ("raises-exception",),
                           {"raises": "ValueError", "match": r"batch \d"}, "passed", None),
    "stale_no_error": ("x = 1", ("raises-exception",), {"raises": "ValueError"}, "failed", "raised nothing"),
    "other_error": ("raise KeyError('k')", ("raises-exception",), {"raises": "ValueError"}, "failed",
                    "raised KeyError"),
    "message_differs": ("raise ValueError('something else')", ("raises-exception",),
                        {"raises": "ValueError", "match": "placeholder"}, "failed", "does not match"),
    "undeclared": ("raise ValueError('x')", ("raises-exception",), None, "failed", "declares no error"),
    "not_an_exception": ("raise ValueError('x')", ("raises-exception",), {"raises": "dict"}, "failed",
                         "is not an exception class"),
    "declared_untagged": ("x = 1", (), {"raises": "ValueError"}, "failed", "is not tagged"),
    "tf_error_name": ("from gpukit import tf\ntf.reshape(tf.zeros(3), (2,))", ("raises-exception",),
                      {"raises": "InvalidArgumentError", "match": "reshape"}, "passed", None),
}


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    folder = tmp_path_factory.mktemp("nbraises")
    for name, (source, tags, decl, _, _) in CASES.items():
        _notebook(folder / f"{name}.ipynb", source, tags, decl)
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "nbraises", "--nbval-lax",
         "--nbval-current-env", "-o", "addopts=", "-rA", "-q", "--rootdir", str(folder), str(folder)],
        capture_output=True, text=True, timeout=300, cwd=folder,
        env={**__import__("os").environ, "PYTHONPATH": str(__import__("pathlib").Path(nbraises.__file__).parent)})
    return proc.stdout + proc.stderr


@pytest.mark.parametrize("name", sorted(CASES))
def test_plugin_outcome(outcomes, name):
    _, _, _, expected, words = CASES[name]
    lines = [l for l in outcomes.splitlines() if f"{name}.ipynb::Cell 0" in l]
    assert lines, outcomes[-3000:]
    summary = " ".join(lines)
    if expected == "passed":
        assert "PASSED" in summary and "FAILED" not in summary, outcomes[-3000:]
    else:
        assert "FAILED" in summary, outcomes[-3000:]
        assert words in outcomes, outcomes[-3000:]


def test_every_declared_name_resolves():
    for name in ("ValueError", "InvalidArgumentError", "NameError", "AssertionError"):
        assert issubclass(nbraises.exception_class(name), BaseException)
    with pytest.raises(nbraises.DeclarationError, match="not an exception class"):
        nbraises.exception_class("NoSuchError")

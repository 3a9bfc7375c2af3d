"""Structure of every committed notebook (nbval runs them; this checks how they are made).

Each lesson and solution notebook: committed without outputs; first cell is the markdown
header (title, what you learn, hardware, what changes on GPU/TPU); metadata carries
``{"gpukit": {"accelerator": ..., "budget_s": ...}}``; one code cell tagged ``parameters``;
a closing check cell that asserts. ``make bench`` times each run against ``budget_s``.
"""

from __future__ import annotations

import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb"))
SOLUTIONS = sorted((ROOT / "solutions").glob("*.ipynb"))
ALL = sorted(LESSONS + SOLUTIONS + sorted((ROOT / "exercises").glob("*.ipynb")))
HEADER_WORDS = ("what you will learn", "hardware", "gpu", "tpu")


def _load(path):
    return json.loads(path.read_text())


def _ids(paths):
    return [str(p.relative_to(ROOT)) for p in paths]


def test_there_is_a_first_lesson():
    assert (ROOT / "notebooks" / "01_mirrored_strategy.ipynb") in LESSONS


@pytest.mark.parametrize("path", ALL, ids=_ids(ALL))
def test_committed_without_outputs(path):
    for i, cell in enumerate(_load(path)["cells"]):
        if cell["cell_type"] == "code":
            assert not cell.get("outputs") and cell.get("execution_count") is None, f"cell {i} has outputs"


@pytest.mark.parametrize("path", LESSONS + SOLUTIONS, ids=_ids(LESSONS + SOLUTIONS))
def test_header_budget_parameters_and_check(path):
    nb = _load(path)
    cells = nb["cells"]
    first = cells[0]
    assert first["cell_type"] == "markdown", "the first cell must be the markdown header"
    header = "".join(first["source"])
    if header.startswith("[![Open In Colab]"):  # the badge line comes first (tests/test_colab.py checks it)
        header = header.split("\n", 1)[1] if "\n" in header else ""
    assert header.lstrip().startswith("# "), "the header starts with a '# ' title (after the Colab badge line)"
    missing = [w for w in HEADER_WORDS if w not in header.lower()]
    assert not missing, f"header does not mention {missing}"
    meta = nb["metadata"].get("gpukit", {})
    assert meta.get("accelerator") in ("cpu", "gpu", "tpu"), "metadata.gpukit.accelerator missing"
    assert isinstance(meta.get("budget_s"), (int, float)) and 0 < meta["budget_s"] <= 90
    code = [c for c in cells if c["cell_type"] == "code"]
    tagged = [c for c in code if "parameters" in c.get("metadata", {}).get("tags", [])]
    assert len(tagged) == 1, "exactly one code cell tagged 'parameters'"
    last = "".join(code[-1]["source"])
    assert "assert" in last or "check" in last, "the last code cell must check what the lesson claimed"
    # what JupyterLab writes on opening (ipykernel's kernelspec and language_info): if the file holds
    # it already, the notebook does not show as modified before anything ran (only the Python
    # version may differ from the learner's; the browser pass checks that)
    from ipykernel.ipkernel import IPythonKernel
    from ipykernel.kernelspec import get_kernel_dict

    kernel = get_kernel_dict()
    assert nb["metadata"].get("kernelspec") == {"name": "python3", "display_name": kernel["display_name"],
                                                "language": kernel["language"]}
    info = dict(nb["metadata"].get("language_info", {}))
    assert isinstance(info.pop("version", None), str), "metadata.language_info.version missing"
    assert info == {k: v for k, v in IPythonKernel.language_info.items() if k != "version"}


@pytest.mark.parametrize("path", LESSONS, ids=_ids(LESSONS))
def test_readme_lesson_map_links_every_lesson(path):
    import gpukit

    readme = (ROOT / "README.md").read_text()
    rel = str(path.relative_to(ROOT))
    assert f"]({rel})" in readme, f"README's lesson map does not link {rel}"
    colab = f"https://colab.research.google.com/github/{gpukit.REPO}/blob/main/{rel}"
    assert colab in readme, f"README has no Colab link for {rel}"


def test_a_cell_that_writes_to_stderr_fails_its_nbval_test(tmp_path):
    """tests/nbquiet.py (loaded from pyproject's addopts) turns stderr output into a failure."""
    import subprocess
    import sys

    import nbformat

    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("import sys; print('W tensorflow noise', file=sys.stderr)"),
        nbformat.v4.new_code_cell("print('quiet is fine')"),
    ])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, tmp_path / "loud.ipynb")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", str(tmp_path / "loud.ipynb"),
                           "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(ROOT)],
                          capture_output=True, text=True, timeout=180, cwd=ROOT)
    assert "1 failed, 1 passed" in done.stdout, done.stdout[-3000:]
    assert "wrote to stderr" in done.stdout and "W tensorflow noise" in done.stdout

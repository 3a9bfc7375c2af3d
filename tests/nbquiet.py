"""A pytest plugin (loaded with ``-p nbquiet`` from pyproject.toml): a notebook cell that writes
to stderr fails its nbval test.

Quiet notebooks are a course rule: TensorFlow's C++ log lines, Python warnings and progress
bars all arrive on stderr, and in JupyterLab they show as pink blocks a learner takes for an
error. nbval (in lax mode) only checks that cells run, so this plugin adds the check to the
cells nbval already executes: no second run of any notebook.
"""

from __future__ import annotations

import pytest


def stderr_text(outputs) -> str:
    """Everything a cell wrote to stderr, from nbval's list of its outputs."""
    return "".join(o.get("text", "") for o in outputs or ()
                   if o.get("output_type") == "stream" and o.get("name") == "stderr")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    result = yield
    noise = stderr_text(getattr(item, "test_outputs", None))
    if noise.strip():
        raise AssertionError(
            f"{item.nodeid} wrote to stderr (learners see a pink block):\n{noise[:2000]}\n"
            f"Silence it: import TensorFlow through gpukit, pass verbose=0, or use "
            f"gpukit._tf.silenced_stderr() around the noisy call."
        )
    return result

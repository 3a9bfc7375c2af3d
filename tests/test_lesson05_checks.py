"""Every check of lesson 05's check cell can fail: each block of the cell, run on the lesson's own
values with one bug planted (docs/decisions.md, issue 40, lists them), raises ``AssertionError``.

The lesson's code cells run once here, in this process (plots, the widget and the cell that shows an
error left out), on the 4 virtual CPUs of tests/conftest.py. Each planted bug recomputes what the
buggy code gives (a pipeline built on one device, micro-batch gradients summed, ...), then the
check cell's block that should catch it runs on those values. The timing blocks (5 and 8's measured
bubbles) are only run with a bug planted: unplanted, they compare sleeps on a shared machine.
"""

from __future__ import annotations

import dataclasses
import pathlib
import re

import nbformat
import numpy as np
import pytest

from gpukit import parallel, pipeline

ROOT = pathlib.Path(__file__).resolve().parents[1]
LESSON = ROOT / "notebooks" / "05_model_parallelism.ipynb"
LEFT_OUT = ("import matplotlib", "plt.", "parallel.explorer(")  # figures and the widget
TIMING_BLOCKS = (5, 8)


def _cells():
    nb = nbformat.read(str(LESSON), as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    check = code[-1].source
    assert check.startswith("# 1."), "the lesson's last code cell is its check cell"
    return code[:-1], check


def _blocks(check: str) -> dict[int, str]:
    """The check cell's numbered blocks (``# N. ...`` up to the next), without the final print."""
    parts = re.split(r"^# (\d+)\. ", check, flags=re.M)[1:]
    blocks = {int(n): "# " + text for n, text in zip(parts[::2], parts[1::2])}
    last = max(blocks)
    blocks[last] = blocks[last].split("\nprint(")[0]
    return blocks


@pytest.fixture(scope="module")
def lesson():
    code, check = _cells()
    ns = {}
    exec("from gpukit import tf, keras, devices, data, checks, parallel\n"  # the set-up cell, minus Colab
         "DEVICES = [d.name for d in devices.logical() if d.kind == 'CPU']\n", ns)
    for cell in code[1:]:
        if any(word in cell.source for word in LEFT_OUT) or "raises-exception" in cell.metadata.get("tags", []):
            continue
        exec(cell.source, ns)
    return ns, _blocks(check)


def _fails(lesson, block: int, **planted):
    ns, blocks = lesson
    with pytest.raises(AssertionError):
        exec(blocks[block], {**ns, **planted})


def test_the_check_cell_has_the_blocks_named_in_the_decisions(lesson):
    _, blocks = lesson
    assert sorted(blocks) == list(range(1, 10))
    decisions = (ROOT / "docs" / "decisions.md").read_text()
    section = decisions[decisions.index("## Lesson 05's checks can fail (issue 40)"):]
    for n in blocks:
        assert re.search(rf"^{n}\. ", section, flags=re.M), f"docs/decisions.md names no planted bug for check {n}"


@pytest.mark.parametrize("block", [b for b in range(1, 10) if b not in TIMING_BLOCKS])
def test_each_block_passes_on_the_lessons_values(lesson, block):
    ns, blocks = lesson
    exec(blocks[block], dict(ns))


def test_1_a_model_built_without_tf_device_fails(lesson):
    ns, _ = lesson
    keras, widths = ns["keras"], ns["WIDTHS"]
    model = keras.Sequential([keras.Input((widths[0],)), *[keras.layers.Dense(w) for w in widths[1:]]])
    _fails(lesson, 1, two_device_model=model)


def test_2_a_pipeline_that_puts_every_stage_on_the_first_device_fails(lesson):
    ns, _ = lesson
    one_device = parallel.Pipeline(ns["WIDTHS"], [ns["DEVICES"][0]] * ns["NUM_STAGES"], seed=ns["SEED"])
    _fails(lesson, 2, pipe=one_device)


def test_3_micro_batch_gradients_summed_not_averaged_fail(lesson):
    ns, _ = lesson
    x, y, m, pipe = ns["x_all"], ns["y_all"], ns["MICRO_BATCHES"], ns["pipe"]
    size = len(x) // m
    runs = [pipe.step(x[i * size:(i + 1) * size], y[i * size:(i + 1) * size], m=1) for i in range(m)]
    summed = [sum(np.asarray(r.gradients[j]) for r in runs) for j in range(len(runs[0].gradients))]
    buggy = dataclasses.replace(ns["real"]["gpipe"], gradients=summed)
    _fails(lesson, 3, real={**ns["real"], "gpipe": buggy})


def test_4_1f1b_run_in_gpipe_order_fails(lesson):
    ns, _ = lesson
    gpipe_order = ns["pipe"].step(ns["x_all"], ns["y_all"], m=ns["MICRO_BATCHES"], schedule="gpipe")
    _fails(lesson, 4, real={**ns["real"], "1f1b": gpipe_order})


def test_5_an_executor_that_does_not_wait_for_dependencies_fails(lesson, monkeypatch):
    ns, _ = lesson
    monkeypatch.setattr(pipeline, "depends_on", lambda *a, **k: [])
    p, cost = ns["NUM_STAGES"], ns["STAGE_COST_S"]
    trace = parallel.controlled_cost(parallel.make_schedule("gpipe", p, 1), cost, ns["BACKWARD_FACTOR"] * cost)
    _fails(lesson, 5, naive_trace=trace)


def test_6_a_tensor_parallel_pair_without_the_forward_all_reduce_fails(lesson):
    ns, _ = lesson
    tf, pair, x = ns["tf"], ns["pair"], ns["x_tp"]
    partial = []
    for w1, b1, w2, b2 in pair.shards:  # each device's partial output, never summed over the devices
        with tf.device(w1.device):
            partial.append(tf.nn.relu(x @ w1 + b1) @ w2 + b2)
    diff = max(ns["checks"].max_difference(out, ns["reference_out"]) for out in partial)
    _fails(lesson, 6, tp_diff=diff)


def test_7_a_claim_that_keras_model_parallel_splits_the_kernel_fails(lesson):
    split = {"keras": "3", "error": None, "placed": [("sequential/split_me/kernel", "/device:CPU:1", (8, 8))]}
    _fails(lesson, 7, outcome=split)


def test_8_an_interleaved_schedule_that_forgets_the_chunks_fails(lesson):
    ns, _ = lesson
    one_chunk = parallel.make_schedule("1f1b", ns["NUM_STAGES"], ns["MICRO_BATCHES"])
    _fails(lesson, 8, interleaved=one_chunk)


def test_9_chunks_each_on_a_device_of_their_own_fail(lesson):
    ns, _ = lesson
    stages = len(ns["WIDTHS"]) - 1
    not_interleaved = parallel.Pipeline(ns["WIDTHS"], ns["DEVICES"][:stages], seed=ns["SEED"])
    _fails(lesson, 9, chunked=not_interleaved)

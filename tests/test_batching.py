"""gpukit.batching: the batch arithmetic is plain Python, importable (and re-exported by data,
accumulation, memory) without TensorFlow."""

from __future__ import annotations

import pytest

from gpukit import batching


def test_batch_arithmetic_does_not_need_tensorflow(fresh_python):
    code = (
        "import sys\n"
        "from gpukit.batching import AccumSizes, BatchSizes, accum_sizes, apportion, batch_sizes, even\n"
        "from gpukit.data import BatchSizes as B2\n"
        "from gpukit import memory\n"
        "assert B2 is BatchSizes\n"
        "assert batch_sizes(4, global_batch_size=64) == BatchSizes(64, 16, 4)\n"
        "assert accum_sizes(2, 64, 4) == AccumSizes(64, 16, 8, 2, 4)\n"
        "assert even(10, 4) == [3, 3, 2, 2] and apportion(64, [2.0, 1.0, 1.0], [64] * 3) == [32, 16, 16]\n"
        "assert 'tensorflow' not in sys.modules, 'batch arithmetic imported TensorFlow'\n"
    )
    result = fresh_python(code, timeout=60)
    assert result.returncode == 0, result.stderr


def test_splits_sum_and_respect_caps():
    assert sum(batching.largest_remainder(7, [1.0, 1.0, 1.0])) == 7
    assert batching.apportion(10, [1.0, 1.0], [3, 10]) == [3, 7]
    assert batching.smallest_accum_steps(256, 4, 24) == 4
    with pytest.raises(ValueError, match="smaller than the 3 replicas"):
        batching.even(2, 3)
    with pytest.raises(ValueError, match="must be > 0"):
        batching.check_capacities([1, 0])

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


# Each test below kills a mutant that survived (issue 40): a change to the code that the tests above let pass.

def test_largest_remainder_hands_the_leftover_units_to_the_largest_remainders():
    # quotas of 10 over weights 1 : 2 : 3.5 are 1.54, 3.08, 5.38: floors 1 + 3 + 5 = 9, one unit left,
    # which goes to the largest remainder (0.54, the first share), not the smallest (0.08, the second)
    assert batching.largest_remainder(10, [1.0, 2.0, 3.5]) == [2, 3, 5]
    # 7 over 1 : 1 : 1 (remainders 1/3 each): the tie goes to the lowest indices
    assert batching.largest_remainder(7, [1.0, 1.0, 1.0]) == [3, 2, 2]
    # weights summing to the total are the quotas: 2.9, 2.6, 1.3, 2.2; floors 7, two units left for
    # the remainders 0.9 and 0.6
    assert batching.largest_remainder(9, [2.9, 2.6, 1.3, 2.2]) == [3, 3, 1, 2]


def test_batch_sizes_from_the_per_replica_batch():
    assert batching.batch_sizes(4, per_replica_batch_size=16) == batching.BatchSizes(64, 16, 4)
    assert batching.batch_sizes(1, per_replica_batch_size=3) == batching.BatchSizes(3, 3, 1)
    with pytest.raises(ValueError, match="exactly one of"):
        batching.batch_sizes(2, global_batch_size=8, per_replica_batch_size=4)
    with pytest.raises(ValueError, match="exactly one of"):
        batching.batch_sizes(2)
    with pytest.raises(ValueError, match="per_replica_batch_size=0"):
        batching.batch_sizes(2, per_replica_batch_size=0)


def test_apportion_lends_a_unit_to_a_share_that_rounded_to_zero():
    # 10 over 100 : 1 rounds to [10, 0] (quotas 9.90 and 0.10); every replica needs an example,
    # so the biggest share lends one: [9, 1]
    assert batching.largest_remainder(10, [100.0, 1.0]) == [10, 0]
    assert batching.apportion(10, [100.0, 1.0], [10, 10]) == [9, 1]
    # the lender is the biggest share (the first of equals), the others keep theirs
    assert batching.apportion(12, [50.0, 50.0, 1.0], [12, 12, 12]) == [5, 6, 1]


def test_check_capacities_wants_one_per_replica():
    assert batching.check_capacities([2, 1], num_replicas=2) == [2.0, 1.0]
    with pytest.raises(ValueError, match=r"2 capacities for 3 replicas: give exactly one per replica"):
        batching.check_capacities([2, 1], num_replicas=3)
    with pytest.raises(ValueError, match=r"3 memory for 2 replicas"):
        batching.check_capacities([2, 1, 1], num_replicas=2, name="memory")

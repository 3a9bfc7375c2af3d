import numpy as np
import pytest

from gpukit import data, strategies, tf


def test_digits_is_offline_and_normalised():
    (xt, yt), (xv, yv) = data.digits()
    assert xt.shape[1:] == (64,) and len(xt) + len(xv) == 1797
    assert 0.0 <= xt.min() and xt.max() <= 1.0
    assert set(np.unique(yt)) == set(range(10))
    (xi, _), _ = data.digits(image=True)
    assert xi.shape[1:] == (8, 8, 1)


def test_synthetic_is_reproducible_and_any_shape():
    x1, y1 = data.synthetic(100, shape=(4, 4, 3), seed=1)
    x2, y2 = data.synthetic(100, shape=(4, 4, 3), seed=1)
    assert x1.shape == (100, 4, 4, 3) and np.array_equal(x1, x2) and np.array_equal(y1, y2)
    with pytest.raises(ValueError, match="positive int"):
        data.synthetic(0)


def test_load_falls_back_to_digits_offline():
    with pytest.warns(UserWarning, match="bundled digits"):
        (xt, _), _ = data.load("mnist")
    assert xt.shape[1:] == (8, 8, 1)
    with pytest.raises(ValueError, match="unknown dataset"):
        data.load("imagenet")


def test_batch_arithmetic():
    sizes = data.batch_sizes(4, global_batch_size=64)
    assert (sizes.per_replica_batch_size, sizes.global_batch_size) == (16, 64)
    assert str(sizes).endswith("16 x 4 = 64")
    assert data.batch_sizes(4, per_replica_batch_size=8).global_batch_size == 32


def test_indivisible_global_batch_proposes_the_nearest_valid_sizes():
    with pytest.raises(ValueError, match="use 28 or 32"):
        data.batch_sizes(4, global_batch_size=30)


@pytest.mark.parametrize("kwargs, match", [
    ({"global_batch_size": 2}, "smaller than num_replicas"),
    ({"global_batch_size": 0}, "positive int"),
    ({}, "exactly one"),
    ({"global_batch_size": 8, "per_replica_batch_size": 2}, "exactly one"),
])
def test_bad_batch_sizes(kwargs, match):
    with pytest.raises(ValueError, match=match):
        data.batch_sizes(4, **kwargs)


def test_distribute_splits_the_global_batch_over_replicas():
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    x, y = data.synthetic(70, shape=(3,))
    dist, sizes = data.distribute(strategy, x, y, global_batch_size=16)
    batches = list(dist)
    assert len(batches) == 70 // 16  # remainder dropped
    per_replica = strategy.experimental_local_results(batches[0][0])
    assert [int(t.shape[0]) for t in per_replica] == [8, 8]
    assert sizes.per_replica_batch_size == 8


def test_distribute_rejects_mismatched_or_too_small_inputs():
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    x, y = data.synthetic(10, shape=(3,))
    with pytest.raises(ValueError, match="must match"):
        data.distribute(strategy, x, y[:5], global_batch_size=4)
    with pytest.raises(ValueError, match="no batch would be left"):
        data.distribute(strategy, x, y, global_batch_size=16)
    with pytest.raises(ValueError, match="not divisible"):
        data.distribute(strategy, x, y, global_batch_size=5)


def test_check_batched_names_the_problem():
    x, y = data.synthetic(32, shape=(6,))
    unbatched = tf.data.Dataset.from_tensor_slices((x, y))
    with pytest.raises(ValueError, match="not batched"):
        data.check_batched(unbatched, (6,))
    with pytest.raises(ValueError, match="takes"):
        data.check_batched(unbatched.batch(8), (5,))
    with pytest.raises(ValueError, match=r"\(x, y\) pairs"):
        data.check_batched(tf.data.Dataset.from_tensor_slices(x).batch(8), (6,))
    with pytest.raises(ValueError, match="batched by 8"):
        data.check_batched(unbatched.batch(8, drop_remainder=True), (6,), global_batch_size=16)
    data.check_batched(unbatched.batch(8, drop_remainder=True), (6,), global_batch_size=8)

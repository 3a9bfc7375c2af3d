import pytest

from gpukit import strategies, tf


def test_pick_mirrors_over_the_virtual_cpus():
    strategy, reason = strategies.pick()
    assert isinstance(strategy, tf.distribute.MirroredStrategy)
    assert strategy.num_replicas_in_sync == 4
    assert "4 virtual CPUs" in reason


def test_mirrored_reduces_to_one_device_by_default():
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    assert strategy.num_replicas_in_sync == 2
    assert isinstance(strategy.extended._cross_device_ops, tf.distribute.ReductionToOneDevice)


def test_mirrored_refuses_devices_that_do_not_exist():
    # TensorFlow itself would silently run "/cpu:7" on CPU:0
    with pytest.raises(ValueError, match="do not exist"):
        strategies.mirrored(["/cpu:0", "/cpu:7"])


def test_mirrored_refuses_an_empty_device_list():
    with pytest.raises(ValueError, match="empty"):
        strategies.mirrored([])

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


def test_tensorflow_falls_back_from_nccl_on_logical_gpus_of_one_card():
    """Lesson 01's statement about one GPU split into logical GPUs (Colab's T4; not run here),
    pinned to the TensorFlow installed: its default cross-device choice compares logical with
    physical GPUs and, when they differ, reduces to one device with this warning."""
    import inspect

    from tensorflow.python.distribute import cross_device_ops

    source = inspect.getsource(cross_device_ops.select_cross_device_ops)
    assert "len(logical_gpus) != len(physical_gpus)" in source
    assert '"NCCL is not supported when using virtual GPUs, falling"' in source
    assert "ReductionToOneDevice" in source.split("virtual GPUs")[1].split("\n\n")[0]

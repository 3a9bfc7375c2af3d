"""Each error in docs/troubleshooting.md that can be reproduced, reproduced.

These pin *TensorFlow/Keras* behaviour: when one starts failing, an upgrade changed the
behaviour and the troubleshooting entry (and maybe a lesson) needs updating.
"""

import pathlib

import pytest

from gpukit import keras, models, strategies, tf

DOC = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "troubleshooting.md").read_text()

NAIVE_CTL = """
from gpukit import devices, data, models, tf, keras
devices.setup(virtual=2)
(x, y), _ = data.digits()
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])   # default: collective all-reduce
with strategy.scope():
    model = models.mlp(seed=0)
    optimizer = keras.optimizers.Adam()                           # not built before the first step
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
def replica_step(xb, yb):
    with tf.GradientTape() as tape:
        loss = tf.nn.compute_average_loss(loss_fn(yb, model(xb)), global_batch_size=64)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
@tf.function
def step(batch):
    strategy.run(replica_step, args=batch)
ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(64, drop_remainder=True)
for batch in strategy.experimental_distribute_dataset(ds.take(2)):
    step(batch)
print("trained")
"""


def _documented(message):
    assert message in DOC, f"docs/troubleshooting.md lacks the entry for: {message}"


def test_naive_keras3_ctl_fails_with_placeholder_error(fresh_python):
    message = "You must feed a value for placeholder tensor"
    _documented(message)
    result = fresh_python(NAIVE_CTL)
    assert result.returncode != 0 and "trained" not in result.stdout
    assert message in result.stderr


def test_naive_ctl_works_once_the_optimizer_is_built_and_reduction_is_to_one_device(fresh_python):
    fixed = NAIVE_CTL.replace(
        'strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])',
        'strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"], cross_device_ops=tf.distribute.ReductionToOneDevice())',
    ).replace("optimizer = keras.optimizers.Adam()", "optimizer = keras.optimizers.Adam(); optimizer.build(model.trainable_variables)")
    result = fresh_python(fixed)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "trained" in result.stdout


def test_keras3_metrics_have_no_reset_states():
    message = "object has no attribute 'reset_states'"
    _documented(message)
    with pytest.raises(AttributeError, match=message):
        keras.metrics.Mean().reset_states()
    keras.metrics.Mean().reset_state()  # the Keras 3 spelling


def test_optimizer_created_outside_scope_mixes_strategies():
    message = "Mixing different tf.distribute.Strategy objects"
    _documented(message)
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    model = models.mlp(seed=0, strategy=strategy)

    def one_step(optimizer):
        def replica_step():
            grads = [tf.ones_like(v) for v in model.trainable_variables]
            optimizer.apply_gradients(zip(grads, model.trainable_variables))

        tf.function(lambda: strategy.run(replica_step))()

    with pytest.raises(RuntimeError, match=message):
        one_step(keras.optimizers.Adam())  # created outside the scope: slots cannot be made
    sgd = keras.optimizers.SGD()  # outside the scope too: no slots, so no error, but...
    one_step(sgd)
    assert int(sgd.iterations.numpy()) == 2  # ...one step counted once per replica
    _documented("counts every step once per replica")


def test_optimizer_built_for_an_unbuilt_model():
    message = "This optimizer can only be called for the variables it was originally built with"
    _documented(message)
    model = keras.Sequential([keras.layers.Dense(2)])  # no Input: no variables yet
    optimizer = keras.optimizers.Adam()
    optimizer.build(model.trainable_variables)  # builds for nothing
    model.build((None, 3))
    grads = [tf.zeros_like(v) for v in model.trainable_variables]
    with pytest.raises(ValueError, match=message):
        optimizer.apply_gradients(zip(grads, model.trainable_variables))


def test_virtual_devices_cannot_change_after_start(fresh_python):
    message = "Virtual devices cannot be modified after being initialized"
    _documented(message)
    result = fresh_python(
        "import tensorflow as tf\n"
        "cpu = tf.config.list_physical_devices('CPU')[0]\n"
        "tf.config.list_logical_devices()\n"
        "tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)\n"
    )
    assert result.returncode != 0 and message in result.stderr


def test_collective_permute_has_no_cpu_kernel():
    """Lesson 10's ring cannot use TensorFlow's permute collective on CPUs (TPU/XLA only)."""
    message = "No OpKernel was registered to support Op 'CollectivePermute'"
    _documented(message)

    @tf.function
    def permute(x):
        return tf.raw_ops.CollectivePermute(input=x, source_target_pairs=[[0, 1], [1, 0]])

    with pytest.raises(tf.errors.InvalidArgumentError, match=message):
        permute(tf.ones(2))


def test_collective_all_to_all_has_no_registered_gradient():
    """gpukit.experts supplies the reverse all-to-all as the gradient; TensorFlow registers none."""
    from tensorflow.python.framework import ops

    _documented("gradient registry has no entry for: CollectiveAllToAllV2")
    with pytest.raises(LookupError, match="gradient registry has no entry for: CollectiveAllToAllV2"):
        ops._gradient_registry.lookup("CollectiveAllToAllV2")


@pytest.mark.parametrize("call, message", [
    (lambda: __import__("gpukit.ring_attention").ring_attention.split_sequence(3, 4), "is shorter than num_devices=4: a device would hold no token"),
    (lambda: __import__("gpukit.experts").experts.place_experts(6, 4), "does not split evenly over 4 devices; use a multiple of 4"),
    (lambda: __import__("gpukit.experts").experts.capacity(64, 8, 0), "capacity_factor=0 must be a number > 0"),
    (lambda: __import__("gpukit.ring_attention").ring_attention.require_unsplit_fits(131_072, 32, 20e9, 2),
     "training holds 3 such matrices at once"),
])
def test_lesson_10_refusals_are_documented(call, message):
    with pytest.raises(ValueError, match=message):
        call()
    _documented(message)

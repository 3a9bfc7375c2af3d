"""Pick the distribution strategy that fits the hardware, and say why (lesson 01).

``pick()`` looks at what ``gpukit.devices.setup`` left and returns a ``Choice``
(unpack it: ``strategy, reason = gpukit.strategies.pick()``):

==========================  ==============================================================
hardware                    strategy
==========================  ==============================================================
a TPU runtime               ``TPUStrategy`` (lesson 06 covers connecting and fallbacks)
several GPUs                ``MirroredStrategy`` over the GPUs
one GPU                     ``OneDeviceStrategy`` on it (nothing to mirror)
several (virtual) CPUs      ``MirroredStrategy`` over the logical CPUs
one CPU                     ``OneDeviceStrategy`` on the CPU
==========================  ==============================================================

``central_storage()`` builds the other single-machine strategy lesson 02 compares:
``CentralStorageStrategy`` (variables kept once, on one device).

Why ``mirrored()`` passes ``cross_device_ops=tf.distribute.ReductionToOneDevice()``:
on TensorFlow 2.21 / Keras 3 the default collective all-reduce breaks Keras 3 custom
training loops. Keras creates optimizer slot variables lazily *inside* the first
``tf.function`` step, wrapped in a ``tf.cond``; the collective all-reduce loses its
instance key inside that cond and the step dies with "You must feed a value for
placeholder tensor". Reducing to one device uses plain copies instead of collectives, so
it works (we also build the optimizer before the first step, see ``gpukit.training``).
It also lets one process hold strategies with different replica counts (collectives
abort with "group has size 2" otherwise), which tests and notebooks need. On many real
GPUs pass ``cross_device_ops=tf.distribute.NcclAllReduce()`` for speed once your loop
builds its optimizer up front; lesson 07 measures the difference.
"""

from __future__ import annotations

import dataclasses

from . import devices
from ._tf import tf


@dataclasses.dataclass
class Choice:
    """A strategy and the one-line reason it was chosen. Unpacks as ``(strategy, reason)``."""

    strategy: tf.distribute.Strategy
    reason: str

    def __iter__(self):
        return iter((self.strategy, self.reason))


def mirrored(device_names=None, cross_device_ops=None) -> tf.distribute.MirroredStrategy:
    """A ``MirroredStrategy`` that works with Keras 3 custom loops (see the module docstring).

    Args:
        device_names: devices to mirror over; default: the accelerators, else all CPUs.
        cross_device_ops: how gradients are summed; default ``ReductionToOneDevice()``.
    """
    names = list(device_names) if device_names is not None else devices.replica_devices()
    if not names:
        raise ValueError("device_names is empty; pass e.g. ['/cpu:0', '/cpu:1'] or leave it out")
    known = {d.name.lower().replace("/device:", "/") for d in devices.logical()}
    missing = [n for n in names if n.lower().replace("/device:", "/") not in known]
    if missing:
        # TensorFlow would silently put a missing /CPU:3 on CPU:0: refuse instead.
        raise ValueError(
            f"devices {missing} do not exist (have {sorted(known)}); call "
            f"gpukit.devices.setup(virtual=N) with a larger N first, then restart the kernel"
        )
    ops = cross_device_ops if cross_device_ops is not None else tf.distribute.ReductionToOneDevice()
    return tf.distribute.MirroredStrategy(names, cross_device_ops=ops)


def pick(cross_device_ops=None) -> Choice:
    """Return the strategy for this hardware with a one-line reason."""
    counts = devices.physical()
    if counts["TPU"]:
        resolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu="local")
        tf.config.experimental_connect_to_cluster(resolver)
        tf.tpu.experimental.initialize_tpu_system(resolver)
        strategy = tf.distribute.TPUStrategy(resolver)
        return Choice(strategy, f"TPU runtime: TPUStrategy over {strategy.num_replicas_in_sync} TPU cores")
    names = devices.replica_devices()
    kind = "GPU" if "GPU" in names[0].upper() else "CPU"
    if len(names) == 1:
        what = "one GPU" if kind == "GPU" else "one CPU and no accelerator"
        return Choice(tf.distribute.OneDeviceStrategy(names[0]), f"{what}: OneDeviceStrategy, nothing to mirror")
    strategy = mirrored(names, cross_device_ops)
    source = "GPUs" if kind == "GPU" else "virtual CPUs (a laptop stand-in for GPUs)"
    return Choice(strategy, f"{len(names)} {source}: MirroredStrategy, one replica per device")


def central_storage(compute_devices=None, parameter_device: str = "/cpu:0"):
    """``CentralStorageStrategy``: one process, the replicas compute on ``compute_devices``
    (default: every logical device), the variables live once on ``parameter_device``.
    Fits one machine whose accelerators cannot hold a copy of the weights each, or when the
    weights are large and the devices few; the updates are synchronous like Mirrored."""
    names = list(compute_devices) if compute_devices is not None else devices.replica_devices()
    return tf.distribute.experimental.CentralStorageStrategy(compute_devices=names,
                                                             parameter_device=parameter_device)

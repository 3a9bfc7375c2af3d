"""Lesson 09's memory claim, measured by TensorFlow's allocator in a process of its own (the
allocator keeps CPU statistics only when TF_CPU_ALLOCATOR_USE_BFC=true is set before TensorFlow
starts). Prints one line MEMORY<json>: {stage: {"resident", "peak", "num_params"}}, totals over
the replicas. argv[1]: a planted bug to apply first, or "none"; argv[2]: the stages to run, e.g. 0123."""

import json
import os
import sys

os.environ["TF_CPU_ALLOCATOR_USE_BFC"] = "true"

from gpukit import data, devices, keras, strategies, zero  # noqa: E402

devices.setup(virtual=4)
bug = sys.argv[1] if len(sys.argv) > 1 else "none"
if bug == "keep-gathered":  # stage 3 keeps each layer's gathered weights from the forward for the backward
    original = zero.ZeroTrainer._weights_of

    def _weights_of(self, tf, replica, index, first):
        get, cache = original(self, tf, replica, index, first), []
        return lambda: cache or cache.extend(get()) or cache
    zero.ZeroTrainer._weights_of = _weights_of
elif bug == "reduce-after-backward":  # stage 2 reduce-scatters only after the whole backward, like stage 1
    original_step = zero.ZeroTrainer._replica_step

    def _replica_step(self, *args):
        self.stage = 1 if self.stage == 2 else self.stage
        try:
            return original_step(self, *args)
        finally:
            self.stage = 2 if self._stage_asked == 2 else self.stage
    init = zero.ZeroTrainer.__init__

    def __init__(self, strategy, model, stage, **kw):
        self._stage_asked = stage
        init(self, strategy, model, stage, **kw)
        if stage == 2:  # a whole gradient buffer, as stage 1 has
            from gpukit import tf
            for r, device in enumerate(self.devices):
                with tf.device(device):
                    self.vars[r]["gradients"] = [tf.Variable(tf.zeros(s.shape), trainable=False) for s in self.shards]
    zero.ZeroTrainer.__init__ = __init__
    zero.ZeroTrainer._replica_step = _replica_step

(x_all, y_all), _ = data.digits()
x, y = x_all[:64].astype("float32") / 16, y_all[:64]
strategy = strategies.mirrored([f"/cpu:{i}" for i in range(4)])
out = {}
stages = [int(c) for c in sys.argv[2]] if len(sys.argv) > 2 else [0, 1, 2, 3]
for stage in stages:
    keras.utils.set_random_seed(0)
    model = zero.memory_demo_model()
    peaks = []
    for _ in range(2):  # the lesser of two: the order of independent ops varies with load
        got = zero.measure_memory(strategy, model, stage, x, y)
        peaks.append((got["peak"], got["resident"]))
        num_params = got["trainer"].num_params
        del got
    out[stage] = {"peak": min(peaks)[0], "resident": min(peaks)[1], "num_params": num_params}
print("MEMORY" + json.dumps(out))

"""The memory probes' programs, run in a fresh Python process by ``gpukit.launch.processes.ChildProbe``:
``python -m gpukit.launch.probe PROGRAM '<json args>'`` prints one line ``PEAK<json>``.

A fresh process because TensorFlow counts CPU allocations only when ``TF_CPU_ALLOCATOR_USE_BFC=true``
is set before it starts (the probe sets it for the child). Programs (lesson 04):

- ``accumulation``: peak memory of one accumulated update per ``accum_steps``
  (``gpukit.accumulation.PeakMemoryProbe``);
- ``levers``: peak memory and seconds per example of plain, accumulated, recomputed and both
  (``gpukit.recompute.PeakProbe``);
- ``attention`` (lesson 10): peak memory of one training step of full attention and of ring attention
  with and without its recomputing backward (``gpukit.ring_attention.PeakProbe``);
- ``plan`` (lesson 11): the state, the step's peak and its seconds for a small GPT
  (``gpukit.plan.measure_here``).

The peak is the least of three updates: the order in which TensorFlow runs independent ops, and so
the peak, varies with the machine's load.
"""

from __future__ import annotations

import gc
import json
import sys
import time


def accumulation(args: dict) -> dict:
    """``{accum_steps: peak bytes}`` of one update of an MLP (``inputs``-``hidden``-10, Adam, one device)."""
    from gpukit import accumulation as acc_module
    from gpukit import data, devices, keras, models, tf

    devices.setup(virtual=1)
    x, y = data.synthetic(args["global_batch_size"], shape=(args["inputs"],))
    strategy = tf.distribute.get_strategy()
    info = tf.config.experimental.get_memory_info
    out = {}
    for k in args["accum_steps"]:
        gc.collect()
        baseline = info("CPU:0")["current"]        # whatever earlier rounds left behind
        model = models.mlp(input_shape=(args["inputs"],), hidden=tuple(args["hidden"]), seed=0)
        acc = acc_module.Accumulator(strategy, model, keras.optimizers.Adam(1e-3),
                                     global_batch_size=args["global_batch_size"], accum_steps=k)
        dist, _ = data.distribute(strategy, x, y, global_batch_size=acc.sizes.micro_batch_size)
        for b in dist:                             # one update to trace the step functions
            acc.micro_step(b)
        peaks = []
        for _ in range(3):                         # the measured update, thrice: the least peak
            tf.config.experimental.reset_memory_stats("CPU:0")
            for b in dist:
                acc.micro_step(b)
            peaks.append(info("CPU:0")["peak"] - baseline)
        out[k] = min(peaks)
        del model, acc, dist, b
    return out


def levers(configs: list) -> dict:
    """``{name: [peak bytes, seconds per example]}`` of one update per config (``recompute.levers``)."""
    import numpy as np

    from gpukit import accumulation as acc_module
    from gpukit import data, devices, keras, recompute, tf, training

    # One op at a time: with parallel ops the order, and so the peak, changed with the machine's load
    # (CI once measured recomputation above plain); one at a time, plain's peak repeats to 0.1 MiB.
    tf.config.threading.set_inter_op_parallelism_threads(1)
    devices.setup(virtual=1)
    strategy = tf.distribute.get_strategy()
    info = tf.config.experimental.get_memory_info
    out = {}
    for c in configs:
        gc.collect()
        baseline = info("CPU:0")["current"]
        x, y = data.synthetic(c["batch"], shape=(c["inputs"],))
        blocks = recompute.build_blocks(c["inputs"], c["num_blocks"], c["layers_per_block"], c["units"])
        model = recompute.RecomputedModel(blocks, recompute=c["recompute"])
        optimizer = keras.optimizers.Adam(1e-3)
        k = c["accum_steps"]
        if k == 1:
            step = training.make_train_step(strategy, model, optimizer, c["batch"])
            batches = [(tf.constant(x), tf.constant(y))]

            def update():
                return step(batches[0])[0]
        else:
            acc = acc_module.Accumulator(strategy, model, optimizer, global_batch_size=c["batch"], accum_steps=k)
            m = c["batch"] // k
            batches = [(tf.constant(x[i * m:(i + 1) * m]), tf.constant(y[i * m:(i + 1) * m])) for i in range(k)]

            def update():
                for b in batches:
                    loss = acc.micro_step(b)[0]
                return loss
        float(update())                            # trace
        peaks = []
        for _ in range(3):                         # the measured update, thrice: the least peak
            tf.config.experimental.reset_memory_stats("CPU:0")
            float(update())
            peaks.append(info("CPU:0")["peak"] - baseline)
        peak = min(peaks)
        times = []
        for _ in range(c["repeats"]):
            start = time.perf_counter()
            float(update())
            times.append((time.perf_counter() - start) / c["batch"])
        out[c["name"]] = [peak, float(np.median(times))]
        del model, blocks, optimizer, batches, update
        step = acc = None
    return out


def attention(args: dict) -> dict:
    """``{way: peak bytes}`` of one forward and backward of attention (``gpukit.ring_attention.WAYS``)."""
    import numpy as np

    from gpukit import ring_attention, devices, strategies, tf

    # one op at a time: the peak then depends on the program, not on how busy the machine is
    tf.config.threading.set_inter_op_parallelism_threads(1)
    devices.setup(virtual=args["num_devices"])
    strategy = strategies.mirrored([f"/cpu:{i}" for i in range(args["num_devices"])])
    info = tf.config.experimental.get_memory_info
    rng = np.random.default_rng(0)
    shape = (args["batch"], args["seq_len"], args["heads"], args["head_dim"])
    q, k, v, dy = (tf.constant(rng.normal(size=shape).astype("float32")) for _ in range(4))
    attend = {"full attention": lambda q, k, v: ring_attention.full_attention(q, k, v, causal=args["causal"]),
              "ring, recomputed": ring_attention.RingAttention(strategy, causal=args["causal"]),
              "ring, every block kept": ring_attention.RingAttention(strategy, causal=args["causal"], recompute=False)}

    def train_step(way):
        with tf.GradientTape() as tape:
            tape.watch([q, k, v])
            loss = tf.reduce_sum(attend[way](q, k, v) * dy)
        return [g.numpy() for g in tape.gradient(loss, [q, k, v])]

    out = {}
    for way in args["ways"]:
        train_step(way)                            # trace: not measured
        gc.collect()
        baseline = info("CPU:0")["current"]        # q, k, v, dy and whatever earlier rounds left
        peaks = []
        for _ in range(args["repeats"]):
            tf.config.experimental.reset_memory_stats("CPU:0")
            train_step(way)
            peaks.append(info("CPU:0")["peak"] - baseline)
        out[way] = min(peaks)
    return out


def plan(args: dict) -> dict:
    """``{"params", "state", "peaks": {batch: bytes}, "seconds": {batch: s}}`` of ``plan.keras_lm``
    trained with Adam in float32 on one CPU device."""
    import numpy as np

    from gpukit import devices, keras, tf
    from gpukit import plan as plan_module

    # one op at a time: the peak then depends on the program, not on how busy the machine is
    tf.config.threading.set_inter_op_parallelism_threads(1)
    devices.setup(virtual=1)
    m = plan_module.Model(**args["model"])
    info = tf.config.experimental.get_memory_info
    gc.collect()
    base = info("CPU:0")["current"]
    net = plan_module.keras_lm(m)
    opt = keras.optimizers.Adam(1e-3)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    @tf.function(reduce_retracing=True)
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, net(x, training=True))
        grads = tape.gradient(loss, net.trainable_variables)
        opt.apply_gradients(zip(grads, net.trainable_variables))
        return loss

    rng = np.random.default_rng(0)
    out = {"params": net.count_params(), "peaks": {}, "seconds": {}}
    for b in args["batches"]:
        x = tf.constant(rng.integers(0, m.vocab, (b, m.seq)), tf.int32)
        step(x, x)                                          # trace, build Adam's moments
        if "state" not in out:                              # weights + Adam's moments (+ its step counter)
            out["state"] = info("CPU:0")["current"] - base - x.shape.num_elements() * 4
        peaks, times = [], []
        for _ in range(3):                                  # the least of three: the op order varies with load
            before = info("CPU:0")["current"]
            tf.config.experimental.reset_memory_stats("CPU:0")
            start = time.perf_counter()
            float(step(x, x))
            times.append(time.perf_counter() - start)
            peaks.append(info("CPU:0")["peak"] - before)
        out["peaks"][b] = min(peaks)
        out["seconds"][b] = sorted(times)[1]
    return out


PROGRAMS = {"accumulation": accumulation, "levers": levers, "attention": attention, "plan": plan}


def main(argv) -> int:
    if len(argv) != 2 or argv[0] not in PROGRAMS:
        print(f"usage: python -m gpukit.launch.probe {{{','.join(PROGRAMS)}}} '<json args>'", file=sys.stderr)
        return 2
    print("PEAK" + json.dumps(PROGRAMS[argv[0]](json.loads(argv[1]))), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

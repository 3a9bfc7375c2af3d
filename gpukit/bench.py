"""Why more devices are not faster: fair timing, the all-reduce, the input pipeline (lesson 07).

Top to bottom:

1. **Fair step timing** (``time_steps``): the first call of a ``tf.function`` traces it, the
   next few fill caches; both are reported apart (``Timing.first_s``, ``Timing.warmup_s``) and
   never mixed into the steady state, which is ``repeats`` timed steps summarised by their
   median, spread and samples/s. ``step_timing`` / ``compare_strategies`` time the gpukit
   custom training loop under several strategies on the *same* global batch.
2. **Compute vs communication**: ``allreduce_timing`` / ``allreduce_sweep`` time one
   all-reduce of a gradient-sized tensor per cross-device implementation (a failure is
   recorded as such, e.g. NCCL on CPUs); ``ring_allreduce_seconds`` is the cost model
   ``2 (n-1) x latency + 2 (n-1)/n x bytes / bandwidth`` with ``INTERCONNECTS`` (nominal figures),
   ``fit_ring_model`` fits its latency and bandwidth to a measured sweep;
   ``predict_step_seconds`` and ``break_even_batch`` say when adding devices pays off.
3. **Input pipeline**: ``slow_dataset`` (a simulated slow read per batch) with and without
   ``cache``, ``prefetch(AUTOTUNE)`` and parallel ``map``; ``input_or_compute`` times the input
   alone and the step alone to tell an input-bound step from a compute-bound one.
4. **Profiling**: ``profile_steps`` writes a TensorBoard profiler trace of a few steps;
   ``trace_summary`` reads it back (no TensorBoard needed) and lists where the time went.

5. **The figure**: ``scaling_figure`` draws samples/s per strategy beside the cost model.

Speed is measured and printed, never asserted in tests (timings on a shared machine are noise plus
signal): ``make bench`` (``gpukit.course.timings``) runs this code and every lesson. Everything in sections 1-2 that is arithmetic needs no TensorFlow.
"""

from __future__ import annotations

import dataclasses
import math
import pathlib
import statistics
import time

from . import hardware
from ._args import whole


def epoch_timer():
    """A Keras callback that appends each epoch's wall seconds to its ``seconds`` list:
    ``model.fit(..., callbacks=[timer])`` (lessons 01 and 07; ``make bench``). The first epoch holds the
    tracing of the step: read the later ones."""
    from ._tf import keras

    class EpochTimer(keras.callbacks.Callback):
        def __init__(self):
            super().__init__()
            self.seconds = []

        def on_epoch_begin(self, epoch, logs=None):
            self._start = time.perf_counter()

        def on_epoch_end(self, epoch, logs=None):
            self.seconds.append(time.perf_counter() - self._start)

    return EpochTimer()


def median_seconds(fn, repeats: int = 5, warmup: int = 1) -> float:
    """Median wall time of ``fn()`` over ``repeats`` runs after ``warmup`` untimed runs."""
    if repeats < 1 or warmup < 0:
        raise ValueError(f"repeats={repeats} must be >= 1 and warmup={warmup} >= 0")
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


# --------------------------------------------------------------------------- 1. fair step timing


@dataclasses.dataclass
class Timing:
    """One fair measurement: the first step (tracing), the warm-up steps, the timed steps."""

    name: str
    first_s: float                  # step 1: tracing + graph building + the step itself
    warmup_s: list                  # steps 2..warmup: caches, allocator, thread pools
    times: list                     # the timed steps (steady state), seconds each
    global_batch_size: int | None = None
    num_replicas: int | None = None
    step: object = dataclasses.field(default=None, repr=False, compare=False)      # what was timed (reusable:
    strategy: object = dataclasses.field(default=None, repr=False, compare=False)  # already traced)

    @property
    def median_s(self) -> float:
        return statistics.median(self.times)

    @property
    def spread_s(self) -> tuple:
        """(25th, 75th) percentile of the timed steps: how noisy the median is."""
        if len(self.times) < 2:
            return (self.times[0], self.times[0])
        q = statistics.quantiles(self.times, n=4, method="inclusive")
        return (q[0], q[2])

    @property
    def samples_per_s(self) -> float | None:
        return None if not self.global_batch_size else self.global_batch_size / self.median_s

    def row(self) -> dict:
        """A flat dict for CSV/JSON (milliseconds, rounded)."""
        low, high = self.spread_s
        return {"name": self.name, "num_replicas": self.num_replicas, "global_batch_size": self.global_batch_size,
                "first_ms": round(1e3 * self.first_s, 3),
                "warmup_ms": round(1e3 * statistics.median(self.warmup_s), 3) if self.warmup_s else None,
                "median_ms": round(1e3 * self.median_s, 3), "p25_ms": round(1e3 * low, 3),
                "p75_ms": round(1e3 * high, 3), "repeats": len(self.times),
                "samples_per_s": None if self.samples_per_s is None else round(self.samples_per_s, 1)}

    def __str__(self) -> str:
        low, high = self.spread_s
        rate = "" if self.samples_per_s is None else f", {self.samples_per_s:,.0f} samples/s"
        return (f"{self.name}: first step {1e3 * self.first_s:.1f} ms (tracing), steady {1e3 * self.median_s:.2f} ms "
                f"median [{1e3 * low:.2f}-{1e3 * high:.2f}] over {len(self.times)} steps{rate}")


def _num_batches(batches) -> int | None:
    """Batches in a (distributed) dataset or a sized iterable; None when unknown or infinite."""
    try:
        from ._tf import tf
    except ImportError:  # pragma: no cover - TensorFlow is a dependency
        tf = None
    cardinality = getattr(batches, "cardinality", None)
    if tf is not None and cardinality is not None:
        try:
            n = int(cardinality().numpy()) if callable(cardinality) else int(cardinality)
        except Exception:  # noqa: BLE001 - distributed datasets may not know it
            n = None
        if n == tf.data.INFINITE_CARDINALITY or n == tf.data.UNKNOWN_CARDINALITY:
            return None
        return n
    try:
        return len(batches)
    except TypeError:
        return None


def _replicas_of(batches) -> int | None:
    """How many replicas a distributed dataset was made for (None for a plain dataset)."""
    n = getattr(batches, "_num_replicas_in_sync", None)  # tf.distribute's DistributedDataset
    if n is None and getattr(batches, "_strategy", None) is not None:
        n = batches._strategy.num_replicas_in_sync
    return n


def check_timing(batches, *, warmup: int, repeats: int, strategy=None) -> None:
    """Refuse, before any step runs, what would make ``time_steps`` meaningless."""
    whole("repeats", repeats, what="timed steps; the median needs at least one")
    whole("warmup", warmup, what="the first step always traces, so it is always warm-up")
    n = _num_batches(batches)
    if n == 0:
        raise ValueError("the dataset is empty: no step to time; check its size against the batch size "
                         "(drop_remainder=True drops a batch smaller than the global batch)")
    if n is not None and warmup >= n:
        raise ValueError(f"warmup={warmup} >= the {n} steps the dataset has: no step would be left to time; "
                         f"lower warmup or give more batches (dataset.repeat())")
    if n is not None and warmup + repeats > n:
        raise ValueError(f"warmup={warmup} + repeats={repeats} steps but the dataset has only {n} batches; "
                         f"lower repeats or give more batches (dataset.repeat())")
    made_for = _replicas_of(batches)
    if strategy is not None and made_for is not None and made_for != strategy.num_replicas_in_sync:
        raise ValueError(f"the dataset was distributed for {made_for} replicas but the strategy has "
                         f"{strategy.num_replicas_in_sync}; distribute it with the same strategy "
                         f"(strategy.experimental_distribute_dataset or gpukit.data.distribute)")


def _wait(result) -> None:
    """Block until a step's outputs exist (TensorFlow may return before the work is done)."""
    try:
        from ._tf import tf
    except ImportError:  # pragma: no cover
        return
    for t in tf.nest.flatten(result, expand_composites=True):
        if hasattr(t, "numpy"):
            t.numpy()


def time_steps(step, batches, *, warmup: int = 2, repeats: int = 10, global_batch_size: int | None = None,
               strategy=None, name: str = "step", clock=time.perf_counter) -> Timing:
    """Run ``warmup + repeats`` steps ``step(batch)`` and time each one, fairly.

    Step 1 traces the ``tf.function`` (reported as ``first_s``), steps 2..``warmup`` are
    reported as ``warmup_s``; only the last ``repeats`` steps make the median. Each step's
    outputs are fetched before its clock stops, so asynchronous work is counted.
    Checked before any step: ``repeats >= 1``, ``warmup >= 1``, enough batches, and (with
    ``strategy``) that ``batches`` was distributed for the strategy's replica count.
    """
    check_timing(batches, warmup=warmup, repeats=repeats, strategy=strategy)
    times = []
    iterator = iter(batches)
    for _ in range(warmup + repeats):
        batch = next(iterator)
        start = clock()
        _wait(step(batch))
        times.append(clock() - start)
    return Timing(name, times[0], times[1:warmup], times[warmup:], global_batch_size,
                  strategy.num_replicas_in_sync if strategy is not None else None)


def _strategy_for(num_replicas: int, cross_device_ops=None):
    from . import strategies
    from ._tf import tf

    if num_replicas == 0:
        return tf.distribute.get_strategy()  # no strategy at all: the single-device reference
    return strategies.mirrored([f"/cpu:{i}" for i in range(num_replicas)], cross_device_ops)


def step_timing(strategy, x, y, *, global_batch_size: int, hidden=(256, 256), warmup: int = 2, repeats: int = 10,
                seed: int = 0, name: str | None = None) -> Timing:
    """Time the gpukit CTL step (``training.make_train_step``) of an MLP under ``strategy``.

    The returned ``Timing`` keeps the traced ``step`` and its ``strategy``: profile it without
    paying for tracing again (feed it batches of the same shapes).
    """
    from . import data, models, training
    from ._tf import keras

    dist, sizes = data.distribute(strategy, x, y, global_batch_size=global_batch_size, repeat=True)
    with strategy.scope():
        model = models.mlp(input_shape=x.shape[1:], hidden=hidden, seed=seed)
        optimizer = keras.optimizers.Adam(1e-3)
    step = training.make_train_step(strategy, model, optimizer, sizes.global_batch_size)
    name = name or f"{type(strategy).__name__} x{strategy.num_replicas_in_sync}"
    timing = time_steps(step, dist, warmup=warmup, repeats=repeats, global_batch_size=sizes.global_batch_size,
                        strategy=strategy, name=name)
    timing.step, timing.strategy = step, strategy
    return timing


def compare_strategies(x, y, *, global_batch_size: int, replica_counts=(0, 1, 2, 4), **kwargs) -> list:
    """``step_timing`` for each replica count on the *same* global batch (0 = no strategy)."""
    out = []
    for n in replica_counts:
        name = "no strategy" if n == 0 else f"Mirrored x{n}"
        out.append(step_timing(_strategy_for(n), x, y, global_batch_size=global_batch_size, name=name, **kwargs))
    return out


# --------------------------------------------------------------------------- 2. compute vs communication

# The links and their nominal figures, with sources: one table, ``gpukit.hardware`` (also the advisor's).
INTERCONNECTS = hardware.INTERCONNECTS


def ring_allreduce_seconds(nbytes: float, num_replicas: int, bandwidth_Bps: float, latency_s: float = 0.0) -> float:
    """Ring all-reduce cost model: ``2 (n-1) x latency + 2 (n-1)/n x bytes / bandwidth`` (0 for one replica).

    A ring has ``2 (n-1)`` steps: ``n-1`` of reduce-scatter and ``n-1`` of all-gather. In each,
    every device sends ``1/n`` of the buffer to its neighbour and pays the link's ``latency_s``
    once. So each device sends ``2 (n-1)/n`` times the buffer, a bandwidth term that barely grows
    with ``n``, while the latency term grows linearly with ``n``: small, latency-bound all-reduces
    get slower with every device added.
    """
    whole("num_replicas", num_replicas)
    if nbytes < 0 or bandwidth_Bps <= 0 or latency_s < 0:
        raise ValueError(f"nbytes={nbytes} must be >= 0, bandwidth_Bps={bandwidth_Bps} > 0, latency_s={latency_s} >= 0")
    if num_replicas == 1:
        return 0.0
    steps = 2 * (num_replicas - 1)
    return steps * latency_s + steps / num_replicas * nbytes / bandwidth_Bps


def interconnect_seconds(nbytes: float, num_replicas: int, name: str) -> float:
    """``ring_allreduce_seconds`` with the nominal figures of ``INTERCONNECTS[name]`` (a key or a printed name)."""
    link = hardware.link(name)
    return ring_allreduce_seconds(nbytes, num_replicas, link["bandwidth_GBps"] * 1e9, link["latency_us"] * 1e-6)


def fit_latency_bandwidth(nbytes, seconds) -> tuple:
    """Least-squares fit ``seconds = latency + bytes / bandwidth``; returns ``(latency_s, bandwidth_Bps)``."""
    import numpy as np

    nbytes, seconds = np.asarray(nbytes, dtype=float), np.asarray(seconds, dtype=float)
    if nbytes.shape != seconds.shape or len(nbytes) < 2 or len(set(nbytes.tolist())) < 2:
        raise ValueError("need at least two different sizes, one time per size")
    slope, intercept = np.polyfit(nbytes, seconds, 1)
    slope = max(slope, 1e-15)  # a flat line (noise) means: bandwidth beyond what we can see
    return max(float(intercept), 0.0), float(1.0 / slope)


def fit_ring_model(nbytes, seconds, num_replicas: int) -> tuple:
    """Fit the ring model to all-reduce times measured over ``num_replicas`` replicas: the
    line ``seconds = a + bytes / b`` (``fit_latency_bandwidth``), read as ``a = 2 (n-1) x latency``
    and ``1 / b = 2 (n-1)/n / bandwidth``. Returns ``(latency_s per step, bandwidth_Bps)``, the
    arguments ``ring_allreduce_seconds`` and ``break_even_batch`` take."""
    n = whole("num_replicas", num_replicas, minimum=2, what="a ring needs at least 2 replicas")
    intercept, line_bandwidth = fit_latency_bandwidth(nbytes, seconds)
    steps = 2 * (n - 1)
    return intercept / steps, line_bandwidth * steps / n


def predict_step_seconds(compute_s: float, allreduce_s: float, num_replicas: int, parallel_devices: int | None = None) -> float:
    """Step time with ``num_replicas`` replicas: compute, then the gradient all-reduce.

    No overlap: real frameworks start all-reducing a layer's gradients while the backward pass
    of the layers below still runs, which hides part of the all-reduce; this model does not, so
    it is pessimistic where the all-reduce is large.

    ``compute_s`` is one replica's compute on its per-replica batch. On real accelerators the
    replicas compute at the same time (``parallel_devices = num_replicas``, the default); virtual
    CPUs share the same cores, so the replicas take turns (``parallel_devices=1``).
    """
    whole("num_replicas", num_replicas)
    parallel = num_replicas if parallel_devices is None else whole("parallel_devices", parallel_devices)
    return math.ceil(num_replicas / parallel) * compute_s + allreduce_s


def compute_seconds_per_example(params: int, flops_per_s: float, flops_per_param: float = 6.0) -> float:
    """Training compute per example: ~6 FLOPs per weight (2 forward, 4 backward) / device speed.

    True for dense layers (per token in a transformer), where each weight is used once per
    example. A convolution reuses its weights at every position of the image, so a CNN costs
    far more per weight: pass ``flops_per_param`` from its FLOP count (not run here: ResNet-50
    has 3.8e9 multiply-adds per 224x224 image for 25 M weights, He et al. 2015, Table 1, i.e.
    about 150 uses per weight, ~6 x 150 FLOPs per weight for training)."""
    return flops_per_param * params / flops_per_s


def break_even_batch(params: int, num_replicas: int, bandwidth_Bps: float, latency_s: float, flops_per_s: float,
                     bytes_per_param: int = 4, flops_per_param: float = 6.0) -> int:
    """Smallest per-replica batch at which ``num_replicas`` devices train more samples/s than one.

    One device: ``b`` samples per ``t_c(b)``. ``n`` devices: ``n b`` samples per ``t_c(b) + t_ar``.
    More throughput exactly when ``t_ar < (n - 1) t_c(b)``, with ``t_c(b) = b x 6 params / flops``
    (``flops_per_param``: 6 for dense layers, see ``compute_seconds_per_example``). ``latency_s``
    is per ring step (``ring_allreduce_seconds``); no overlap of compute and all-reduce.
    """
    whole("params", params)
    n = whole("num_replicas", num_replicas, minimum=2, what="break-even compares n >= 2 devices with one")
    t_ar = ring_allreduce_seconds(params * bytes_per_param, n, bandwidth_Bps, latency_s)
    per_example = compute_seconds_per_example(params, flops_per_s, flops_per_param)
    return max(1, math.floor(t_ar / ((n - 1) * per_example)) + 1)


IMPLEMENTATIONS = ("ReductionToOneDevice", "HierarchicalCopyAllReduce", "collectives (default)", "NcclAllReduce")


def _cross_device_ops(name: str):
    from ._tf import tf

    if name == "ReductionToOneDevice":
        return tf.distribute.ReductionToOneDevice()
    if name == "HierarchicalCopyAllReduce":
        return tf.distribute.HierarchicalCopyAllReduce(num_packs=1)
    if name == "NcclAllReduce":
        return tf.distribute.NcclAllReduce()
    if name == "collectives (default)":
        return None  # MirroredStrategy's own choice: CollectiveAllReduce
    raise ValueError(f"unknown implementation {name!r}; choose one of {IMPLEMENTATIONS}")


def allreduce_strategy(implementation: str, num_replicas: int):
    """A MirroredStrategy over ``num_replicas`` CPUs whose all-reduce is ``implementation``.

    Collectives allow one replica count per process (lesson 01): make their strategy once.
    """
    from ._tf import tf

    whole("num_replicas", num_replicas)
    return tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(num_replicas)],
                                          cross_device_ops=_cross_device_ops(implementation))


def allreduce_timing(strategy, num_floats: int, *, warmup: int = 2, repeats: int = 10, name: str = "all-reduce") -> Timing:
    """Time one all-reduce (SUM) of ``num_floats`` float32 per replica, as gradients are summed."""
    from ._tf import tf

    whole("num_floats", num_floats)
    values = strategy.experimental_distribute_values_from_function(
        lambda ctx: tf.fill([num_floats], tf.cast(ctx.replica_id_in_sync_group + 1, tf.float32)))

    @tf.function
    def allreduce(v):
        return strategy.run(lambda t: tf.distribute.get_replica_context().all_reduce("SUM", t), args=(v,))

    timing = time_steps(allreduce, _Repeat(values), warmup=warmup, repeats=repeats, name=name)
    timing.num_replicas = strategy.num_replicas_in_sync
    return timing


class _Repeat:
    """The same value forever (an all-reduce benchmark needs no data pipeline)."""

    def __init__(self, value):
        self.value = value

    def __iter__(self):
        while True:
            yield self.value


def allreduce_sweep(implementations=IMPLEMENTATIONS, num_floats=(2**10, 2**14, 2**17, 2**20), num_replicas: int = 4,
                    warmup: int = 2, repeats: int = 8) -> list:
    """All-reduce time against size for each implementation; a failing one gives an ``error`` row."""
    rows = []
    for impl in implementations:
        try:
            strategy = allreduce_strategy(impl, num_replicas)
            for n in num_floats:
                t = allreduce_timing(strategy, n, warmup=warmup, repeats=repeats, name=impl)
                low, high = t.spread_s
                rows.append({"implementation": impl, "num_replicas": num_replicas, "bytes": 4 * n,
                             "median_ms": round(1e3 * t.median_s, 4), "p25_ms": round(1e3 * low, 4),
                             "p75_ms": round(1e3 * high, 4), "error": ""})
        except Exception as err:  # noqa: BLE001 - a failing implementation is a result, not a crash
            message = str(err).strip().splitlines()
            last = next((line.strip() for line in reversed(message) if line.strip()), "")
            kind = type(err).__name__
            error = last if last.startswith(kind) else f"{kind}: {last}"
            rows.append({"implementation": impl, "num_replicas": num_replicas, "bytes": None, "median_ms": None,
                         "p25_ms": None, "p75_ms": None, "error": error[:200]})
    return rows


# --------------------------------------------------------------------------- 3. input pipeline

PIPELINES = ("slow", "cache", "prefetch", "parallel map", "all three")


def slow_dataset(x, y, *, global_batch_size: int, variant: str = "slow", read_ms: float = 5.0, reads: list | None = None):
    """Batches of ``(x, y)`` where each batch costs ``read_ms`` to "read" (a simulated slow disk
    or decoder: ``time.sleep`` in a ``tf.py_function``), built the way ``variant`` says:

    ``slow``: read every batch every epoch, one at a time; ``cache``: read once, then from memory;
    ``prefetch``: ``prefetch(AUTOTUNE)``, so reading the next batch overlaps the step;
    ``parallel map``: ``map(num_parallel_calls=AUTOTUNE)``, several batches read at once;
    ``all three``: parallel map, then cache, then prefetch.
    ``reads``: a list that gets one entry per batch read (to count what ``cache`` saves).
    """
    from ._tf import tf

    if variant not in PIPELINES:
        raise ValueError(f"unknown variant {variant!r}; choose one of {PIPELINES}")
    delay = float(read_ms) / 1e3

    def read(xb, yb):
        def sleep(a):
            time.sleep(delay)
            if reads is not None:
                reads.append(1)
            return a
        xb = tf.py_function(sleep, [xb], tf.float32)
        xb.set_shape([global_batch_size, *x.shape[1:]])
        return xb, yb

    whole("global_batch_size", global_batch_size)
    if len(x) < global_batch_size:
        raise ValueError(f"only {len(x)} examples but global_batch_size={global_batch_size}: the dataset would be "
                         f"empty (drop_remainder=True); use a smaller batch or more examples")
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size, drop_remainder=True)
    parallel = tf.data.AUTOTUNE if variant in ("parallel map", "all three") else None
    ds = ds.map(read) if parallel is None else ds.map(read, num_parallel_calls=parallel, deterministic=True)
    if variant in ("cache", "all three"):
        ds = ds.cache()
    if variant in ("prefetch", "all three"):
        ds = ds.prefetch(tf.data.AUTOTUNE)
    return ds


def epoch_timings(step, dataset, epochs: int = 3) -> list:
    """Seconds of each of ``epochs`` passes of ``step`` over ``dataset`` (epoch 1 includes tracing)."""
    whole("epochs", epochs)
    if _num_batches(dataset) == 0:
        raise ValueError("the dataset is empty: no step to time")
    out = []
    for _ in range(epochs):
        start = time.perf_counter()
        for batch in dataset:
            _wait(step(batch))
        out.append(time.perf_counter() - start)
    return out


def input_or_compute(step, dataset, *, clock=time.perf_counter) -> dict:
    """Time the input alone (iterate, no step), the step alone (on one batch kept in memory)
    and both together (one epoch after a warm-up epoch); say which bounds the step.

    Input-bound: the input alone takes about as long as the whole epoch and the step alone much
    less (the devices wait for data). Compute-bound: the other way round.
    """
    batches = list(dataset.take(1))
    if not batches:
        raise ValueError("the dataset is empty: nothing to diagnose")
    for batch in dataset:  # warm-up epoch: traces the step, fills a cache if there is one
        _wait(step(batch))
    start = clock()
    n = 0
    for batch in dataset:
        _wait(batch)
        n += 1
    input_s = clock() - start
    start = clock()
    for _ in range(n):
        _wait(step(batches[0]))
    compute_s = clock() - start
    start = clock()
    for batch in dataset:
        _wait(step(batch))
    total_s = clock() - start
    bound = "input" if input_s > compute_s else "compute"
    return {"steps": n, "input_s": input_s, "compute_s": compute_s, "total_s": total_s, "bound": bound}


# --------------------------------------------------------------------------- 4. profiling


def profile_steps(step, batches, logdir, steps: int = 3, warmup: int = 1) -> pathlib.Path:
    """Write a TensorBoard profiler trace of ``steps`` steps (after ``warmup`` untraced ones) to
    ``logdir``; return the ``.xplane.pb`` file. Open it with TensorBoard's Profile tab
    (needs ``pip install tensorboard tensorboard-plugin-profile``) or read it with ``trace_summary``.
    """
    from ._tf import tf

    whole("steps", steps)
    whole("warmup", warmup, minimum=0)
    logdir = pathlib.Path(logdir)
    iterator = iter(batches)
    for _ in range(warmup):
        _wait(step(next(iterator)))
    before = set(logdir.glob("plugins/profile/*/*.xplane.pb"))
    tf.profiler.experimental.start(str(logdir))
    try:
        for i in range(steps):
            with tf.profiler.experimental.Trace("train", step_num=i, _r=1):
                _wait(step(next(iterator)))
    finally:
        tf.profiler.experimental.stop()
    new = sorted(set(logdir.glob("plugins/profile/*/*.xplane.pb")) - before)
    if not new:
        raise RuntimeError(f"the profiler wrote no trace under {logdir}")
    return new[-1]


def trace_summary(path, top: int = 8) -> list:
    """The ``top`` operations of a profiler trace by total time: ``[(name, ms, count), ...]``.

    Reads the trace's XSpace protobuf directly (TensorFlow ships the message type), so it needs
    no TensorBoard. Only host-thread events with a duration count; names are TensorFlow op types
    (``MatMul``, ``IteratorGetNext``, ``CollectiveReduceV2``, ...) or our ``train`` step markers.
    """
    from tensorflow.tsl.profiler.protobuf import xplane_pb2

    space = xplane_pb2.XSpace()
    space.ParseFromString(pathlib.Path(path).read_bytes())
    totals: dict = {}
    for plane in space.planes:
        if not plane.name.startswith("/host:CPU"):
            continue
        names = {k: v.name for k, v in plane.event_metadata.items()}
        for line in plane.lines:
            for event in line.events:
                name = names.get(event.metadata_id, "?").split(":")[0]
                ms, count = totals.get(name, (0.0, 0))
                totals[name] = (ms + event.duration_ps / 1e9, count + 1)
    ranked = sorted(totals.items(), key=lambda kv: -kv[1][0])[:top]
    return [(name, round(ms, 3), count) for name, (ms, count) in ranked]


# --------------------------------------------------------------------------- 5. the figure


def scaling_figure(timings: list, predicted: dict | None = None, path=None, title: str = ""):
    """Samples/s per strategy (bars) with the cost model's prediction (dots); saved to ``path``."""
    import matplotlib

    if path is not None:
        matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.5, 3.6))
    names = [t.name for t in timings]
    ax.bar(names, [t.samples_per_s for t in timings], color="tab:blue", label="measured (median step)")
    # error bars: the samples/s of the 75th and 25th percentile steps (slow step = fewer samples/s)
    below = [t.samples_per_s - t.global_batch_size / t.spread_s[1] for t in timings]
    above = [t.global_batch_size / t.spread_s[0] - t.samples_per_s for t in timings]
    ax.errorbar(names, [t.samples_per_s for t in timings], yerr=[below, above], fmt="none", color="black", capsize=4)
    if predicted:
        xs = [n for n in names if n in predicted]
        ax.plot(xs, [timings[names.index(n)].global_batch_size / predicted[n] for n in xs], "o", color="tab:orange",
                markersize=9, label="cost model")
    ax.set(ylabel="samples / s (higher is better)",
           title=title or f"Same global batch ({timings[0].global_batch_size}) on this machine")
    ax.legend()
    fig.tight_layout()
    if path is not None:
        fig.savefig(path, dpi=100)
        plt.close(fig)
    return fig

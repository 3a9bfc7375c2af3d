"""Uneven data parallelism for devices with different memory or speed (lesson 03).

Data parallelism usually gives every replica the same slice of the global batch. On a rig
of unequal devices (a 24 GB and a 12 GB GPU, an old and a new card) that wastes the big
device and can run the small one out of memory, while the fast device waits for the slow
one at every gradient sum. This module plans *uneven* per-replica batches and runs them
so that the gradient is still exactly the single-device gradient.

Read it top to bottom:

1. **Memory estimate** (``estimate_memory`` / ``estimate_from_counts``): what one replica
   holds: weights, gradients and optimizer slots (fixed, counted from the variables when
   there is a model) plus activations kept for the backward pass (per example; estimated
   from the layer outputs, or *measured* with ``measure_activations`` where TensorFlow has
   allocator statistics). ``MemoryEstimate.sources`` says which part is which.
2. **Plan** (``plan``): per-replica batch sizes proportional to ``capacities`` (memory,
   speed or both) that sum to the global batch and fit each device's memory; ``Plan``
   prints a table that explains every number. Bad input raises ``ValueError`` before any
   work, naming the cause and the fix (gradient accumulation, a smaller batch, model
   parallelism).
3. **Loss weighting** that keeps the gradient exact: in a custom loop each replica divides
   its *summed* per-example loss by the *global* batch (``compute_average_loss`` with
   ``global_batch_size``; ``gpukit.training`` already does this), whatever its own batch
   size; for Keras ``fit`` the equivalent is ``sample_weights``: ``R * n_r / G`` per
   example of replica ``r``.
4. **Run it** (``UnevenBatches``, ``gradients``, ``train``): each replica gets its own
   slice through ``strategy.experimental_distribute_values_from_function``; the training
   step is ``gpukit.training.make_train_step`` unchanged.
5. **Stragglers** (``straggler_benchmark``): a synchronous step lasts as long as its
   slowest replica; with capacity-proportional batches the slow devices get less work.
   Simulated with threads that sleep in proportion to their work (a CPU has no slow GPU).

Sections 1-3 and 5 are plain Python (no TensorFlow import), so they can be tested and
used for planning anywhere; TensorFlow loads only in section 4 and in
``measure_activations``.
"""

from __future__ import annotations

import dataclasses
import math
import numbers
import threading
import time

from ._args import whole

MiB = 2**20

# ---------------------------------------------------------------------------------------
# 1. Memory estimate
# ---------------------------------------------------------------------------------------

BYTES_PER_VALUE = {"float64": 8, "float32": 4, "float16": 2, "bfloat16": 2}

# Slot variables an optimizer keeps per trainable weight (Keras 3 defaults).
OPTIMIZER_SLOTS = {
    "sgd": 0,  # 1 with momentum > 0
    "adam": 2,  # m, v (3 with amsgrad)
    "adamw": 2,
    "nadam": 2,
    "adamax": 2,
    "lamb": 2,
    "rmsprop": 1,  # 2 with momentum, +1 centered
    "adagrad": 1,
    "adadelta": 2,
    "adafactor": 2,  # factored in reality: an upper bound
    "lion": 1,
    "ftrl": 2,
}


def _bytes_per_value(dtype) -> int:
    name = getattr(dtype, "name", dtype)
    if name not in BYTES_PER_VALUE:
        raise ValueError(f"dtype={dtype!r} is not one of {sorted(BYTES_PER_VALUE)}")
    return BYTES_PER_VALUE[name]


def _slots(optimizer) -> int:
    """How many slot values per weight ``optimizer`` (a name or a Keras optimizer) keeps."""
    if isinstance(optimizer, str):
        name, config = optimizer.lower(), {}
    else:
        name, config = type(optimizer).__name__.lower(), optimizer.get_config()
    if name not in OPTIMIZER_SLOTS:
        raise ValueError(f"unknown optimizer {optimizer!r}; known: {sorted(OPTIMIZER_SLOTS)}")
    slots = OPTIMIZER_SLOTS[name]
    if name == "sgd" and config.get("momentum", 0):
        slots = 1
    if name == "adam" and config.get("amsgrad"):
        slots = 3
    if name == "rmsprop":
        slots += bool(config.get("momentum", 0)) + bool(config.get("centered"))
    return slots


@dataclasses.dataclass(frozen=True)
class MemoryEstimate:
    """Bytes one replica needs: a fixed part and a part per example of its batch."""

    num_parameters: int
    weights: int  # bytes
    gradients: int
    optimizer: int
    activations_per_example: int
    dtype: str
    sources: dict  # part -> "counted from the variables" / "estimated ..." / "measured ..."

    @property
    def fixed(self) -> int:
        """Weights + gradients + optimizer slots: needed whatever the batch size."""
        return self.weights + self.gradients + self.optimizer

    def bytes_for(self, batch_size: int) -> int:
        """Memory one replica needs for a batch of ``batch_size`` examples."""
        return self.fixed + int(batch_size) * self.activations_per_example

    def with_activations(self, per_example: int, source: str) -> "MemoryEstimate":
        """The same estimate with a different (e.g. measured) activation size."""
        sources = dict(self.sources, activations=source)
        return dataclasses.replace(self, activations_per_example=int(per_example), sources=sources)

    def table(self, batch_size: int | None = None) -> str:
        rows = [("weights", self.weights), ("gradients", self.gradients),
                ("optimizer slots", self.optimizer),
                ("activations / example", self.activations_per_example)]
        lines = [f"{self.num_parameters:,} parameters, {self.dtype}",
                 f"{'part':<24}{'MiB':>12}  source"]
        keys = ("weights", "gradients", "optimizer", "activations")
        for (label, size), key in zip(rows, keys):
            lines.append(f"{label:<24}{size / MiB:>12.3f}  {self.sources[key]}")
        lines.append(f"{'fixed per replica':<24}{self.fixed / MiB:>12.3f}")
        if batch_size is not None:
            lines.append(f"{f'total, batch {batch_size}':<24}{self.bytes_for(batch_size) / MiB:>12.3f}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def estimate_from_counts(num_parameters: int, activations_per_example: int, *,
                         optimizer="adam", dtype="float32", num_trainable: int | None = None) -> MemoryEstimate:
    """An estimate from sizes alone (no model needed): ``num_parameters`` weights and
    ``activations_per_example`` values kept per example, stored as ``dtype``.
    The widget of lesson 03 uses this for a model that exists only as a slider."""
    for name, value in (("num_parameters", num_parameters), ("activations_per_example", activations_per_example)):
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value) or value < 0:
            raise ValueError(f"{name}={value!r} must be a finite number >= 0")
    size = _bytes_per_value(dtype)
    trainable = num_parameters if num_trainable is None else num_trainable
    slots = _slots(optimizer)
    return MemoryEstimate(
        num_parameters=int(num_parameters),
        weights=int(num_parameters) * size,
        gradients=int(trainable) * size,
        optimizer=int(trainable) * slots * size,
        activations_per_example=int(activations_per_example) * size,
        dtype=getattr(dtype, "name", dtype),
        sources={
            "weights": "given",
            "gradients": "estimated: one per trainable weight",
            "optimizer": f"estimated: {slots} slot(s) per trainable weight",
            "activations": "given",
        },
    )


def _size(variable) -> int:
    return int(math.prod(int(d) for d in variable.shape))


def _activation_values(model) -> int:
    """Values kept per example for the backward pass: the input plus every layer's output."""
    try:
        shapes = [tuple(model.inputs[0].shape)] + [tuple(layer.output.shape) for layer in model.layers]
    except (AttributeError, ValueError, IndexError):
        raise ValueError(
            "cannot read the layer output shapes: build the model with a keras.Input "
            "(gpukit.models does), or pass activations_per_example=... yourself"
        ) from None
    return sum(int(math.prod(d for d in s[1:] if d is not None)) for s in shapes)


def estimate_memory(model, optimizer="adam", dtype="float32",
                    activations_per_example: int | None = None) -> MemoryEstimate:
    """Estimate what one replica of ``model`` trained with ``optimizer`` holds, in ``dtype``.

    Weights and gradients are *counted* from the model's variables. Optimizer slots are
    counted from a built optimizer, else estimated from its type (Adam: 2 per weight).
    Activations per example are *estimated* as the input plus every layer's output (what
    the backward pass keeps); the truth differs both ways (backward temporaries add, a
    ``Flatten`` shares its input's memory), so measure on your device
    (``measure_activations``) before you trust a tight plan. ``activations_per_example``
    (bytes) overrides the estimate.
    """
    size = _bytes_per_value(dtype)
    total = sum(_size(v) for v in model.weights)
    trainable = sum(_size(v) for v in model.trainable_weights)
    estimate = estimate_from_counts(total, 0, optimizer=optimizer if isinstance(optimizer, str) else "sgd",
                                    dtype=dtype, num_trainable=trainable)
    sources = {"weights": "counted from the model's variables",
               "gradients": "counted: one per trainable weight"}
    if isinstance(optimizer, str):
        optimizer_bytes = estimate.optimizer
        sources["optimizer"] = f"estimated: {_slots(optimizer)} slot(s) per trainable weight ({optimizer})"
    elif getattr(optimizer, "built", False):
        values = sum(_size(v) for v in optimizer.variables if len(v.shape) > 0)  # skip step/lr scalars
        optimizer_bytes = values * size
        sources["optimizer"] = f"counted from the built {type(optimizer).__name__}'s variables"
    else:
        slots = _slots(optimizer)
        optimizer_bytes = trainable * slots * size
        sources["optimizer"] = f"estimated: {slots} slot(s) per trainable weight ({type(optimizer).__name__})"
    if activations_per_example is None:
        activations = _activation_values(model) * size
        sources["activations"] = "estimated: input + every layer's output"
    else:
        activations = int(activations_per_example)
        sources["activations"] = "given"
    return dataclasses.replace(estimate, optimizer=optimizer_bytes, activations_per_example=activations,
                               sources=sources)


def measure_activations(train_step, make_batch, batch_sizes=(256, 1024), device="CPU:0") -> dict:
    """*Measure* the memory a training step needs per example on ``device``.

    ``train_step(x, y)`` runs one step; ``make_batch(n)`` returns ``(x, y)`` with ``n``
    examples. Each size runs twice (the first call traces), then the second call's peak
    above the memory in use before it is read with ``tf.config.experimental.get_memory_info``.
    The slope between the two sizes is the per-example cost. Returns ``{"peaks": {n: bytes},
    "per_example": bytes}``.

    Works on GPUs; on CPU only when ``TF_CPU_ALLOCATOR_USE_BFC=true`` was set before
    TensorFlow started (else TensorFlow raises "Allocator stats not available").
    """
    from ._tf import tf

    sizes = sorted(int(n) for n in batch_sizes)
    if len(sizes) != 2 or sizes[0] < 1 or sizes[0] == sizes[1]:
        raise ValueError(f"batch_sizes={batch_sizes!r}: give two different positive sizes, e.g. (256, 1024)")
    try:
        tf.config.experimental.get_memory_info(device)
    except ValueError as err:
        raise RuntimeError(
            f"TensorFlow keeps no allocator statistics for {device} ({err}). On CPU set "
            f"os.environ['TF_CPU_ALLOCATOR_USE_BFC'] = 'true' before importing gpukit or "
            f"TensorFlow (restart the kernel); on a GPU pass device='GPU:0'."
        ) from None
    peaks = {}
    for n in sizes:
        x, y = make_batch(n)
        train_step(x, y)  # trace and warm up: not measured
        before = tf.config.experimental.get_memory_info(device)["current"]
        tf.config.experimental.reset_memory_stats(device)
        train_step(x, y)
        peaks[n] = tf.config.experimental.get_memory_info(device)["peak"] - before
    per_example = (peaks[sizes[1]] - peaks[sizes[0]]) / (sizes[1] - sizes[0])
    return {"peaks": peaks, "per_example": per_example}


# ---------------------------------------------------------------------------------------
# 2. Plan
# ---------------------------------------------------------------------------------------


def check_capacities(capacities, num_replicas: int | None = None, name: str = "capacities") -> list[float]:
    """Return ``capacities`` as floats, or raise ``ValueError`` naming what is wrong."""
    if isinstance(capacities, (str, bytes)) or not hasattr(capacities, "__len__"):
        raise ValueError(f"{name}={capacities!r} must be a list of positive numbers, one per replica, e.g. [2, 1, 1]")
    values = list(capacities)
    if not values:
        raise ValueError(f"{name} is empty: give one positive number per replica, e.g. [2, 1, 1] "
                         f"(memory in GB, or relative speed)")
    for i, c in enumerate(values):
        if isinstance(c, bool) or not isinstance(c, numbers.Real):
            raise ValueError(f"{name}[{i}]={c!r} is not a number; give memory in GB or relative speed")
        if math.isnan(c) or math.isinf(c):
            raise ValueError(f"{name}[{i}]={c!r} is not finite; every replica needs a finite {name} > 0")
        if c <= 0:
            raise ValueError(
                f"{name}[{i}]={c!r} must be > 0: a replica with no capacity gets no examples. "
                f"Leave that device out of the strategy instead (strategies.mirrored(device_names=...))"
            )
    if num_replicas is not None and len(values) != num_replicas:
        raise ValueError(
            f"{len(values)} {name} for {num_replicas} replicas: give exactly one per replica "
            f"(strategy.num_replicas_in_sync = {num_replicas})"
        )
    return [float(c) for c in values]


def _largest_remainder(total: int, weights: list[float]) -> list[int]:
    """Integers proportional to ``weights`` that sum to ``total`` (Hamilton's method)."""
    whole = sum(weights)
    quotas = [total * w / whole for w in weights]
    out = [math.floor(q) for q in quotas]
    by_remainder = sorted(range(len(weights)), key=lambda i: (-(quotas[i] - out[i]), i))
    for i in by_remainder[: total - sum(out)]:
        out[i] += 1
    return out


def _apportion(total: int, weights: list[float], caps: list[int]) -> list[int]:
    """Proportional integer shares of ``total``, none above its cap, each at least 1."""
    n = len(weights)
    out = [0] * n
    free = list(range(n))
    remaining = total
    while free:
        trial = _largest_remainder(remaining, [weights[i] for i in free])
        over = [i for i, t in zip(free, trial) if t > caps[i]]
        if not over:
            for i, t in zip(free, trial):
                out[i] = t
            break
        for i in over:  # these devices are full: give them their cap, share the rest again
            out[i] = caps[i]
            remaining -= caps[i]
        free = [i for i in free if i not in over]
    for i in range(n):  # a tiny capacity may round to 0: borrow one from the biggest share
        if out[i] == 0:
            donor = max(range(n), key=lambda j: (out[j], -j))
            out[donor] -= 1
            out[i] = 1
    return out


@dataclasses.dataclass(frozen=True)
class Plan:
    """Per-replica batch sizes and why. ``str(plan)`` is the explanation table."""

    per_replica_batch_sizes: tuple
    global_batch_size: int
    capacities: tuple
    max_batch_sizes: tuple | None = None  # per device, from memory; None: memory not considered
    memory: tuple | None = None  # bytes per device
    estimate: MemoryEstimate | None = None
    headroom: float = 0.0

    @property
    def num_replicas(self) -> int:
        return len(self.per_replica_batch_sizes)

    @property
    def shares(self) -> list[float]:
        whole = sum(self.capacities)
        return [c / whole for c in self.capacities]

    def memory_needed(self) -> list[int] | None:
        """Bytes each device needs for its planned batch (None without an estimate)."""
        if self.estimate is None:
            return None
        return [self.estimate.bytes_for(n) for n in self.per_replica_batch_sizes]

    def sample_weights(self) -> list[float]:
        """Per-example weights that make Keras ``fit`` exact with these batches (see module doc)."""
        return sample_weights(self.per_replica_batch_sizes)

    def arithmetic(self) -> str:
        parts = " + ".join(str(n) for n in self.per_replica_batch_sizes)
        return f"global_batch_size = {parts} = {self.global_batch_size}"

    def rows(self) -> list[dict]:
        """One dict per replica: what the table shows (the widget draws from these)."""
        needed = self.memory_needed()
        out = []
        for r, (n, c, share) in enumerate(zip(self.per_replica_batch_sizes, self.capacities, self.shares)):
            row = {"replica": r, "capacity": c, "share": share, "ideal": share * self.global_batch_size,
                   "batch": n}
            if self.max_batch_sizes is not None:
                row["max_batch"] = self.max_batch_sizes[r]
            if needed is not None:
                row["needed_mib"] = needed[r] / MiB
            if self.memory is not None:
                row["memory_mib"] = self.memory[r] / MiB
            if needed is not None and self.memory is not None:
                row["used"] = needed[r] / self.memory[r]
            out.append(row)
        return out

    def table(self) -> str:
        formats = {"replica": "{}", "capacity": "{:g}", "share": "{:.1%}", "ideal": "{:.2f}", "batch": "{}",
                   "max_batch": "{}", "needed_mib": "{:.1f}", "memory_mib": "{:.1f}", "used": "{:.0%}"}
        rows = self.rows()
        keys = [k for k in formats if k in rows[0]]
        cells = [[formats[k].format(row[k]) for k in keys] for row in rows]
        widths = [max(len(k), *(len(c[i]) for c in cells)) for i, k in enumerate(keys)]
        lines = ["  ".join(k.rjust(w) for k, w in zip(keys, widths))]
        lines += ["  ".join(c.rjust(w) for c, w in zip(cell, widths)) for cell in cells]
        lines.append(self.arithmetic())
        lines.append("share = capacity / sum(capacities); ideal = share x global batch")
        lines.append("batch = ideal rounded (largest remainder)"
                     + ("; capped at max_batch, the rest shared again" if self.max_batch_sizes else ""))
        if self.estimate is not None and self.memory is not None:
            lines.append(f"needed = {self.estimate.fixed / MiB:.1f} MiB fixed (weights, gradients, optimizer) "
                         f"+ batch x {self.estimate.activations_per_example / 1024:.1f} KiB activations")
            lines.append(f"max_batch keeps {self.headroom:.0%} of each device free (headroom)")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def _check_global_batch(global_batch_size, num_replicas: int) -> int:
    whole("global_batch_size", global_batch_size)
    if global_batch_size < num_replicas:
        raise ValueError(
            f"global_batch_size={global_batch_size} is smaller than the {num_replicas} replicas: some replica "
            f"would get no example; use global_batch_size >= {num_replicas} or fewer devices"
        )
    return int(global_batch_size)


def max_batch_sizes(memory, estimate: MemoryEstimate, headroom: float = 0.1) -> list[int]:
    """The largest batch each device can hold, or ``ValueError`` if one cannot hold the model.

    ``memory`` is bytes per device; ``headroom`` is the fraction left free (allocator
    fragmentation, framework workspace, cuDNN buffers).
    """
    if not 0 <= headroom < 1:
        raise ValueError(f"headroom={headroom!r} must be in [0, 1), e.g. 0.1 keeps 10% of each device free")
    usable = [m * (1 - headroom) for m in memory]
    fits_one = [estimate.bytes_for(1) for _ in usable]
    short = [(i, need - u) for i, (u, need) in enumerate(zip(usable, fits_one)) if u < need]
    if short:
        i, by = max(short, key=lambda t: t[1])
        raise ValueError(
            f"the model does not fit on device {i}: one replica needs {fits_one[i] / MiB:.1f} MiB "
            f"(weights + gradients + optimizer slots = {estimate.fixed / MiB:.1f} MiB, plus one example) but only "
            f"{usable[i] / MiB:.1f} MiB is usable ({memory[i] / MiB:.1f} MiB minus {headroom:.0%} headroom): "
            f"short by {by / MiB:.1f} MiB. Data parallelism copies the whole model to every device; split the "
            f"model instead (model parallelism, lesson 05), shrink it (mixed precision, lesson 06; an optimizer "
            f"with fewer slots such as SGD), or leave that device out."
        )
    per = estimate.activations_per_example
    return [int((u - estimate.fixed) // per) if per else 2**62 for u in usable]


def plan(capacities, global_batch_size: int, *, memory=None, estimate: MemoryEstimate | None = None,
         headroom: float = 0.1, num_replicas: int | None = None) -> Plan:
    """Per-replica batch sizes proportional to ``capacities`` that sum to ``global_batch_size``.

    Args:
        capacities: one positive number per replica: memory (GB), relative speed, or
            their product. Only the ratios matter: ``[2, 1, 1]`` gives 50 % / 25 % / 25 %.
        global_batch_size: examples per step over all replicas (>= number of replicas).
        memory: bytes per device; with ``estimate`` no device gets more than it can hold
            (its excess is shared among the others in proportion).
        estimate: a ``MemoryEstimate`` of one replica (``estimate_memory``).
        headroom: fraction of each device kept free.
        num_replicas: when given (``strategy.num_replicas_in_sync``), ``capacities`` must
            have that length.

    Raises:
        ValueError: before any work, on bad capacities, a too-small global batch, lengths
            that disagree, or a plan that cannot fit (with by how much and what to do).
    """
    caps = check_capacities(capacities, num_replicas)
    gb = _check_global_batch(global_batch_size, len(caps))
    if (memory is None) != (estimate is None):
        raise ValueError("pass memory=... and estimate=... together (or neither, to plan by capacities only)")
    limits = None
    if memory is not None:
        memory = check_capacities(memory, name="memory")
        if len(memory) != len(caps):
            raise ValueError(f"{len(memory)} memory sizes for {len(caps)} capacities: give one per replica")
        limits = max_batch_sizes(memory, estimate, headroom)
        room = sum(limits)
        if room < gb:
            # the fewest micro-batches of equal size that fit together (what lesson 04's accum_sizes accepts)
            accum = next(k for k in range(math.ceil(gb / room), gb + 1) if gb % k == 0 and gb // k <= room)
            extra = (gb - room) * estimate.activations_per_example
            raise ValueError(
                f"global_batch_size={gb} does not fit: the devices hold at most {room} examples together "
                f"(max per device {limits}); short by {gb - room} examples (~{extra / MiB:.1f} MiB of activations). "
                f"Use gradient accumulation (lesson 04): accum_steps={accum} micro-batches of {gb // accum}; "
                f"or a smaller global batch (<= {room}); or model parallelism (lesson 05) to free memory per device."
            )
    sizes = _apportion(gb, caps, limits or [gb] * len(caps))
    return Plan(tuple(sizes), gb, tuple(caps), tuple(limits) if limits else None,
                tuple(int(m) for m in memory) if memory else None, estimate, headroom if memory else 0.0)


def even(global_batch_size: int, num_replicas: int) -> list[int]:
    """The usual split: equal shares (the first ``global % replicas`` get one more)."""
    gb = _check_global_batch(global_batch_size, num_replicas)
    base, extra = divmod(gb, num_replicas)
    return [base + (r < extra) for r in range(num_replicas)]


def check_fits(per_replica_batch_sizes, memory, estimate: MemoryEstimate, headroom: float = 0.0) -> list[int]:
    """Return the bytes each replica needs; raise ``MemoryError`` if one exceeds its device.

    On a GPU TensorFlow itself fails with ``ResourceExhaustedError: OOM when allocating``.
    On CPU memory cannot be limited per device, so lesson 03 enforces the plan's accounting
    with this function instead: the error is *simulated* and says so.
    """
    if len(per_replica_batch_sizes) != len(memory):
        raise ValueError(f"{len(per_replica_batch_sizes)} batch sizes for {len(memory)} devices: give one per device")
    if not 0 <= headroom < 1:
        raise ValueError(f"headroom={headroom!r} is the fraction of each device kept free: use 0 <= headroom < 1")
    needed = [estimate.bytes_for(n) for n in per_replica_batch_sizes]
    for r, (need, mem) in enumerate(zip(needed, memory)):
        if need > mem * (1 - headroom):
            raise MemoryError(
                f"(simulated) replica {r} needs {need / MiB:.1f} MiB for a batch of {per_replica_batch_sizes[r]} "
                f"but its device has {mem / MiB:.1f} MiB; on a real GPU this is "
                f"'ResourceExhaustedError: OOM when allocating tensor'. Use sharding.plan(...) to size the batches."
            )
    return needed


# ---------------------------------------------------------------------------------------
# 3. Loss weighting
# ---------------------------------------------------------------------------------------


def sample_weights(per_replica_batch_sizes) -> list[float]:
    """Per-example sample weight for each replica that makes Keras ``fit`` exact.

    ``fit`` averages each replica's loss over its own ``n_r`` examples, then divides by
    the number of replicas ``R`` and sums the gradients. Weighting replica ``r``'s examples
    by ``R * n_r / G`` turns that into ``sum(per-example losses) / G``: the single-device
    mean. (A custom loop does the same by dividing each replica's summed loss by ``G``.)
    """
    sizes = [int(n) for n in per_replica_batch_sizes]
    if not sizes or min(sizes) < 1:
        raise ValueError(f"per_replica_batch_sizes={per_replica_batch_sizes!r} must be positive ints")
    total, replicas = sum(sizes), len(sizes)
    return [replicas * n / total for n in sizes]


# ---------------------------------------------------------------------------------------
# 4. Run it: uneven per-replica batches in a real distributed step
# ---------------------------------------------------------------------------------------


def _offsets(sizes) -> list[int]:
    out = [0]
    for n in sizes:
        out.append(out[-1] + n)
    return out


class UnevenBatches:
    """Iterate over ``(x, y)`` in global batches, replica ``r`` getting ``sizes[r]`` examples.

    Each step's global batch is ``x[k*G:(k+1)*G]`` (the same batches one device would see,
    remainder dropped); replica ``r`` gets its contiguous slice, delivered with
    ``strategy.experimental_distribute_values_from_function``. Use it wherever a
    distributed dataset goes, e.g. with ``gpukit.training.make_train_step``.
    """

    def __init__(self, strategy, x, y, per_replica_batch_sizes):
        import numpy as np

        sizes = list(per_replica_batch_sizes.per_replica_batch_sizes if isinstance(per_replica_batch_sizes, Plan)
                     else per_replica_batch_sizes)
        if len(sizes) != strategy.num_replicas_in_sync:
            raise ValueError(f"{len(sizes)} batch sizes for {strategy.num_replicas_in_sync} replicas: give one per replica")
        if any(isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 1 for n in sizes):
            raise ValueError(f"per-replica batch sizes {sizes} must be ints >= 1")
        self.x, self.y = np.asarray(x), np.asarray(y)
        if len(self.x) != len(self.y):
            raise ValueError(f"x has {len(self.x)} examples but y has {len(self.y)}; they must match")
        self.sizes = [int(n) for n in sizes]
        self.global_batch_size = sum(self.sizes)
        self.steps = len(self.x) // self.global_batch_size
        if self.steps == 0:
            raise ValueError(f"only {len(self.x)} examples for a global batch of {self.global_batch_size}; "
                             f"use a smaller batch or more data")
        self.strategy = strategy
        self._offsets = _offsets(self.sizes)

    def __len__(self) -> int:
        return self.steps

    def batch(self, step: int):
        """The distributed batch of step ``step``: a ``(PerReplica x, PerReplica y)`` pair."""
        from ._tf import tf

        if isinstance(step, bool) or not isinstance(step, numbers.Integral) or not 0 <= step < self.steps:
            raise ValueError(f"step={step!r} must be an int in 0..{self.steps - 1} (the data has {self.steps} steps)")
        start = step * self.global_batch_size

        def value_fn(context):
            r = context.replica_id_in_sync_group
            lo, hi = start + self._offsets[r], start + self._offsets[r + 1]
            return tf.constant(self.x[lo:hi]), tf.constant(self.y[lo:hi])

        return self.strategy.experimental_distribute_values_from_function(value_fn)

    def __iter__(self):
        for step in range(self.steps):
            yield self.batch(step)


def gradients(strategy, model, x, y, per_replica_batch_sizes, divide_by: str = "global", loss_fn=None) -> list:
    """The summed gradient one distributed step applies with uneven per-replica batches.

    ``divide_by="global"`` divides each replica's summed loss by the global batch (right);
    ``"per_replica"`` takes each replica's mean (``tf.reduce_mean``): with uneven batches
    this does not just scale the gradient, it over-weights the examples of small replicas.
    A function ``divide_by(per_example_losses, global_batch_size) -> scalar`` is used as
    given (the lesson-03 exercise passes the learner's).
    """
    from . import training
    from ._tf import tf

    if not callable(divide_by) and divide_by not in ("global", "per_replica"):
        raise ValueError(f"divide_by={divide_by!r}; choose 'global', 'per_replica' or a function")
    batches = UnevenBatches(strategy, x, y, per_replica_batch_sizes)
    loss_fn = loss_fn or training.per_example_loss()
    gb = batches.global_batch_size

    def replica_grads(xb, yb):
        with tf.GradientTape() as tape:
            per_example = loss_fn(yb, model(xb, training=True))
            if callable(divide_by):
                loss = divide_by(per_example, gb)
            elif divide_by == "global":
                loss = tf.nn.compute_average_loss(per_example, global_batch_size=gb)
            else:
                loss = tf.reduce_mean(per_example)
        return tape.gradient(loss, model.trainable_variables)

    @tf.function
    def step(batch):
        per_replica = strategy.run(replica_grads, args=batch)
        return [strategy.reduce(training.SUM, g, axis=None) for g in per_replica]

    return [g.numpy() for g in step(batches.batch(0))]


def train(strategy, model, optimizer, x, y, per_replica_batch_sizes, *, epochs: int = 1, loss_fn=None) -> dict:
    """Train with uneven per-replica batches through ``gpukit.training.make_train_step``.

    Returns ``{"loss": [...], "accuracy": [...]}`` per epoch (means over the epoch's steps),
    like ``fit``'s history. Equal to single-device training on the same global batches.
    """
    from . import training

    whole("epochs", epochs)
    batches = UnevenBatches(strategy, x, y, per_replica_batch_sizes)
    train_step = training.make_train_step(strategy, model, optimizer, batches.global_batch_size, loss_fn)
    history = {"loss": [], "accuracy": []}
    for _ in range(epochs):
        loss_sum = correct = 0.0
        for batch in batches:
            loss, right = train_step(batch)
            loss_sum += float(loss)
            correct += float(right)
        history["loss"].append(loss_sum / batches.steps)
        history["accuracy"].append(correct / (batches.steps * batches.global_batch_size))
    return history


# ---------------------------------------------------------------------------------------
# 5. Stragglers: a synchronous step waits for its slowest replica
# ---------------------------------------------------------------------------------------


def simulated_step_time(per_replica_batch_sizes, speeds, seconds_per_example: float) -> float:
    """Step time a synchronous step *would* take: the slowest replica's ``n_r / speed_r``."""
    return max(n * seconds_per_example / s for n, s in zip(per_replica_batch_sizes, speeds))


def straggler_benchmark(per_replica_batch_sizes, speeds, *, seconds_per_example: float = 2e-4,
                        steps: int = 5, timeout: float = 60.0) -> dict:
    """*Measure* synchronous steps on simulated devices of different ``speeds``.

    One thread per replica "computes" its batch by sleeping ``n_r * seconds_per_example /
    speed_r`` (simulated: a CPU has no slow GPU; sleeping keeps the timing independent of
    how busy the cores are), then waits at a barrier, as replicas wait for the gradient
    all-reduce. Returns the measured ``step_seconds`` (median over ``steps``), each
    replica's ``busy_seconds`` and ``idle_fraction`` (time spent waiting for the slowest).
    """
    sizes = [int(n) for n in per_replica_batch_sizes]
    speeds = check_capacities(speeds, len(sizes), name="speeds")
    if seconds_per_example <= 0 or steps < 1:
        raise ValueError("seconds_per_example must be > 0 and steps >= 1")
    work = [n * seconds_per_example / s for n, s in zip(sizes, speeds)]
    barrier = threading.Barrier(len(sizes) + 1, timeout=timeout)
    stop = threading.Event()

    def replica(r):
        while True:
            barrier.wait()  # step starts
            if stop.is_set():
                return
            time.sleep(work[r])  # the simulated compute of this replica's batch
            barrier.wait()  # all-reduce: nobody continues before the slowest arrives

    threads = [threading.Thread(target=replica, args=(r,), daemon=True) for r in range(len(sizes))]
    for t in threads:
        t.start()
    durations = []
    try:
        for _ in range(steps):
            start = time.perf_counter()
            barrier.wait()
            barrier.wait()
            durations.append(time.perf_counter() - start)
    finally:
        stop.set()
        try:
            barrier.wait()
        except threading.BrokenBarrierError:
            pass
        for t in threads:
            t.join(timeout)
    step = sorted(durations)[len(durations) // 2]
    return {"per_replica_batch_sizes": sizes, "speeds": speeds, "step_seconds": step,
            "busy_seconds": work, "idle_fraction": [1 - w / step for w in work]}

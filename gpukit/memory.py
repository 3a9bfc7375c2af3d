"""The memory planner: what one replica needs, and batches that fit every device (lessons 03, 04).

Read it top to bottom:

1. **Estimate** (``estimate_memory`` / ``estimate_from_counts``): what one replica holds:
   weights, gradients and optimizer slots (fixed, counted from the variables when there is a
   model) plus activations kept for the backward pass (per example; estimated from the layer
   outputs, or *measured* with ``measure_activations`` where TensorFlow has allocator
   statistics). ``MemoryEstimate.sources`` says which part is which.
2. **Plan** (``plan``, ``max_batch_sizes``, ``check_fits``): per-replica batch sizes
   proportional to ``capacities`` (memory, speed or both) that sum to the global batch and fit
   each device's memory; ``Plan`` prints a table that explains every number. Bad input raises
   ``ValueError`` before any work, naming the cause and the fix (gradient accumulation with
   the exact ``accum_steps``, a smaller batch, model parallelism). On CPU memory cannot be
   limited per device: ``check_fits`` enforces the accounting with a *simulated* ``MemoryError``.

Plain Python (the splits come from ``gpukit.batching``); TensorFlow loads only in
``measure_activations``. ``gpukit.uneven_batches`` runs the planned uneven batches; lesson 04's
``accumulation.estimate_memory`` and the widgets build on this estimate.
"""

from __future__ import annotations

import dataclasses
import math
import numbers

from ._args import whole
from .batching import apportion, check_capacities, check_global_batch, sample_weights, smallest_accum_steps

MiB = 2**20

# --- 1. Estimate ---------------------------------------------------------------------------

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


# --- 2. Plan -----------------------------------------------------------------------------------


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
        """Per-example weights that make Keras ``fit`` exact with these batches (``batching.sample_weights``)."""
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
            f"short by {by / MiB:.1f} MiB. Data parallelism copies the whole training state to every device; "
            f"shard it over the replicas instead (ZeRO, lesson 09), split the model (model parallelism, lesson "
            f"05), shrink it (mixed precision, lesson 06; an optimizer with fewer slots such as SGD), or leave "
            f"that device out."
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
    gb = check_global_batch(global_batch_size, len(caps))
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
            accum = smallest_accum_steps(gb, 1, room)
            extra = (gb - room) * estimate.activations_per_example
            raise ValueError(
                f"global_batch_size={gb} does not fit: the devices hold at most {room} examples together "
                f"(max per device {limits}); short by {gb - room} examples (~{extra / MiB:.1f} MiB of activations). "
                f"Use gradient accumulation (lesson 04): accum_steps={accum} micro-batches of {gb // accum}; "
                f"or a smaller global batch (<= {room}); or model parallelism (lesson 05) to free memory per device."
            )
    sizes = apportion(gb, caps, limits or [gb] * len(caps))
    return Plan(tuple(sizes), gb, tuple(caps), tuple(limits) if limits else None,
                tuple(int(m) for m in memory) if memory else None, estimate, headroom if memory else 0.0)


def rig_memory_mb(num_replicas: int, learner_mb, detected_mb=None) -> tuple[list[int], str]:
    """The memory (MB) of each replica's device, and where the sizes come from.

    ``detected_mb`` (what ``devices.gpu_memory_mb()`` read from the cards; ``None`` when it
    could not, or on CPU) wins; otherwise the learner's list ``learner_mb`` (lesson 03's
    ``RIG_MB``: the logical GPUs of one split GPU, or the simulated rig on CPU). Either way
    there must be exactly one size per replica: a plan for 4 devices on a 2-GPU machine
    would silently plan for devices that do not exist.

    Raises:
        ValueError: before any work, sizes that are not positive numbers, or a count that
            differs from ``num_replicas`` (the message gives a list of the right length).
    """
    whole_replicas = whole("num_replicas", num_replicas, what="strategy.num_replicas_in_sync")
    if detected_mb:
        sizes, source = detected_mb, "read from the GPUs"
    else:
        sizes, source = learner_mb, "your RIG_MB"
    values = check_capacities(sizes, name="memory sizes (MB)")
    if len(values) != whole_replicas:
        example = [int(values[i % len(values)]) for i in range(whole_replicas)]
        raise ValueError(
            f"{len(values)} memory sizes ({source}: {list(sizes)}) for {whole_replicas} replicas: a plan needs "
            f"exactly one size per device. Give one size in MB per device, e.g. RIG_MB = {example} "
            f"(devices.describe() lists the devices; on a GPU machine nvidia-smi shows their memory)."
        )
    return [int(v) for v in values], source


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
                f"'ResourceExhaustedError: OOM when allocating tensor'. Use memory.plan(...) to size the batches."
            )
    return needed

"""The strategy advisor: from the facts about the hardware and the model to a setup, each
choice with its reason (lesson 08, the capstone).

Read it top to bottom:

1. ``Hardware``: the facts (accelerator kind, devices per machine and their memory, machines,
   interconnect). ``Hardware.of_this_machine()`` reads them from TensorFlow's devices;
   everything else is plain Python, so the advisor imports without TensorFlow.
2. ``advise(hardware, estimate=..., global_batch_size=...)`` returns an ``Advice``: strategy,
   parallelism (data, or model/pipeline when the model fits no device), per-replica batch,
   accumulation steps, precision, and ``reasons`` (one sentence per choice). ``print(advice)``
   shows the table; ``advice.notes`` lists where the rule of thumb was corrected.
3. ``explore()``: an ipywidgets front end; ``show()`` is the same report as a plain call.

The "choosing the right strategy" table of the article *TensorFlow Scaling Techniques*, and
where the advisor answers differently:

=================================  ====================================================================
table says                         advisor
=================================  ====================================================================
one machine, several GPUs:         ``MirroredStrategy`` (agrees)
Mirrored
homogeneous cluster:               ``MultiWorkerMirroredStrategy`` (agrees); on a slow network it also
MultiWorkerMirrored                grows the examples per all-reduce (accumulation), since each update
                                   sends every gradient over the network once
heterogeneous cluster or very      different *memory* is handled by uneven per-replica batches under a
large models: ParameterServer      synchronous strategy (lesson 03: exact); a model too large for a
                                   device needs model/pipeline parallelism (lesson 05), sized with the
                                   micro-batches in flight. A parameter server with
                                   ``variable_partitioner`` shards huge embedding tables (a worker
                                   fetches only the rows it looks up), not dense layers, which every
                                   worker still reads whole. Parameter servers also remain the answer
                                   for many unreliable or preemptible workers (asynchronous updates).
TPU: TPUStrategy                   agrees, with ``mixed_bfloat16`` (TPUs compute in bfloat16 natively)
model too large: model parallel    agrees; the advisor says how many stages
gradient accumulation              agrees; the advisor computes ``accum_steps`` from memory
mixed precision "almost always"    where the device has fast 16-bit units: ``mixed_bfloat16`` on TPUs
                                   and GPUs of compute capability >= 8.0 (no loss scaling),
                                   ``mixed_float16`` on 7.x; ``float32`` on older GPUs and on CPUs
                                   (no speed-up measured on lesson 06's CPU; some recent CPUs
                                   have bfloat16 instructions: measure)
=================================  ====================================================================
"""

from __future__ import annotations

import dataclasses
import math
import numbers

from ._args import whole
from .batching import smallest_accum_steps

GB = 10**9
KINDS = ("CPU", "GPU", "TPU")
# Bandwidth per link in GB/s (order of magnitude, vendors' numbers): what a gradient all-reduce
# crosses. "slow" below is anything under 10 GB/s between machines.
INTERCONNECTS = {
    "nvlink": 300.0, "pcie": 16.0, "infiniband": 25.0, "ethernet-100g": 12.5,
    "ethernet-10g": 1.25, "ethernet-1g": 0.125, "loopback": 10.0,
}
SLOW_GBPS = 10.0
# With no measured compute time, a slow network gets this many micro-batches per update.
DEFAULT_SLOW_ACCUM = 4
# Target: communication at most this fraction of an update when compute time is known.
COMM_FRACTION = 0.2


def _positive(name, value, allow_zero=False) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise ValueError(f"{name}={value!r} must be a finite number")
    if value < 0 or (value == 0 and not allow_zero):
        raise ValueError(f"{name}={value!r} is impossible: it must be > 0 (memory in GB of each device)"
                         if "memory" in name else f"{name}={value!r} must be > 0")
    return float(value)


@dataclasses.dataclass(frozen=True)
class Hardware:
    """The facts the advisor reasons from.

    ``memory_gb`` is one number per device of one machine (or one number for all of them);
    ``None`` means unknown (a CPU: memory is host RAM and cannot be limited per device).
    ``compute_capability`` is the GPUs' (e.g. 8.0 for an A100), if known.
    """

    kind: str = "CPU"
    devices: int = 1
    memory_gb: tuple | float | None = None
    machines: int = 1
    interconnect: str | None = None
    compute_capability: float | None = None
    physical_devices: int | None = None  # CPU: real devices behind the logical ones

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"kind={self.kind!r} must be one of {KINDS}")
        if isinstance(self.devices, bool) or not isinstance(self.devices, numbers.Integral) or self.devices < 1:
            raise ValueError(f"devices={self.devices!r} is impossible hardware: a machine needs at least one "
                             f"device to train on (a CPU counts: devices=1, kind='CPU')")
        if isinstance(self.machines, bool) or not isinstance(self.machines, numbers.Integral) or self.machines < 1:
            raise ValueError(f"machines={self.machines!r} is impossible: use machines >= 1")
        if self.memory_gb is not None:
            mem = self.memory_gb
            values = list(mem) if isinstance(mem, (list, tuple)) else [mem] * self.devices
            if len(values) != self.devices:
                raise ValueError(f"{len(values)} memory sizes for devices={self.devices}: give one per device "
                                 f"(or one number for all)")
            values = tuple(_positive(f"memory_gb[{i}]", m) for i, m in enumerate(values))
            object.__setattr__(self, "memory_gb", values)
        if self.interconnect is not None and self.interconnect not in INTERCONNECTS:
            raise ValueError(f"interconnect={self.interconnect!r} is unknown; use one of {sorted(INTERCONNECTS)} "
                             f"or None (unknown)")
        if self.compute_capability is not None:
            _positive("compute_capability", self.compute_capability)

    @property
    def replicas(self) -> int:
        return self.devices * self.machines

    @property
    def heterogeneous(self) -> bool:
        return self.memory_gb is not None and len(set(self.memory_gb)) > 1

    @classmethod
    def of_this_machine(cls) -> "Hardware":
        """The facts of this machine as TensorFlow sees them (after ``gpukit.devices.setup``)."""
        from . import devices

        counts = devices.physical()
        names = devices.replica_devices()
        kind = "TPU" if counts["TPU"] else ("GPU" if "GPU" in names[0].upper() else "CPU")
        memory, capability = None, None
        if kind == "GPU":
            from ._tf import tf

            details = tf.config.experimental.get_device_details(tf.config.list_physical_devices("GPU")[0])
            cc = details.get("compute_capability")
            capability = float(f"{cc[0]}.{cc[1]}") if cc else None
        return cls(kind=kind, devices=len(names), memory_gb=memory, compute_capability=capability,
                   physical_devices=counts[kind] if kind != "TPU" else None)


@dataclasses.dataclass
class Advice:
    """What to use, and why (``reasons[field]`` is one sentence per choice)."""

    strategy: str
    parallelism: str  # "data" or "model/pipeline"
    num_replicas: int
    global_batch_size: int
    per_replica_batch_sizes: tuple
    accum_steps: int
    precision: str
    pipeline_stages: int = 1
    reasons: dict = dataclasses.field(default_factory=dict)
    notes: list = dataclasses.field(default_factory=list)  # corrections of the rule of thumb

    @property
    def per_replica_batch_size(self) -> int:
        """Examples per replica per micro-step (the largest, when batches are uneven)."""
        return max(self.per_replica_batch_sizes)

    def table(self) -> str:
        rows = [("strategy", self.strategy), ("parallelism", self.parallelism + (
                    f" ({self.pipeline_stages} stages)" if self.pipeline_stages > 1 else "")),
                ("global batch", self.global_batch_size),
                ("per-replica batch", "/".join(str(b) for b in self.per_replica_batch_sizes)),
                ("accumulation steps", self.accum_steps), ("precision", self.precision)]
        keys = ("strategy", "parallelism", "global_batch_size", "per_replica_batch", "accum_steps", "precision")
        width = max(32, max(len(str(value)) for _, value in rows) + 2)  # a long value keeps two spaces
        lines = [f"{'choice':<20}{'value':<{width}}why"]
        for (label, value), key in zip(rows, keys):
            lines.append(f"{label:<20}{str(value):<{width}}{self.reasons.get(key, '')}")
        for note in self.notes:
            lines.append(f"note: {note}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def _usable_bytes(hw: Hardware, headroom: float):
    return None if hw.memory_gb is None else [m * GB * (1 - headroom) for m in hw.memory_gb]


def nearest_global_batches(global_batch_size: int, multiple: int) -> tuple[int, int]:
    """The multiples of ``multiple`` just below and above ``global_batch_size`` (below >= multiple)."""
    lower = max(global_batch_size - global_batch_size % multiple, multiple)
    upper = lower + multiple if lower <= global_batch_size else lower
    return lower, upper


def pipeline_plan(estimate, usable, global_batch_size: int, micro_batches_per_stage: int = 4):
    """``(stages, micro_batches, bytes per stage)`` for the fewest pipeline stages whose share
    fits the devices, or ``None``. Each stage holds ``1/p`` of the fixed part (an even split, the
    best case) and, under 1F1B, the activations of ``min(p, m)`` micro-batches in flight on the
    first stage (lesson 05 measures ``p - s`` on stage ``s``), with ``m = micro_batches_per_stage x p``
    micro-batches (bubble ``(p-1)/(m+p-1)``) of ``ceil(batch / m)`` examples."""
    ranked = sorted(usable, reverse=True)
    for p in range(2, len(ranked) + 1):
        m = min(global_batch_size, micro_batches_per_stage * p)
        micro = math.ceil(global_batch_size / m)
        need = estimate.fixed / p + min(p, m) * micro * estimate.activations_per_example / p
        if need <= ranked[p - 1]:                 # the p-th largest device holds a stage
            return p, m, need
    return None


def advise(hardware: Hardware, *, global_batch_size: int, estimate=None, headroom: float = 0.1,
           seconds_per_example: float | None = None) -> Advice:
    """The recommended setup for training a model described by ``estimate`` (a
    ``gpukit.memory.MemoryEstimate``; None: memory unknown) with ``global_batch_size`` examples
    per update on ``hardware``. Pure arithmetic; raises ``ValueError`` on impossible input.

    ``seconds_per_example``: measured compute time (``gpukit.bench``); with a slow network it
    sets the accumulation so communication is at most ``COMM_FRACTION`` of an update.
    """
    if not isinstance(hardware, Hardware):
        raise ValueError(f"hardware must be a gpukit.advisor.Hardware(...), got {type(hardware).__name__}")
    gb = whole("global_batch_size", global_batch_size)
    if not 0 <= headroom < 1:
        raise ValueError(f"headroom={headroom!r} must be in [0, 1), e.g. 0.1 keeps 10% of each device free")
    if seconds_per_example is not None:
        _positive("seconds_per_example", seconds_per_example)
    hw, reasons, notes = hardware, {}, []
    usable = _usable_bytes(hw, headroom)

    # 1. Does one replica (the whole model) fit a device? If not: split the model.
    if estimate is not None and usable is not None:
        need_one = estimate.bytes_for(1)
        fitting = [i for i, u in enumerate(usable) if u >= need_one]
        if not fitting:
            plan = pipeline_plan(estimate, usable, gb)
            if plan is None:
                raise ValueError(
                    f"the model needs {need_one / GB:.2f} GB per copy but all {hw.devices} device(s) of a machine "
                    f"hold {sum(usable) / GB:.2f} GB usable together: it cannot be trained here even split in "
                    f"stages. Shrink it (mixed precision, an optimizer with fewer slots such as SGD) or use "
                    f"devices with more memory")
            stages, micro_batches, per_stage_need = plan
            per_stage = sorted(usable, reverse=True)[stages - 1]
            return Advice(
                strategy="none (one program drives the stages; gpukit.parallel)", parallelism="model/pipeline",
                num_replicas=hw.machines, global_batch_size=gb, per_replica_batch_sizes=(gb,),
                accum_steps=1, precision=_precision(hw, reasons), pipeline_stages=stages,
                reasons=dict(reasons,
                             strategy=f"one copy needs {need_one / GB:.2f} GB, the largest device holds "
                                      f"{max(usable) / GB:.2f} GB usable: data parallelism copies the whole model "
                                      f"to every device, so split it into {stages} stages (lesson 05)",
                             parallelism=f"{stages} pipeline stages, {micro_batches} micro-batches (bubble "
                                         f"{(stages - 1) / (micro_batches + stages - 1):.0%}); with 1F1B the first "
                                         f"stage keeps {min(stages, micro_batches)} micro-batches of activations "
                                         f"alive: {per_stage_need / GB:.2f} GB per stage of {per_stage / GB:.2f} GB "
                                         f"usable, if the layers split evenly (they rarely do: check the largest "
                                         f"stage, parallel.Pipeline.parameter_bytes())",
                             global_batch_size="as requested: a pipeline splits it into micro-batches",
                             per_replica_batch="the whole batch passes through every stage",
                             accum_steps="micro-batches of the pipeline play this role"),
                notes=["the table suggests ParameterServerStrategy for very large models. With "
                       "variable_partitioner it shards large variables over the parameter servers, and a worker "
                       "fetches only the rows it looks up: TensorFlow's answer when the size is in embedding "
                       "tables. Dense layers are read whole by every worker each step, so for a model too large "
                       "in its dense layers it is no answer"])
        if len(fitting) < hw.devices:
            dropped = [i for i in range(hw.devices) if i not in fitting]
            notes.append(f"devices {dropped} cannot hold a copy of the model: leave them out")
            hw = dataclasses.replace(hw, devices=len(fitting), memory_gb=tuple(hw.memory_gb[i] for i in fitting))
            usable = [usable[i] for i in fitting]

    # 2. The strategy for data parallelism.
    slow = hw.machines > 1 and (hw.interconnect is None or INTERCONNECTS[hw.interconnect] < SLOW_GBPS)
    if hw.kind == "TPU":
        strategy = "TPUStrategy"
        reasons["strategy"] = f"a TPU: TPUStrategy over its {hw.devices} cores (XLA-compiled, synchronous)"
    elif hw.machines > 1:
        strategy = "MultiWorkerMirroredStrategy"
        reasons["strategy"] = (f"{hw.machines} machines x {hw.devices} device(s): synchronous all-reduce across "
                               f"machines (lesson 02); each update sends every gradient over the network")
    elif hw.devices > 1:
        strategy = "MirroredStrategy"
        if hw.kind == "CPU" and (hw.physical_devices or 1) < hw.devices:
            reasons["strategy"] = (f"{hw.devices} virtual CPUs: MirroredStrategy runs the same code as on GPUs "
                                   f"(a stand-in; expect overhead, not speed-up)")
        else:
            reasons["strategy"] = f"one machine with {hw.devices} {hw.kind}s: one replica per device, all-reduce"
    else:
        strategy = "OneDeviceStrategy"
        reasons["strategy"] = f"one {hw.kind}: nothing to mirror"
    if hw.heterogeneous:
        notes.append("devices with different memory: the table's answer (parameter servers) makes updates "
                     "asynchronous and stale; uneven per-replica batches under a synchronous strategy are "
                     "exact (lesson 03). Parameter servers fit many unreliable or preemptible workers.")

    # 3. The batch: split over the replicas; accumulate when it does not fit.
    r = hw.replicas
    if gb < r:
        gb_new = r
        reasons["global_batch_size"] = (f"{gb} < {r} replicas: some would get no example; raised to {r}")
    elif gb % r and not hw.heterogeneous:
        lower, upper = nearest_global_batches(gb, r)
        gb_new = lower if gb - lower <= upper - gb else upper
        reasons["global_batch_size"] = (f"{gb} does not split over {r} replicas; the nearest that does is {gb_new} "
                                        f"({lower} or {upper}); or keep {gb} with uneven batches (lesson 03)")
    else:
        gb_new = gb
        reasons["global_batch_size"] = "as requested"
    gb = gb_new

    max_per = None
    if estimate is not None and usable is not None:
        per_ex = estimate.activations_per_example
        max_per = [int((u - estimate.fixed) // per_ex) if per_ex else 2**62 for u in usable]
    if hw.heterogeneous and max_per is not None:
        from . import memory as mem

        caps = [float(m) for m in max_per]
        room = sum(max_per)
        k = 1 if room >= gb else smallest_accum_steps(gb, 1, room)
        while gb % k:
            k += 1
        micro = gb // k
        per = tuple(mem.apportion(micro, caps, list(max_per)) * hw.machines)
        reasons["per_replica_batch"] = (f"uneven, in proportion to what each device holds ({max_per} examples): "
                                        f"exact when the loss is divided by the global batch (lesson 03)")
    else:
        k = 1
        if max_per is not None and gb // r > min(max_per):
            k = smallest_accum_steps(gb, r, min(max_per))
            reasons["accum_steps"] = (f"{gb // r} examples per replica do not fit ({min(max_per)} do): "
                                      f"{k} micro-batches of {gb // r // k} per replica, one update (lesson 04)")
        per = (gb // r // k,) * r
        reasons["per_replica_batch"] = (f"{gb} / {r} replicas" + (f" / {k} micro-batches" if k > 1 else "")
                                        + (f"; at most {min(max_per)} fit in memory" if max_per else
                                           "; memory unknown: not checked"))
    if slow:
        link = hw.interconnect or "unknown (assumed slow)"
        if seconds_per_example is not None and estimate is not None:
            bandwidth = INTERCONNECTS.get(hw.interconnect, 1.25) * GB
            comm = 2 * (r - 1) / r * estimate.gradients / bandwidth
            compute = max(per) * seconds_per_example
            k_net = max(1, math.ceil(comm * (1 - COMM_FRACTION) / (COMM_FRACTION * compute)))
            why = (f"all-reduce ~{comm:.3f} s per update vs {compute:.3f} s compute per micro-batch: "
                   f"{k_net} micro-batches keep communication <= {COMM_FRACTION:.0%}")
        else:
            k_net = DEFAULT_SLOW_ACCUM
            why = (f"no measured compute time (pass seconds_per_example, lesson 07): {k_net} micro-batches per "
                   f"all-reduce")
        if k_net > 1:
            k_total = k * k_net
            gb = gb * k_net
            reasons["global_batch_size"] = (f"x{k_net} for the slow network ({link}): fewer all-reduces per "
                                            f"epoch; raise the learning rate with warm-up")
            reasons["accum_steps"] = why + (f" (x{k} for memory)" if k > 1 else "")
            k = k_total
    reasons.setdefault("accum_steps", "the batch fits: no accumulation" if max_per else
                       "memory unknown: no accumulation (give memory_gb and an estimate to check)")
    precision = _precision(hw, reasons)
    return Advice(strategy=strategy, parallelism="data", num_replicas=r, global_batch_size=gb,
                  per_replica_batch_sizes=tuple(per), accum_steps=k, precision=precision,
                  reasons=reasons, notes=notes)


def _precision(hw: Hardware, reasons: dict) -> str:
    if hw.kind == "TPU":
        reasons["precision"] = "TPUs multiply in bfloat16 natively; bfloat16 keeps float32's range (no loss scaling)"
        return "mixed_bfloat16"
    if hw.kind == "GPU":
        cc = hw.compute_capability
        if cc is not None and cc >= 8.0:
            reasons["precision"] = (f"compute capability {cc} >= 8.0 (A100, H100, L4, RTX 30xx on): tensor cores run "
                                    f"bfloat16 as fast as float16, and bfloat16 keeps float32's range, so no loss "
                                    f"scaling (nor the replica-0 loss-scale defect lesson 06 shows under a strategy)")
            return "mixed_bfloat16"
        if cc is None or cc >= 7.0:
            reasons["precision"] = ("tensor cores (compute capability 7.x: V100, T4) run float16 several times "
                                    "faster, not bfloat16; Keras adds loss scaling"
                                    + ("" if cc else "; the GPU's capability is unknown: >= 8.0 would take "
                                       "mixed_bfloat16"))
            return "mixed_float16"
        reasons["precision"] = f"compute capability {cc} < 7.0: no tensor cores, float16 gains little"
        return "float32"
    reasons["precision"] = ("on a CPU float32 is the safe default: lesson 06 measured no speed-up from 16 bits "
                            "on its CPU; recent CPUs with bfloat16 instructions (AVX512-BF16, AMX) can gain "
                            "(TensorFlow's mixed-precision guide), so measure yours before switching")
    return "float32"


# --- front ends ------------------------------------------------------------------------------
def show(hardware: Hardware | None = None, *, global_batch_size: int = 256, estimate=None, **kwargs) -> Advice:
    """Print the advice for ``hardware`` (default: this machine) and return it."""
    advice = advise(hardware or Hardware.of_this_machine(), global_batch_size=global_batch_size,
                    estimate=estimate, **kwargs)
    print(advice)
    return advice


def explore(kind="GPU", devices=4, memory_gb=16.0, machines=1, interconnect="nvlink", parameters_millions=25.0,
            activations_mb=20.0, global_batch_size=256, *, interactive: bool = True):
    """An ipywidgets advisor: choose the hardware and the model, read the advice.
    ``interactive=False`` prints the same advice once (static renders, scripts)."""
    from . import memory as mem

    def compute(kind, devices, memory_gb, machines, interconnect, params, act, batch):
        est = mem.estimate_from_counts(int(params * 1e6), int(act * 1e6 / 4))
        hw = Hardware(kind=kind, devices=devices, memory_gb=memory_gb, machines=machines,
                      interconnect=None if interconnect == "unknown" else interconnect)
        try:
            print(advise(hw, global_batch_size=batch, estimate=est))
        except ValueError as err:
            print(f"no advice: {err}")

    args = (kind, devices, memory_gb, machines, interconnect, parameters_millions, activations_mb, global_batch_size)
    if not interactive:
        return compute(*args)
    import ipywidgets as w
    from IPython.display import display

    common = dict(style={"description_width": "210px"}, layout=w.Layout(width="560px"), continuous_update=False)
    controls = dict(
        kind=w.Dropdown(options=KINDS, value=kind, description="accelerator", style=common["style"]),
        devices=w.IntSlider(value=devices, min=1, max=16, description="devices per machine", **common),
        memory_gb=w.FloatSlider(value=memory_gb, min=1, max=192, step=1, description="memory per device (GB)",
                                **common),
        machines=w.IntSlider(value=machines, min=1, max=64, description="machines", **common),
        interconnect=w.Dropdown(options=["unknown", *INTERCONNECTS], value=interconnect or "unknown",
                                description="interconnect", style=common["style"]),
        params=w.FloatSlider(value=parameters_millions, min=1, max=70000, step=1,
                             description="parameters (millions)", **common),
        act=w.FloatSlider(value=activations_mb, min=0.1, max=500, step=0.1,
                          description="activations per example (MB)", **common),
        batch=w.IntSlider(value=global_batch_size, min=1, max=8192, description="global batch (examples)",
                          **common),
    )
    out = w.Output()

    def redraw(*_):
        out.clear_output(wait=True)
        with out:
            compute(*(c.value for c in controls.values()))

    for c in controls.values():
        c.observe(redraw, names="value")
    redraw()
    box = w.VBox([w.HTML("<b>Strategy advisor</b>"), *controls.values(), out])
    display(box)
    return box


def make_strategy(advice: Advice):
    """The ``tf.distribute`` strategy ``advice`` names, built for this process (TensorFlow loads here).

    Mirrored and one-device strategies come from ``gpukit.strategies``; a TPU through
    ``strategies.pick()``. Multi-worker and model/pipeline advice cannot be built inside one
    notebook process: lessons 02 (``gpukit.cluster``) and 05 (``gpukit.parallel``) show how."""
    from . import devices, strategies
    from ._tf import tf

    names = devices.replica_devices()
    if advice.strategy == "MirroredStrategy":
        return strategies.mirrored(names[:advice.num_replicas])
    if advice.strategy == "OneDeviceStrategy":
        return tf.distribute.OneDeviceStrategy(names[0])
    if advice.strategy == "TPUStrategy":
        return strategies.pick().strategy
    raise ValueError(f"advice.strategy={advice.strategy!r} needs several processes (lesson 02: gpukit.cluster) or "
                     f"a model split into stages (lesson 05: gpukit.parallel); it is not built in one process")

"""The strategy advisor: from the facts about the hardware and the model to a setup, each
choice with its reason (lesson 08, the capstone).

Read it top to bottom:

1. ``Hardware``: the facts (accelerator kind, devices per machine and their memory, machines,
   interconnect). ``Hardware.of_this_machine()`` reads them from TensorFlow's devices;
   everything else is plain Python, so the advisor imports without TensorFlow.
2. ``advise(hardware, estimate=..., global_batch_size=...)`` returns an ``Advice``: strategy,
   parallelism (data; data with the training state sharded, ZeRO-1/2/3, when one copy fits no
   device; model/pipeline when even ZeRO-3 does not fit), per-replica batch, accumulation steps,
   precision, and ``reasons`` (one sentence per choice). ``print(advice)`` shows the table;
   ``advice.notes`` lists where the rule of thumb was corrected. Two optional axes:
   ``sequence_length=`` (with ``attention_heads=``) checks one example's attention scores and
   splits long sequences over devices (context parallelism); ``num_experts=`` (with
   ``expert_params=``) spreads a mixture of experts over the devices (expert parallelism).
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
                                   device needs its state sharded (ZeRO, lesson 09) or model/pipeline
                                   parallelism (lesson 05, sized with the micro-batches in flight),
                                   see the row below. A parameter server with
                                   ``variable_partitioner`` shards huge embedding tables (a worker
                                   fetches only the rows it looks up), not dense layers, which every
                                   worker still reads whole. Parameter servers also remain the answer
                                   for many unreliable or preemptible workers (asynchronous updates).
TPU: TPUStrategy                   agrees, with ``mixed_bfloat16`` (TPUs compute in bfloat16 natively)
model too large: model parallel    first shards the training state over the data-parallel replicas
                                   (ZeRO, lesson 09): the lowest stage whose slice fits (1: optimizer
                                   slots, 2: + gradients, 3: + weights; stage 3 sends ~1.5x the
                                   bytes of data parallelism). Only when even ZeRO-3 does not fit, or
                                   with one replica (ZeRO needs several), model/pipeline stages, and
                                   how many
(not in the table): long           context parallelism (ring attention, lesson 10) when one example's
sequences                          attention scores of a layer in training (3 x L^2 x heads) exceed a
                                   quarter of a device: the fewest devices whose 3 x (L/N)^2 blocks fit
(not in the table): mixture of     expert parallelism (lesson 10) when the experts do not all fit one
experts                            device: E/N experts per device, tokens exchanged by all-to-all
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

from ._args import positive, whole
from .batching import smallest_accum_steps
from .ring_attention import devices_for_scores, score_bytes  # pure Python: TensorFlow only in its RingAttention
from .hardware import INTERCONNECTS, bandwidth_Bps
from .zero import comm_bytes, state_bytes  # pure Python: gpukit.zero loads TensorFlow only in its trainer

GB = 10**9
KINDS = ("CPU", "GPU", "TPU")
# The links (bandwidth per direction, GB/s, with sources): one table, gpukit.hardware. "slow" below is
# anything under 10 GB/s between machines.
SLOW_GBPS = 10.0
# With no measured compute time, a slow network gets this many micro-batches per update.
DEFAULT_SLOW_ACCUM = 4
# Target: communication at most this fraction of an update when compute time is known.
COMM_FRACTION = 0.2
# Long sequences: one example's attention scores of one layer may take at most this fraction of the
# smallest device's usable memory (the rest: the training state and the other activations).
ATTENTION_FRACTION = 0.25
# Memory of 0 GB (or less) is impossible hardware.
MEMORY_HINT = "each device's memory in GB, a finite number (0 or less is impossible hardware)"


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
            values = tuple(positive(f"memory_gb[{i}]", m, hint=MEMORY_HINT) for i, m in enumerate(values))
            object.__setattr__(self, "memory_gb", values)
        if self.interconnect is not None and self.interconnect not in INTERCONNECTS:
            raise ValueError(f"interconnect={self.interconnect!r} is unknown; use one of {sorted(INTERCONNECTS)} "
                             f"or None (unknown)")
        if self.compute_capability is not None:
            positive("compute_capability", self.compute_capability)

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
    parallelism: str  # "data", "data, ZeRO-<k> sharded state" (+ ", context", ", experts"), or "model/pipeline"
    num_replicas: int  # data-parallel replicas (with context parallelism: groups of devices)
    global_batch_size: int
    per_replica_batch_sizes: tuple
    accum_steps: int
    precision: str
    pipeline_stages: int = 1
    reasons: dict = dataclasses.field(default_factory=dict)
    notes: list = dataclasses.field(default_factory=list)  # corrections of the rule of thumb
    zero_stage: int | None = None  # 1, 2 or 3 when the training state is sharded (lesson 09)
    bytes_per_device: float | None = None  # with sharded state, context or expert parallelism: state + one
    #                                        micro-batch of activations on the fullest device
    context_parallel: int | None = None  # devices one sequence is split over (1: none); None: not asked
    expert_parallel: int | None = None  # devices the experts are spread over (1: all on every device); None: no MoE
    experts_per_device: int | None = None

    @property
    def per_replica_batch_size(self) -> int:
        """Examples per replica per micro-step (the largest, when batches are uneven)."""
        return max(self.per_replica_batch_sizes)

    def table(self) -> str:
        rows = [("strategy", self.strategy), ("parallelism", self.parallelism + (
                    f" ({self.pipeline_stages} stages)" if self.pipeline_stages > 1 else ""))]
        keys = ["strategy", "parallelism"]
        if self.context_parallel is not None:
            rows.append(("context parallel", "none" if self.context_parallel == 1 else
                         f"{self.context_parallel} devices per sequence"))
            keys.append("context_parallel")
        if self.expert_parallel is not None:
            rows.append(("expert parallel", f"none ({self.experts_per_device} experts on every device)"
                         if self.expert_parallel == 1 else
                         f"{self.expert_parallel} devices, {self.experts_per_device} experts each"))
            keys.append("expert_parallel")
        if self.bytes_per_device is not None:
            rows.append(("memory per device", f"{self.bytes_per_device / GB:.2f} GB"))
            keys.append("bytes_per_device")
        rows += [("global batch", self.global_batch_size),
                 ("per-replica batch", "/".join(str(b) for b in self.per_replica_batch_sizes)),
                 ("accumulation steps", self.accum_steps), ("precision", self.precision)]
        keys += ["global_batch_size", "per_replica_batch", "accum_steps", "precision"]
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


def _check_new_axes(estimate, sequence_length, attention_heads, num_experts, expert_params):
    """``ValueError`` naming the fix for the optional axes' arguments, before any arithmetic."""
    if sequence_length is not None:
        whole("sequence_length", sequence_length, what="tokens per example, e.g. 8192")
    if attention_heads is not None:
        if sequence_length is None:
            raise ValueError(f"attention_heads={attention_heads!r} without sequence_length: pass "
                             f"sequence_length=... too (the attention scores are sequence_length^2 x heads)")
        whole("attention_heads", attention_heads, what="heads of one attention layer, e.g. 8")
    if num_experts is None:
        if expert_params is not None:
            raise ValueError(f"expert_params={expert_params!r} without num_experts: pass num_experts=... too "
                             f"(how many experts the model has)")
        return
    whole("num_experts", num_experts, what="experts of the mixture-of-experts model, e.g. 8")
    if expert_params is None:
        raise ValueError(f"num_experts={num_experts} needs expert_params=... (the parameters of one expert): the "
                         f"advisor splits the estimate into the experts and the rest (dense) by it")
    positive("expert_params", expert_params)
    if estimate is None:
        raise ValueError(f"num_experts={num_experts} needs estimate=... (the whole model, its experts included: "
                         f"memory.estimate_from_counts or memory.estimate_memory)")
    if num_experts * expert_params > estimate.num_parameters:
        raise ValueError(f"{num_experts} experts x {expert_params:,.0f} parameters = "
                         f"{num_experts * expert_params:,.0f} > the estimate's {estimate.num_parameters:,} "
                         f"parameters: the estimate must count the whole model, every expert included")


def context_parallel_plan(sequence_length: int, heads: int, value_bytes: int, budget: float, replicas: int):
    """``(devices, block bytes)``: the fewest devices ``n`` dividing ``replicas`` whose ring-attention
    block of scores *in training*, ``3 x ceil(L/n)^2 x heads x value_bytes`` (P, dP, dS of the
    recomputing backward: ``ring_attention.score_bytes(...)["ring_training"]``), is at most ``budget``
    bytes; ``None`` if even all ``replicas`` devices do not make it fit. With ``n`` devices each
    holds ``L/n`` queries and, at each of the ``n`` steps of the ring, one block of ``L/n`` keys and values."""
    try:
        fewest = devices_for_scores(sequence_length, heads, budget, value_bytes, max_devices=replicas)
    except ValueError:  # no block fits even over every replica
        return None
    for n in range(max(2, fewest), replicas + 1):
        if replicas % n == 0:
            return n, score_bytes(sequence_length, n, heads, value_bytes)["ring_training"]
    return None


def advise(hardware: Hardware, *, global_batch_size: int, estimate=None, headroom: float = 0.1,
           seconds_per_example: float | None = None, zero: bool = True, sequence_length: int | None = None,
           attention_heads: int | None = None, num_experts: int | None = None,
           expert_params: float | None = None, transformer=None, accelerator: str | None = None) -> Advice:
    """The recommended setup for training a model described by ``estimate`` (a
    ``gpukit.memory.MemoryEstimate``; None: memory unknown) with ``global_batch_size`` examples
    per update on ``hardware``. Pure arithmetic; raises ``ValueError`` on impossible input.

    ``seconds_per_example``: measured compute time (``gpukit.bench``); with a slow network it
    sets the accumulation so communication is at most ``COMM_FRACTION`` of an update.

    When one copy of the training state (``estimate.fixed``: weights, gradients, optimizer slots,
    plus one example's activations) fits no device, the state is sharded over the
    ``hardware.replicas`` data-parallel replicas: the lowest ZeRO stage (lesson 09) whose slice
    (``gpukit.zero.state_bytes`` with the estimate's own weight, gradient and optimizer bytes) holds
    the per-replica batch; if none does, the lowest of those needing the fewest micro-batches
    (the batch is then accumulated).
    ``zero=False`` (a framework without sharded state) skips it. Only when even stage 3 does not
    fit: pipeline stages (lesson 05).

    ``sequence_length`` (tokens per example) with ``attention_heads`` (default 1): one example's
    attention scores of one layer in training, ``3 x L^2 x heads`` values (P, dP, dS:
    ``ring_attention.score_bytes``) of 2 bytes under a mixed precision policy, else 4, are alive together
    during that layer's backward. Above ``ATTENTION_FRACTION`` of the smallest device's usable memory,
    each sequence is split over the fewest devices ``n`` (dividing the replicas) whose ring-attention
    blocks in training, ``3 x (L/n)^2 x heads``, fit (context parallelism, lesson
    10); the replicas form ``replicas / n`` data-parallel groups, each device keeping ``1/n`` of an
    example's activations. A split sequence whose model also needs pipeline stages is refused
    (``ValueError``): stages split again over the sequence are not planned here.

    ``num_experts`` with ``expert_params`` (parameters of one expert; ``estimate`` counts the whole
    model, experts included, and each expert costs ``expert_params`` x the estimate's bytes per
    parameter): when one copy fits no device, the experts are spread over all replicas,
    ``num_experts / replicas`` per device (expert parallelism, lesson 10: tokens travel to their
    expert and back by all-to-all), which needs ``num_experts`` to be a multiple of the replicas.
    The dense rest stays data parallel. If that does not fit either, ZeRO, then pipeline stages.

    ``transformer`` (a ``gpukit.plan.Model``) with ``accelerator`` (a key of
    ``gpukit.plan.ACCELERATORS``): a large model is planned by lesson 11's planner instead
    (``gpukit.plan.recommend``: every layout of tensor, pipeline, data and context parallelism, ZeRO
    stage, micro-batch and recomputation that fits, the fastest first); see ``_delegate``.
    """
    if transformer is not None:
        return _delegate(hardware, transformer, accelerator, global_batch_size, headroom)
    if not isinstance(hardware, Hardware):
        raise ValueError(f"hardware must be a gpukit.advisor.Hardware(...), got {type(hardware).__name__}")
    gb = whole("global_batch_size", global_batch_size)
    if not 0 <= headroom < 1:
        raise ValueError(f"headroom={headroom!r} must be in [0, 1), e.g. 0.1 keeps 10% of each device free")
    if seconds_per_example is not None:
        positive("seconds_per_example", seconds_per_example)
    if not isinstance(zero, bool):
        raise ValueError(f"zero={zero!r} must be True (consider sharded state, ZeRO) or False")
    _check_new_axes(estimate, sequence_length, attention_heads, num_experts, expert_params)
    plan = _Plan(hardware, estimate, gb, _usable_bytes(hardware, headroom), num_experts, expert_params,
                 sequence_length)
    _decide_context(plan, attention_heads)      # 0. long sequences: split each one over devices?
    _decide_experts(plan)                       #    experts: their share of the state
    pipeline = _decide_memory(plan, zero)       # 1. does one replica fit? else experts, sharding, pipeline
    if pipeline is not None:
        return pipeline
    _decide_strategy(plan)                      # 2. the strategy for data parallelism
    _decide_batch(plan)                         # 3. the batch over the replicas, accumulated if it must be
    _decide_network(plan, seconds_per_example)  #    a slow network: more micro-batches per all-reduce
    precision = _precision(plan.hw, plan.reasons)  # 4. precision
    return _advice(plan, precision)


def _delegate(hw: Hardware, transformer, accelerator, global_batch_size, headroom) -> Advice:
    """A transformer on ``hw``'s devices (``accelerator`` each, ``hw.devices`` per machine, the
    machines joined by ``hw.interconnect``), planned by ``gpukit.plan.recommend``."""
    from . import plan

    if not isinstance(transformer, plan.Model):
        raise ValueError(f"transformer must be a gpukit.plan.Model(...), got {type(transformer).__name__}")
    if accelerator not in plan.ACCELERATORS:
        raise ValueError(f"accelerator={accelerator!r}: name the devices' kind, one of {sorted(plan.ACCELERATORS)} "
                         f"(the planner needs their peak FLOP/s and memory)")
    between = bandwidth_Bps(hw.interconnect) / GB if hw.machines > 1 and hw.interconnect else 25.0
    cluster = plan.Cluster(accelerator, hw.replicas, per_node=hw.devices, inter_node_GBps=between)
    best = plan.recommend(transformer, cluster, whole("global_batch_size", global_batch_size), headroom=headroom)
    lay = best.layout
    why = "; ".join(best.reasons())
    return Advice(strategy="a Megatron-style layout (gpukit.plan; no tf.distribute strategy runs tp/pp)",
                  parallelism=str(lay), num_replicas=lay.dp, global_batch_size=lay.global_batch,
                  per_replica_batch_sizes=(lay.micro_batch,) * lay.dp, accum_steps=lay.micro_batches,
                  precision="mixed_bfloat16" if transformer.param_bytes == 2 else "float32",
                  pipeline_stages=lay.pp, zero_stage=lay.zero or None, bytes_per_device=best.memory["total"],
                  reasons={"parallelism": f"planned by gpukit.plan (lesson 11): {why}",
                           "strategy": f"{best.tflops_per_device:.0f} TFLOP/s per device predicted, "
                                       f"step {best.step_s:.2f} s"})


@dataclasses.dataclass
class _Plan:
    """What ``advise``'s decisions share: the facts, what was decided so far, and why."""

    hw: Hardware                     # devices that hold no copy of the model are left out (step 1)
    estimate: object
    gb: int                          # the global batch, as adjusted
    usable: list | None              # usable bytes per device (None: memory unknown)
    num_experts: int | None
    expert_params: float | None
    sequence_length: int | None
    reasons: dict = dataclasses.field(default_factory=dict)
    notes: list = dataclasses.field(default_factory=list)
    cp: int | None = None            # context parallel: devices per sequence
    act_dev: float | None = None     # activation bytes of one example on one device
    fixed_dev: float | None = None   # state bytes on each device
    zero_stage: int | None = None
    ep: int | None = None            # expert parallel: devices the experts are spread over
    per_device_experts: int | None = None
    ratio: float = 1.0               # communication of the ZeRO stage relative to an all-reduce
    expert_bytes: float | None = None
    dense_bytes: float | None = None
    strategy: str = ""
    r: int = 1                       # data-parallel replicas (groups of devices under context parallelism)
    per: tuple = ()
    k: int = 1
    max_per: list | None = None

    @property
    def groups(self) -> int:
        return self.cp or 1


def _decide_context(p: _Plan, attention_heads) -> None:
    """Long sequences: do one example's attention scores fit a device? If not: split the sequence."""
    if p.sequence_length is not None:
        p.cp = _context_parallel(p.hw, p.usable, p.sequence_length, attention_heads or 1, p.reasons)
    p.act_dev = None if p.estimate is None else p.estimate.activations_per_example / p.groups
    p.fixed_dev = None if p.estimate is None else p.estimate.fixed


def _decide_experts(p: _Plan) -> None:
    """Experts: one expert's state, the dense rest's; whether all of them fit is decided with the memory."""
    if p.num_experts is None:
        return
    p.ep, p.per_device_experts = 1, p.num_experts
    per_param = p.estimate.fixed / p.estimate.num_parameters
    p.expert_bytes = p.expert_params * per_param
    p.dense_bytes = p.estimate.fixed - p.num_experts * p.expert_bytes
    if p.usable is None:
        p.reasons["expert_parallel"] = (f"memory unknown: not checked whether the {p.num_experts} experts "
                                        f"({p.num_experts * p.expert_bytes / GB:.2f} GB of state) fit a device "
                                        f"(give memory_gb)")


def _decide_memory(p: _Plan, zero: bool):
    """Does one replica (the whole model) fit a device? If not: spread the experts, shard the state
    (ZeRO), or split the model (returns the pipeline's ``Advice``). Devices too small are left out."""
    if p.estimate is None or p.usable is None:
        return None
    need_one = p.estimate.fixed + p.act_dev  # state + one example's activations (1/groups of them)
    fitting = [i for i, u in enumerate(p.usable) if u >= need_one]
    if p.ep is not None and fitting:
        p.reasons["expert_parallel"] = (f"all {p.num_experts} experts ({p.num_experts * p.expert_bytes / GB:.2f} GB "
                                        f"of state) fit on every device with the rest: no all-to-all needed")
    if not fitting:
        if p.ep is not None:
            ep_need = _expert_parallel(p.num_experts, p.hw.replicas, p.expert_bytes, p.dense_bytes, p.act_dev,
                                       min(p.usable), need_one, p.reasons)
            if ep_need is not None:
                p.ep, p.per_device_experts, p.fixed_dev = p.hw.replicas, p.num_experts // p.hw.replicas, ep_need
        if (p.ep or 1) == 1:  # no experts, or spreading them does not fit
            why_not = _decide_sharding(p, zero, need_one)
            if why_not is not None:
                return _decide_pipeline(p, need_one, why_not)
    elif len(fitting) < p.hw.devices:
        dropped = [i for i in range(p.hw.devices) if i not in fitting]
        p.notes.append(f"devices {dropped} cannot hold a copy of the model: leave them out")
        p.hw = dataclasses.replace(p.hw, devices=len(fitting), memory_gb=tuple(p.hw.memory_gb[i] for i in fitting))
        p.usable = [p.usable[i] for i in fitting]
        if p.cp and (p.hw.replicas % p.cp):
            raise ValueError(f"devices {dropped} hold no copy of the model; the {p.hw.replicas} left do not "
                             f"split into groups of {p.cp} for the sequence: use devices with more memory or a "
                             f"shorter sequence")
    return None


def _decide_sharding(p: _Plan, zero: bool, need_one: float) -> str | None:
    """Shard the state over the replicas (ZeRO, lesson 09): ``None`` when a stage fits, else why not."""
    replicas, estimate, usable = p.hw.replicas, p.estimate, p.usable
    shardable = zero and replicas > 1 and estimate.num_parameters > 0
    zero_plan = _zero_plan(estimate, replicas, usable, p.act_dev, p.gb, p.groups, p.hw) if shardable else None
    if zero_plan is not None:
        p.zero_stage, p.fixed_dev, p.ratio, why = zero_plan
        p.reasons["parallelism"] = (
            f"one copy needs {need_one / GB:.2f} GB (state {estimate.fixed / GB:.2f} GB + one example), "
            f"the largest device holds {max(usable) / GB:.2f} GB usable: shard the state over the "
            f"{replicas} replicas (lesson 09): " + why)
        return None
    if not zero:
        return "sharded state not considered (zero=False)"
    if estimate.num_parameters == 0:
        return "no parameters: no state to shard"
    if replicas == 1:
        return "ZeRO needs several replicas to shard the state over (here one device): it cannot help"
    s3 = _zero_state(estimate, replicas, 3)
    return (f"even ZeRO-3 over the {replicas} replicas needs {(s3 + p.act_dev) / GB:.2f} GB "
            f"per device (state + one example) and the smallest holds {min(usable) / GB:.2f} GB")


def _decide_pipeline(p: _Plan, need_one: float, why_not: str) -> Advice:
    """Split the model into pipeline stages (lesson 05); refused with a split sequence."""
    if p.groups > 1:  # stages sized on whole sequences would not hold one example's scores
        raise ValueError(
            f"sequence_length={p.sequence_length}: one example's attention scores need a split over "
            f"{p.cp} devices (context parallelism), and the model needs pipeline stages too "
            f"({why_not}). gpukit does not plan the two together (every stage split again over "
            f"{p.cp} devices): shorten the sequence, shrink the model or use devices with more memory")
    return _pipeline_advice(p.hw, p.estimate, p.usable, p.gb, need_one, why_not, p.reasons, p.cp, p.ep,
                            p.per_device_experts)


def _decide_strategy(p: _Plan) -> None:
    """The strategy for data parallelism, from the kind and number of devices and machines."""
    hw, reasons = p.hw, p.reasons
    if hw.kind == "TPU":
        p.strategy = "TPUStrategy"
        reasons["strategy"] = f"a TPU: TPUStrategy over its {hw.devices} cores (XLA-compiled, synchronous)"
    elif hw.machines > 1:
        p.strategy = "MultiWorkerMirroredStrategy"
        reasons["strategy"] = (f"{hw.machines} machines x {hw.devices} device(s): synchronous all-reduce across "
                               f"machines (lesson 02); each update sends every gradient over the network")
    elif hw.devices > 1:
        p.strategy = "MirroredStrategy"
        if hw.kind == "CPU" and (hw.physical_devices or 1) < hw.devices:
            reasons["strategy"] = (f"{hw.devices} virtual CPUs: MirroredStrategy runs the same code as on GPUs "
                                   f"(a stand-in; expect overhead, not speed-up)")
        else:
            reasons["strategy"] = f"one machine with {hw.devices} {hw.kind}s: one replica per device, all-reduce"
    else:
        p.strategy = "OneDeviceStrategy"
        reasons["strategy"] = f"one {hw.kind}: nothing to mirror"
    if hw.heterogeneous:
        p.notes.append("devices with different memory: the table's answer (parameter servers) makes updates "
                       "asynchronous and stale; uneven per-replica batches under a synchronous strategy are "
                       "exact (lesson 03). Parameter servers fit many unreliable or preemptible workers.")


def _decide_batch(p: _Plan) -> None:
    """The batch: split over the replicas (groups of devices under context parallelism); accumulate
    when it does not fit; uneven shares on devices of different memory."""
    hw, reasons, gb = p.hw, p.reasons, p.gb
    r = p.r = hw.replicas // p.groups
    uneven = hw.heterogeneous and p.groups == 1
    if gb < r:
        gb_new = r
        reasons["global_batch_size"] = (f"{gb} < {r} replicas: some would get no example; raised to {r}")
    elif gb % r and not uneven:
        lower, upper = nearest_global_batches(gb, r)
        gb_new = lower if gb - lower <= upper - gb else upper
        reasons["global_batch_size"] = (f"{gb} does not split over {r} replicas; the nearest that does is {gb_new} "
                                        f"({lower} or {upper}); or keep {gb} with uneven batches (lesson 03)")
    else:
        gb_new = gb
        reasons["global_batch_size"] = "as requested"
    gb = p.gb = gb_new

    max_per = None
    if p.estimate is not None and p.usable is not None:
        per_ex = p.act_dev
        max_per = [int((u - p.fixed_dev) // per_ex) if per_ex else 2**62 for u in p.usable]
    p.max_per = max_per
    if uneven and max_per is not None:
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
    p.per, p.k = per, k


def _decide_network(p: _Plan, seconds_per_example) -> None:
    """A slow network between machines: more micro-batches per all-reduce, so communication stays at
    most ``COMM_FRACTION`` of an update (or ``DEFAULT_SLOW_ACCUM`` when compute time is unknown)."""
    hw, reasons, estimate, r, k = p.hw, p.reasons, p.estimate, p.r, p.k
    slow = hw.machines > 1 and (hw.interconnect is None or bandwidth_Bps(hw.interconnect) < SLOW_GBPS * GB)
    if slow:
        link = hw.interconnect or "unknown (assumed slow)"
        if seconds_per_example is not None and estimate is not None:
            bandwidth = bandwidth_Bps(hw.interconnect or "ethernet-10g")
            reduced = estimate.gradients
            if p.ep and p.ep > 1:  # each expert's gradients stay on its device: only the dense part is all-reduced
                reduced -= p.num_experts * p.expert_params * estimate.gradients / estimate.num_parameters
            comm = 2 * (r - 1) / r * reduced / bandwidth * p.ratio
            compute = max(p.per) * seconds_per_example
            k_net = max(1, math.ceil(comm * (1 - COMM_FRACTION) / (COMM_FRACTION * compute)))
            why = (f"all-reduce ~{comm:.3f} s per update vs {compute:.3f} s compute per micro-batch: "
                   f"{k_net} micro-batches keep communication <= {COMM_FRACTION:.0%}")
        else:
            k_net = DEFAULT_SLOW_ACCUM
            why = (f"no measured compute time (pass seconds_per_example, lesson 07): {k_net} micro-batches per "
                   f"all-reduce")
        if k_net > 1:
            k_total = k * k_net
            p.gb = p.gb * k_net
            reasons["global_batch_size"] = (f"x{k_net} for the slow network ({link}): fewer all-reduces per "
                                            f"epoch; raise the learning rate with warm-up")
            reasons["accum_steps"] = why + (f" (x{k} for memory)" if k > 1 else "")
            p.k = k_total
    reasons.setdefault("accum_steps", "the batch fits: no accumulation" if p.max_per else
                       "memory unknown: no accumulation (give memory_gb and an estimate to check)")


def _advice(p: _Plan, precision: str) -> Advice:
    """The decisions as one ``Advice``: the kinds of parallelism named, the bytes each device holds."""
    reasons, cp, ep, r = p.reasons, p.cp, p.ep, p.r
    parallelism, used = "data", None
    if p.zero_stage:
        parallelism += f", ZeRO-{p.zero_stage} sharded state"
    if cp and cp > 1:
        parallelism += f", context-parallel x{cp}"
        reasons["strategy"] += f"; the sequence is split over {cp} devices, so the replicas are {r} group(s) of {cp}"
        reasons.setdefault("parallelism", f"data parallel over {r} group(s) of {cp} devices; within a group "
                                          f"each sequence is split (context parallel)")
    if ep and ep > 1:
        parallelism += f", expert-parallel x{ep}"
        reasons["parallelism"] = (f"data parallel for the dense part; the {p.num_experts} experts spread over the "
                                  f"{ep} replicas (lesson 10)")
    if (p.zero_stage or (cp or 1) > 1 or (ep or 1) > 1) and p.max_per is not None:
        used = p.fixed_dev + max(p.per) * p.act_dev
        reasons["bytes_per_device"] = (f"{p.fixed_dev / GB:.2f} GB of state + {max(p.per)} example(s) x "
                                       f"{p.act_dev / 1e6:.1f} MB of activations, of {min(p.usable) / GB:.2f} GB "
                                       f"usable on the smallest device")
    return Advice(strategy=p.strategy, parallelism=parallelism, num_replicas=r, global_batch_size=p.gb,
                  per_replica_batch_sizes=tuple(p.per), accum_steps=p.k, precision=precision,
                  reasons=reasons, notes=p.notes, zero_stage=p.zero_stage, bytes_per_device=used,
                  context_parallel=cp, expert_parallel=ep, experts_per_device=p.per_device_experts)


def _value_bytes(hw: Hardware) -> int:
    """Bytes of one attention score under the policy the advisor picks: 2 when mixed, else 4."""
    return 2 if _precision(hw, {}).startswith("mixed") else 4


def _context_parallel(hw: Hardware, usable, L: int, heads: int, reasons: dict) -> int:
    """Devices one sequence is split over (1: none), with its reason; ``ValueError`` if no count fits."""
    b = _value_bytes(hw)
    scores = score_bytes(L, 1, heads, b)["unsplit_training"]
    what = (f"one example's attention scores in training: 3 x {L}^2 x {heads} head(s) x {b} bytes = "
            f"{scores / GB:.2f} GB per layer (P, dP and dS alive together in that layer's backward)")
    if usable is None:
        reasons["context_parallel"] = what + "; memory unknown: not checked (give memory_gb)"
        return 1
    budget = ATTENTION_FRACTION * min(usable)
    if scores <= budget:
        reasons["context_parallel"] = (what + f" <= {ATTENTION_FRACTION:.0%} of {min(usable) / GB:.2f} GB usable: "
                                              f"one device holds a whole sequence")
        return 1
    plan = context_parallel_plan(L, heads, b, budget, hw.replicas)
    if plan is None:
        raise ValueError(
            f"sequence_length={L}: {what}; even split over all {hw.replicas} device(s) a ring-attention block of "
            f"3 x {math.ceil(L / hw.replicas)}^2 x {heads} x {b} bytes is "
            f"{score_bytes(L, hw.replicas, heads, b)['ring_training'] / GB:.2f} GB > {budget / GB:.2f} GB "
            f"({ATTENTION_FRACTION:.0%} of the smallest device's usable memory). Use more devices, a shorter "
            f"sequence, fewer heads per layer, or memory-efficient (flash) attention, which never keeps a "
            f"whole block of scores")
    n, block = plan
    reasons["context_parallel"] = (
        what + f" > {ATTENTION_FRACTION:.0%} of {min(usable) / GB:.2f} GB usable: split each sequence over {n} "
        f"devices (ring attention, lesson 10): each keeps {math.ceil(L / n)} queries and, at each of {n} ring "
        f"steps, one block of as many keys/values; in training 3 x ({math.ceil(L / n)})^2 x {heads} x {b} = "
        f"{block / GB:.2f} GB; "
        f"the {hw.replicas // n} group(s) of {n} devices are the data-parallel replicas. On one device, "
        f"memory-efficient (flash) attention is the alternative (it never keeps the whole matrix)")
    return n


def _expert_parallel(num_experts, replicas, expert_bytes, dense_bytes, act_dev, smallest, need_one, reasons):
    """State bytes per device with the experts spread over ``replicas`` devices, or ``None`` (with
    the reason) when that does not fit; ``ValueError`` when they do not spread evenly."""
    if replicas == 1:
        reasons["expert_parallel"] = ("one device: nowhere to spread the experts (one copy needs "
                                      f"{need_one / GB:.2f} GB)")
        return None
    if num_experts < replicas or num_experts % replicas:
        lower = num_experts - num_experts % replicas
        options = ", ".join(str(n) for n in (lower, lower + replicas) if n >= replicas)
        raise ValueError(
            f"num_experts={num_experts}: the experts do not all fit one device (one copy needs "
            f"{need_one / GB:.2f} GB, the smallest holds {smallest / GB:.2f} GB), and expert parallelism gives each "
            f"of the {replicas} devices the same number of experts: use a multiple of {replicas} experts "
            f"({options}), or a device count that divides {num_experts}")
    state = dense_bytes + num_experts // replicas * expert_bytes
    spread = (f"the {num_experts} experts ({num_experts * expert_bytes / GB:.2f} GB of state) and the rest "
              f"({dense_bytes / GB:.2f} GB) need {need_one / GB:.2f} GB with one example, more than a device holds "
              f"({smallest / GB:.2f} GB usable on the smallest)")
    if state + act_dev > smallest:
        reasons["expert_parallel"] = (spread + f"; even {num_experts // replicas} expert(s) per device need "
                                      f"{(state + act_dev) / GB:.2f} GB: expert parallelism alone does not fit")
        return None
    reasons["expert_parallel"] = (
        spread + f": spread them over the {replicas} devices, {num_experts // replicas} per device "
        f"({state / GB:.2f} GB of state each); each MoE layer sends every token to its expert's device and back "
        f"(two all-to-alls forward, two backward, lesson 10); the dense part stays data parallel")
    return state


def _zero_state(estimate, replicas: int, stage: int) -> float:
    """Bytes of training state per device under ZeRO ``stage``, from the estimate's own parts."""
    n = estimate.num_parameters
    return state_bytes(n, replicas, stage, weight_bytes=estimate.weights / n, grad_bytes=estimate.gradients / n,
                       optimizer_bytes=estimate.optimizer / n)["total"]


def _zero_plan(estimate, replicas, usable, act_dev, gb, groups, hw):
    """``(stage, state bytes per device, communication vs data parallelism, reason)`` for the
    lowest ZeRO stage that holds the per-replica batch; when none does, the lowest of those that
    need the fewest micro-batches (accumulation); ``None`` when even stage 3 does not hold one
    example on every device."""
    r = replicas // groups
    per_replica = -(-max(gb, r) // r)
    uneven = hw.heterogeneous and groups == 1
    states = {k: _zero_state(estimate, replicas, k) for k in (1, 2, 3)}

    def room(k):  # examples each device holds next to its slice of the state
        return [int((u - states[k]) // act_dev) if act_dev else 2**62 for u in usable]

    def micro_batches(k):  # the fewest micro-batches per update next to stage k's slice; None: not one example
        rooms = room(k)
        if min(rooms) < 1:
            return None
        return -(-max(gb, r) // (sum(rooms) * hw.machines)) if uneven else -(-per_replica // min(rooms))

    options = {k: m for k in (1, 2, 3) if (m := micro_batches(k)) is not None}
    if not options:
        return None
    fewest = min(options.values())
    stage = min(k for k, m in options.items() if m == fewest)
    tier = (f"the lowest stage that holds the per-replica batch of {per_replica}" if fewest == 1 else
            f"no stage holds the per-replica batch of {per_replica}: the lowest of those that need the fewest "
            f"micro-batches (~{fewest}; accumulation below)")
    ratio = comm_bytes(estimate.num_parameters, replicas, stage) / comm_bytes(estimate.num_parameters, replicas, 0)
    tried = ", ".join(f"ZeRO-{k} {states[k] / GB:.2f}" for k in (1, 2, 3))
    comm = f"{ratio:.1f}x the bytes of data parallelism per update (gpukit.zero.comm_bytes)"
    why = (f"state per device {tried} GB; ZeRO-{stage} is {tier}. It sends {comm}. "
           f"gpukit.zero.ZeroTrainer runs it under one machine's MirroredStrategy")
    return stage, states[stage], ratio, why


def _pipeline_advice(hw, estimate, usable, gb, need_one, why_not_zero, reasons, cp, ep, per_device_experts):
    """Model/pipeline parallelism: the fewest stages that fit, or ``ValueError``."""
    plan = pipeline_plan(estimate, usable, gb)
    if plan is None:
        raise ValueError(
            f"the model needs {need_one / GB:.2f} GB per copy but all {hw.devices} device(s) of a machine "
            f"hold {sum(usable) / GB:.2f} GB usable together: it cannot be trained here even split in "
            f"stages; {why_not_zero}. Shrink it (mixed precision, an optimizer with fewer slots such as SGD) "
            f"or use devices with more memory")
    stages, micro_batches, per_stage_need = plan
    per_stage = sorted(usable, reverse=True)[stages - 1]
    return Advice(
        strategy="none (one program drives the stages; gpukit.parallel)", parallelism="model/pipeline",
        num_replicas=hw.machines, global_batch_size=gb, per_replica_batch_sizes=(gb,),
        accum_steps=1, precision=_precision(hw, reasons), pipeline_stages=stages,
        reasons=dict(reasons,
                     strategy=f"one copy needs {need_one / GB:.2f} GB, the largest device holds "
                              f"{max(usable) / GB:.2f} GB usable: data parallelism copies the whole model "
                              f"to every device; {why_not_zero}; so split it into {stages} stages (lesson 05)",
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
               "in its dense layers it is no answer"],
        context_parallel=cp, expert_parallel=ep, experts_per_device=per_device_experts)


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

    Mirrored and one-device strategies come from ``gpukit.strategies`` (with sharded state, ZeRO,
    hand the mirrored one to ``gpukit.zero.ZeroTrainer``); a TPU through
    ``strategies.pick()``. Multi-worker and model/pipeline advice cannot be built inside one
    notebook process: lessons 02 (``gpukit.cluster``) and 05 (``gpukit.parallel``) show how."""
    from . import devices, strategies
    from ._tf import tf

    if (advice.context_parallel or 1) > 1 or (advice.expert_parallel or 1) > 1:
        raise ValueError(f"advice.parallelism={advice.parallelism!r}: context and expert parallelism are not a "
                         f"tf.distribute strategy; lesson 10 builds them")
    names = devices.replica_devices()
    if advice.strategy == "MirroredStrategy":
        return strategies.mirrored(names[:advice.num_replicas])
    if advice.strategy == "OneDeviceStrategy":
        return tf.distribute.OneDeviceStrategy(names[0])
    if advice.strategy == "TPUStrategy":
        return strategies.pick().strategy
    raise ValueError(f"advice.strategy={advice.strategy!r} needs several processes (lesson 02: gpukit.cluster) or "
                     f"a model split into stages (lesson 05: gpukit.parallel); it is not built in one process")

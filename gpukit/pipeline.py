"""Pipeline parallelism: layers on devices, a micro-batched pipeline and its bubble (lesson 05).

Lesson 05 reads this module top to bottom (tensor parallelism, the lesson's last part, is
``gpukit.tensor_parallel``):

1. **Planning (pure functions, no TensorFlow)**: ``split_even`` cuts ``L`` layers into ``p``
   consecutive stages, ``check_stages`` refuses boundaries that do not cover the model or
   overlap, ``stage_parameter_bytes`` says what each device holds (the reason to split at all).
2. **Schedules as data**: ``make_schedule("gpipe" | "1f1b", p, m)`` gives, for each stage, the
   order in which it runs forward (F) and backward (B) passes of the ``m`` micro-batches.
   ``Schedule.simulate`` times it with given costs (a dependency-respecting list-scheduler),
   ``Schedule.table`` prints it tick by tick, ``peak_in_flight`` counts the micro-batches whose
   activations each stage keeps alive, and ``theory_bubble(p, m) = (p-1)/(m+p-1)``.
   ``make_schedule("interleaved", p, m, v)`` is Megatron-LM's interleaved 1F1B: each device holds
   ``v`` model chunks (``p*v`` virtual stages), each pass is one chunk (1/v of a stage's cost), and
   the idle fraction falls to ``theory_bubble_interleaved(p, m, v) = (p-1)/(v*m+p-1)``.
3. **Running a schedule**: ``execute(schedule, work)`` runs one Python thread per stage; each
   waits for what its next pass depends on, then calls ``work(op)`` and records the start and end
   (a ``Trace``: busy/idle per stage, measured bubble). ``controlled_cost`` makes every pass a sleep
   of known length, so the measured bubble can be compared with theory.
4. **The real split model**: ``Pipeline`` builds each stage (Dense layers) under
   ``tf.device``, so its weights live there; ``Pipeline.step(x, y, m, schedule)`` runs forward and
   backward stage by stage (``tape.gradient(..., output_gradients=...)``, so every backward runs
   where its weights are), accumulates gradients over micro-batches and returns loss, gradients,
   the trace and the activations each stage kept alive. ``Pipeline(..., chunks=v)`` puts ``v``
   chunks on each device and runs the interleaved schedule on them.
5. **Figures**: ``gantt`` (stage x time, forward/backward coloured), ``explorer_state`` (plain data)
   and ``explorer`` (ipywidgets: p, m, schedule -> chart, bubble, peak activations).

Bad input raises ``ValueError`` naming the cause and the fix, before any work.
"""

from __future__ import annotations

import dataclasses
import threading
import time

from . import batching
from ._args import whole

SCHEDULES = ("gpipe", "1f1b")          # one stage per device: what Pipeline (section 4) runs
INTERLEAVED = "interleaved"             # v model chunks per device (Megatron-LM): Pipeline(chunks=v)
ALL_SCHEDULES = SCHEDULES + (INTERLEAVED,)
BYTES_PER_VALUE = 4  # float32


# --------------------------------------------------------------------------- 1. planning


def dense_parameters(widths) -> list[int]:
    """Parameters of each Dense layer of an MLP with layer widths ``widths`` (input first):
    ``widths=(64, 128, 10)`` is two layers, 64*128+128 and 128*10+10."""
    widths = [whole(f"widths[{i}]", w, what="a layer width") for i, w in enumerate(widths)]
    if len(widths) < 2:
        raise ValueError(f"widths={widths!r} needs the input width and at least one layer width, e.g. (64, 128, 10)")
    return [a * b + b for a, b in zip(widths, widths[1:])]


def split_even(num_layers: int, num_stages: int) -> list[tuple[int, int]]:
    """Consecutive stages ``[(start, stop), ...]`` of ``num_layers`` layers, as even as possible
    (earlier stages get the extra layer)."""
    num_layers = whole("num_layers", num_layers)
    num_stages = whole("num_stages", num_stages)
    if num_stages > num_layers:
        raise ValueError(f"{num_stages} stages but only {num_layers} layers: each stage needs at least one "
                         f"layer; use num_stages <= {num_layers} (or a deeper model)")
    return batching.contiguous(batching.even(num_layers, num_stages))


def check_stages(boundaries, num_layers: int, num_devices: int | None = None) -> list[tuple[int, int]]:
    """Return ``boundaries`` as a list of ``(start, stop)`` if they cut layers ``0..num_layers``
    into consecutive, non-empty, non-overlapping stages (and there are no more stages than
    ``num_devices``); else ``ValueError`` saying which stage is wrong."""
    num_layers = whole("num_layers", num_layers)
    try:
        bounds = [(int(a), int(b)) for a, b in boundaries]
    except (TypeError, ValueError):
        raise ValueError(f"boundaries={boundaries!r} must be a list of (start, stop) layer indices, "
                         f"e.g. [(0, 2), (2, 4)]") from None
    if not bounds:
        raise ValueError("boundaries is empty: give at least one stage, e.g. [(0, num_layers)]")
    if len(bounds) > num_layers:
        raise ValueError(f"{len(bounds)} stages but only {num_layers} layers: use at most {num_layers} stages")
    if num_devices is not None and len(bounds) > num_devices:
        raise ValueError(f"{len(bounds)} stages but only {num_devices} devices: one stage per device; use at most "
                         f"{num_devices} stages (or set up more devices: gpukit.devices.setup(virtual=...))")
    expected = 0
    for s, (a, b) in enumerate(bounds):
        if b <= a:
            raise ValueError(f"stage {s} = ({a}, {b}) is empty: stop must be larger than start")
        if a < expected:
            raise ValueError(f"stage {s} = ({a}, {b}) overlaps stage {s - 1}, which ends at layer {expected}: "
                             f"each layer belongs to exactly one stage")
        if a > expected:
            raise ValueError(f"stage {s} = ({a}, {b}) leaves layers {expected}..{a - 1} out: stages must be "
                             f"consecutive, each starting where the previous one stops")
        expected = b
    if expected != num_layers:
        raise ValueError(f"the stages end at layer {expected} but the model has {num_layers} layers: the last stage "
                         f"must stop at {num_layers} so every layer is placed")
    return bounds


def stage_parameter_bytes(widths, boundaries, bytes_per_value: int = BYTES_PER_VALUE) -> list[int]:
    """Bytes of weights each stage (device) holds for an MLP of ``widths`` cut at ``boundaries``."""
    params = dense_parameters(widths)
    bounds = check_stages(boundaries, len(params))
    return [bytes_per_value * sum(params[a:b]) for a, b in bounds]


def theory_bubble(p: int, m: int) -> float:
    """The idle fraction of a pipeline of ``p`` equal stages over ``m`` micro-batches: (p-1)/(m+p-1)."""
    return theory_bubble_interleaved(p, m, 1)


def theory_bubble_interleaved(p: int, m: int, v: int) -> float:
    """The idle fraction of Megatron-LM's interleaved 1F1B: ``p`` devices, ``v`` model chunks each
    (each chunk 1/v of a stage), ``m`` micro-batches: ``(p-1)/(v*m+p-1)``; ``v=1`` is ``theory_bubble``.

    Which fraction: the same one as ``theory_bubble`` and ``bubble_of`` measure, the **idle share of
    the makespan**, ``1 - busy / (p x makespan)``. Megatron-LM (Efficient Large-Scale Language Model
    Training on GPU Clusters Using Megatron-LM) quotes instead the **bubble over the ideal time**:
    with ``t_f``, ``t_b`` one stage's forward and backward of one micro-batch, the ideal (no-bubble)
    time is ``t_id = m (t_f + t_b)``; the pipeline fills and drains in ``p-1`` chunk passes of
    ``(t_f + t_b)/v`` each, so the bubble is ``t_pb = (p-1)(t_f + t_b)/v`` and
    ``t_pb / t_id = (p-1)/(v*m)``. Every device is busy ``t_id`` of the makespan ``t_id + t_pb``, so the
    idle share is ``t_pb / (t_id + t_pb) = (p-1)/(v*m + p-1)`` (``bubble_over_ideal`` converts back).
    It holds whatever the ratio ``t_b / t_f``, as for GPipe and 1F1B.
    """
    p, m = _check_pm(p, m)
    v = _check_v(v)
    return (p - 1) / (v * m + p - 1)


def bubble_over_ideal(idle_fraction: float) -> float:
    """Convert an idle share of the makespan (what ``bubble_of`` and the ``theory_bubble*`` functions
    give) into the bubble time over the ideal compute time (the papers' ``t_pb / t_id``):
    ``f / (1 - f)``; e.g. ``(p-1)/(m+p-1)`` becomes ``(p-1)/m``."""
    if not 0 <= idle_fraction < 1:
        raise ValueError(f"idle_fraction={idle_fraction!r} must be in [0, 1): a share of the makespan")
    return idle_fraction / (1 - idle_fraction)


def _check_v(v) -> int:
    return whole("v", v, what="model chunks per device: use v >= 1; v=1 is plain 1F1B, 2 or more interleave")


def _check_pm(p, m) -> tuple[int, int]:
    p = whole("p", p, what="number of pipeline stages")
    if isinstance(m, bool) or not isinstance(m, int) or m < 1:
        raise ValueError(f"m={m!r} micro-batches: a pipeline needs m >= 1 (m=1 is no micro-batching; "
                         f"more micro-batches shrink the bubble)")
    return p, m


# --------------------------------------------------------------------------- 2. schedules as data


CHUNK_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclasses.dataclass(frozen=True)
class Op:
    """One pass: stage ``stage`` runs forward ("F") or backward ("B") of micro-batch ``micro``.

    In an interleaved schedule ``stage`` is the device and ``chunk`` which of its ``v`` model chunks
    (0 = its first); that chunk is virtual stage ``chunk * p + stage`` (``virtual_stage``).
    """

    stage: int
    kind: str
    micro: int
    chunk: int = 0

    def virtual_stage(self, p: int) -> int:
        """Position of this pass's chunk in the whole model: device ``d``'s chunk ``c`` is ``c*p + d``."""
        return self.chunk * p + self.stage

    def label(self, chunks: int = 1) -> str:
        """``"F3"``; with ``chunks > 1`` the chunk as a letter: ``"F3a"`` (first chunk), ``"F3b"``, ..."""
        if chunks <= 1:
            return f"{self.kind}{self.micro}"
        mark = CHUNK_LETTERS[self.chunk] if chunks <= len(CHUNK_LETTERS) else f".{self.chunk}"
        return f"{self.kind}{self.micro}{mark}"

    def __str__(self) -> str:
        return self.label(self.chunk + 1)


@dataclasses.dataclass(frozen=True)
class Slot:
    """When one pass ran (seconds or ticks from the start of the step)."""

    op: Op
    start: float
    end: float


def depends_on(op: Op, p: int, v: int = 1) -> list[Op]:
    """What must finish before ``op``: the previous stage's forward of the same micro-batch, or
    the next stage's backward (the last stage's backward needs its own forward).

    With ``v`` chunks per device the stages are the ``p*v`` virtual stages: the forward of virtual
    stage ``j`` needs the forward of ``j-1`` (on device ``(j-1) mod p``), the backward of ``j`` the
    backward of ``j+1``, and the last virtual stage's backward its own forward.
    """
    j = op.virtual_stage(p)

    def at(k: int, kind: str) -> Op:
        return Op(k % p, kind, op.micro, k // p)

    if op.kind == "F":
        return [at(j - 1, "F")] if j > 0 else []
    return [at(j + 1, "B")] if j < p * v - 1 else [at(j, "F")]


@dataclasses.dataclass(frozen=True)
class Schedule:
    """Which passes each stage runs, in order: ``orders[s]`` is stage ``s``'s list of ``Op``.

    ``v`` is the number of model chunks per stage (device): 1 for GPipe and 1F1B, ``v`` for the
    interleaved schedule, whose passes each run one chunk.
    """

    name: str
    p: int
    m: int
    orders: tuple
    v: int = 1

    def simulate(self, forward_cost: float = 1.0, backward_cost: float = 1.0) -> list[Slot]:
        """Start and end of every pass when each stage runs its order one pass at a time and each
        pass starts as soon as its stage is free and what it depends on has finished.

        The costs are those of a whole stage's forward and backward of one micro-batch; a pass of
        one chunk costs ``1/v`` of them (``v`` chunks make a stage), so the busy time per device is
        ``m * (forward_cost + backward_cost)`` whatever ``v``."""
        cost = {"F": forward_cost / self.v, "B": backward_cost / self.v}
        end: dict[Op, float] = {}
        free = [0.0] * self.p
        nxt = [0] * self.p
        slots = []
        while len(end) < sum(len(o) for o in self.orders):
            progressed = False
            for s in range(self.p):
                if nxt[s] == len(self.orders[s]):
                    continue
                op = self.orders[s][nxt[s]]
                deps = depends_on(op, self.p, self.v)
                if all(d in end for d in deps):
                    start = max([free[s]] + [end[d] for d in deps])
                    end[op] = free[s] = start + cost[op.kind]
                    slots.append(Slot(op, start, end[op]))
                    nxt[s] += 1
                    progressed = True
            if not progressed:  # pragma: no cover - only a hand-made order can deadlock
                raise ValueError(f"schedule {self.name!r} deadlocks: each stage waits for another")
        return sorted(slots, key=lambda sl: (sl.start, sl.op.stage))

    def bubble(self, forward_cost: float = 1.0, backward_cost: float = 1.0) -> float:
        """Idle fraction of the simulated step: 1 - busy / (p x makespan)."""
        return bubble_of(self.simulate(forward_cost, backward_cost), self.p)

    def peak_in_flight(self) -> list[int]:
        """Per stage, the most micro-batches whose forward ran and backward has not: their
        activations must stay alive (GPipe: m on every stage; 1F1B: at most p - s).

        Counted in passes, so with ``v > 1`` in *chunk* activations (each about 1/v of a stage's):
        the interleaved schedule keeps at most ``2(p-s-1) + (v-1)p + 1`` of them on device ``s``."""
        peaks = []
        for order in self.orders:
            live = peak = 0
            for op in order:
                live += 1 if op.kind == "F" else -1
                peak = max(peak, live)
            peaks.append(peak)
        return peaks

    def table(self) -> str:
        """The schedule tick by tick (unit costs): one row per stage, '.' where it idles.

        With ``v > 1`` one tick is one chunk's pass and each pass names its chunk by a letter:
        ``F3a`` is micro-batch 3's forward through the device's first chunk, ``F3b`` its second."""
        slots = self.simulate(self.v, self.v)   # one tick per pass: each chunk costs v / v = 1
        ticks = round(max(s.end for s in slots))
        grid = [["."] * ticks for _ in range(self.p)]
        for sl in slots:
            grid[sl.op.stage][round(sl.start)] = sl.op.label(self.v)
        width = max(len(c) for row in grid for c in row)
        if self.v == 1:
            lines = [f"{self.name}, p={self.p}, m={self.m} (one tick = one pass)"]
        else:
            lines = [f"{self.name}, p={self.p}, m={self.m}, v={self.v} (one tick = one pass of one chunk, 1/{self.v} "
                     f"of a stage; chunk a = virtual stage d, b = d+{self.p}, ...)"]
        lines.append("tick    " + " ".join(f"{t:>{width}}" for t in range(ticks)))
        lines += [f"stage {s} " + " ".join(f"{c:>{width}}" for c in row) for s, row in enumerate(grid)]
        return "\n".join(lines)


def make_schedule(name: str, p: int, m: int, v: int | None = None) -> Schedule:
    """The per-stage order of passes for ``m`` micro-batches over ``p`` stages.

    ``"gpipe"``: every stage runs all forwards, then all backwards (micro-batch 0 first).
    ``"1f1b"``: stage ``s`` runs ``p - s - 1`` warm-up forwards, then alternates one forward
    and one backward, then drains the backwards: same bubble, but at most ``p - s`` micro-batches alive instead of ``m``.
    ``"interleaved"`` (``v`` chunks per device, default 2): see ``_interleaved_order``; ``v=1`` gives
    1F1B's order. ``v`` is only for ``"interleaved"``.
    """
    if name not in ALL_SCHEDULES:
        raise ValueError(f"unknown schedule {name!r}: choose one of {', '.join(map(repr, ALL_SCHEDULES))}")
    p, m = _check_pm(p, m)
    if name == INTERLEAVED:
        v = _check_v(2 if v is None else v)
        if v > 1 and m % p:
            lower, upper = m // p * p, (m // p + 1) * p
            fix = f"m={upper}" + (f" or m={lower}" if lower else "")
            raise ValueError(f"the interleaved schedule needs m to be a multiple of p (as in Megatron-LM: "
                             f"micro-batches go through each chunk in groups of p); m={m} with p={p}: use {fix}")
        orders = tuple(tuple(_interleaved_order(d, p, m, v)) for d in range(p))
        return Schedule(name, p, m, orders, v)
    if v not in (None, 1):
        raise ValueError(f"v={v!r} model chunks per device is for the interleaved schedule only; use "
                         f"make_schedule('interleaved', p, m, v={v!r}) (or leave v out for {name!r})")
    if name == "gpipe":
        orders = [[Op(s, "F", i) for i in range(m)] + [Op(s, "B", i) for i in range(m)] for s in range(p)]
    else:  # 1F1B: the interleaved order with one chunk per device
        orders = [_interleaved_order(s, p, m, 1) for s in range(p)]
    return Schedule(name, p, m, tuple(tuple(order) for order in orders))


def _interleaved_order(d: int, p: int, m: int, v: int) -> list[Op]:
    """Device ``d``'s passes in Megatron-LM's interleaved 1F1B (its ``forward_backward_pipelining_with_
    interleaving``): ``m*v`` forwards and ``m*v`` backwards, each through one of the device's chunks.

    * The k-th forward takes the micro-batches in groups of ``p`` per chunk: micro-batches 0..p-1
      through chunk 0, then 0..p-1 through chunk 1, ..., then p..2p-1 through chunk 0, ...; the k-th
      backward takes the same micro-batch through the chunks in reverse (last chunk first).
    * Warm-up: ``2(p-d-1) + (v-1)p`` forwards (capped at ``m*v``), then one forward and one backward
      in turn (1F1B), then the remaining backwards. With ``v=1`` the warm-up is 1F1B's ``p-d-1`` (for
      one chunk Megatron-LM runs its plain 1F1B): ``make_schedule("1f1b")`` is this order with ``v=1``.

    Older Megatron-LM versions also run every forward first when ``m == p``; not done here: the
    formula gives the same bubble with fewer activations alive, and in this dependency model nothing
    deadlocks (each device's order is checked against the pipeline dependencies by ``simulate``).
    """
    total = m * v

    def nth(k: int, kind: str) -> Op:
        group, within = divmod(k, p * v)
        chunk = within // p
        return Op(d, kind, group * p + within % p, v - 1 - chunk if kind == "B" else chunk)

    warm = min(p - d - 1 if v == 1 else 2 * (p - d - 1) + (v - 1) * p, total)
    order = [nth(k, "F") for k in range(warm)]
    for k in range(total - warm):
        order += [nth(warm + k, "F"), nth(k, "B")]
    return order + [nth(k, "B") for k in range(total - warm, total)]


def bubble_of(slots, p: int) -> float:
    """Idle fraction of a timeline: 1 - (time spent in passes) / (p x (last end - first start))."""
    slots = list(slots)
    span = max(s.end for s in slots) - min(s.start for s in slots)
    busy = sum(s.end - s.start for s in slots)
    return 1.0 - busy / (p * span) if span > 0 else 0.0


# --------------------------------------------------------------------------- 3. running a schedule


@dataclasses.dataclass
class Trace:
    """What ``execute`` measured: every pass's start and end (seconds from the step's start)."""

    schedule: Schedule
    slots: list

    @property
    def makespan(self) -> float:
        return max(s.end for s in self.slots) - min(s.start for s in self.slots)

    def busy(self) -> list[float]:
        """Seconds each stage spent in passes."""
        out = [0.0] * self.schedule.p
        for s in self.slots:
            out[s.op.stage] += s.end - s.start
        return out

    def idle(self) -> list[float]:
        """Seconds each stage waited (makespan - busy)."""
        return [self.makespan - b for b in self.busy()]

    @property
    def bubble(self) -> float:
        return bubble_of(self.slots, self.schedule.p)


def execute(schedule: Schedule, work, timeout: float = 60.0) -> Trace:
    """Run ``schedule`` with one thread per stage; ``work(op)`` does the pass.
    (Interleaved schedules: one thread per device, running its passes of all its chunks.)

    Each thread runs its stage's order; before a pass it waits for what the pass depends on
    (``depends_on``). Timestamps are taken around ``work(op)``. An error in any stage stops all
    of them and is raised here; so is a step that takes longer than ``timeout`` seconds.
    """
    done = {op: threading.Event() for order in schedule.orders for op in order}
    slots: list[list[Slot]] = [[] for _ in range(schedule.p)]
    errors: list[BaseException] = []
    t0 = time.perf_counter()
    deadline = t0 + timeout

    def run_stage(s: int) -> None:
        try:
            for op in schedule.orders[s]:
                for dep in depends_on(op, schedule.p, schedule.v):
                    while not done[dep].wait(0.02):
                        if errors:
                            return
                        if time.perf_counter() > deadline:
                            raise TimeoutError(f"stage {s} waited more than {timeout} s for "
                                               f"{dep.label(schedule.v)} of stage {dep.stage}")
                start = time.perf_counter() - t0
                work(op)
                slots[s].append(Slot(op, start, time.perf_counter() - t0))
                done[op].set()
        except BaseException as err:  # noqa: BLE001 - re-raised in the caller's thread
            errors.append(err)

    threads = [threading.Thread(target=run_stage, args=(s,), name=f"stage-{s}", daemon=True)
               for s in range(schedule.p)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(max(0.0, deadline - time.perf_counter()) + 1.0)
    if errors:
        raise errors[0]
    if any(t.is_alive() for t in threads):
        raise TimeoutError(f"the pipeline step did not finish within {timeout} s")
    return Trace(schedule, sorted((s for stage in slots for s in stage), key=lambda sl: sl.start))


def controlled_cost(schedule: Schedule, forward_s: float = 0.01, backward_s: float = 0.01,
                    timeout: float = 60.0) -> Trace:
    """Run ``schedule`` where each pass is a sleep of known length (one thread per stage): the
    stages are perfectly balanced and never compete for a core, as on ``p`` real accelerators.

    ``forward_s`` and ``backward_s`` are one whole stage's passes; in an interleaved schedule each
    pass runs one of ``v`` chunks and sleeps ``1/v`` of that (as ``Schedule.simulate``)."""
    if not (forward_s > 0 and backward_s > 0):
        raise ValueError(f"forward_s={forward_s} and backward_s={backward_s} must be positive seconds")
    cost = {"F": forward_s / schedule.v, "B": backward_s / schedule.v}
    return execute(schedule, lambda op: time.sleep(cost[op.kind]), timeout=timeout)


# --------------------------------------------------------------------------- 4. the real split model


def _dense(units, seed, activation):
    from ._tf import keras

    return keras.layers.Dense(units, activation=activation,
                              kernel_initializer=keras.initializers.GlorotUniform(seed=seed), bias_initializer="zeros")


@dataclasses.dataclass
class StepResult:
    """One pipeline step: mean loss, gradients (stage by stage, in ``Pipeline.variables`` order),
    the measured trace, and per stage the most micro-batches' activations kept alive at once
    (and their bytes)."""

    loss: float
    gradients: list
    trace: Trace
    peak_live: list
    peak_live_bytes: list


class Pipeline:
    """An MLP whose layer groups (stages) live on different devices.

    ``widths`` are layer widths, input first, last = number of classes (logits, no activation;
    every other layer ReLU). Stage ``s`` holds layers ``boundaries[s]`` and is built under
    ``tf.device(devices[s])``, so its weights live there.

    ``chunks=v`` (Megatron-LM's interleaving, run by ``step(..., schedule="interleaved")``): the
    model is cut into ``p*v`` stages (chunks) for ``p`` devices, and chunk ``j`` lives on device
    ``j mod p``, so device ``d`` holds chunks ``d, d+p, d+2p, ...``.
    """

    def __init__(self, widths, devices, boundaries=None, seed: int = 0, chunks: int = 1):
        from ._tf import keras, tf

        params = dense_parameters(widths)
        devices = list(devices)
        v = whole("chunks", chunks)
        if not devices:
            raise ValueError("devices is empty: pass one device per stage, e.g. ['/CPU:0', '/CPU:1']")
        if boundaries is None:
            if len(devices) * v > len(params):
                need = f"{len(devices)} devices" + (f" x {v} chunks = {len(devices) * v} stages" if v > 1 else "")
                raise ValueError(f"{need} but only {len(params)} layers: each stage needs at least one layer; pass "
                                 f"fewer devices{' or chunks' if v > 1 else ''} or a deeper model")
            boundaries = split_even(len(params), len(devices) * v)
        self.boundaries = check_stages(boundaries, len(params), num_devices=len(devices) * v)
        if len(self.boundaries) % v:
            raise ValueError(f"{len(self.boundaries)} stages do not give each device chunks={v} of them: pass a "
                             f"multiple of {v} stages")
        self.widths = [int(w) for w in widths]
        self.v = v
        self.p = len(self.boundaries) // v       # devices used
        self.devices = devices[: self.p]
        self.stages = []
        for s, (a, b) in enumerate(self.boundaries):
            with tf.device(self.devices[s % self.p]):
                layers = [_dense(self.widths[i + 1], seed + i, None if i == len(params) - 1 else "relu")
                          for i in range(a, b)]
                stage = keras.Sequential(layers, name=f"stage_{s}")
                stage.build((None, self.widths[a]))
            self.stages.append(stage)
        self.loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)

    @property
    def variables(self) -> list:
        return [v for st in self.stages for v in st.trainable_variables]

    def placement(self) -> list[tuple[str, str]]:
        """``(weight path, device it lives on)`` for every weight."""
        return [(v.path, v.value.device) for v in self.variables]

    def parameter_bytes(self) -> list[int]:
        """Bytes of weights on each stage's device, counted from the variables themselves."""
        return [sum(int(v.value.shape.num_elements()) * v.value.dtype.size for v in st.trainable_variables)
                for st in self.stages]

    def step(self, x, y, m: int = 1, schedule: str = "gpipe", timeout: float = 120.0) -> StepResult:
        """Forward and backward of the batch ``(x, y)`` as ``m`` micro-batches on ``schedule``.

        The loss is the mean over the whole batch (each micro-batch's summed loss is divided by
        the full batch size), so the accumulated gradients equal those of the unsplit model on
        the whole batch. Each stage's backward runs under its own ``tf.device``. A pipeline built
        with ``chunks=v > 1`` runs ``"interleaved"`` only (``m`` a multiple of its devices);
        ``peak_live`` is then per device, its chunks' micro-batches together.
        """
        from ._tf import tf

        if schedule == INTERLEAVED:
            sched = make_schedule(INTERLEAVED, self.p, m, self.v)
        elif self.v > 1:
            raise ValueError(f"this Pipeline holds chunks={self.v} stages per device, so schedule must be "
                             f"{INTERLEAVED!r}; {', '.join(map(repr, SCHEDULES))} run one stage per device "
                             f"(build it with chunks=1)")
        else:
            sched = make_schedule(schedule, self.p, m)
        n = int(x.shape[0])
        if n % m:
            raise ValueError(f"batch of {n} examples does not split into m={m} equal micro-batches; "
                             f"use a batch size divisible by m")
        size = n // m
        last = len(self.stages) - 1
        xs = [tf.constant(x[i * size:(i + 1) * size]) for i in range(m)]
        ys = [tf.constant(y[i * size:(i + 1) * size]) for i in range(m)]
        inputs: dict = {}   # (stage, micro) -> input tensor of that stage
        tapes: dict = {}    # (stage, micro) -> (tape, output) kept alive until its backward
        grads_in: dict = {}  # (stage, micro) -> gradient w.r.t. the stage's output
        sums = [None] * len(self.stages)
        losses = [0.0] * m
        live = [0] * self.p      # per device
        peak = [0] * self.p
        peak_bytes = [0] * self.p
        live_bytes = [0] * self.p
        lock = threading.Lock()

        def work(op: Op) -> None:
            d, i = op.stage, op.micro        # the device, the micro-batch
            s = op.virtual_stage(self.p)     # the stage (chunk) of the model this pass runs
            stage = self.stages[s]
            with tf.device(self.devices[d]):
                if op.kind == "F":
                    h = xs[i] if s == 0 else inputs.pop((s, i))
                    with tf.GradientTape() as tape:
                        tape.watch(h)
                        out = stage(h, training=True)
                        if s == last:
                            out = tf.reduce_sum(self.loss_fn(ys[i], out)) / n
                            losses[i] = float(out)
                        else:
                            inputs[(s + 1, i)] = out
                    tapes[(s, i)] = (tape, out, h)
                    kept = sum(int(t.shape.num_elements()) for t in (h, out)) * BYTES_PER_VALUE
                    with lock:
                        live[d] += 1
                        live_bytes[d] += kept
                        peak[d] = max(peak[d], live[d])
                        peak_bytes[d] = max(peak_bytes[d], live_bytes[d])
                else:
                    tape, out, h = tapes.pop((s, i))
                    targets = list(stage.trainable_variables) + ([h] if s > 0 else [])
                    g = tape.gradient(out, targets, output_gradients=None if s == last else grads_in.pop((s, i)))
                    nv = len(stage.trainable_variables)
                    sums[s] = g[:nv] if sums[s] is None else [a + b for a, b in zip(sums[s], g[:nv])]
                    if s > 0:
                        grads_in[(s - 1, i)] = g[nv]
                    kept = sum(int(t.shape.num_elements()) for t in (h, out)) * BYTES_PER_VALUE
                    with lock:
                        live[d] -= 1
                        live_bytes[d] -= kept

        trace = execute(sched, work, timeout=timeout)
        return StepResult(loss=sum(losses), gradients=[g for st in sums for g in st], trace=trace,
                          peak_live=peak, peak_live_bytes=peak_bytes)

    def unsplit_gradients(self, x, y):
        """Loss and gradients of the same layers on the whole batch, one GradientTape, no stages
        (the reference ``step`` must equal)."""
        from ._tf import tf

        with tf.GradientTape() as tape:
            h = tf.constant(x)
            for st in self.stages:
                h = st(h, training=True)
            loss = tf.reduce_mean(self.loss_fn(tf.constant(y), h))
        return float(loss), tape.gradient(loss, self.variables)


# --------------------------------------------------------------------------- 5. figures


COLOURS = {"F": "tab:blue", "B": "tab:orange"}


def gantt(ax, slots, p: int, *, title: str = "", unit: str = "s"):
    """Stage x time chart: one bar per pass, forward blue, backward orange, labelled with the
    micro-batch; grey where a stage idles."""
    slots = list(slots)
    chunks = 1 + max(s.op.chunk for s in slots)   # interleaved: label each pass's chunk, F3a, F3b, ...
    t0 = min(s.start for s in slots)
    end = max(s.end for s in slots) - t0
    for s in range(p):
        ax.barh(s, end, left=0, color="0.92", height=0.8)
    for sl in slots:
        ax.barh(sl.op.stage, sl.end - sl.start, left=sl.start - t0, color=COLOURS[sl.op.kind], height=0.8,
                edgecolor="white")
        if len(slots) <= 96:
            ax.text(sl.start - t0 + (sl.end - sl.start) / 2, sl.op.stage, sl.op.label(chunks), ha="center", va="center",
                    fontsize="x-small", color="white")
    ax.set_yticks(range(p), [f"stage {s}" for s in range(p)])
    ax.invert_yaxis()
    ax.set_xlabel(f"time ({unit})")
    from matplotlib.patches import Patch

    ax.legend(handles=[Patch(color=COLOURS["F"], label="forward"), Patch(color=COLOURS["B"], label="backward"),
                       Patch(color="0.92", label="idle (bubble)")], fontsize="small", loc="upper right")
    ax.set_title(title)
    return ax


def explorer_state(p: int, m: int, schedule: str = "gpipe", backward_cost: float = 2.0) -> dict:
    """What the explorer shows, as plain data: the schedule, its simulated timeline (forward cost
    1, backward ``backward_cost``), the bubble (simulated and (p-1)/(m+p-1)) and the micro-batches
    each stage keeps alive. A bad input gives ``error`` instead of raising."""
    try:
        sched = make_schedule(schedule, p, m)
    except ValueError as err:
        return {"error": str(err)}
    slots = sched.simulate(1.0, backward_cost)
    return {"error": None, "schedule": sched, "slots": slots, "bubble": bubble_of(slots, sched.p),
            "theory": theory_bubble_interleaved(p, m, sched.v), "peak_in_flight": sched.peak_in_flight(),
            "makespan": max(s.end for s in slots)}


def explorer_figure(state: dict, figsize=(9, 3)):
    """The Gantt chart of ``explorer_state(...)``, titled with its bubble and peak activations."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=figsize)
    if state["error"]:
        ax.text(0.5, 0.5, state["error"], ha="center", va="center", wrap=True, transform=ax.transAxes)
        ax.set_axis_off()
        return fig
    sched = state["schedule"]
    gantt(ax, state["slots"], sched.p, unit="forward-pass units",
          title=f"{sched.name}, p={sched.p}, m={sched.m}: bubble {state['bubble']:.1%} "
                f"(theory {state['theory']:.1%}), peak micro-batches alive {max(state['peak_in_flight'])}")
    fig.tight_layout()
    return fig


def explorer(p: int = 4, m: int = 8, schedule: str = "gpipe"):
    """Sliders for p and m, a schedule menu -> Gantt chart, bubble, activations kept alive."""
    import ipywidgets as w

    from .widgets import live

    ps = w.IntSlider(value=p, min=1, max=8, description="stages p")
    ms = w.IntSlider(value=m, min=1, max=32, description="micro-batches m")
    menu = w.Dropdown(options=list(SCHEDULES), value=schedule, description="schedule")

    def draw():
        state = explorer_state(ps.value, ms.value, menu.value)
        if not state["error"]:
            print(f"bubble {state['bubble']:.3f} (theory (p-1)/(m+p-1) = {state['theory']:.3f}); "
                  f"micro-batches alive per stage {state['peak_in_flight']}")
        return explorer_figure(state)

    return live("<b>Pipeline explorer</b>: forward = 1 unit, backward = 2 units", [ps, ms, menu], draw)

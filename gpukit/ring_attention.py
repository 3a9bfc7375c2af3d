"""Context parallelism: the sequence split over devices, attention computed as a ring (lesson 10).

Attention compares every query with every key: for a sequence of ``L`` tokens each head has an
``L x L`` matrix of scores. Written plainly, attention builds that matrix, and training keeps it
(and its gradients) -- quadratic memory. But the matrix need not exist: FlashAttention ("FlashAttention:
Fast and Memory-Efficient Exact Attention with IO-Awareness") works through the keys
tile by tile with the online softmax and, in the backward, *recomputes* each tile's scores from
``q``, ``k`` and one saved statistic per row, so one device never holds ``L^2`` scores. What still
grows with ``L`` on one device is linear: every layer's activations (``L x d`` per tensor the
backward needs) and the compute (``L^2 x d`` per layer). Context (sequence) parallelism, as the
Ultra-Scale Playbook's context parallelism section tells it after the Ring Attention paper
("Ring Attention with Blockwise Transformers for Near-Infinite Context"),
splits those over devices: it cuts the *sequence* into ``N`` blocks, one per device:

* each device keeps its block of queries for the whole step;
* the key/value blocks travel round the ring: at step ``t`` device ``i`` holds the keys and values
  of block ``(i - t) mod N``, computes the scores of its queries against them (a ``block x block``
  matrix, never ``L x L``), then passes them on to device ``i + 1`` (``N - 1`` passes in all);
* the partial results are combined with the *online softmax* (the trick FlashAttention is built
  on, "Online normalizer calculation for softmax", Milakov and Gimelshein): a running maximum
  ``m``, a running denominator ``l`` and a running numerator ``o`` per query; when a block brings a
  larger maximum, what was summed so far is rescaled by ``exp(m_old - m_new)``. The result is the
  softmax over the whole row, exactly, although no device ever saw the whole row.
* causal attention: a key block entirely in a query block's future is skipped (no scores at all),
  the diagonal block is masked, past blocks are used whole.

Top to bottom: the plan in pure Python (``split_sequence``, ``score_bytes``, ``devices_for_scores``,
``ring_schedule``; no TensorFlow), the reference ``full_attention`` (one device, the whole ``L x L``
matrix), then ``RingAttention`` / ``ring_attention``, the real thing over a
``tf.distribute.MirroredStrategy``, forward and recomputing backward, and ``PeakProbe``, which measures
a training step's peak memory with TensorFlow's allocator.

Tensors are laid out ``[batch, seq, heads, head_dim]`` (Keras ``MultiHeadAttention``'s and
FlashAttention's layout); the sequence is axis 1. ``v`` may have another ``head_dim`` than ``q``
and ``k`` (Keras' ``value_dim``); the output has ``v``'s.

A length that does not divide by ``N`` is **padded**, not refused: the blocks are as even as
possible (sizes differ by at most one, the longer ones first, so every device holds at least one
real token) and each is padded with zeros up to the longest; padded keys are masked (their score
is ``-inf``, their softmax weight exactly zero) and padded queries are dropped from the output.
A sequence shorter than ``N`` is refused: a device would hold nothing.

The pass is a real neighbour send, not an emulation. TensorFlow's permute collective
(``CollectivePermute``) has kernels for TPU/XLA only ("No OpKernel was registered" on a CPU), and
its broadcast send/receive ops have no gradient (a pair between two virtual CPUs also timed out);
but a ``MirroredStrategy`` can hand every replica's block to one cross-replica function
(``ReplicaContext.merge_call``, the way the strategy runs its own ``all_reduce`` over
``ReductionToOneDevice``), which copies block ``i`` onto device ``i + 1`` (``tf.identity`` under
``tf.device``: TensorFlow's Send/Recv between exactly those two devices). Nothing else moves: no
all-gather, no all-reduce. The backward runs the ring again, the same way round: the key/value
blocks travel with their gradients ``dK``/``dV``, each device recomputes its block of scores from
``q``, ``k`` and the log-sum-exp saved per query row, and a last pass brings every ``dK``/``dV``
home (FlashAttention's backward, distributed as the Ring Attention paper does).
``RING_PASS`` says so for the lesson to print; ``RingAttention.transfers()`` shows it in the graph.

Recorded while tracing (static shapes: what the code builds, not what memory holds):
``RingAttention.score_shapes`` (every forward score tensor), ``backward_scores`` (every block the
backward recomputes), ``passes`` / ``backward_passes`` (every block handed to a neighbour) and
``skipped`` (every causal block left out). *Measured*: ``PeakProbe`` runs a training step (forward and
backward) of full attention and of the ring in a child process and reads the peak from TensorFlow's
own allocator. On virtual CPUs all "devices" share the host's memory (and one allocator: the ring's
figure is the total over its replicas), so a pass is a hand-over in RAM; on GPUs it is a peer copy
(NVLink/PCIe) that real implementations overlap with the next block's compute -- not done here, nor
the load balancing of causal rings (zig-zag / striped orders give each device an equal share of past
blocks), nor FlashAttention's tiling *inside* a device (here each device builds its ``block x block``
matrix).
"""

from __future__ import annotations

import dataclasses
import math

from . import batching
from ._args import positive, whole

RING_PASS = ("real point-to-point: ReplicaContext.merge_call hands the replicas' K/V blocks to one "
             "cross-replica function that copies block i onto device i+1 (tf.identity under tf.device, "
             "TensorFlow's Send/Recv between those two devices); no all-gather or all-reduce is used")

# --------------------------------------------------------------------------- the plan (pure Python)

_DEVICES_WHAT = "the devices the sequence is split over: use 1 or more"


def split_sequence(seq_len: int, num_devices: int) -> list[tuple[int, int]]:
    """The ``(start, end)`` positions of each device's block: contiguous, in order, covering
    ``[0, seq_len)``, sizes as even as possible (the longer blocks first). Every block is padded
    to the longest, ``ceil(seq_len / num_devices)`` (padded keys masked, padded queries dropped)."""
    num_devices = whole("num_devices", num_devices, what=_DEVICES_WHAT)
    seq_len = whole("seq_len", seq_len, what="the number of tokens in the sequence")
    if seq_len < num_devices:
        raise ValueError(f"seq_len={seq_len} is shorter than num_devices={num_devices}: a device would hold no "
                         f"token; split over at most {seq_len} devices (e.g. gpukit.strategies.mirrored("
                         f"['/cpu:0', ...]) with {seq_len} names) or use a longer sequence")
    return batching.contiguous(batching.even(seq_len, num_devices))


TRAINING_MATRICES = 3  # score-sized matrices a training step holds at once: P, dP and dS of the backward


def score_bytes(seq_len: int, num_devices: int, heads: int, dtype_bytes: float = 4, batch: int = 1) -> dict:
    """Bytes of attention scores one device holds: ``{"unsplit", "ring", "block", "unsplit_training",
    "ring_training"}``.

    ``unsplit``: the whole ``L x L`` matrix per head and example (one device, plain attention);
    ``ring``: one ``block x block`` matrix, ``block = ceil(L / N)`` (each step's scores are used and
    dropped before the next block arrives); ``block`` the padded block length. Training holds more:
    the backward of a block needs its probabilities ``P`` while it builds their gradient ``dP`` and
    the scores' ``dS = P * (dP - rowsum(dO * O))``, ``TRAINING_MATRICES = 3`` matrices at once, so
    ``*_training`` is 3 times the matrix -- for the ring, only because its backward *recomputes*
    each block's ``P`` from ``q``, ``k`` and the saved log-sum-exp (``RingAttention``); a backward
    that kept every block's ``P`` from the forward would hold ``N`` blocks, ``L^2 / N`` scores, per
    device. Scores only, as the code holds them: the ``L x d`` tensors and TensorFlow's temporaries come on
    top (``PeakProbe`` measures the whole)."""
    block = max(end - start for start, end in split_sequence(seq_len, num_devices))
    heads = whole("heads", heads, what="attention heads")
    batch = whole("batch", batch, what="examples")
    positive("dtype_bytes", dtype_bytes, hint="4 for float32, 2 for bfloat16")
    per_matrix = heads * batch * dtype_bytes
    unsplit, ring = seq_len * seq_len * per_matrix, block * block * per_matrix
    return {"unsplit": unsplit, "ring": ring, "block": block, "unsplit_training": TRAINING_MATRICES * unsplit,
            "ring_training": TRAINING_MATRICES * ring}


def _readable(nbytes: float) -> str:
    """Bytes as a person reads them: 1.07 GB, 64.0 kB, 512 bytes."""
    for unit, size in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if nbytes >= size:
            return f"{nbytes / size:,.2f} {unit}"
    return f"{nbytes:,.0f} bytes"


def devices_for_scores(seq_len: int, heads: int, budget_bytes: float, dtype_bytes: float = 4, batch: int = 1,
                       max_devices: int | None = None) -> int:
    """The fewest devices whose ring blocks keep a *training* step's scores -- forward and
    backward, ``score_bytes(...)["ring_training"]`` -- within ``budget_bytes`` per device; 1 when
    the whole matrix trains on one device.

    Refuses (``ValueError`` naming the numbers and the fix) when no count up to ``max_devices``
    (default: ``seq_len``, one token per device) is enough."""
    positive("budget_bytes", budget_bytes, hint="bytes per device, e.g. 0.25 * 80e9")
    limit = seq_len if max_devices is None else whole("max_devices", max_devices, what=_DEVICES_WHAT)
    whole("seq_len", seq_len, what="the number of tokens in the sequence")
    unsplit = score_bytes(seq_len, 1, heads, dtype_bytes, batch)["unsplit_training"]
    per_block = TRAINING_MATRICES * heads * batch * dtype_bytes  # per (query, key) pair of a block, in training
    longest = math.isqrt(int(budget_bytes // per_block))  # the longest block whose training scores fit
    n = -(-seq_len // longest) if longest else seq_len + 1  # fewest blocks of at most that length
    if n <= min(limit, seq_len):
        return n
    best = score_bytes(seq_len, min(limit, seq_len), heads, dtype_bytes, batch)["ring_training"]
    raise ValueError(
        f"training attention over {seq_len:,} tokens x {heads} head(s) x {batch} example(s) holds "
        f"{_readable(unsplit)} of scores on one device ({TRAINING_MATRICES} score-sized matrices: P, dP, dS) and "
        f"still {_readable(best)} per device split over {min(limit, seq_len)}, over the budget of "
        f"{_readable(budget_bytes)}: use more devices, fewer heads at once, a shorter sequence, or 16-bit "
        f"scores (dtype_bytes=2)")


def require_unsplit_fits(seq_len: int, heads: int, budget_bytes: float, dtype_bytes: float = 4,
                         batch: int = 1) -> float:
    """Plain attention trained on one device: the bytes of its scores in a training step
    (``score_bytes(...)["unsplit_training"]``, three ``L x L`` matrices per head), or a
    ``ValueError`` before any work when they exceed ``budget_bytes``, naming the ring split that would fit."""
    positive("budget_bytes", budget_bytes, hint="bytes per device, e.g. 0.25 * 80e9")
    sizes = score_bytes(seq_len, 1, heads, dtype_bytes, batch)
    if sizes["unsplit_training"] > budget_bytes:
        n = devices_for_scores(seq_len, heads, budget_bytes, dtype_bytes, batch)
        raise ValueError(
            f"plain attention over {seq_len:,} tokens builds a {seq_len:,} x {seq_len:,} score matrix per head: "
            f"{_readable(sizes['unsplit'])} for {heads} head(s) x {batch} example(s), and training holds "
            f"{TRAINING_MATRICES} such matrices at once (P, dP, dS: {_readable(sizes['unsplit_training'])}), over "
            f"the budget of {_readable(budget_bytes)} per device; split the sequence over {n} devices (ring "
            f"attention with a recomputing backward: "
            f"{_readable(score_bytes(seq_len, n, heads, dtype_bytes, batch)['ring_training'])} each in training)")
    return sizes["unsplit_training"]


def ring_schedule(num_devices: int) -> tuple[tuple[int, ...], ...]:
    """Which key/value block each device holds at each step: ``schedule[t][i] == (i - t) % N``.
    ``N`` steps, ``N - 1`` passes between them; every device sees every block exactly once."""
    n = whole("num_devices", num_devices, what=_DEVICES_WHAT)
    return tuple(tuple((i - t) % n for i in range(n)) for t in range(n))


# --------------------------------------------------------------------------- inputs, checked before any work


def _check_qkv(q, k, v, causal: bool, same_length: bool = False):
    """``q, k, v`` as tensors of one floating dtype, shaped ``[batch, seq, heads, head_dim]``
    consistently; ``ValueError`` naming the cause and the fix otherwise."""
    from ._tf import tf

    tensors = {}
    for name, x in (("q", q), ("k", k), ("v", v)):
        x = tf.convert_to_tensor(x)
        if x.shape.rank != 4:
            raise ValueError(f"{name} has shape {tuple(x.shape)}: attention here takes [batch, seq, heads, head_dim] "
                             f"(rank 4); add the missing axes, e.g. x[:, :, None, :] for a single head")
        if not x.dtype.is_floating:
            raise ValueError(f"{name} is {x.dtype.name}: attention needs floating-point inputs; cast it, e.g. "
                             f"tf.cast({name}, tf.float32)")
        if any(d is None or d < 1 for d in x.shape):
            raise ValueError(f"{name} has shape {tuple(x.shape)}: every axis needs a known size of at least 1")
        tensors[name] = x
    q, k, v = tensors["q"], tensors["k"], tensors["v"]
    if not q.dtype == k.dtype == v.dtype:
        raise ValueError(f"q, k and v are {q.dtype.name}, {k.dtype.name}, {v.dtype.name}: give them one dtype, "
                         f"e.g. tf.cast(k, q.dtype)")
    (bq, lq, hq, dq), (bk, lk, hk, dk), (bv, lv, hv, _) = q.shape, k.shape, v.shape
    if not bq == bk == bv:
        raise ValueError(f"batch sizes differ (q {bq}, k {bk}, v {bv}): give q, k and v the same batch")
    if not hq == hk == hv:
        raise ValueError(f"numbers of heads differ (q {hq}, k {hk}, v {hv}): give q, k and v the same heads "
                         f"(for fewer K/V heads, as in grouped-query attention, repeat them first: "
                         f"tf.repeat(k, {hq} // heads_of_k, axis=2))")
    if dq != dk:
        raise ValueError(f"q's head_dim ({dq}) differs from k's ({dk}): a score is the dot product of a query and "
                         f"a key, so both need the same head_dim; project them to one size")
    if lk != lv:
        raise ValueError(f"k has {lk} positions but v has {lv}: every key needs its value; give k and v the same "
                         f"sequence length")
    if (causal or same_length) and lq != lk:
        why = "causal attention masks by position" if causal else "ring attention splits queries and keys " \
                                                                   "with the same blocks (self-attention)"
        raise ValueError(f"q has {lq} positions but k has {lk}: {why}; give q and k the same sequence length"
                         + ("" if causal else " (or use full_attention for cross-attention)"))
    return q, k, v


# --------------------------------------------------------------------------- the reference (one device)


def full_attention(q, k, v, causal: bool = False, shapes: list | None = None):
    """``softmax(q k^T / sqrt(head_dim)) v`` on one device, the whole ``L x L`` score matrix at once;
    with ``causal=True`` position ``i`` attends to positions ``<= i`` only. Shapes
    ``[batch, seq, heads, head_dim]``; returns ``[batch, seq_q, heads, head_dim_of_v]``.
    ``shapes``: a list the shape of the score tensor is appended to (what one device holds)."""
    from ._tf import tf

    q, k, v = _check_qkv(q, k, v, causal)
    scale = tf.cast(1.0 / math.sqrt(q.shape[-1]), q.dtype)
    scores = tf.einsum("bqhd,bkhd->bhqk", q, k) * scale  # [batch, heads, L_q, L_k]
    if shapes is not None:
        shapes.append(tuple(scores.shape))
    if causal:
        past = tf.linalg.band_part(tf.ones(scores.shape[-2:], tf.bool), -1, 0)  # key position <= query position
        scores = tf.where(past, scores, tf.constant(-math.inf, scores.dtype))
    weights = tf.nn.softmax(scores, axis=-1)
    return tf.einsum("bhqk,bkhd->bqhd", weights, v)


# --------------------------------------------------------------------------- the ring (MirroredStrategy)


@dataclasses.dataclass
class _Trace:
    """What one traced step did (recorded while TensorFlow traces it; the backward's records while
    TensorFlow builds the gradient, the first time one is asked for)."""

    bounds: list
    score_shapes: list = dataclasses.field(default_factory=list)  # (replica, step, key block, shape, bytes)
    skipped: list = dataclasses.field(default_factory=list)  # (replica, step, key block)
    passes: list = dataclasses.field(default_factory=list)  # (step, from device, to device, "K"/"V", bytes)
    backward_scores: list = dataclasses.field(default_factory=list)  # recomputed: (replica, step, key block, shape)
    backward_passes: list = dataclasses.field(default_factory=list)  # (step, from, to, "K"/"V"/"dK"/"dV", bytes)


class RingAttention:
    """Attention over ``strategy``'s replicas (a ``MirroredStrategy``), the sequence split into one
    block per replica, keys and values passed round the ring, blocks combined by online softmax.

    ``ring(q, k, v)`` takes ``[batch, seq, heads, head_dim]`` tensors (the same ``seq`` for all
    three) and returns the attention output, the same shape as ``q`` (``v``'s ``head_dim``), the
    replicas' blocks joined again. Differentiable: a ``GradientTape`` around the call gives gradients
    w.r.t. ``q``, ``k``, ``v``.

    The backward (``recompute=True``, the default) is FlashAttention's (its paper's section 3.1)
    run round the ring as the Ring Attention paper does: the forward keeps, per device, only its
    query, key and value blocks, its output block and one number per query row, the log-sum-exp
    ``lse = m + log(l)`` of its scores; the backward sends the key/value blocks round the ring again,
    *recomputes* each block's probabilities ``P = exp(q k^T * scale - lse)`` from them, and
    accumulates ``dV += P^T dO``, ``dS = P * (dO V^T - rowsum(dO * O))``, ``dQ += dS K * scale``,
    ``dK += dS^T Q * scale``; the ``dK``/``dV`` of a block travel round with it and a last pass
    brings them home. So a device holds one ``block x block`` matrix at a time in training too.
    ``recompute=False`` differentiates the forward as written instead: TensorFlow then keeps every
    block's probabilities for the backward, ``N`` blocks per device (``L^2 / N`` scores), what the
    ring saved is spent again; it is there to be measured against (``PeakProbe``).

    After a call (records of what the code built, from static shapes while tracing; the memory
    itself is measured by ``PeakProbe`` with TensorFlow's allocator):

    * ``blocks``: the ``(start, end)`` positions each replica holds (``split_sequence``);
    * ``score_shapes``: ``(replica, step, key block, shape, bytes)`` of every score tensor the
      forward built, ``score_bytes_per_device()`` the largest per device;
    * ``skipped``: ``(replica, step, key block)`` of every causal block left out (in the future);
    * ``passes``: ``(step, from device, to device, "K" or "V", bytes)`` of every block sent,
      ``bytes_sent_per_device()`` what one device sends in the forward;
    * ``backward_scores`` / ``backward_passes``: the same for the backward, once a gradient was taken;
    * ``transfers()``: which device reads from which in the traced graph (neighbours only);
    * ``transport``: how the pass moves the data (``RING_PASS``).
    """

    def __init__(self, strategy, *, causal: bool = False, recompute: bool = True):
        from ._tf import tf

        if not isinstance(strategy, tf.distribute.MirroredStrategy):
            raise ValueError(f"RingAttention needs a MirroredStrategy (one sequence block per replica), got "
                             f"{type(strategy).__name__}; use gpukit.strategies.mirrored(['/cpu:0', '/cpu:1', ...])")
        for name, flag in (("causal", causal), ("recompute", recompute)):
            if not isinstance(flag, bool):
                raise ValueError(f"{name}={flag!r} must be True or False")
        self.strategy, self.causal, self.recompute = strategy, causal, recompute
        self.devices = list(strategy.extended.worker_devices)
        self.num_devices = len(self.devices)
        self.transport = RING_PASS
        # each replica's index as a Python int: it decides, while tracing, which blocks are past or future
        self._ids = strategy.experimental_distribute_values_from_function(lambda ctx: ctx.replica_id_in_sync_group)
        self._compiled: dict = {}  # input signature -> (tf.function, _Trace, TensorSpecs)
        self._trace: _Trace | None = None  # the last call's
        self._key = None
        self._tracing: _Trace | None = None

    # -- what the last call did ----------------------------------------------------------------
    def _last(self) -> _Trace:
        if self._trace is None:
            raise ValueError("nothing recorded yet: call the RingAttention on q, k, v first")
        return self._trace

    @property
    def blocks(self) -> list:
        return list(self._last().bounds)

    @property
    def score_shapes(self) -> list:
        return list(self._last().score_shapes)

    @property
    def skipped(self) -> list:
        return list(self._last().skipped)

    @property
    def passes(self) -> list:
        return list(self._last().passes)

    @property
    def backward_scores(self) -> list:
        return list(self._last().backward_scores)

    @property
    def backward_passes(self) -> list:
        return list(self._last().backward_passes)

    def score_bytes_per_device(self) -> dict:
        """``{device: bytes of the largest score tensor its forward built}``, from the static shapes
        recorded while tracing (a record of the code, not a memory measurement: see ``PeakProbe``)."""
        out = {device: 0 for device in self.devices}
        for replica, _, _, _, nbytes in self._last().score_shapes:
            out[self.devices[replica]] = max(out[self.devices[replica]], nbytes)
        return out

    def bytes_sent_per_device(self) -> float:
        """Counted from ``passes``: the bytes one device sends in one forward (each of the ``N - 1``
        passes sends one K and one V block to the next device)."""
        return sum(nbytes for *_, nbytes in self._last().passes) / self.num_devices

    def transfers(self) -> dict:
        """Measured from the traced forward graph: ``{(from device, to device): tensors}``, every
        place where an op pinned to one replica's device reads a tensor made on another (the ring
        passes: device ``i`` to ``i + 1`` only; cutting the input and joining the output are not
        pinned to a device and not counted)."""
        import collections

        self._last()
        step, _, specs = self._compiled[self._key]
        graph = step.get_concrete_function(*specs).graph
        out = collections.Counter()
        for op in graph.get_operations():
            for x in op.inputs:
                if op.device and x.op.device and op.device != x.op.device:
                    out[(x.op.device, op.device)] += 1
        return dict(out)

    # -- the step ----------------------------------------------------------------------------------
    def __call__(self, q, k, v):
        from ._tf import tf

        q, k, v = _check_qkv(q, k, v, self.causal, same_length=True)
        bounds = split_sequence(q.shape[1], self.num_devices)  # refuses a sequence shorter than N
        key = (tuple(q.shape), tuple(k.shape), tuple(v.shape), q.dtype.name)
        if key not in self._compiled:
            specs = [tf.TensorSpec(x.shape, x.dtype) for x in (q, k, v)]
            self._compiled[key] = (tf.function(self._step), _Trace(bounds), specs)
        step, trace, _ = self._compiled[key]
        self._tracing = trace  # filled while TensorFlow traces (the first call of this signature only)
        try:
            out = step(q, k, v)
        finally:
            self._tracing = None
        self._trace, self._key = trace, key
        return out

    def _cut(self, x, bounds, size):
        """``x`` cut into one block per device, each padded to ``size`` and placed on its device."""
        from ._tf import tf

        out = []
        for (start, end), device in zip(bounds, self.devices):
            piece = tf.pad(x[:, start:end], [[0, 0], [0, size - (end - start)], [0, 0], [0, 0]])
            with tf.device(device):  # block i lives on device i
                out.append(tf.identity(piece))
        return out

    @staticmethod
    def _join(blocks, bounds):
        """The blocks' real positions (padding dropped), joined along the sequence."""
        from ._tf import tf

        return tf.concat([b[:, :end - start] for b, (start, end) in zip(blocks, bounds)], axis=1)

    def _step(self, q, k, v):
        """Cross-replica: cut q, k, v into padded blocks, place block i on device i, run the ring,
        put the outputs back together (padded queries dropped)."""
        from ._tf import tf

        trace = self._tracing
        for records in (trace.score_shapes, trace.skipped, trace.passes, trace.backward_scores,
                        trace.backward_passes):
            records.clear()  # a new trace of this signature records afresh
        bounds = trace.bounds
        size = max(end - start for start, end in bounds)

        def forward(q, k, v):
            qb, kb, vb = (self._cut(x, bounds, size) for x in (q, k, v))
            per_replica = [self.strategy.experimental_distribute_values_from_function(
                lambda ctx, xs=xs: xs[ctx.replica_id_in_sync_group]) for xs in (qb, kb, vb)]
            outs, lses = self.strategy.run(self._replica, args=(self._ids, *per_replica))
            outs = list(self.strategy.experimental_local_results(outs))
            return self._join(outs, bounds), (qb, kb, vb, outs, list(self.strategy.experimental_local_results(lses)))

        if not self.recompute:  # the planted alternative: TensorFlow differentiates the forward, keeping every block
            return forward(q, k, v)[0]

        @tf.custom_gradient
        def attend(q, k, v):
            out, saved = forward(q, k, v)  # only q, k, v, the output and lse are kept for the backward

            def backward(d_out):
                # TensorFlow may build the backward more than once (a persistent tape, higher orders): each
                # build records afresh
                trace.backward_scores.clear()
                trace.backward_passes.clear()
                return self._backward(trace, saved, d_out, bounds, size)

            return out, backward

        return attend(q, k, v)

    def _send(self, held, name, step, records):
        """One ring pass: ``held[i]`` (on device ``i``) copied onto device ``i + 1``; recorded."""
        from ._tf import tf

        received = []
        for dst, device in enumerate(self.devices):
            src = (dst - 1) % self.num_devices
            with tf.device(device):
                received.append(tf.identity(held[src]))  # device src -> device dst, nothing else moves
            records.append((step, self.devices[src], device, name, held[src].shape.num_elements() * held[src].dtype.size))
        return received

    def _pass(self, strategy, k, v):
        """Cross-replica (``merge_call``): every replica's K and V block, copied to the next device."""
        trace = self._tracing
        step = 1 + len(trace.passes) // (2 * self.num_devices)
        moved = []
        for name, x in (("K", k), ("V", v)):
            received = self._send(strategy.experimental_local_results(x), name, step, trace.passes)
            moved.append(strategy.experimental_distribute_values_from_function(
                lambda ctx, received=received: received[ctx.replica_id_in_sync_group]))
        return tuple(moved)

    def _mask(self, bounds, replica: int, block: int, size: int):
        """Which scores of (query block ``replica``, key block ``block``) count: padded keys never,
        and on the diagonal of a causal ring only keys at or before the query. ``None``: all."""
        import numpy as np

        start, end = bounds[block]
        keep = np.broadcast_to(np.arange(size) < end - start, (size, size))  # real keys (columns)
        if self.causal and block == replica:
            keep = keep & np.tril(np.ones((size, size), bool))
        return None if keep.all() else keep

    def _replica(self, replica, q, k, v):
        """One replica: its query block stays; N steps, a K/V block each; online softmax. Returns its
        output block and the log-sum-exp of each query row (what the backward recomputes from)."""
        from ._tf import tf

        ctx = tf.distribute.get_replica_context()
        trace, n = self._tracing, self.num_devices
        size = q.shape[1]
        scale = tf.cast(1.0 / math.sqrt(q.shape[-1]), q.dtype)
        m = l = o = None  # running max, denominator, numerator of every query row
        for t in range(n):
            if t:  # pass the K/V blocks one step round the ring (every replica, skipped block or not)
                k, v = ctx.merge_call(self._pass, args=(k, v))
            block = (replica - t) % n
            if self.causal and block > replica:  # every key after every query: nothing to compute
                trace.skipped.append((replica, t, block))
                continue
            with tf.control_dependencies([] if o is None else [o]):  # one block of scores at a time
                scores = tf.einsum("bqhd,bkhd->bhqk", q, k) * scale  # [batch, heads, block, block]
            trace.score_shapes.append((replica, t, block, tuple(scores.shape),
                                       scores.shape.num_elements() * scores.dtype.size))
            keep = self._mask(trace.bounds, replica, block, size)
            if keep is not None:
                scores = tf.where(keep, scores, tf.constant(-math.inf, scores.dtype))
            # every row keeps at least one key (a block's first key is real; causal: the key at the diagonal)
            block_max = tf.reduce_max(scores, axis=-1)
            m_new = block_max if m is None else tf.maximum(m, block_max)
            p = tf.exp(scores - m_new[..., None])
            pv = tf.einsum("bhqk,bkhd->bhqd", p, v)
            if m is None:  # step 0, the replica's own block (never skipped)
                l, o = tf.reduce_sum(p, axis=-1), pv
            else:  # rescale what was summed under the old max
                alpha = tf.exp(m - m_new)
                l = alpha * l + tf.reduce_sum(p, axis=-1)
                o = alpha[..., None] * o + pv
            m = m_new
        return tf.transpose(o / l[..., None], [0, 2, 1, 3]), m + tf.math.log(l)  # [b, block, h, d], [b, h, block]

    def _backward(self, trace, saved, d_out, bounds, size):
        """FlashAttention's backward round the ring (cross-replica; every op pinned to its device):
        the K/V blocks travel as in the forward, with their ``dK``/``dV`` accumulators; each device
        recomputes one block of probabilities at a time from ``q``, ``k`` and the saved ``lse``."""
        from ._tf import tf

        qb, kb, vb, ob, lseb = saved
        n, devices = self.num_devices, self.devices
        if d_out is None:
            d_out = tf.zeros_like(self._join(ob, bounds))
        dob = self._cut(d_out, bounds, size)  # padded queries get a zero upstream gradient
        scale = tf.cast(1.0 / math.sqrt(qb[0].shape[-1]), qb[0].dtype)
        delta, dq, dk, dv = [], [], [], []
        for i, device in enumerate(devices):
            with tf.device(device):
                delta.append(tf.transpose(tf.reduce_sum(dob[i] * ob[i], axis=-1), [0, 2, 1]))  # rowsum(dO*O): [b,h,q]
                dq.append(tf.zeros_like(qb[i]))
                dk.append(tf.zeros_like(kb[i]))
                dv.append(tf.zeros_like(vb[i]))
        k, v = list(kb), list(vb)
        for t in range(n):
            if t:  # K, V and their gradients so far, one step round the ring
                k, v = (self._send(x, name, t, trace.backward_passes) for x, name in ((k, "K"), (v, "V")))
                dk, dv = (self._send(x, name, t, trace.backward_passes) for x, name in ((dk, "dK"), (dv, "dV")))
            for i, device in enumerate(devices):
                block = (i - t) % n
                if self.causal and block > i:
                    continue
                with tf.device(device), tf.control_dependencies([dq[i], dk[i], dv[i]]):  # one block at a time
                    scores = tf.einsum("bqhd,bkhd->bhqk", qb[i], k[i]) * scale  # recomputed
                trace.backward_scores.append((i, t, block, tuple(scores.shape)))
                with tf.device(device):
                    p = tf.exp(scores - lseb[i][..., None])  # the softmax, from the saved row statistics
                    keep = self._mask(bounds, i, block, size)
                    if keep is not None:
                        p = tf.where(keep, p, tf.zeros_like(p))
                    dv[i] = dv[i] + tf.einsum("bhqk,bqhd->bkhd", p, dob[i])
                    ds = p * (tf.einsum("bqhd,bkhd->bhqk", dob[i], v[i]) - delta[i][..., None])
                    dq[i] = dq[i] + tf.einsum("bhqk,bkhd->bqhd", ds, k[i]) * scale
                    dk[i] = dk[i] + tf.einsum("bhqk,bqhd->bkhd", ds, qb[i]) * scale
        # device i now holds block (i + 1)'s dK, dV: one last pass brings them home
        dk, dv = (self._send(x, name, n, trace.backward_passes) for x, name in ((dk, "dK"), (dv, "dV")))
        return self._join(dq, bounds), self._join(dk, bounds), self._join(dv, bounds)


def ring_attention(q, k, v, strategy, *, causal: bool = False, recompute: bool = True):
    """``RingAttention(strategy, causal=causal, recompute=recompute)(q, k, v)``: attention with the
    sequence split over ``strategy``'s replicas. Keep a ``RingAttention`` instead to read what it recorded."""
    return RingAttention(strategy, causal=causal, recompute=recompute)(q, k, v)


# --------------------------------------------------------------------------- training memory, measured

WAYS = ("full attention", "ring, recomputed", "ring, every block kept")

class PeakProbe:
    """The peak memory (bytes) of one training step of attention -- forward and backward, the
    gradients w.r.t. ``q``, ``k``, ``v`` -- for each of ``ways`` (``WAYS``: full attention on one
    device, the ring with the recomputing backward, the ring that keeps every block), measured by
    TensorFlow's own allocator in a fresh Python process (``python -m gpukit.launch.probe attention``: TensorFlow
    counts CPU allocations only when ``TF_CPU_ALLOCATOR_USE_BFC=true`` is set before it starts).

    The ``num_devices`` logical CPUs of that process share one allocator, so a ring's figure is the
    total over its ``num_devices`` replicas (compare it with ``num_devices`` x the per-device
    formula). Each figure is the least of ``repeats`` steps above what was in use before them (the
    inputs), ops run one at a time. It starts at once; ``result()`` waits (at most ``timeout`` s)."""

    def __init__(self, seq_len: int, heads: int, head_dim: int, *, batch: int = 1, num_devices: int = 4,
                 causal: bool = False, ways=WAYS, repeats: int = 2, timeout: float = 300):
        from .launch.processes import ChildProbe

        ways = list(ways)
        unknown = [w for w in ways if w not in WAYS]
        if unknown or not ways:
            raise ValueError(f"ways={ways!r}: choose among {WAYS}")
        split_sequence(seq_len, num_devices)  # refuses a sequence shorter than num_devices
        args = {"seq_len": seq_len, "heads": whole("heads", heads, what="attention heads"),
                "head_dim": whole("head_dim", head_dim, what="values per head"),
                "batch": whole("batch", batch, what="examples"), "num_devices": num_devices,
                "causal": bool(causal), "ways": ways, "repeats": whole("repeats", repeats)}
        self.args = args
        self._child = ChildProbe("attention", args, timeout)

    def result(self) -> dict:
        """``{way: peak bytes}``; ``RuntimeError`` if the child failed or hung."""
        return {way: int(b) for way, b in self._child.output().items()}

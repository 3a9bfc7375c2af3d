"""Context parallelism: the sequence split over devices, attention computed as a ring (lesson 10).

Attention compares every query with every key: for a sequence of ``L`` tokens each head builds an
``L x L`` matrix of scores, so doubling the context quadruples that memory, and on a long enough
sequence it no longer fits one device whatever the batch. Context (sequence) parallelism, as the
Ultra-Scale Playbook's context parallelism section tells it after the Ring Attention paper
(Liu, Zaharia and Abbeel, "Ring Attention with Blockwise Transformers for Near-Infinite Context"),
cuts the *sequence* into ``N`` blocks, one per device:

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

Top to bottom: the plan in pure Python (``split_sequence``, ``score_bytes``, ``ring_schedule``;
no TensorFlow), the reference ``full_attention`` (one device, the whole ``L x L`` matrix), then
``RingAttention`` / ``ring_attention``, the real thing over a ``tf.distribute.MirroredStrategy``.

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
all-gather, no all-reduce. Its gradient is the same pass the other way round the ring.
``RING_PASS`` says so for the lesson to print; ``RingAttention.transfers()`` shows it in the graph.

Measured, not computed: every score tensor the ring builds records its shape while the step is
traced (``RingAttention.score_shapes``, and ``full_attention(..., shapes=[])`` for the unsplit
reference); ``passes`` lists every block handed to a neighbour and ``skipped`` every causal block
left out. On virtual CPUs all "devices" share the host's memory, so a pass is a hand-over in RAM;
on GPUs it is a peer copy (NVLink/PCIe) that real implementations overlap with the next block's
compute -- not done here, nor the load balancing of causal rings (zig-zag / striped orders give
each device an equal share of past blocks).
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


def score_bytes(seq_len: int, num_devices: int, heads: int, dtype_bytes: float = 4, batch: int = 1) -> dict:
    """Bytes of attention scores one device holds at a time: ``{"unsplit", "ring", "block"}``.

    ``unsplit``: the whole ``L x L`` matrix per head and example (one device, plain attention);
    ``ring``: one ``block x block`` matrix, ``block = ceil(L / N)`` (each step's scores are used and
    dropped before the next block arrives); ``block`` the padded block length."""
    block = max(end - start for start, end in split_sequence(seq_len, num_devices))
    heads = whole("heads", heads, what="attention heads")
    batch = whole("batch", batch, what="examples")
    positive("dtype_bytes", dtype_bytes, hint="4 for float32, 2 for bfloat16")
    per_matrix = heads * batch * dtype_bytes
    return {"unsplit": seq_len * seq_len * per_matrix, "ring": block * block * per_matrix, "block": block}


def _readable(nbytes: float) -> str:
    """Bytes as a person reads them: 1.07 GB, 64.0 kB, 512 bytes."""
    for unit, size in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if nbytes >= size:
            return f"{nbytes / size:,.2f} {unit}"
    return f"{nbytes:,.0f} bytes"


def devices_for_scores(seq_len: int, heads: int, budget_bytes: float, dtype_bytes: float = 4, batch: int = 1,
                       max_devices: int | None = None) -> int:
    """The fewest devices whose ring blocks keep one step's scores within ``budget_bytes`` per
    device (``score_bytes(...)["ring"] <= budget_bytes``); 1 when the whole matrix fits.

    Refuses (``ValueError`` naming the numbers and the fix) when no count up to ``max_devices``
    (default: ``seq_len``, one token per device) is enough."""
    positive("budget_bytes", budget_bytes, hint="bytes per device, e.g. 0.25 * 80e9")
    limit = seq_len if max_devices is None else whole("max_devices", max_devices, what=_DEVICES_WHAT)
    whole("seq_len", seq_len, what="the number of tokens in the sequence")
    unsplit = score_bytes(seq_len, 1, heads, dtype_bytes, batch)["unsplit"]
    per_matrix = heads * batch * dtype_bytes  # one score per head and example
    longest = math.isqrt(int(budget_bytes // per_matrix))  # the longest block whose scores fit
    n = -(-seq_len // longest) if longest else seq_len + 1  # fewest blocks of at most that length
    if n <= min(limit, seq_len):
        return n
    best = score_bytes(seq_len, min(limit, seq_len), heads, dtype_bytes, batch)["ring"]
    raise ValueError(
        f"the attention scores of {seq_len:,} tokens x {heads} head(s) x {batch} example(s) need "
        f"{_readable(unsplit)} on one device and still {_readable(best)} per device split over "
        f"{min(limit, seq_len)}, over the budget of {_readable(budget_bytes)}: use more devices, fewer heads "
        f"at once, a shorter sequence, or 16-bit scores (dtype_bytes=2)")


def require_unsplit_fits(seq_len: int, heads: int, budget_bytes: float, dtype_bytes: float = 4,
                         batch: int = 1) -> float:
    """Plain attention on one device: the bytes of its ``L x L`` scores, or a ``ValueError`` before any
    work when they exceed ``budget_bytes``, naming the ring split that would fit."""
    positive("budget_bytes", budget_bytes, hint="bytes per device, e.g. 0.25 * 80e9")
    unsplit = score_bytes(seq_len, 1, heads, dtype_bytes, batch)["unsplit"]
    if unsplit > budget_bytes:
        n = devices_for_scores(seq_len, heads, budget_bytes, dtype_bytes, batch)
        raise ValueError(
            f"plain attention over {seq_len:,} tokens builds a {seq_len:,} x {seq_len:,} score matrix per head: "
            f"{_readable(unsplit)} for {heads} head(s) x {batch} example(s), over the budget of "
            f"{_readable(budget_bytes)} per device; split the sequence over {n} devices (ring attention: "
            f"{_readable(score_bytes(seq_len, n, heads, dtype_bytes, batch)['ring'])} each)")
    return unsplit


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
    """What one traced step did (recorded while TensorFlow traces it)."""

    bounds: list
    score_shapes: list = dataclasses.field(default_factory=list)  # (replica, step, key block, shape, bytes)
    skipped: list = dataclasses.field(default_factory=list)  # (replica, step, key block)
    passes: list = dataclasses.field(default_factory=list)  # (step, from device, to device, "K"/"V", bytes)


class RingAttention:
    """Attention over ``strategy``'s replicas (a ``MirroredStrategy``), the sequence split into one
    block per replica, keys and values passed round the ring, blocks combined by online softmax.

    ``ring(q, k, v)`` takes ``[batch, seq, heads, head_dim]`` tensors (the same ``seq`` for all
    three) and returns the attention output, the same shape as ``q`` (``v``'s ``head_dim``), the
    replicas' blocks joined again. Differentiable: a ``GradientTape`` around the call gives gradients w.r.t.
    ``q``, ``k``, ``v`` (the backward runs the ring the other way). After a call:

    * ``blocks``: the ``(start, end)`` positions each replica holds (``split_sequence``);
    * ``score_shapes``: ``(replica, step, key block, shape, bytes)`` of every score tensor built,
      ``score_bytes_per_device()`` the largest per device (measured from those shapes);
    * ``skipped``: ``(replica, step, key block)`` of every causal block left out (in the future);
    * ``passes``: ``(step, from device, to device, "K" or "V", bytes)`` of every block sent,
      ``bytes_sent_per_device()`` what one device sends in the forward;
    * ``transfers()``: which device reads from which in the traced graph (neighbours only);
    * ``transport``: how the pass moves the data (``RING_PASS``).
    """

    def __init__(self, strategy, *, causal: bool = False):
        from ._tf import tf

        if not isinstance(strategy, tf.distribute.MirroredStrategy):
            raise ValueError(f"RingAttention needs a MirroredStrategy (one sequence block per replica), got "
                             f"{type(strategy).__name__}; use gpukit.strategies.mirrored(['/cpu:0', '/cpu:1', ...])")
        if not isinstance(causal, bool):
            raise ValueError(f"causal={causal!r} must be True or False")
        self.strategy, self.causal = strategy, causal
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
            raise ValueError("nothing measured yet: call the RingAttention on q, k, v first")
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

    def score_bytes_per_device(self) -> dict:
        """Measured: ``{device: bytes of the largest score tensor it built}``."""
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

    def _step(self, q, k, v):
        """Cross-replica: cut q, k, v into padded blocks, place block i on device i, run the ring,
        put the outputs back together (padded queries dropped)."""
        from ._tf import tf

        trace = self._tracing
        for records in (trace.score_shapes, trace.skipped, trace.passes):
            records.clear()  # a new trace of this signature records afresh
        bounds = trace.bounds
        size = max(end - start for start, end in bounds)

        def blocks(x):
            out = []
            for (start, end), device in zip(bounds, self.devices):
                piece = tf.pad(x[:, start:end], [[0, 0], [0, size - (end - start)], [0, 0], [0, 0]])
                with tf.device(device):  # block i lives on device i
                    out.append(tf.identity(piece))
            return self.strategy.experimental_distribute_values_from_function(
                lambda ctx: out[ctx.replica_id_in_sync_group])

        outs = self.strategy.run(self._replica, args=(self._ids, blocks(q), blocks(k), blocks(v)))
        outs = self.strategy.experimental_local_results(outs)
        return tf.concat([o[:, :end - start] for o, (start, end) in zip(outs, bounds)], axis=1)

    def _pass(self, strategy, k, v):
        """Cross-replica (``merge_call``): every replica's K and V block, copied to the next device."""
        from ._tf import tf

        trace = self._tracing
        step = 1 + len(trace.passes) // (2 * self.num_devices)
        moved = []
        for name, x in (("K", k), ("V", v)):
            held = strategy.experimental_local_results(x)
            received = []
            for dst, device in enumerate(self.devices):
                src = (dst - 1) % self.num_devices
                with tf.device(device):
                    received.append(tf.identity(held[src]))  # device src -> device dst, nothing else moves
                nbytes = held[src].shape.num_elements() * held[src].dtype.size
                trace.passes.append((step, self.devices[src], device, name, nbytes))
            moved.append(strategy.experimental_distribute_values_from_function(
                lambda ctx, received=received: received[ctx.replica_id_in_sync_group]))
        return tuple(moved)

    def _mask(self, replica: int, block: int, size: int):
        """Which scores of (query block ``replica``, key block ``block``) count: padded keys never,
        and on the diagonal of a causal ring only keys at or before the query. ``None``: all."""
        import numpy as np

        start, end = self._tracing.bounds[block]
        keep = np.broadcast_to(np.arange(size) < end - start, (size, size))  # real keys (columns)
        if self.causal and block == replica:
            keep = keep & np.tril(np.ones((size, size), bool))
        return None if keep.all() else keep

    def _replica(self, replica, q, k, v):
        """One replica: its query block stays; N steps, a K/V block each; online softmax."""
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
            scores = tf.einsum("bqhd,bkhd->bhqk", q, k) * scale  # [batch, heads, block, block]
            trace.score_shapes.append((replica, t, block, tuple(scores.shape),
                                       scores.shape.num_elements() * scores.dtype.size))
            keep = self._mask(replica, block, size)
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
        return tf.transpose(o / l[..., None], [0, 2, 1, 3])  # [batch, block, heads, head_dim]


def ring_attention(q, k, v, strategy, *, causal: bool = False):
    """``RingAttention(strategy, causal=causal)(q, k, v)``: attention with the sequence split over
    ``strategy``'s replicas. Keep a ``RingAttention`` instead to read what it measured."""
    return RingAttention(strategy, causal=causal)(q, k, v)

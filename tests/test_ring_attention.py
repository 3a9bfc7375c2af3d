"""gpukit.ring_attention (lesson 10): ring attention over 1, 2 and 4 replicas equals full attention and an
independent float64 numpy softmax (outputs) and a plain GradientTape over attention written here
(gradients w.r.t. q, k, v), causal or not, for a length that divides and one that does not; a
per-block softmax without the running max is caught; the score memory measured from the shapes
the ring built, the causal blocks it skipped and the blocks it passed match formulas derived from
the parameters; bad inputs refused before any work."""

from __future__ import annotations

import math

import numpy as np
import pytest

from gpukit import ring_attention, strategies, tf

BATCH, HEADS, DIM = 2, 2, 8
LENGTHS = (12, 13)  # 12 divides by 1, 2 and 4; 13 by none but 1
TOL = 1e-5


def _mirrored(n):
    return strategies.mirrored([f"/cpu:{i}" for i in range(n)])


def _qkv(seq_len, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.normal(size=(BATCH, seq_len, HEADS, DIM)).astype("float32") for _ in range(3)]


def _upstream(seq_len):
    """A fixed random weighting of the output: the 'loss' is sum(out * w), so every output counts."""
    return np.random.default_rng(99).normal(size=(BATCH, seq_len, HEADS, DIM))


def numpy_attention(q, k, v, causal):
    """The independent reference: float64, one plain softmax over each whole row."""
    q, k, v = (np.asarray(x, np.float64) for x in (q, k, v))
    scores = np.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape[-2:], bool)), scores, -np.inf)
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights /= weights.sum(axis=-1, keepdims=True)
    return np.einsum("bhqk,bkhd->bqhd", weights, v)


def tape_gradients(q, k, v, causal):
    """The gradient reference: a plain GradientTape over straightforward attention, one device, float64."""
    q, k, v = (tf.constant(np.asarray(x, np.float64)) for x in (q, k, v))
    with tf.GradientTape() as tape:
        tape.watch([q, k, v])
        scores = tf.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(DIM)
        if causal:
            seq_len = q.shape[1]
            scores = tf.where(np.tril(np.ones((seq_len, seq_len), bool)), scores, tf.constant(-np.inf, tf.float64))
        out = tf.einsum("bhqk,bkhd->bqhd", tf.nn.softmax(scores, axis=-1), v)
        loss = tf.reduce_sum(out * _upstream(q.shape[1]))
    return [g.numpy() for g in tape.gradient(loss, [q, k, v])]


def blockwise_without_rescaling(q, k, v, num_blocks):
    """The classic wrong answer: each key block's softmax terms taken against that block's own
    maximum and simply added up -- no running maximum, no rescaling of what was summed before."""
    q, k, v = (np.asarray(x, np.float64) for x in (q, k, v))
    scores = np.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(q.shape[-1])
    numerator, denominator = 0.0, 0.0
    for block in np.array_split(np.arange(k.shape[1]), num_blocks):
        s = scores[..., block]
        p = np.exp(s - s.max(axis=-1, keepdims=True))
        numerator = numerator + np.einsum("bhqk,bkhd->bhqd", p, v[:, block])
        denominator = denominator + p.sum(axis=-1)
    return np.transpose(numerator / denominator[..., None], (0, 2, 1, 3))


def _max_diff(a, b):
    return float(np.max(np.abs(np.asarray(a, np.float64) - np.asarray(b, np.float64))))


@pytest.fixture(scope="module")
def strategies_by_n():
    return {n: _mirrored(n) for n in (1, 2, 4)}


@pytest.fixture(scope="module")
def runs(strategies_by_n):
    """One ring forward + backward per (n, seq_len, causal), shared by the tests that read it."""
    cache = {}

    def run(n, seq_len, causal):
        if (n, seq_len, causal) not in cache:
            q, k, v = (tf.constant(x) for x in _qkv(seq_len))
            ring = ring_attention.RingAttention(strategies_by_n[n], causal=causal)
            with tf.GradientTape() as tape:
                tape.watch([q, k, v])
                out = ring(q, k, v)
                loss = tf.reduce_sum(out * tf.constant(_upstream(seq_len), tf.float32))
            grads = [g.numpy() for g in tape.gradient(loss, [q, k, v])]
            cache[(n, seq_len, causal)] = ring, out.numpy(), grads
        return cache[(n, seq_len, causal)]

    return run


CASES = [(n, seq_len, causal) for n in (1, 2, 4) for seq_len in LENGTHS for causal in (False, True)]


# --------------------------------------------------------------------------- the ring equals attention


@pytest.mark.parametrize("n, seq_len, causal", CASES)
def test_ring_attention_equals_full_attention_outputs_and_gradients(runs, n, seq_len, causal):
    q, k, v = _qkv(seq_len)
    ring, out, grads = runs(n, seq_len, causal)
    assert out.shape == (BATCH, seq_len, HEADS, DIM) and out.dtype == np.float32
    assert _max_diff(out, numpy_attention(q, k, v, causal)) < TOL
    assert _max_diff(out, ring_attention.full_attention(q, k, v, causal=causal)) < TOL
    for got, want in zip(grads, tape_gradients(q, k, v, causal)):
        assert np.all(np.isfinite(got)) and np.max(np.abs(want)) > 1e-2  # padding gives no NaN; a real gradient
        assert _max_diff(got, want) < TOL


def test_values_may_have_their_own_head_dim(strategies_by_n):
    """As Keras' value_dim: the output takes v's head_dim; only q and k must agree."""
    q, k, _ = _qkv(13)
    v = np.random.default_rng(7).normal(size=(BATCH, 13, HEADS, 5)).astype("float32")
    out = ring_attention.ring_attention(q, k, v, strategies_by_n[2], causal=True)
    assert out.shape == (BATCH, 13, HEADS, 5) and _max_diff(out, numpy_attention(q, k, v, True)) < TOL


@pytest.mark.parametrize("causal", [False, True])
def test_full_attention_equals_the_numpy_reference(causal):
    q, k, v = _qkv(13, seed=5)
    assert _max_diff(ring_attention.full_attention(q, k, v, causal=causal), numpy_attention(q, k, v, causal)) < TOL


def test_a_per_block_softmax_without_the_running_max_is_not_attention(runs):
    """What the comparison catches: without rescaling, blocks whose maxima differ are mixed with
    the wrong weights. With one block there is nothing to rescale and it is right."""
    q, k, v = _qkv(12)
    reference = numpy_attention(q, k, v, causal=False)
    assert _max_diff(blockwise_without_rescaling(q, k, v, 1), reference) < 1e-12
    wrong = _max_diff(blockwise_without_rescaling(q, k, v, 4), reference)
    _, out, _ = runs(4, 12, False)
    assert wrong > 100 * TOL and _max_diff(out, reference) < TOL, wrong


# --------------------------------------------------------------------------- measured against formulas


@pytest.mark.parametrize("n", [1, 2, 4])
@pytest.mark.parametrize("seq_len", LENGTHS)
def test_score_memory_per_device_measured_from_the_shapes_built(runs, n, seq_len):
    ring, _, _ = runs(n, seq_len, False)
    block = -(-seq_len // n)
    ring_bytes, unsplit_bytes = block * block * HEADS * BATCH * 4, seq_len * seq_len * HEADS * BATCH * 4
    measured = ring.score_bytes_per_device()
    assert list(measured) == ring.devices and set(measured.values()) == {ring_bytes}
    assert {shape for *_, shape, _ in ring.score_shapes} == {(BATCH, HEADS, block, block)}
    assert len(ring.score_shapes) == n * n  # every device, every block, once
    shapes = []
    ring_attention.full_attention(*_qkv(seq_len), shapes=shapes)
    assert shapes == [(BATCH, HEADS, seq_len, seq_len)]
    assert math.prod(shapes[0]) * 4 == unsplit_bytes
    assert ring_attention.score_bytes(seq_len, n, HEADS, batch=BATCH) == {
        "unsplit": unsplit_bytes, "ring": ring_bytes, "block": block,
        "unsplit_training": 3 * unsplit_bytes, "ring_training": 3 * ring_bytes}  # P, dP and dS at once


@pytest.mark.parametrize("n", [1, 2, 4])
@pytest.mark.parametrize("seq_len", LENGTHS)
def test_causal_ring_skips_every_future_block(runs, n, seq_len):
    ring, _, _ = runs(n, seq_len, True)
    assert len(ring.skipped) == n * (n - 1) // 2  # the blocks above the diagonal of an n x n grid
    assert all(block > replica for replica, _, block in ring.skipped)
    computed = {(replica, block) for replica, _, block, _, _ in ring.score_shapes}
    assert computed == {(i, j) for i in range(n) for j in range(i + 1)}  # past and diagonal, each once
    assert runs(n, seq_len, False)[0].skipped == []


@pytest.mark.parametrize("n", [2, 4])
def test_blocks_are_passed_to_the_next_device_only(runs, n):
    ring, _, _ = runs(n, 13, True)
    block = -(-13 // n)
    block_bytes = BATCH * block * HEADS * DIM * 4
    assert len(ring.passes) == (n - 1) * n * 2  # n - 1 passes, every device sends a K and a V block
    for step, src, dst, what, nbytes in ring.passes:
        assert ring.devices.index(dst) == (ring.devices.index(src) + 1) % n and nbytes == block_bytes
    assert ring.bytes_sent_per_device() == (n - 1) * 2 * block_bytes
    # measured in the traced graph: the only reads across replica devices are neighbour to neighbour
    pairs = {(ring.devices[i], ring.devices[(i + 1) % n]) for i in range(n)}
    assert set(ring.transfers()) == pairs and sum(ring.transfers().values()) == len(ring.passes)
    assert ring_attention.RING_PASS == ring.transport and "no all-gather" in ring.transport


# --------------------------------------------------------------------------- training memory: the backward recomputes


@pytest.mark.parametrize("n", [1, 2, 4])
@pytest.mark.parametrize("causal", [False, True])
def test_the_backward_recomputes_every_block_and_sends_the_key_value_gradients_home(runs, n, causal):
    """FlashAttention's backward round the ring: each computed block's scores are built again from q and
    k (one block x block matrix each), K and V go round N - 1 times, dK and dV N times (the last pass home)."""
    ring, _, _ = runs(n, 13, causal)
    block = -(-13 // n)
    forward = {(replica, t, key_block) for replica, t, key_block, _, _ in ring.score_shapes}
    assert {(replica, t, key_block) for replica, t, key_block, _ in ring.backward_scores} == forward
    assert {shape for *_, shape in ring.backward_scores} == {(BATCH, HEADS, block, block)}
    sent = {}
    for step, src, dst, what, nbytes in ring.backward_passes:
        assert ring.devices.index(dst) == (ring.devices.index(src) + 1) % n
        assert nbytes == BATCH * block * HEADS * DIM * 4
        sent[what] = sent.get(what, 0) + 1
    assert sent == {"K": (n - 1) * n, "V": (n - 1) * n, "dK": n * n, "dV": n * n} if n > 1 else \
        sent == {"dK": 1, "dV": 1}


@pytest.mark.parametrize("causal", [False, True])
def test_the_ring_that_keeps_every_block_gives_the_same_gradients_and_recomputes_nothing(strategies_by_n, causal):
    """recompute=False (the planted 'block not recomputed'): TensorFlow differentiates the forward and keeps
    every block; it is right, only its memory is wrong (caught by the allocator, below)."""
    q, k, v = (tf.constant(x) for x in _qkv(13))
    ring = ring_attention.RingAttention(strategies_by_n[4], causal=causal, recompute=False)
    with tf.GradientTape() as tape:
        tape.watch([q, k, v])
        loss = tf.reduce_sum(ring(q, k, v) * tf.constant(_upstream(13), tf.float32))
    for got, want in zip(tape.gradient(loss, [q, k, v]), tape_gradients(q, k, v, causal)):
        assert _max_diff(got, want) < TOL
    assert ring.backward_scores == [] and ring.backward_passes == []


@pytest.fixture(scope="module")
def training_peaks():
    """TensorFlow's allocator (BFC, a child process), one training step each, L = 2048, 4 heads of 64,
    4 replicas on 4 logical CPUs sharing one allocator: the ring's figure is the total over the 4."""
    return ring_attention.PeakProbe(2048, 4, 64, num_devices=4).result()


def test_the_ring_trains_in_less_than_two_fifths_of_full_attentions_peak(training_peaks):
    """Done-when of issue 36: ring attention's training peak <= 0.4 x full attention's (measured 0.16)."""
    full, ring = training_peaks["full attention"], training_peaks["ring, recomputed"]
    assert ring <= 0.4 * full, (ring / 2**20, full / 2**20)
    # full attention holds P, dP, dS of L x L (3 x 64 MiB); ops run one at a time, so the 4 devices need not hold
    # their 3 blocks at the same moment: the total lies between one and 4 devices' blocks (+ the L x d tensors)
    sizes = ring_attention.score_bytes(2048, 4, 4)
    assert full >= sizes["unsplit_training"] and ring >= sizes["ring_training"]  # one device's blocks at least


def test_the_planted_bug_a_block_not_recomputed_fails_the_memory_check(training_peaks):
    """The ring whose backward keeps every block (recompute=False) holds L^2/N scores per device, L^2 in
    all: its peak is near full attention's, and the 0.4 check above fails on it."""
    kept, full = training_peaks["ring, every block kept"], training_peaks["full attention"]
    with pytest.raises(AssertionError):
        assert kept <= 0.4 * full
    assert kept >= 4 * 4 * ring_attention.score_bytes(2048, 4, 4)["ring"]  # N blocks on each of N devices: L^2


def test_the_memory_probe_refuses_bad_input_before_starting_a_process():
    with pytest.raises(ValueError, match="ways=.*choose among"):
        ring_attention.PeakProbe(64, 2, 8, ways=["flash"])
    with pytest.raises(ValueError, match="seq_len=3 is shorter than num_devices=4"):
        ring_attention.PeakProbe(3, 2, 8)


# --------------------------------------------------------------------------- the plan, pure


@pytest.mark.parametrize("n", [1, 2, 3, 4, 8])
def test_ring_schedule_shows_every_block_to_every_device_once(n):
    schedule = ring_attention.ring_schedule(n)
    assert len(schedule) == n
    for device in range(n):
        assert sorted(step[device] for step in schedule) == list(range(n))
    for t, step in enumerate(schedule):
        assert sorted(step) == list(range(n))  # at each step every block is somewhere, once
        assert step[0] == (-t) % n
        if t:  # what device i holds now, device i - 1 held a step before
            assert all(step[i] == schedule[t - 1][(i - 1) % n] for i in range(n))


@pytest.mark.parametrize("seq_len, n", [(12, 4), (13, 4), (5, 4), (4, 4), (7, 1), (100, 8)])
def test_split_sequence_covers_the_sequence_in_near_equal_blocks(seq_len, n):
    bounds = ring_attention.split_sequence(seq_len, n)
    assert len(bounds) == n and bounds[0][0] == 0 and bounds[-1][1] == seq_len
    assert all(a[1] == b[0] for a, b in zip(bounds, bounds[1:]))
    sizes = [end - start for start, end in bounds]
    assert min(sizes) >= 1 and max(sizes) - min(sizes) <= 1 and max(sizes) == -(-seq_len // n)
    assert sizes == sorted(sizes, reverse=True)


def test_thirteen_tokens_over_four_devices():
    assert ring_attention.split_sequence(13, 4) == [(0, 4), (4, 7), (7, 10), (10, 13)]


# --------------------------------------------------------------------------- bad input, before any work


def _good(seq_len=12):
    return _qkv(seq_len)


@pytest.mark.parametrize("make, match", [
    (lambda: ring_attention.split_sequence(3, 4), r"seq_len=3 is shorter than num_devices=4: .*split over at most 3 devices"),
    (lambda: ring_attention.split_sequence(12, 0), r"num_devices=0 must be a positive int \(the devices the sequence is "
                                            r"split over: use 1 or more\)"),
    (lambda: ring_attention.ring_schedule(0), "num_devices=0 must be a positive int"),
    (lambda: ring_attention.score_bytes(12, -1, 2), "num_devices=-1 must be a positive int"),
    (lambda: ring_attention.score_bytes(12, 2, 2, dtype_bytes=0), "dtype_bytes=0 must be a number > 0"),
    (lambda: ring_attention.full_attention(*_good()[:1], np.zeros((BATCH, 12, HEADS, DIM + 1), "float32"), _good()[2]),
     r"q's head_dim \(8\) differs from k's \(9\).*project them to one size"),
    (lambda: ring_attention.full_attention(*_good()[:2], np.zeros((BATCH, 12, HEADS + 1, DIM), "float32")),
     r"numbers of heads differ \(q 2, k 2, v 3\): give q, k and v the same heads"),
    (lambda: ring_attention.full_attention(*_good()[:2], np.zeros((BATCH, 11, HEADS, DIM), "float32")),
     "k has 12 positions but v has 11: .*give k and v the same sequence length"),
    (lambda: ring_attention.full_attention(np.zeros((BATCH, 12, DIM), "float32"), *_good()[1:]),
     r"rank 4\); add the missing axes"),
    (lambda: ring_attention.full_attention(_good()[0].astype("float64"), *_good()[1:]), r"give them one dtype"),
    (lambda: ring_attention.RingAttention(tf.distribute.OneDeviceStrategy("/cpu:0")), "needs a MirroredStrategy"),
])
def test_bad_input_is_refused_with_the_fix(make, match):
    with pytest.raises(ValueError, match=match):
        make()


def test_the_ring_refuses_before_tracing_anything(strategies_by_n):
    ring = ring_attention.RingAttention(strategies_by_n[4])
    with pytest.raises(ValueError, match=r"seq_len=3 is shorter than num_devices=4: a device would hold no token"):
        ring(*_good(3))
    q, k, v = _good(12)
    with pytest.raises(ValueError, match="q has 12 positions but k has 8: ring attention splits queries and keys"):
        ring(q, k[:, :8], v[:, :8])
    with pytest.raises(ValueError, match=r"q's head_dim \(8\) differs from k's \(4\)"):
        ring(q, k[..., :4], v)
    with pytest.raises(ValueError, match="nothing recorded yet"):
        ring.score_shapes


# --------------------------------------------------------------------------- the planner's refusal (lesson 10)


@pytest.mark.parametrize("seq_len, heads, budget, dtype_bytes", [
    (100, 1, 3 * 100 * 100 * 4, 4), (100, 1, 3 * 100 * 100 * 4 - 1, 4), (13, 1, 3 * 4 * 4 * 4, 4),
    (100, 1, 100 * 100 * 4, 4), (131072, 32, 20e9, 2),
    (4096, 16, 1e8, 4)])
def test_devices_for_scores_is_the_fewest_that_fit(seq_len, heads, budget, dtype_bytes):
    def ring_bytes(n):  # written out: training holds P, dP and dS of one ceil(L/n) x ceil(L/n) block per head
        return 3 * math.ceil(seq_len / n) ** 2 * heads * dtype_bytes

    fewest = next(n for n in range(1, seq_len + 1) if ring_bytes(n) <= budget)
    assert ring_attention.devices_for_scores(seq_len, heads, budget, dtype_bytes) == fewest


def test_plain_attention_over_its_budget_is_refused_naming_the_split():
    training = 3 * 64 * 64 * 2 * 4  # P, dP and dS of the 64 x 64 matrix of each of 2 heads
    assert ring_attention.require_unsplit_fits(64, 2, training) == training
    with pytest.raises(ValueError, match=r"64 x 64 score matrix.*training holds 3 .*split the sequence over 2 "
                                         r"devices"):
        ring_attention.require_unsplit_fits(64, 2, training - 1)
    with pytest.raises(ValueError, match="use more devices"):
        ring_attention.devices_for_scores(13, 1, 1)
    with pytest.raises(ValueError, match="budget_bytes"):
        ring_attention.devices_for_scores(13, 1, 0)


@pytest.mark.parametrize("budget", [float("nan"), float("inf"), -1.0, True])
def test_a_budget_that_is_not_a_finite_positive_number_is_refused_before_any_work(budget):
    for call in (ring_attention.require_unsplit_fits, ring_attention.devices_for_scores):
        with pytest.raises(ValueError, match="budget_bytes=.* must be a number > 0"):
            call(100_000, 8, budget)


# --------------------------------------------------------------------------- lesson 10's checks catch planted bugs
# The lesson's own assertions (its checks 6 and 7, on its sizes: 30 tokens over 4 devices), with one bug
# planted by monkeypatching RingAttention: each raises. docs/decisions.md, "Lesson 10 checks and the bugs
# they catch (issue 36)", lists them.

LESSON_L, LESSON_HEADS = 30, 2


def _lesson_ring_checks(strategy):
    """Lesson 10 check 6 (ring == full attention), check 7 (causal outputs and gradients equal, the future
    blocks skipped, every computed block recomputed by the backward)."""
    rng = np.random.default_rng(1)
    q, k, v = (tf.constant(rng.normal(size=(BATCH, LESSON_L, LESSON_HEADS, DIM)).astype("float32")) for _ in range(3))
    ring_diff = _max_diff(ring_attention.RingAttention(strategy)(q, k, v), ring_attention.full_attention(q, k, v))
    causal = ring_attention.RingAttention(strategy, causal=True)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([q, k, v])
        ring_out, full_out = causal(q, k, v), ring_attention.full_attention(q, k, v, causal=True)
        ring_loss, full_loss = tf.reduce_sum(ring_out * q), tf.reduce_sum(full_out * q)
    causal_diff = _max_diff(ring_out, full_out)
    causal_grad_diff = max(_max_diff(a, b) for a, b in zip(tape.gradient(ring_loss, [q, k, v]),
                                                           tape.gradient(full_loss, [q, k, v])))
    n = causal.num_devices
    assert ring_diff <= TOL, ring_diff
    assert causal_diff <= TOL and causal_grad_diff <= TOL, (causal_diff, causal_grad_diff)
    assert len(causal.skipped) == n * (n - 1) // 2
    assert len(causal.backward_scores) == len(causal.score_shapes) == n * (n + 1) // 2


def test_lesson_checks_pass_on_the_ring_as_it_is(strategies_by_n):
    _lesson_ring_checks(strategies_by_n[4])


def test_lesson_checks_catch_a_slice_off_by_one(strategies_by_n, monkeypatch):
    def cut(self, x, bounds, size):  # the planted bug: each block's end taken one short (padding fills in)
        out = []
        for (start, end), device in zip(bounds, self.devices):
            piece = tf.pad(x[:, start:end - 1], [[0, 0], [0, size - (end - 1 - start)], [0, 0], [0, 0]])
            with tf.device(device):
                out.append(tf.identity(piece))
        return out

    monkeypatch.setattr(ring_attention.RingAttention, "_cut", cut)
    with pytest.raises(AssertionError):
        _lesson_ring_checks(strategies_by_n[4])


def test_lesson_checks_catch_a_causal_mask_off_by_one(strategies_by_n, monkeypatch):
    def mask(self, bounds, replica, block, size):  # the planted bug: the diagonal block lets a query see the next key
        start, end = bounds[block]
        keep = np.broadcast_to(np.arange(size) < end - start, (size, size))
        if self.causal and block == replica:
            keep = keep & np.tril(np.ones((size, size), bool), 1)
        return None if keep.all() else keep

    monkeypatch.setattr(ring_attention.RingAttention, "_mask", mask)
    with pytest.raises(AssertionError):
        _lesson_ring_checks(strategies_by_n[4])


def test_lesson_checks_catch_a_block_not_recomputed(strategies_by_n, monkeypatch):
    """recompute=False (every block kept for the backward): the gradients are right, the count of
    recomputed blocks is not -- and the memory check (above, the allocator) fails too."""
    init = ring_attention.RingAttention.__init__
    monkeypatch.setattr(ring_attention.RingAttention, "__init__",
                        lambda self, strategy, causal=False, recompute=True: init(self, strategy, causal=causal,
                                                                                   recompute=False))
    with pytest.raises(AssertionError):
        _lesson_ring_checks(strategies_by_n[4])

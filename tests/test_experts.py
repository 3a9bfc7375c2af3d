"""gpukit.experts (lesson 10): the expert-parallel layer over 1, 2 and 4 virtual CPUs gives the outputs
and gradients of a dense loop over the tokens on one device (float64); with a small capacity it drops
exactly the (token, expert) choices the capacity rule drops, and those tokens keep their input; the
load-balancing loss is the Switch Transformer's; the bytes moved are counted and match formulas
derived from the parameters; bad inputs are refused, naming the fix."""

from __future__ import annotations

import math

import numpy as np
import pytest

from gpukit import experts, strategies, tf

D, FF, E, TOKENS = 6, 5, 4, 16   # 16 tokens: 16, 8 or 4 per replica over 1, 2, 4 replicas


def _mirrored(n):
    return strategies.mirrored([f"/cpu:{i}" for i in range(n)])


def _tokens(seed=1):
    return np.random.default_rng(seed).normal(size=(TOKENS, D)).astype("float32")


def _reference(weights, x, k, *, kept=None, dy=None, aux_weight=0.0):
    """The dense loop on one device, in float64: every token, softmax, its k best experts, each
    chosen expert applied to it; ``kept[t][j]`` False skips a choice (capacity). Returns the outputs
    and, with ``dy``, the gradients of ``sum(y * dy) + aux_weight * aux`` (a plain GradientTape)."""
    x = tf.constant(x, tf.float64)
    router = tf.Variable(np.asarray(weights["router"], np.float64))
    expert_vars = [[tf.Variable(np.asarray(w, np.float64)) for w in ws] for ws in weights["experts"]]
    with tf.GradientTape() as tape:
        tape.watch(x)
        rows, all_probs = [], []
        for t in range(x.shape[0]):
            probs = tf.nn.softmax(tf.linalg.matvec(router, x[t], transpose_a=True))
            all_probs.append(probs)
            chosen = np.argsort(-probs.numpy(), kind="stable")[:k]  # ties: the lower index first
            total = tf.add_n([probs[e] for e in chosen])
            out = x[t]
            for j, e in enumerate(chosen):
                if kept is not None and not kept[t][j]:
                    continue
                gate = probs[e] if k == 1 else probs[e] / total
                w1, b1, w2, b2 = expert_vars[e]
                hidden = tf.nn.relu(tf.linalg.matvec(w1, x[t], transpose_a=True) + b1)
                out = out + gate * (tf.linalg.matvec(w2, hidden, transpose_a=True) + b2)
            rows.append(out)
        y = tf.stack(rows)
        probs = tf.stack(all_probs)
        f = np.bincount(np.argmax(probs.numpy(), axis=1), minlength=E) / len(rows)
        aux = E * tf.reduce_sum(f * tf.reduce_mean(probs, axis=0))
        loss = tf.reduce_sum(y * dy) + aux_weight * aux if dy is not None else None
    if dy is None:
        return y.numpy()
    grads = tape.gradient(loss, [x, router] + [v for vs in expert_vars for v in vs])
    return y.numpy(), {"inputs": grads[0].numpy(), "router": grads[1].numpy(),
                       "experts": [[g.numpy() for g in grads[2 + 4 * e:6 + 4 * e]] for e in range(E)]}


def _worst(a, b) -> float:
    if isinstance(a, dict):
        return max(_worst(a[key], b[key]) for key in a)
    if isinstance(a, list):
        return max(_worst(p, q) for p, q in zip(a, b))
    return float(np.max(np.abs(np.asarray(a, np.float64) - np.asarray(b, np.float64))))


def _largest(a) -> float:
    return max(_largest(p) for p in a) if isinstance(a, list) else float(np.max(np.abs(a)))


def _choices(weights, x, k):
    """Each token's k experts, from this file's own softmax (float64)."""
    logits = np.asarray(x, np.float64) @ np.asarray(weights["router"], np.float64)
    probs = np.exp(logits - logits.max(axis=1, keepdims=True))
    probs /= probs.sum(axis=1, keepdims=True)
    return np.argsort(-probs, axis=1, kind="stable")[:, :k], probs


def _capacity_rule(choices, n, slots):
    """The (token, expert) choices the rule drops: per replica, first choices of all its tokens in
    token order, then second choices; an expert that already has ``slots`` tokens drops the next."""
    per = len(choices) // n
    dropped = set()
    for r in range(n):
        taken = {}
        for j in range(choices.shape[1]):
            for t in range(r * per, (r + 1) * per):
                e = int(choices[t, j])
                if taken.get(e, 0) >= slots:
                    dropped.add((t, e))
                else:
                    taken[e] = taken.get(e, 0) + 1
    return dropped


# --------------------------------------------------------------------------- planning, pure


def test_capacity_is_the_switch_transformers_formula():
    assert experts.capacity(1024, 8, 1.25) == 160           # 1.25 x 1024 / 8
    assert experts.capacity(1024, 8, 1.25, k=2) == 320
    assert experts.capacity(10, 4, 1.0) == 3                # ceil(2.5)
    assert experts.capacity(8, 4, 4) == 8                   # capacity_factor = E: room for every token


def test_place_experts_gives_each_device_an_equal_contiguous_block():
    assert experts.place_experts(4, 2) == [[0, 1], [2, 3]]
    assert experts.place_experts(4, 4) == [[0], [1], [2], [3]]
    assert experts.place_experts(6, 1) == [[0, 1, 2, 3, 4, 5]]


def test_dispatch_plan_puts_first_choices_before_second_choices():
    choices = np.array([[0, 1], [1, 0], [0, 1]])           # 3 tokens, top-2, 2 experts, capacity 2
    position, kept = experts.dispatch_plan(choices, 2, 2)
    # expert 0: tokens 0, 2 (first choices), then token 1's second choice -> place 2, dropped
    # expert 1: token 1 (first), then tokens 0 and 2 (second) -> places 1 and 2
    assert position.tolist() == [[0, 1], [0, 2], [1, 2]]
    assert kept.tolist() == [[True, True], [True, False], [True, False]]


def test_load_balancing_loss_is_one_when_uniform_and_e_when_all_go_to_one_expert():
    assert experts.load_balancing_loss(np.full((8, E), 1 / E)) == pytest.approx(1.0)
    assert experts.load_balancing_loss(np.eye(E)[[0] * 8]) == pytest.approx(E)


def test_load_balancing_loss_averages_over_tokens_not_experts():
    """The same number of tokens as experts, so averaging over the wrong axis still broadcasts:
    it gives 1.0 ("balanced") for every router, since each token's probabilities sum to 1."""
    probs = np.array([[0.7, 0.1, 0.1, 0.1], [0.6, 0.2, 0.1, 0.1], [0.1, 0.5, 0.2, 0.2], [0.4, 0.3, 0.2, 0.1]])
    f = np.array([3, 1, 0, 0]) / 4
    right = E * np.sum(f * probs.mean(axis=0))
    wrong = E * np.sum(f * probs.mean(axis=1))
    assert experts.load_balancing_loss(probs) == pytest.approx(right)
    assert wrong == pytest.approx(1.0) and right > 1.5


def test_load_balancing_loss_is_not_at_least_one_the_true_bounds():
    """Issue 36: E=2, three tokens [.51, .49] and one [.01, .99] give 0.885 < 1. What holds: exactly 1 when
    the first choices (f) or the mean probabilities (P) are even; between sum f_i^2 (>= 1/E) and E."""
    probs = np.array([[.51, .49]] * 3 + [[.01, .99]])
    assert experts.load_balancing_loss(probs) == pytest.approx(2 * (.75 * (1.53 + .01) / 4 + .25 * (1.47 + .99) / 4))
    assert experts.load_balancing_loss(probs) == pytest.approx(0.885)
    # E = 2: a share a of tokens [.5+, .5-], the rest [0, 1]: 2a^2 - 3a + 2, least at a = 3/4: 7/8
    eps = 1e-9
    least = np.array([[.5 + eps, .5 - eps]] * 3 + [[0.0, 1.0]])
    assert experts.load_balancing_loss(least) == pytest.approx(7 / 8, abs=1e-6)
    rng = np.random.default_rng(0)
    for experts_, tokens, sharpness in [(2, 4, 1), (4, 16, 3), (8, 8, 0.2), (8, 64, 5)]:
        for _ in range(50):
            logits = rng.normal(size=(tokens, experts_)) * sharpness
            p = np.exp(logits) / np.exp(logits).sum(1, keepdims=True)
            f = np.bincount(p.argmax(1), minlength=experts_) / tokens
            loss = experts.load_balancing_loss(p)
            assert np.sum(f ** 2) - 1e-12 <= loss <= experts_ + 1e-12 and np.sum(f ** 2) >= 1 / experts_ - 1e-12
            even_f = np.roll(np.eye(experts_), 0, axis=1)[np.arange(tokens) % experts_] * 0.5 + 0.5 / experts_
            if tokens % experts_ == 0:  # first choices spread evenly: exactly 1, whatever the probabilities
                assert experts.load_balancing_loss(even_f) == pytest.approx(1.0)
    even_p = np.array([[.6, .4], [.6, .4], [.3, .7], [.5, .5]])  # mean probabilities even, first choices 3:1
    assert np.allclose(even_p.mean(0), .5) and experts.load_balancing_loss(even_p) == pytest.approx(1.0)


def test_all_to_all_bytes_formula_per_device():
    # per device: 2 directions x (N-1) x E/N x capacity x d x 4 bytes; 8 tokens per replica, 4 experts, 1.0: 2
    assert experts.all_to_all_bytes(16, 4, 2, 6, 1.0) == 2 * 1 * 2 * 2 * 6 * 4
    assert experts.all_to_all_bytes(16, 4, 4, 6, 1.0) == 2 * 3 * 1 * 1 * 6 * 4
    assert experts.all_to_all_bytes(16, 4, 1, 6, 1.0) == 0


# --------------------------------------------------------------------------- the layer, real


@pytest.mark.parametrize("n", [1, 2, 4])
@pytest.mark.parametrize("k", [1, 2])
def test_outputs_and_gradients_equal_the_dense_loop_when_nothing_is_dropped(n, k):
    """capacity_factor = E: room for every token, so the layer must be the dense loop exactly.
    The layer computes in float32, the loop in float64: agreement to 1e-6 of the largest magnitude
    (outputs and gradients reach ~5 here; float32 keeps ~6e-8 of a value per rounding, the measured
    worst was 4.7e-7 of the largest gradient)."""
    layer = experts.MoELayer(_mirrored(n), D, FF, E, k=k, capacity_factor=E, seed=n)
    x, dy = _tokens(), np.random.default_rng(2).normal(size=(TOKENS, D)).astype("float32")
    routed = layer(x)
    ref_y, ref_grads = _reference(layer.weights(), x, k, dy=dy, aux_weight=0.1)
    grads = layer.gradients(x, dy, aux_weight=0.1)
    assert routed.dropped == set() and routed.kept.all()
    assert routed.tokens_per_expert.sum() == k * TOKENS
    assert _worst(routed.outputs, ref_y) <= 1e-6 * max(1.0, _largest(ref_y)), _worst(routed.outputs, ref_y)
    for key in grads:
        assert _worst(grads[key], ref_grads[key]) <= 1e-6 * max(1.0, _largest(ref_grads[key])), key
    assert min(float(np.max(np.abs(g))) for ws in grads["experts"] for g in ws) > 1e-3  # every expert learned


@pytest.mark.parametrize("n", [1, 2, 4])
@pytest.mark.parametrize("k", [1, 2])
def test_a_small_capacity_drops_exactly_what_the_rule_drops_and_dropped_tokens_keep_their_input(n, k):
    layer = experts.MoELayer(_mirrored(n), D, FF, E, k=k, capacity_factor=0.5, seed=3)
    x = _tokens()
    routed = layer(x)
    choices, _ = _choices(layer.weights(), x, k)
    slots = math.ceil(k * 0.5 * (TOKENS // n) / E)
    expected = _capacity_rule(choices, n, slots)
    assert expected and routed.dropped == expected
    assert routed.experts.tolist() == choices.tolist()
    assert routed.tokens_per_expert.tolist() == (np.bincount(choices.ravel(), minlength=E)
                                                 - np.bincount([e for _, e in expected], minlength=E)).tolist()
    assert routed.tokens_per_expert.max() <= n * slots
    kept = [[(t, int(e)) not in expected for e in choices[t]] for t in range(TOKENS)]
    gone = [t for t in range(TOKENS) if not any(kept[t])]
    assert gone and np.array_equal(routed.outputs[gone], x[gone])  # the residual alone, bit for bit
    reference = _reference(layer.weights(), x, k, kept=kept)
    assert _worst(routed.outputs, reference) <= 1e-6 * max(1.0, _largest(reference))


def test_load_balancing_loss_of_the_layer_is_one_for_a_zero_router_and_larger_for_a_skewed_one():
    layer = experts.MoELayer(_mirrored(2), D, FF, E, seed=0)
    x = _tokens()
    layer.set_weights(router=np.zeros((D, E)))
    assert layer(x).aux_loss == pytest.approx(1.0, abs=1e-6)
    x = x + 1.0                                               # features mostly positive, so that
    skewed = np.zeros((D, E))
    skewed[:, 0] = 0.5                                        # expert 0 wins most tokens,
    skewed[0, 1] = 1.5                                        # expert 1 those with a large first feature
    layer.set_weights(router=skewed)
    choices, probs = _choices(layer.weights(), x, 1)
    f = np.bincount(choices[:, 0], minlength=E) / TOKENS
    right = E * np.sum(f * probs.mean(axis=0))
    assert layer(x).aux_loss == pytest.approx(right, abs=1e-6) and right > 1.5, right
    assert 0 < f[1] < f[0] < 1                                # skewed, not one-hot: a real average


@pytest.mark.parametrize("n", [1, 2, 4])
def test_bytes_moved_are_counted_and_match_the_parameters(n):
    layer = experts.MoELayer(_mirrored(n), D, FF, E, k=2, capacity_factor=1.0, seed=4)
    x = _tokens()
    routed = layer(x)
    slots = math.ceil(2 * 1.0 * (TOKENS // n) / E)
    assert layer.exchanges == [("dispatch", E * slots * D * 4), ("combine", E * slots * D * 4)]
    # measured at run time on every device: the rows of its buffers that went to the other devices
    assert routed.sent_per_device == [2 * (n - 1) * (E // n) * slots * D * 4] * n
    assert routed.all_to_all_bytes == experts.all_to_all_bytes(TOKENS, E, n, D, 1.0, k=2)
    layer.gradients(x, np.ones_like(x))  # forward and backward: four all-to-alls, the backward's the same size
    assert layer.sent_bytes == [2 * routed.all_to_all_bytes] * n
    choices, _ = _choices(layer.weights(), x, 2)
    dropped = _capacity_rule(choices, n, slots)
    per, per_device = TOKENS // n, E // n
    crossing = sum(1 for t in range(TOKENS) for e in choices[t]
                   if (t, int(e)) not in dropped and int(e) // per_device != t // per)
    assert routed.token_bytes == crossing * D * 4 * 2 / n <= routed.all_to_all_bytes  # per device, on average
    assert (crossing > 0) == (n > 1)


def test_weights_round_trip_and_each_expert_lives_on_its_device():
    layer = experts.MoELayer(_mirrored(2), D, FF, E, seed=5)
    weights = layer.weights()
    new = [[w + 1 for w in ws] for ws in weights["experts"]]
    layer.set_weights(experts=new)
    assert _worst(layer.weights()["experts"], new) == 0
    assert [tf.DeviceSpec.from_string(vs[0].device).device_index for vs in layer.expert_vars] == [0, 1]


# --------------------------------------------------------------------------- bad input, before any work


@pytest.mark.parametrize("make, match", [
    (lambda: experts.capacity(16, 4, 0), r"capacity_factor=0 must be a number > 0"),
    (lambda: experts.capacity(16, 4, -1.0), r"capacity_factor=-1.0 must be a number > 0"),
    (lambda: experts.capacity(16, 4, True), r"capacity_factor=True must be a number > 0"),
    (lambda: experts.capacity(16, 4, 1.0, k=3), r"k=3: use k=1 .* or k=2"),
    (lambda: experts.capacity(16, 1, 1.0, k=2), r"use k <= num_experts"),
    (lambda: experts.place_experts(3, 2), r"use a multiple of 2 \(e.g. 4\)"),
    (lambda: experts.place_experts(2, 4), r"fewer than the 4 devices.*use at least 4 experts"),
    (lambda: experts.place_experts(0, 2), r"num_experts=0 must be a positive int"),
    (lambda: experts.MoELayer(tf.distribute.OneDeviceStrategy("/cpu:0"), D, FF, E), "needs a MirroredStrategy"),
    (lambda: experts.MoELayer(_mirrored(4), D, FF, 6), r"use a multiple of 4 \(e.g. 8\)"),
    (lambda: experts.MoELayer(_mirrored(4), D, FF, 2), r"fewer than the 4 devices"),
    (lambda: experts.MoELayer(_mirrored(2), D, FF, E, capacity_factor=0), r"must be a number > 0"),
    (lambda: experts.MoELayer(_mirrored(2), D, FF, E, k=0), r"k=0: use k=1"),
    (lambda: experts.MoELayer(_mirrored(1), D, FF, 1, k=2), r"use k <= num_experts"),
    (lambda: experts.MoELayer(_mirrored(2), 0, FF, E), r"d_model=0 must be a positive int"),
])
def test_bad_input_is_refused_with_the_fix(make, match):
    with pytest.raises(ValueError, match=match):
        make()


@pytest.fixture(scope="module")
def layer2():
    return experts.MoELayer(_mirrored(2), D, FF, E, seed=6)


@pytest.mark.parametrize("call, match", [
    (lambda layer: layer(np.zeros((TOKENS, D + 1))), r"tokens x d_model = \(tokens, 6\)"),
    (lambda layer: layer(np.zeros((TOKENS - 1, D))), r"15 tokens do not split evenly over 2 replicas"),
    (lambda layer: layer.gradients(_tokens(), np.zeros((TOKENS, D + 1))), r"dy is the gradient .* shaped like x"),
    (lambda layer: layer.gradients(_tokens(), _tokens(), aux_weight=-1), r"aux_weight=-1 must be a number >= 0"),
    (lambda layer: layer.set_weights(router=np.zeros((E, D))), r"must be \(d_model, num_experts\) = \(6, 4\)"),
    (lambda layer: layer.set_weights(experts=[[0, 0, 0, 0]] * E), r"experts must be 4 lists \[w1, b1, w2, b2\]"),
])
def test_bad_calls_are_refused_before_any_step_is_traced(layer2, call, match):
    before = layer2.weights()
    with pytest.raises(ValueError, match=match):
        call(layer2)
    assert layer2.exchanges == [] and _worst(layer2.weights(), before) == 0


# --------------------------------------------------------------------------- lesson 10's checks catch planted bugs
# Each test runs the comparison one assertion of lesson 10's check cell makes (the lesson's own
# expression), on a small layer, with one bug planted by monkeypatching: the assertion raises.
# docs/decisions.md, "Lesson 10 checks and the bugs they catch (issue 36)", lists them.

import dataclasses  # noqa: E402


def _lesson_dense_check(layer, x, dy):
    """Lesson 10 check 1: outputs and gradients equal the dense loop (the reference of this file)."""
    routed = layer(x)
    ref_y, ref = _reference(layer.weights(), x, 1, dy=dy)
    grads = layer.gradients(x, dy)
    out_diff = _worst(routed.outputs, ref_y)
    grad_diff = max(_worst(grads["inputs"], ref["inputs"]), _worst(grads["router"], ref["router"]))
    assert not routed.dropped and out_diff <= 1e-5 and grad_diff <= 1e-5, (out_diff, grad_diff)


def test_check_1_passes_and_catches_an_all_to_all_without_its_reverse_gradient(monkeypatch):
    layer = experts.MoELayer(_mirrored(2), D, FF, E, capacity_factor=float(E), seed=2)
    x, dy = _tokens(), np.random.default_rng(3).normal(size=(TOKENS, D)).astype("float32")
    _lesson_dense_check(layer, x, dy)
    exchange = experts.MoELayer._all_to_all

    def not_reversed(self, tf, t, *args):  # the planted bug: the forward exchanges, the gradient stays put
        moved = exchange(self, tf, t, *args)
        return t + tf.stop_gradient(moved - t)

    monkeypatch.setattr(experts.MoELayer, "_all_to_all", not_reversed)
    with pytest.raises(AssertionError):
        _lesson_dense_check(experts.MoELayer(_mirrored(2), D, FF, E, capacity_factor=float(E), seed=2), x, dy)


def _lesson_capacity_checks(n, factor):
    """Lesson 10 checks 2 and 3: the capacity written out, dropped == predicted by the rule, dropped
    tokens pass through, and the bytes each device sent (measured) == the formula written out."""
    layer = experts.MoELayer(_mirrored(n), D, FF, E, capacity_factor=factor, seed=6)
    x = _tokens()
    routed = layer(x)
    cap = math.ceil(factor * (TOKENS // n) / E)
    choices, _ = _choices(layer.weights(), x, 1)
    predicted = _capacity_rule(choices, n, cap)
    lost = sorted(t for t, _ in predicted)
    assert layer.capacity(TOKENS) == cap
    assert routed.dropped == predicted and np.array_equal(routed.outputs[lost], x[lost])
    assert routed.sent_per_device == [2 * (n - 1) * (E // n) * cap * D * 4] * n
    return predicted


def test_check_2_catches_tokens_dropped_silently(monkeypatch):
    assert _lesson_capacity_checks(2, 0.5)  # the check passes, and tokens were dropped
    call = experts.MoELayer.__call__

    def silent(self, x):  # the planted bug: dropped tokens not reported (as if every choice were kept)
        routed = call(self, x)
        return dataclasses.replace(routed, dropped=set(), kept=np.ones_like(routed.kept))

    monkeypatch.setattr(experts.MoELayer, "__call__", silent)
    with pytest.raises(AssertionError):
        _lesson_capacity_checks(2, 0.5)


def test_check_3_catches_a_capacity_off_by_one_in_the_buffers_sent(monkeypatch):
    _lesson_capacity_checks(4, 1.0)
    monkeypatch.setattr(experts.MoELayer, "capacity",  # the planted bug: one slot too many per expert
                        lambda self, tokens: experts.capacity(tokens // self.num_replicas, self.num_experts,
                                                              self.capacity_factor, self.k) + 1)
    with pytest.raises(AssertionError):
        _lesson_capacity_checks(4, 1.0)
    # with the capacity check taken out, the bytes the devices sent still give it away
    layer = experts.MoELayer(_mirrored(4), D, FF, E, capacity_factor=1.0, seed=6)
    with pytest.raises(AssertionError):
        assert layer(_tokens()).sent_per_device == [2 * 3 * 1 * math.ceil(TOKENS // 4 / E) * D * 4] * 4


def _lesson_balance_check(layer, batches):
    """Lesson 10 check 4: the layer's loss equals E * sum f_i P_i recomputed from the router, within
    [sum f_i^2, E]; a skewed batch raises it."""
    losses = []
    for batch in batches:
        r = layer(batch)
        _, probs = _choices(layer.weights(), batch, 1)
        f = np.bincount(probs.argmax(1), minlength=E) / len(probs)
        recomputed = E * float(np.sum(f * probs.mean(axis=0)))
        assert abs(r.aux_loss - recomputed) <= 1e-5 and np.sum(f ** 2) - 1e-5 <= r.aux_loss <= E
        losses.append(r.aux_loss)
    assert losses[1] > losses[0]


def test_check_4_catches_a_load_balancing_loss_averaged_over_the_experts(monkeypatch):
    layer = experts.MoELayer(_mirrored(2), D, FF, E, seed=0)
    x = _tokens()
    skewed = (x + 3.0 * layer.weights()["router"][:, 0] / np.linalg.norm(layer.weights()["router"][:, 0]))
    _lesson_balance_check(layer, [x, skewed.astype("float32")])
    call = experts.MoELayer.__call__
    # the planted bug: P_i averaged over the experts instead of the tokens is 1/E for every expert, so the
    # loss is 1 for every router
    monkeypatch.setattr(experts.MoELayer, "__call__", lambda self, x: dataclasses.replace(call(self, x), aux_loss=1.0))
    with pytest.raises(AssertionError):
        _lesson_balance_check(layer, [x, skewed.astype("float32")])

def test_k_may_equal_the_number_of_experts():
    """k == num_experts is allowed (every token goes to every expert); only k > num_experts is refused."""
    assert experts.capacity(16, 2, 1.0, k=2) == 16   # ceil(2 x 1.0 x 16 / 2)
    with pytest.raises(ValueError, match=r"use k <= num_experts"):
        experts.capacity(16, 1, 1.0, k=2)

"""Expert parallelism: a mixture-of-experts layer spread over devices (lesson 10).

A mixture-of-experts (MoE) layer replaces one feed-forward block by ``E`` of them, the *experts*,
and a small *router* that sends each token to only ``k`` of them (Switch Transformer, Fedus et
al., 2021: ``k = 1``; GShard, Lepikhin et al., 2020: ``k = 2``). The parameters grow ``E``-fold, the
compute per token does not. *Expert parallelism* puts different experts on different devices:

* the tokens are split over the replicas, as in data parallelism; each replica routes its own;
* an **all-to-all** sends every token to the device that holds its expert (dispatch), the experts
  run there, and a second all-to-all brings the results back (combine);
* each expert takes at most ``capacity`` tokens from each replica (the Switch Transformer's
  *expert capacity*); the tokens beyond it are **dropped** by that expert and only pass through the
  residual connection.

The rules this module implements, one by one (the tests check each against an independent loop):

* router: ``probs = softmax(x @ router)``; the ``k`` largest probabilities choose the experts
  (ties: the lower expert index first, as ``tf.math.top_k`` does);
* gates: top-1 uses the chosen probability itself (Switch); top-2 divides the two chosen
  probabilities by their sum, so that they add up to 1 (GShard);
* capacity, per replica (GShard's "group"): ``ceil(k * capacity_factor * tokens / experts)``;
  places are handed out in token order, earlier tokens first, and for top-2 every token's first
  choice before any token's second choice (GShard); a choice that finds its expert full is dropped;
* output: ``y = x + sum of gate * expert(x)`` over the choices that were kept. The residual is
  always there, so a token that every expert dropped leaves unchanged (``y = x``); a top-2 token
  that lost one of its two places keeps the other expert's gated output (its gates are *not*
  renormalised after the drop);
* each expert is ``Dense(d_ff) -> relu -> Dense(d_model)``;
* load-balancing (auxiliary) loss of the Switch Transformer: ``E * sum_i f_i * P_i``, ``f_i`` the
  fraction of tokens whose first choice is expert ``i`` (before capacity), ``P_i`` the router
  probability of expert ``i`` averaged over the tokens (axis 0, not over the experts). Exactly 1.0
  when the first choices spread evenly (every ``f_i = 1/E``) or the mean probabilities do (every
  ``P_i = 1/E``), so 1 at perfect balance; ``E`` when every token goes to one expert with
  probability 1. It is *not* at least 1: a token's top probability is at least ``1/E``, so
  ``P_i >= f_i / E`` and the loss is at least ``sum_i f_i^2 >= 1/E``; it dips below 1 when a popular
  expert wins its tokens narrowly (``E = 2``, three tokens ``[.51, .49]`` and one ``[.01, .99]``:
  0.885; the least for ``E = 2`` is 7/8). It is at most ``E`` (``sum_i f_i P_i <= max_i P_i <= 1``).

Top to bottom: the planning, pure numpy (``capacity``, ``place_experts``, ``dispatch_plan``,
``load_balancing_loss``, ``all_to_all_bytes``), then ``MoELayer``, the real thing over a
``MirroredStrategy``: the router replicated on every replica, each expert's weights as variables on
the device that owns it, and the exchanges done by TensorFlow's own collective all-to-all
(``tf.raw_ops.CollectiveAllToAllV2``), which runs on virtual CPUs (see ``ALL_TO_ALL``). Two things
make it work: each device gets an *ordering token* (a resource variable on it), because inside a
``tf.function`` TensorFlow otherwise chains every replica's collective after the previous one in
program order, and replica 0's all-to-all then waits forever for replica 1's ("Collective has timed
out waiting for other workers"); and TensorFlow registers no gradient for ``CollectiveAllToAllV2``
("gradient registry has no entry for: CollectiveAllToAllV2"; the TPU op ``AllToAll`` has one, in
``tensorflow/python/tpu/ops/tpu_ops.py``), so ``MoELayer`` gives it one: the gradient of an
all-to-all is the reverse all-to-all (it only moves rows). Measured at run time, not from shapes: a
counter variable on each device adds, as each all-to-all runs, the bytes of the rows of the tensor
actually handed to it that go to *other* devices (``tf.size`` of the tensor minus the device's own
row) -- bytes *per device*, the convention of lesson 09 and the ring. Counted too: the tokens each
expert took, the (token, expert) choices that were dropped.

On GPUs the same code runs over the GPUs (not run here: no GPU on the project's machines). Not done: GShard's random
second-expert routing, the router's z-loss, jitter noise, or a fused/bucketed exchange.
"""

from __future__ import annotations

import dataclasses
import itertools
import math

import numpy as np

from ._args import positive, whole

ALL_TO_ALL = ("real: tf.raw_ops.CollectiveAllToAllV2, TensorFlow's collective all-to-all, one per direction "
              "(dispatch and combine), ordered per device by an ordering token; TensorFlow registers no "
              "gradient for it (the TPU AllToAll op has one), MoELayer supplies the reverse all-to-all")

# --------------------------------------------------------------------------- planning (pure numpy)


def capacity(num_tokens: int, num_experts: int, capacity_factor: float, k: int = 1) -> int:
    """The Switch Transformer's *expert capacity*: how many of ``num_tokens`` tokens (those of one
    replica) one expert takes, ``ceil(k * capacity_factor * num_tokens / num_experts)``.

    ``capacity_factor = 1`` leaves room for a perfectly even split; more leaves slack for uneven
    routing (Switch trains with 1.0-1.25); ``capacity_factor = num_experts`` never drops a token."""
    whole("num_tokens", num_tokens)
    whole("num_experts", num_experts)
    _check_k(k, num_experts)
    _check_capacity_factor(capacity_factor)
    return math.ceil(k * capacity_factor * num_tokens / num_experts)


def place_experts(num_experts: int, num_devices: int) -> list[list[int]]:
    """Which experts each device holds: ``E / N`` consecutive experts per device,
    e.g. ``place_experts(4, 2) == [[0, 1], [2, 3]]``."""
    whole("num_experts", num_experts)
    whole("num_devices", num_devices)
    if num_experts < num_devices:
        raise ValueError(f"num_experts={num_experts} is fewer than the {num_devices} devices: a device would hold "
                         f"no expert; use at least {num_devices} experts (a multiple of {num_devices}) or fewer "
                         f"devices")
    if num_experts % num_devices:
        raise ValueError(f"num_experts={num_experts} does not split evenly over {num_devices} devices; use a "
                         f"multiple of {num_devices} (e.g. {num_experts + num_devices - num_experts % num_devices}) "
                         f"so that every device holds the same number of experts")
    per = num_experts // num_devices
    return [list(range(d * per, (d + 1) * per)) for d in range(num_devices)]


def dispatch_plan(choices, num_experts: int, capacity: int):
    """The capacity rule on one replica's choices (``choices[t, j]``: token ``t``'s ``j``-th expert).

    Returns ``(position, kept)``, both shaped like ``choices``: the place the choice takes in its
    expert's buffer and whether it got one (``position < capacity``). Places go in token order,
    first choices of all tokens before second choices (GShard)."""
    choices = np.asarray(choices)
    position = np.zeros(choices.shape, dtype=np.int64)
    taken = [0] * num_experts
    for j in range(choices.shape[1]):  # every token's first choice, then every token's second
        for t in range(choices.shape[0]):  # earlier tokens first
            expert = int(choices[t, j])
            position[t, j] = taken[expert]
            taken[expert] += 1
    return position, position < capacity


def load_balancing_loss(probs) -> float:
    """The Switch Transformer's auxiliary loss for router probabilities ``probs`` (tokens x experts):
    ``E * sum_i f_i * P_i``. ``f_i``: fraction of tokens whose top choice is ``i`` (ties to the lower
    index); ``P_i``: mean probability of ``i`` over the tokens (axis 0). Exactly 1.0 when either the
    ``f_i`` or the ``P_i`` are all ``1/E`` (perfect balance); between ``sum_i f_i^2 >= 1/E`` and ``E``
    otherwise -- below 1 is possible (see the module's docstring)."""
    probs = np.asarray(probs, dtype=np.float64)
    num_tokens, num_experts = probs.shape
    f = np.bincount(np.argmax(probs, axis=1), minlength=num_experts) / num_tokens
    return float(num_experts * np.sum(f * probs.mean(axis=0)))


def all_to_all_bytes(num_tokens: int, num_experts: int, num_devices: int, d_model: int, capacity_factor: float,
                     k: int = 1, itemsize: int = 4) -> int:
    """Bytes one device sends to the others in the two all-to-alls (dispatch and combine) of one
    forward step (per device, as lesson 09 and the ring count). Each replica hands in a buffer of
    ``E x capacity x d_model`` (one ``capacity``-row slot per expert, padded when fewer tokens came);
    the ``E / N`` slots of its own experts stay, ``(N - 1) / N`` of it leaves the device:
    ``2 x (N - 1) x (E / N) x capacity x d_model x itemsize``. The backward sends as much again."""
    whole("num_devices", num_devices)
    place_experts(num_experts, num_devices)
    if num_tokens % num_devices:
        raise ValueError(f"num_tokens={num_tokens} does not split over {num_devices} devices; use a multiple "
                         f"of {num_devices}")
    slots = capacity(num_tokens // num_devices, num_experts, capacity_factor, k)
    return 2 * (num_devices - 1) * (num_experts // num_devices) * slots * d_model * itemsize


def _check_k(k, num_experts: int) -> None:
    if isinstance(k, bool) or k not in (1, 2):
        raise ValueError(f"k={k!r}: use k=1 (Switch Transformer: one expert per token) or k=2 (GShard: two)")
    if k > num_experts:
        raise ValueError(f"k={k} experts per token but only num_experts={num_experts}; use k <= num_experts "
                         f"(k=1, or at least 2 experts)")


def _check_capacity_factor(capacity_factor) -> None:
    positive("capacity_factor", capacity_factor,
             hint="1.0 leaves room for an even split, 1.25 is the Switch Transformer's usual value")


# --------------------------------------------------------------------------- the layer (TensorFlow)

_GROUP_KEYS: dict[tuple, int] = {}  # one collective group per set of devices, for the whole process
_INSTANCE_KEYS = itertools.count(1_000_000, 4)  # per traced step: dispatch, its gradient, combine, its gradient
TIMEOUT_S = 300.0  # an all-to-all that waits this long for its peers fails instead of hanging


@dataclasses.dataclass
class Routed:
    """What one forward step of ``MoELayer`` produced and measured (global token indices)."""

    outputs: np.ndarray            # tokens x d_model
    experts: np.ndarray            # tokens x k: the chosen experts
    gates: np.ndarray              # tokens x k: their gate weights
    kept: np.ndarray               # tokens x k: whether the choice found a place
    routed_per_expert: np.ndarray  # choices per expert, before capacity
    tokens_per_expert: np.ndarray  # choices each expert processed (after capacity)
    dropped: set                   # {(token, expert)} choices dropped for lack of capacity
    aux_loss: float                # load-balancing loss over all tokens
    all_to_all_bytes: int          # measured: bytes one device sent to the others in the two all-to-alls
    sent_per_device: list          # measured: the same for every device (padded buffers, at run time)
    token_bytes: float             # of which rows of kept tokens whose expert is on another device, per device
                                   # on average (there and back, over the devices, divided by N)


class MoELayer:
    """A mixture-of-experts layer with its experts spread over ``strategy``'s replicas (a
    ``MirroredStrategy``): ``num_experts`` experts ``Dense(d_ff) -> relu -> Dense(d_model)``, each on
    the device ``place_experts`` gives it, a replicated router ``d_model x num_experts``, ``k`` experts
    per token, per-replica capacity ``capacity(tokens per replica, ...)``.

    ``layer(x)`` runs one forward step on the global batch ``x`` (tokens x d_model, split evenly over
    the replicas) and returns a ``Routed``; ``layer.gradients(x, dy)`` returns the gradients of
    ``sum(y * dy) + aux_weight * aux_loss``. ``weights()`` / ``set_weights()`` read and write the
    router and the experts as numpy arrays. Initial weights are seeded (``seed``).
    """

    def __init__(self, strategy, d_model: int, d_ff: int, num_experts: int, *, k: int = 1,
                 capacity_factor: float = 1.25, seed: int = 0):
        from ._tf import tf

        if not isinstance(strategy, tf.distribute.MirroredStrategy):
            raise ValueError(f"MoELayer needs a MirroredStrategy (one replica per device, the experts spread "
                             f"over them), got {type(strategy).__name__}; use gpukit.strategies.mirrored()")
        self.d_model, self.d_ff = whole("d_model", d_model), whole("d_ff", d_ff)
        self.num_experts = whole("num_experts", num_experts)
        _check_k(k, self.num_experts)
        _check_capacity_factor(capacity_factor)
        self.strategy, self.k, self.capacity_factor = strategy, k, float(capacity_factor)
        self.devices = list(strategy.extended.worker_devices)
        self.num_replicas = len(self.devices)
        self.placement = place_experts(self.num_experts, self.num_replicas)
        self.per_device = self.num_experts // self.num_replicas
        self.group_key = _GROUP_KEYS.setdefault(tuple(self.devices), 1_000_000 + len(_GROUP_KEYS))
        self.exchanges: list[tuple[str, int]] = []  # (what, bytes one replica handed in) of the last forward step
        self.sent_bytes: list[int] = []  # measured, per device: bytes sent to the others in the last call

        rng = np.random.default_rng(seed)
        with strategy.scope():  # replicated: a MirroredVariable, one copy per replica
            self.router = tf.Variable(rng.normal(0, d_model ** -0.5, (d_model, num_experts)).astype("float32"),
                                      name="router")
        self.expert_vars, self.order_tokens, self.sent_counters = [], [], []  # per device: [w1, b1, w2, b2] of its experts, stacked
        e = self.per_device
        for device in self.devices:
            with tf.device(device):
                self.expert_vars.append([
                    tf.Variable(rng.normal(0, d_model ** -0.5, (e, d_model, d_ff)).astype("float32"), name="w1"),
                    tf.Variable(rng.normal(0, 0.1, (e, d_ff)).astype("float32"), name="b1"),
                    tf.Variable(rng.normal(0, d_ff ** -0.5, (e, d_ff, d_model)).astype("float32"), name="w2"),
                    tf.Variable(rng.normal(0, 0.1, (e, d_model)).astype("float32"), name="b2")])
                # orders this device's all-to-alls (TensorFlow would otherwise chain the replicas'
                # collectives one after another in the function, and each would wait for the others)
                self.order_tokens.append(tf.Variable(0.0, trainable=False, name="all_to_all_order"))
                # bytes this device hands to its all-to-alls for the other devices, added as they run
                self.sent_counters.append(tf.Variable(0, dtype=tf.int64, trainable=False, name="all_to_all_sent"))
        self._fns: dict = {}

    # -- weights -----------------------------------------------------------------------------
    def weights(self) -> dict:
        """``{"router": d_model x E, "experts": [[w1, b1, w2, b2] for each expert]}`` (numpy)."""
        return {"router": self.router.numpy(),
                "experts": self._per_expert([[v.numpy() for v in variables] for variables in self.expert_vars])}

    def _per_expert(self, per_device) -> list:
        """Each device's stacked ``[w1, b1, w2, b2]`` (one row per expert it holds) as one list per expert."""
        return [[w[i] for w in values] for values in per_device for i in range(self.per_device)]

    def set_weights(self, router=None, experts=None) -> None:
        """Overwrite the router (``d_model x E``) and/or the experts (``[[w1, b1, w2, b2], ...]``)."""
        if router is not None:
            router = np.asarray(router, dtype=np.float32)
            if router.shape != (self.d_model, self.num_experts):
                raise ValueError(f"router has shape {router.shape}; it must be (d_model, num_experts) = "
                                 f"{(self.d_model, self.num_experts)}")
            self.router.assign(router)
        if experts is not None:
            shapes = [(self.d_model, self.d_ff), (self.d_ff,), (self.d_ff, self.d_model), (self.d_model,)]
            if len(experts) != self.num_experts or any(
                    len(ws) != 4 or any(np.shape(w) != s for w, s in zip(ws, shapes)) for ws in experts):
                raise ValueError(f"experts must be {self.num_experts} lists [w1, b1, w2, b2] of shapes {shapes}")
            for d, experts_here in enumerate(self.placement):
                for i, v in enumerate(self.expert_vars[d]):
                    v.assign(np.stack([np.asarray(experts[e][i], dtype=np.float32) for e in experts_here]))

    # -- one replica's work ------------------------------------------------------------------
    def _all_to_all(self, tf, t, replica: int, key: int, what: str, record: list):
        """Row ``i`` of ``t`` (first axis: one row per replica) goes to replica ``i``; row ``j`` of
        the result came from replica ``j``. The gradient does the reverse exchange (key + 1).
        ``record`` gets ``(what, bytes handed in)`` once (from replica 0; every replica hands in as much)."""
        n, token = self.num_replicas, self.order_tokens[replica].handle
        if replica == 0:
            record.append((what, t.shape.num_elements() * t.dtype.size))

        def exchange(value, instance_key):
            # measured as it runs: the rows of the tensor handed in that go to the other devices
            leaving = (tf.size(value, out_type=tf.int64) - tf.size(value[replica], out_type=tf.int64)) * value.dtype.size
            with tf.control_dependencies([self.sent_counters[replica].assign_add(leaving)]):
                value = tf.identity(value)
            return tf.raw_ops.CollectiveAllToAllV2(
                input=value, group_size=n, group_key=self.group_key, instance_key=instance_key,
                ordering_token=[token], timeout_seconds=TIMEOUT_S)

        @tf.custom_gradient
        def forward(value):
            return exchange(value, key), lambda upstream: exchange(upstream, key + 1)

        return forward(t)

    def _replica_forward(self, tf, replica, x, keys, capacity_, record):
        ctx = tf.distribute.get_replica_context()
        n, e_total, e_here, k = self.num_replicas, self.num_experts, self.per_device, self.k
        tokens, d = x.shape[0], self.d_model

        # route: softmax over the experts, the k best, their gates
        probs = tf.nn.softmax(tf.matmul(x, self.router), axis=-1)           # tokens x E
        top_p, top_e = tf.math.top_k(probs, k=k)                              # tokens x k
        gates = top_p if k == 1 else top_p / tf.reduce_sum(top_p, axis=1, keepdims=True)

        # capacity: places in token order, all first choices before second choices (GShard)
        choice_major = tf.reshape(tf.transpose(top_e), [-1])                 # k*tokens
        onehot = tf.one_hot(choice_major, e_total, dtype=tf.int32)            # k*tokens x E
        position = tf.reduce_sum(tf.cumsum(onehot, axis=0, exclusive=True) * onehot, axis=1)
        kept = position < capacity_
        slot = tf.one_hot(position, capacity_, dtype=x.dtype) * tf.cast(kept, x.dtype)[:, None]
        mask = tf.reshape(tf.cast(onehot, x.dtype)[:, :, None] * slot[:, None, :], [k, tokens, e_total, capacity_])
        dispatch = tf.reduce_sum(mask, axis=0)                                # tokens x E x C: 0/1
        combine = tf.einsum("jtec,jt->tec", mask, tf.transpose(gates))        # gate where kept

        # dispatch: this replica's tokens to the experts' devices
        buffers = tf.einsum("tec,td->ecd", dispatch, x)                       # E x C x d
        sent = tf.reshape(buffers, [n, e_here * capacity_, d])
        received = self._all_to_all(tf, sent, replica, keys[0], "dispatch", record)   # from each replica
        inputs = tf.reshape(tf.transpose(tf.reshape(received, [n, e_here, capacity_, d]), [1, 0, 2, 3]),
                            [e_here, n * capacity_, d])

        # the experts on this device, each on every replica's tokens for it
        w1, b1, w2, b2 = self.expert_vars[replica]
        hidden = tf.nn.relu(tf.einsum("esd,edh->esh", inputs, w1) + b1[:, None, :])
        out = tf.einsum("esh,ehd->esd", hidden, w2) + b2[:, None, :]

        # combine: the results back to the tokens' replicas, gated, plus the residual
        back = tf.reshape(tf.transpose(tf.reshape(out, [e_here, n, capacity_, d]), [1, 0, 2, 3]),
                          [n, e_here * capacity_, d])
        returned = tf.reshape(self._all_to_all(tf, back, replica, keys[1], "combine", record), [e_total, capacity_, d])
        y = x + tf.einsum("tec,ecd->td", combine, returned)

        # load balancing: f from every replica's first choices (no gradient), P from this replica's
        # probabilities; this replica's share of E * sum_i f_i * P_i (the shares add up to the loss)
        first = tf.stop_gradient(ctx.all_reduce("sum", tf.reduce_sum(tf.one_hot(top_e[:, 0], e_total), axis=0)))
        total_tokens = tokens * n
        aux_share = e_total * tf.reduce_sum(first / total_tokens * tf.reduce_sum(probs, axis=0) / total_tokens)

        # kept rows whose expert is on another device cross it twice (there and back)
        owner = choice_major // e_here
        crossing = tf.reduce_sum(tf.cast(tf.logical_and(kept, owner != replica), tf.int32))
        stats = (top_e, gates, tf.transpose(tf.reshape(kept, [k, tokens])), aux_share, crossing)
        return y, stats

    # -- the steps ---------------------------------------------------------------------------
    def _split(self, x):
        """``x`` as float32 and a function that hands each replica its consecutive share of the tokens."""
        x = np.asarray(x, dtype=np.float32)
        if x.ndim != 2 or x.shape[1] != self.d_model:
            raise ValueError(f"x has shape {x.shape}; the layer takes tokens x d_model = (tokens, {self.d_model}) "
                             f"(flatten batch and sequence into one token axis)")
        if len(x) == 0 or len(x) % self.num_replicas:
            raise ValueError(f"{len(x)} tokens do not split evenly over {self.num_replicas} replicas; use a "
                             f"(non-zero) multiple of {self.num_replicas}")
        per = len(x) // self.num_replicas
        return x, lambda a: self.strategy.experimental_distribute_values_from_function(
            lambda ctx: a[ctx.replica_id_in_sync_group * per:(ctx.replica_id_in_sync_group + 1) * per])

    def capacity(self, num_tokens: int) -> int:
        """Places per expert per replica for a global batch of ``num_tokens`` tokens."""
        return capacity(num_tokens // self.num_replicas, self.num_experts, self.capacity_factor, self.k)

    def _function(self, kind: str, tokens: int, aux_weight: float = 0.0):
        from ._tf import tf

        if (kind, tokens, aux_weight) in self._fns:
            return self._fns[(kind, tokens, aux_weight)]
        record: list = []  # filled while the step is traced
        ids = self.strategy.experimental_distribute_values_from_function(lambda ctx: ctx.replica_id_in_sync_group)
        first = next(_INSTANCE_KEYS)
        keys = (first, first + 2)  # dispatch, combine (their gradients: + 1)
        slots = self.capacity(tokens)

        def forward(replica, x):
            return self._replica_forward(tf, replica, x, keys, slots, record)

        def gradients(replica, x, dy):
            ctx = tf.distribute.get_replica_context()
            variables = self.expert_vars[replica]
            with tf.GradientTape() as tape:
                tape.watch(x)
                y, stats = forward(replica, x)
                loss = tf.reduce_sum(y * dy) + aux_weight * stats[3]
            g_x, g_router, *g_experts = tape.gradient(loss, [x, self.router] + variables)
            return g_x, ctx.all_reduce("sum", g_router), g_experts

        def run(*args):
            record.clear()  # (traced once; a retrace records again)
            return self.strategy.run(forward if kind == "forward" else gradients, args=(ids, *args))

        self._fns[(kind, tokens, aux_weight)] = tf.function(run), record
        return self._fns[(kind, tokens, aux_weight)]

    def __call__(self, x) -> Routed:
        """One forward step on the global batch ``x`` (tokens x d_model); see ``Routed``."""
        x, split = self._split(x)
        step, self.exchanges = self._function("forward", len(x))
        for counter in self.sent_counters:
            counter.assign(0)
        y, (top_e, gates, kept, aux, crossing) = step(split(x))
        sent = self.sent_bytes = [int(counter.numpy()) for counter in self.sent_counters]
        local = self.strategy.experimental_local_results
        experts = np.concatenate([t.numpy() for t in local(top_e)])
        kept_ = np.concatenate([t.numpy() for t in local(kept)])
        n, itemsize = self.num_replicas, x.dtype.itemsize
        return Routed(
            outputs=np.concatenate([t.numpy() for t in local(y)]),
            experts=experts, gates=np.concatenate([t.numpy() for t in local(gates)]), kept=kept_,
            routed_per_expert=np.bincount(experts.ravel(), minlength=self.num_experts),
            tokens_per_expert=np.bincount(experts[kept_], minlength=self.num_experts),
            dropped={(int(t), int(experts[t, j])) for t, j in zip(*np.nonzero(~kept_))},
            aux_loss=float(sum(float(a) for a in local(aux))),
            all_to_all_bytes=max(sent), sent_per_device=sent,
            token_bytes=2 * sum(int(c) for c in local(crossing)) * self.d_model * itemsize / n)

    def gradients(self, x, dy, aux_weight: float = 0.0) -> dict:
        """Gradients of ``sum(y * dy) + aux_weight * aux_loss`` for the global batch:
        ``{"inputs": tokens x d_model, "router": d_model x E, "experts": [[w1, b1, w2, b2], ...]}``."""
        x, split = self._split(x)
        dy = np.asarray(dy, dtype=np.float32)
        if dy.shape != x.shape:
            raise ValueError(f"dy has shape {dy.shape}, x has {x.shape}: dy is the gradient of the loss with "
                             f"respect to the outputs, shaped like x")
        positive("aux_weight", aux_weight, allow_zero=True, hint="Switch used 0.01")
        step, _ = self._function("gradients", len(x), float(aux_weight))
        for counter in self.sent_counters:
            counter.assign(0)
        g_x, g_router, g_experts = step(split(x), split(dy))
        self.sent_bytes = [int(counter.numpy()) for counter in self.sent_counters]
        local = self.strategy.experimental_local_results
        # replica r computed the gradients of the experts on its device, stacked
        per_device = [[local(g)[r].numpy() for g in g_experts] for r in range(self.num_replicas)]
        return {"inputs": np.concatenate([t.numpy() for t in local(g_x)]), "router": local(g_router)[0].numpy(),
                "experts": self._per_expert(per_device)}

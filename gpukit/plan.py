"""Plan a real training run before spending a GPU-hour: memory, time and the layout (lesson 11).

Arithmetic only (no TensorFlow): a transformer (``Model``), a cluster (``Cluster``, from the
``ACCELERATORS`` table with sources) and a layout (``Layout``: tensor, pipeline, data, context and
expert parallel degrees, ZeRO stage, micro-batch, global batch, recomputation). ``plan(model,
cluster, layout)`` checks that the layout can exist (``PlanError`` naming the cause and the fix)
and returns a ``Plan``: bytes per device part by part and whether they fit, FLOPs per step (model
and hardware), communication per parallelism and whether it hides behind compute, the pipeline
bubble, the predicted step time, MFU, tokens/s and the time for a token budget. Every function
carries its formula in its docstring. ``search(model, cluster, global_batch)`` tries the layouts
that can exist and ranks those that fit by predicted step time, each with its reasons;
``recommend`` is the one-call form lesson 08's advisor can delegate large models to.

Sources (titles): "How to Scale Your Model" (the JAX scaling book: 6 x params x tokens, rooflines,
per-chip memory), "The Ultra-Scale Playbook" (memory per parameter, ZeRO, the parallelisms),
"Reducing Activation Recomputation in Large Transformer Models" (activation bytes per layer,
selective recomputation, sequence parallelism), "Efficient Large-Scale Language Model Training on
GPU Clusters Using Megatron-LM" (the FLOPs formula, the 1F1B bubble, the published 1T run).

The efficiency assumption (``EFFICIENCY``, one number for every run): kernels reach half of the
dense peak. It is our assumption, the middle of the 30-70 % of peak that hardware references give
for real transformer workloads; it is not fitted to any published run (lesson 11 uses the same
number for all three and shows where the prediction misses).

The ZeRO memory and communication formulas are lesson 09's (``gpukit.zero.state_bytes`` and
``comm_bytes``), the interconnect figures the course's one table (``gpukit.hardware.INTERCONNECTS``).
"""

from __future__ import annotations

import dataclasses
import itertools
import math

from . import hardware, parallel, zero
from ._args import positive, whole

GB = 1e9

EFFICIENCY = 0.5
"""Fraction of dense peak the kernels reach (our assumption, see the module docstring)."""

# --------------------------------------------------------------------------- hardware (with sources)

_NV = {entry["name"]: entry for entry in hardware.INTERCONNECTS.values()}

ACCELERATORS = {
    # peak: dense bf16 (fp16 where the chip has no bf16) tensor FLOP/s; hbm: bytes; hbm_Bps: HBM
    # bandwidth; link_Bps: one direction of the chip-to-chip link inside a node (or of the ICI)
    "H100 SXM": dict(peak=989e12, hbm=80e9, hbm_Bps=3.35e12, link_Bps=_NV["NVLink 4 (H100)"]["bandwidth_GBps"] * GB,
                     source="NVIDIA H100 Tensor Core GPU datasheet: 989 TFLOPS bf16 dense (1,979 with sparsity), "
                            "80 GB HBM3, 3.35 TB/s; NVLink 900 GB/s total"),
    "A100 80GB": dict(peak=312e12, hbm=80e9, hbm_Bps=2.039e12, link_Bps=_NV["NVLink 3 (A100)"]["bandwidth_GBps"] * GB,
                      source="NVIDIA A100 Tensor Core GPU datasheet: 312 TFLOPS bf16 dense, 80 GB HBM2e, 2,039 GB/s "
                             "(SXM); NVLink 600 GB/s total"),
    "A100 40GB": dict(peak=312e12, hbm=40e9, hbm_Bps=1.555e12, link_Bps=_NV["NVLink 3 (A100)"]["bandwidth_GBps"] * GB,
                      source="NVIDIA A100 Tensor Core GPU datasheet: 312 TFLOPS bf16 dense, 40 GB HBM2, 1,555 GB/s; "
                             "NVLink 600 GB/s total"),
    "V100 32GB": dict(peak=125e12, hbm=32e9, hbm_Bps=900e9, link_Bps=150e9,
                      source="NVIDIA V100 Tensor Core GPU datasheet (SXM2): 125 TFLOPS fp16 tensor (no bf16), 32 GB "
                             "HBM2, 900 GB/s; NVLink 300 GB/s total"),
    "T4": dict(peak=65e12, hbm=16e9, hbm_Bps=320e9, link_Bps=16e9,
               source="NVIDIA T4 datasheet: 65 TFLOPS fp16 tensor (no bf16), 16 GB GDDR6, 320 GB/s; PCIe Gen3 x16 "
                      "(~16 GB/s per direction), no NVLink"),
    "TPU v4": dict(peak=275e12, hbm=32 * 2**30, hbm_Bps=1.2e12,
                   link_Bps=_NV["TPU v4 ICI"]["bandwidth_GBps"] * GB,
                   source="Google Cloud TPU v4 documentation: 275 TFLOPS bf16, 32 GiB HBM2, 1,200 GB/s"),
    "TPU v5e": dict(peak=197e12, hbm=16 * 2**30, hbm_Bps=819e9, link_Bps=200e9,
                    source="Google Cloud TPU v5e documentation: 197 TFLOPS bf16, 16 GiB HBM2, 819 GB/s; ICI "
                           "1,600 Gbps per chip"),
    "TPU v5p": dict(peak=459e12, hbm=95 * 2**30, hbm_Bps=2.765e12, link_Bps=600e9,
                    source="Google Cloud TPU v5p documentation: 459 TFLOPS bf16, 95 GiB HBM2e, 2,765 GB/s; ICI "
                           "4,800 Gbps per chip"),
}


class PlanError(ValueError):
    """A layout (or model, or cluster) that cannot exist; the message names the cause and the fix."""


# --------------------------------------------------------------------------- what is planned


@dataclasses.dataclass(frozen=True)
class Model:
    """A decoder-only transformer. ``ffn`` defaults to ``4 x hidden``; ``kv_heads`` to ``heads``
    (fewer: grouped-query attention); ``gated`` a SwiGLU MLP (three matrices); ``experts > 1`` a
    mixture of experts in every layer's MLP, ``top_k`` experts per token. Bytes per value:
    ``param_bytes``/``grad_bytes`` (bf16: 2), ``optimizer_bytes`` (Adam in mixed precision: fp32
    master weights and two moments, 12), ``activation_bytes`` (2)."""

    layers: int
    hidden: int
    heads: int
    seq: int
    vocab: int
    ffn: int | None = None
    kv_heads: int | None = None
    gated: bool = False
    experts: int = 1
    top_k: int = 1
    biases: bool = True
    norm: str = "layernorm"
    tied_embeddings: bool = True
    learned_positions: bool = False
    dropout: bool = True
    param_bytes: float = 2
    grad_bytes: float = 2
    optimizer_bytes: float = 12
    activation_bytes: float = 2
    name: str = "model"

    def __post_init__(self):
        for field in ("layers", "hidden", "heads", "seq", "vocab", "experts", "top_k"):
            _whole(field, getattr(self, field))
        if self.ffn is not None:
            _whole("ffn", self.ffn)
        if self.kv_heads is not None:
            _whole("kv_heads", self.kv_heads)
            if self.heads % self.kv_heads:
                raise PlanError(f"kv_heads={self.kv_heads} must divide heads={self.heads} (grouped-query "
                                f"attention shares each K/V head between heads/kv_heads query heads)")
        if self.hidden % self.heads:
            raise PlanError(f"hidden={self.hidden} is not a multiple of heads={self.heads}: each head gets "
                            f"hidden/heads values; use a hidden size that divides by the heads")
        if self.top_k > self.experts:
            raise PlanError(f"top_k={self.top_k} > experts={self.experts}: a token cannot go to more experts "
                            f"than there are; use top_k <= experts")
        if self.norm not in ("layernorm", "rmsnorm"):
            raise PlanError(f"norm={self.norm!r}: use 'layernorm' (scale and bias) or 'rmsnorm' (scale only)")

    @property
    def ffn_size(self) -> int:
        return self.ffn if self.ffn is not None else 4 * self.hidden

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads

    @property
    def kv(self) -> int:
        return self.kv_heads if self.kv_heads is not None else self.heads


@dataclasses.dataclass(frozen=True)
class Cluster:
    """``count`` accelerators of one kind (a key of ``ACCELERATORS``), ``per_node`` in a node
    joined by the accelerator's link; ``inter_node_GBps``: bandwidth per accelerator between nodes
    (one direction; e.g. one 200 Gb/s InfiniBand card per GPU = 25 GB/s)."""

    accelerator: str
    count: int
    per_node: int = 8
    inter_node_GBps: float = 25.0
    name: str = "cluster"

    def __post_init__(self):
        if self.accelerator not in ACCELERATORS:
            raise PlanError(f"accelerator={self.accelerator!r} is not in the table; use one of "
                            f"{sorted(ACCELERATORS)} (or add a row with its datasheet figures)")
        _whole("count", self.count)
        _whole("per_node", self.per_node)
        _positive("inter_node_GBps", self.inter_node_GBps)

    @property
    def spec(self) -> dict:
        return ACCELERATORS[self.accelerator]


@dataclasses.dataclass(frozen=True)
class Layout:
    """Degrees of tensor (``tp``), pipeline (``pp``), data (``dp``), context (``cp``) and expert
    (``ep``, inside the data-parallel group) parallelism; ``zero`` the ZeRO stage over the
    data-parallel group (0: plain data parallel, 3: FSDP); ``micro_batch`` sequences per device per
    forward; ``global_batch`` sequences per step; ``recompute``: 'none', 'selective' (the attention
    scores) or 'full' (each layer's input only); ``sequence_parallel``: tensor parallelism also
    splits the layer norms' and dropouts' activations."""

    tp: int = 1
    pp: int = 1
    dp: int = 1
    cp: int = 1
    ep: int = 1
    zero: int = 0
    micro_batch: int = 1
    global_batch: int = 1
    recompute: str = "none"
    sequence_parallel: bool = True

    @property
    def devices(self) -> int:
        return self.tp * self.pp * self.dp * self.cp

    @property
    def micro_batches(self) -> int:
        """Micro-batches per pipeline per step: ``global_batch / (dp x micro_batch)``."""
        return self.global_batch // (self.dp * self.micro_batch)

    def __str__(self):
        parts = [f"tp{self.tp}", f"pp{self.pp}", f"dp{self.dp}"]
        parts += [f"cp{self.cp}"] * (self.cp > 1) + [f"ep{self.ep}"] * (self.ep > 1)
        return (" x ".join(parts) + f", ZeRO-{self.zero}, micro-batch {self.micro_batch}, "
                f"recompute {self.recompute}" + ("" if self.sequence_parallel or self.tp == 1 else ", no SP"))


def _whole(name, value, minimum=1):
    try:
        return whole(name, value, minimum)
    except ValueError as err:
        raise PlanError(str(err)) from None


def _positive(name, value):
    try:
        return positive(name, value)
    except ValueError as err:
        raise PlanError(str(err)) from None


def check(model: Model, cluster: Cluster, layout: Layout) -> None:
    """``PlanError`` (cause and fix) for a layout that cannot exist on this model and cluster."""
    for field in ("tp", "pp", "dp", "cp", "ep", "micro_batch", "global_batch"):
        _whole(field, getattr(layout, field))
    if isinstance(layout.zero, bool) or layout.zero not in zero.STAGES:
        raise PlanError(f"zero={layout.zero!r}: use 0 (plain data parallel), 1, 2 or 3 (ZeRO stages)")
    if layout.recompute not in ("none", "selective", "full"):
        raise PlanError(f"recompute={layout.recompute!r}: use 'none', 'selective' (the attention scores) or "
                        f"'full' (keep each layer's input only)")
    if layout.tp > model.heads or model.heads % layout.tp:
        raise PlanError(f"tp={layout.tp} does not divide heads={model.heads}: tensor parallelism gives each "
                        f"device whole attention heads; use a tp that divides {model.heads}, e.g. "
                        f"{_divisors_up_to(model.heads, layout.tp)}")
    if layout.pp > model.layers:
        raise PlanError(f"pp={layout.pp} > layers={model.layers}: a pipeline stage needs at least one layer; "
                        f"use pp <= {model.layers}")
    if layout.devices != cluster.count:
        raise PlanError(f"tp x pp x dp x cp = {layout.tp} x {layout.pp} x {layout.dp} x {layout.cp} = "
                        f"{layout.devices}, but the cluster has {cluster.count} devices; choose degrees whose "
                        f"product is {cluster.count} (e.g. dp = {cluster.count} / (tp x pp x cp))")
    if model.seq % layout.cp:
        raise PlanError(f"seq={model.seq} does not split over cp={layout.cp}: context parallelism gives each "
                        f"device seq/cp tokens; use a cp that divides {model.seq}")
    if layout.ep > 1 and (model.experts % layout.ep or (layout.dp * layout.cp) % layout.ep):
        raise PlanError(f"ep={layout.ep} must divide the experts ({model.experts}) and the data-parallel group "
                        f"(dp x cp = {layout.dp * layout.cp}): each device of an expert group holds "
                        f"experts/ep whole experts; use ep=1 or a common divisor")
    if layout.global_batch % (layout.dp * layout.micro_batch):
        raise PlanError(f"global_batch={layout.global_batch} is not a multiple of dp x micro_batch = "
                        f"{layout.dp} x {layout.micro_batch}: every replica runs whole micro-batches; use a "
                        f"global batch that is a multiple of {layout.dp * layout.micro_batch} or another micro-batch")


def _divisors_up_to(n, limit):
    """The divisors of ``n`` nearest ``limit``: the two below it and the one above."""
    divisors = [d for d in range(1, n + 1) if n % d == 0]
    return [d for d in divisors if d < limit][-2:] + [d for d in divisors if d > limit][:1]


# --------------------------------------------------------------------------- parameters


def layer_parameters(model: Model) -> dict:
    """Parameters of one transformer layer: ``{"attention", "mlp", "norms", "router"}``.

    attention: ``h x d x (a + 2 k)`` (Q, K, V; ``d = h / a``, ``k`` K/V heads) + ``a d x h`` (output),
    biases ``d (a + 2 k) + h``; mlp (one expert): ``m x h x f`` (``m`` = 3 gated, else 2), biases
    ``(m - 1) f + h``, times ``experts``; router ``h x experts`` (MoE only); norms: two, ``2 h``
    each (layer norm) or ``h`` (RMS norm). With ``f = 4h``, biases, one expert: ``12 h^2 + 13 h``.
    """
    h, d, a, k, f = model.hidden, model.head_dim, model.heads, model.kv, model.ffn_size
    m = 3 if model.gated else 2
    attention = h * d * (a + 2 * k) + a * d * h + (d * (a + 2 * k) + h if model.biases else 0)
    expert = m * h * f + ((m - 1) * f + h if model.biases else 0)
    norms = 2 * (2 * h if model.norm == "layernorm" else h)
    router = h * model.experts if model.experts > 1 else 0
    return {"attention": attention, "mlp": expert * model.experts, "norms": norms, "router": router,
            "expert": expert}


def parameter_count(model: Model, active: bool = False) -> int:
    """``N = L x layer + V h (x 2 untied) + s h (learned positions) + final norm``.
    ``active=True``: the parameters one token uses (MoE: ``top_k`` experts instead of all)."""
    p = layer_parameters(model)
    experts = model.top_k if active else model.experts
    layer = p["attention"] + p["expert"] * experts + p["norms"] + p["router"]
    h = model.hidden
    embed = model.vocab * h * (1 if model.tied_embeddings else 2)
    return (model.layers * layer + embed + (model.seq * h if model.learned_positions else 0)
            + (2 * h if model.norm == "layernorm" else h))


def parameters_per_device(model: Model, layout: Layout) -> float:
    """Parameters on the busiest device: the first pipeline stage holds ``ceil(L / pp)`` layers and
    the embedding (and the learned positions), all cut ``tp`` ways (the experts also ``ep`` ways):
    ``ceil(L/pp) x (dense + experts/ep) / tp + V h / tp``; without a pipeline, all of
    ``parameter_count(model) / tp``."""
    p = layer_parameters(model)
    dense = p["attention"] + p["norms"] + p["router"]
    layer = (dense + p["mlp"] / layout.ep) / layout.tp
    h = model.hidden
    embed = model.vocab * h * (2 if layout.pp == 1 and not model.tied_embeddings else 1)
    embed += model.seq * h if model.learned_positions else 0
    final_norm = (2 * h if model.norm == "layernorm" else h) if layout.pp == 1 else 0
    return math.ceil(model.layers / layout.pp) * layer + (embed + final_norm) / layout.tp


# --------------------------------------------------------------------------- memory


def activation_bytes_per_layer(model: Model, layout: Layout) -> float:
    """Bytes one layer keeps for the backward, per micro-batch, on one device ("Reducing Activation
    Recomputation in Large Transformer Models"): with 2-byte values, 1-byte dropout masks and
    ``f = 4h``, ``s b h (34 + 5 a s / h)``. Split with tensor parallelism ``t``:
    ``s b h (10 + 24 / t + 5 a s / (h t))`` (the ``10 s b h`` of layer norms, dropouts and block
    inputs is replicated), with sequence parallelism ``s b h (34 + 5 a s / h) / t``.

    Written out for any value size ``v`` and mask size ``m`` (0 without dropout): replicated
    ``4 v + 2 m`` per ``s b h``; split ``(4 + (2 + 2·gated) f / h x top_k) v`` per ``s b h``;
    the attention scores ``a s^2 b (v (1 + dropout) + m)``. ``recompute='selective'`` drops the
    scores (recomputed), ``'full'`` keeps the layer's input only (``v s b h``, split with SP).
    Context parallelism ``cp`` divides ``s`` by ``cp``."""
    s, b, h, a = model.seq / layout.cp, layout.micro_batch, model.hidden, model.heads
    t = layout.tp
    v, m = model.activation_bytes, (1 if model.dropout else 0)
    sp = t if layout.sequence_parallel else 1
    if layout.recompute == "full":
        return v * s * b * h / sp
    mlp = (3 if model.gated else 2) * model.ffn_size / h * model.top_k
    replicated = (4 * v + 2 * m) * s * b * h / sp
    split = (4 + mlp) * v * s * b * h / t
    scores = 0 if layout.recompute == "selective" else a * s * model.seq * b * (v * (2 if model.dropout else 1) + m) / t
    return replicated + split + scores


def in_flight(layout: Layout) -> int:
    """Micro-batches whose activations the first stage holds at once in a 1F1B pipeline:
    ``min(pp, micro_batches)`` (1 without a pipeline)."""
    return min(layout.pp, layout.micro_batches) if layout.pp > 1 else 1


def memory(model: Model, layout: Layout) -> dict:
    """Bytes per device on the busiest device (the first pipeline stage):

    * weights, gradients, optimizer: ``gpukit.zero.state_bytes(P, dp x cp, zero, ...)`` for the
      ``P = parameters_per_device`` (lesson 09's formula: stage 1 divides the optimizer state by the
      group, stage 2 the gradients too, stage 3 the weights too);
    * activations: ``ceil(L / pp) x activation_bytes_per_layer x in_flight``; with full
      recomputation plus one layer's working set (``recompute='none'``) during its backward;
    * logits: ``4 s b V / (t cp)`` (the fp32 logits of the loss, on the last stage; counted once);
    * total."""
    P = parameters_per_device(model, layout)
    state = zero.state_bytes(P, layout.dp * layout.cp, layout.zero, weight_bytes=model.param_bytes,
                             grad_bytes=model.grad_bytes, optimizer_bytes=model.optimizer_bytes)
    layers = math.ceil(model.layers / layout.pp)
    acts = layers * activation_bytes_per_layer(model, layout) * in_flight(layout)
    if layout.recompute == "full":
        acts += activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    logits = 4 * model.seq * layout.micro_batch * model.vocab / (layout.tp * layout.cp)
    out = {"weights": state["weights"], "gradients": state["gradients"], "optimizer": state["optimizer"],
           "activations": acts, "logits": logits}
    out["total"] = sum(out.values())
    return out


# --------------------------------------------------------------------------- FLOPs


def flops_per_step(model: Model, layout: Layout) -> dict:
    """FLOPs of one step over ``T = global_batch x seq`` tokens ("Efficient Large-Scale Language Model
    Training on GPU Clusters Using Megatron-LM"):

    * model: ``6 N_matmul T + 12 L s h T`` (forward 2 FLOPs per weight per token, backward 4; the
      attention scores and their use, ``4 s h`` per token per layer forward, times 3).
      ``N_matmul`` is ``N_active`` without the tables that are looked up, not multiplied: the input
      embedding when it is untied (tied, its ``V h`` is the output projection, a matmul, counted
      once) and the learned positions. For a dense GPT with ``f = 4h`` this is the paper's
      ``72 B s L h^2 (1 + s / 6h + V / 12 h L)`` (``12 L h^2`` per layer and one ``V h``), tied or not;
    * hardware: model + the recomputed forward: 'full' adds ``(2 N_layers + 4 L s h) T`` (the paper's
      ``96 B s L h^2 (1 + s / 6h + V / 16 h L)``), 'selective' adds the scores, ``4 L s h T``.
    MFU counts the model FLOPs; what a run reports as "TFLOP/s per GPU" is usually the hardware's."""
    T = layout.global_batch * model.seq
    L, s, h = model.layers, model.seq, model.hidden
    n_active = parameter_count(model, active=True)
    looked_up = (0 if model.tied_embeddings else model.vocab * h) + (model.seq * h if model.learned_positions else 0)
    n_matmul = n_active - looked_up                      # the output projection (V h) stays: it is a matmul
    n_layers = n_matmul - model.vocab * h
    model_flops = 6 * n_matmul * T + 12 * L * s * h * T
    extra = {"none": 0, "selective": 4 * L * s * h * T, "full": (2 * n_layers + 4 * L * s * h) * T}
    return {"model": model_flops, "hardware": model_flops + extra[layout.recompute], "tokens": T}


# --------------------------------------------------------------------------- communication


def _group_link(cluster: Cluster, inner: int, degree: int) -> tuple[float, str]:
    """Bandwidth of a group of ``degree`` devices whose members are ``inner`` ranks apart: inside a node
    when ``inner x degree <= per_node`` (the accelerator's link), else between nodes."""
    if inner * degree <= cluster.per_node:
        return cluster.spec["link_Bps"], "inside a node"
    return cluster.inter_node_GBps * GB, "between nodes"


def communication(model: Model, cluster: Cluster, layout: Layout, compute_s: float) -> dict:
    """Seconds per step each parallelism spends communicating, and how much of it is exposed.
    Ranks are ordered tp (innermost), cp, dp, pp; ``compute_s`` is the step's compute on one device.

    * tp: per layer per micro-batch, 2 all-reduces of ``s b h v`` forward, 2 backward, 2 more when
      the forward is recomputed in full (sequence parallelism: all-gathers and reduce-scatters, the
      same bytes); ring all-reduce ``2 (t-1)/t x bytes``. On the critical path: exposed.
    * cp: K and V (``2 (s/cp) b h v``) pass round the ring, ``cp - 1`` hops forward, twice backward;
      hidden behind the attention when shorter than it.
    * pp: per micro-batch, ``s b h v / t`` forward and the same backward, per device (each tensor-parallel
      rank sends its slice); exposed.
    * dp, in units of ``(n-1)/n x P x grad_bytes`` (one reduce-scatter or all-gather; n = dp x cp):
      plain data parallel and ZeRO-1 reduce the gradients once per step (all-reduce, or
      reduce-scatter + all-gather of the new weights: 2 units, ``gpukit.zero.comm_bytes``), hidden
      behind the last micro-batch's backward. ZeRO-2 and 3 keep only a shard of the gradients
      (``memory`` counts it so), which with ``m`` micro-batches means a reduce-scatter in *every*
      micro-batch's backward, as PyTorch FSDP2 does by default and DeepSpeed ZeRO-2 does during
      gradient accumulation (the PyTorch pull request "[FSDP2] Supported
      `set_all_reduce_gradients=False` for HSDP": sharded gradients cost a reduce-scatter per
      micro-batch backward, skipping it keeps unsharded ones); reducing once per step would need the
      whole gradients kept across the micro-batches. So ZeRO-2: ``m`` reduce-scatters + 1 all-gather of
      the new weights = ``m + 1`` units, hidden behind all the backwards (2/3 of the compute);
      ZeRO-3: per micro-batch a forward gather, a backward gather and a reduce-scatter = ``3 m``
      units, hidden behind all the compute (gathers prefetched).
    * ep: two all-to-alls forward, two backward, of the ``top_k`` routed tokens' ``h``-vectors, per MoE
      layer per micro-batch, ``(ep-1)/ep`` of them leave the device; exposed."""
    s, b, h, v = model.seq / layout.cp, layout.micro_batch, model.hidden, model.activation_bytes
    m = layout.micro_batches
    layers = math.ceil(model.layers / layout.pp)
    t = layout.tp
    out = {}
    bw, where = _group_link(cluster, 1, t)
    n_ar = 6 if layout.recompute == "full" else 4
    tp_bytes = layers * m * n_ar * 2 * (t - 1) / t * s * b * h * v if t > 1 else 0.0
    out["tp"] = _comm(tp_bytes, bw, where, exposed=True)
    bw, where = _group_link(cluster, t, layout.cp)
    cp_bytes = layers * m * 3 * (layout.cp - 1) * 2 * s * b * h * v / t if layout.cp > 1 else 0.0
    lp = layer_parameters(model)
    per_token_layer = 6 * (lp["attention"] + lp["expert"] * model.top_k) + 12 * model.seq * h
    attention_s = compute_s * 12 * model.seq * h / per_token_layer     # the scores' share of the compute
    out["cp"] = _comm(cp_bytes, bw, where, window=attention_s)
    bw, where = _group_link(cluster, t * layout.cp * layout.dp, layout.pp)
    pp_bytes = m * 2 * s * b * h * v / t if layout.pp > 1 else 0.0
    out["pp"] = _comm(pp_bytes, bw, where, exposed=True)
    dp = layout.dp * layout.cp
    bw, where = _group_link(cluster, t, dp)
    P = parameters_per_device(model, layout)
    if dp > 1:
        unit = zero.comm_bytes(P, dp, 0, dtype_bytes=model.grad_bytes) / 2        # one (n-1)/n x B
        dp_bytes = {2: unit * (m + 1), 3: unit * 3 * m}.get(layout.zero) or zero.comm_bytes(
            P, dp, layout.zero, dtype_bytes=model.grad_bytes)
    else:
        dp_bytes = 0.0
    window = {2: compute_s * 2 / 3, 3: compute_s}.get(layout.zero, compute_s / m * 2 / 3)
    out["dp"] = _comm(dp_bytes, bw, where, window=window)
    ep = layout.ep
    bw, where = _group_link(cluster, t, ep)
    moe_layers = layers if model.experts > 1 else 0
    ep_bytes = moe_layers * m * 4 * (ep - 1) / ep * s * b * model.top_k * h * v if ep > 1 else 0.0
    out["ep"] = _comm(ep_bytes, bw, where, exposed=True)
    return out


def _comm(nbytes, bw, where, exposed=False, window=0.0) -> dict:
    seconds = nbytes / bw
    shown = seconds if exposed else max(0.0, seconds - window)
    return {"bytes": nbytes, "seconds": seconds, "exposed_s": shown, "where": where,
            "hidden": nbytes > 0 and shown == 0.0}


def bubble_fraction(layout: Layout) -> float:
    """Idle share of a 1F1B pipeline step: ``(p - 1) / (m + p - 1)`` (lesson 05's
    ``gpukit.parallel.theory_bubble``)."""
    return parallel.theory_bubble(layout.pp, layout.micro_batches)


def rule_of_thumb_seconds(params: float, tokens: float, devices: int, peak: float, mfu: float) -> float:
    """The scaling book's back-of-envelope training time: ``6 N D / (devices x peak x MFU)``."""
    for name, value in (("params", params), ("tokens", tokens), ("peak", peak), ("mfu", mfu)):
        _positive(name, value)
    return 6 * params * tokens / (_whole("devices", devices) * peak * mfu)


# --------------------------------------------------------------------------- the plan


@dataclasses.dataclass
class Plan:
    """Everything ``plan`` predicts for one layout. Bytes are per device, times in seconds."""

    model: Model
    cluster: Cluster
    layout: Layout
    memory: dict
    fits: bool
    usable_bytes: float
    flops: dict
    compute_s: float
    bubble_s: float
    comm: dict
    step_s: float
    efficiency: float

    @property
    def tokens_per_s(self) -> float:
        """``global_batch x seq / step time``."""
        return self.flops["tokens"] / self.step_s

    @property
    def mfu(self) -> float:
        """Model FLOPs utilisation: ``model FLOPs / (step time x devices x peak)``."""
        return self.flops["model"] / (self.step_s * self.cluster.count * self.cluster.spec["peak"])

    @property
    def tflops_per_device(self) -> float:
        """Hardware FLOP/s per device (recomputation counted), in TFLOP/s: what papers report."""
        return self.flops["hardware"] / (self.step_s * self.cluster.count) / 1e12

    def budget(self, tokens: float) -> dict:
        """Time and accelerator-hours for ``tokens`` training tokens: ``tokens / (tokens/s)``, times the
        device count."""
        seconds = _positive("tokens", tokens) / self.tokens_per_s
        return {"seconds": seconds, "days": seconds / 86400, "accelerator_hours": seconds * self.cluster.count / 3600}

    def reasons(self) -> list[str]:
        """Why this layout is what it is: memory, the bubble, what communication is exposed."""
        mem = self.memory
        out = [f"{mem['total'] / GB:.1f} GB of {self.usable_bytes / GB:.1f} GB usable per device "
               f"({'fits' if self.fits else 'does NOT fit'})",
               f"pipeline bubble {100 * bubble_fraction(self.layout):.1f} % of the step"]
        for name, c in self.comm.items():
            if c["bytes"]:
                state = "hidden behind compute" if c["hidden"] else f"{c['exposed_s']:.2f} s exposed"
                out.append(f"{name}: {c['bytes'] / GB:.2f} GB per device {c['where']}, {state}")
        if self.layout.tp > self.cluster.per_node:
            out.append(f"tp={self.layout.tp} spans nodes: its all-reduces use the slow link")
        return out

    def table(self) -> str:
        """A plain-text summary: memory part by part, time, throughput."""
        lines = [f"{self.model.name} on {self.cluster.count} x {self.cluster.accelerator}: {self.layout}"]
        for k, v in self.memory.items():
            lines.append(f"  {k:<12}{v / GB:9.2f} GB")
        lines.append(f"  fits: {self.fits} (usable {self.usable_bytes / GB:.1f} GB)")
        lines.append(f"  step {self.step_s:.2f} s = compute {self.compute_s:.2f} + bubble {self.bubble_s:.2f} + "
                     f"exposed comm {sum(c['exposed_s'] for c in self.comm.values()):.2f}")
        lines.append(f"  {self.tflops_per_device:.0f} TFLOP/s per device, MFU {100 * self.mfu:.1f} %, "
                     f"{self.tokens_per_s:,.0f} tokens/s")
        return "\n".join(lines)


def plan(model: Model, cluster: Cluster, layout: Layout, *, efficiency: float = EFFICIENCY,
         headroom: float = 0.1) -> Plan:
    """Check the layout (``PlanError`` if it cannot exist), then predict. Step time:
    ``compute + bubble + exposed communication``, with compute = hardware FLOPs /
    (devices x peak x efficiency) x ``ceil(L/p) p / L`` (the stage with the most layers sets the pace)
    and bubble = compute x (p - 1) / m (the idle share ``(p-1)/(m+p-1)`` of the whole). It fits when the total bytes
    are at most ``(1 - headroom) x HBM`` (the allocator's fragmentation, buffers, the framework)."""
    check(model, cluster, layout)
    efficiency = _positive("efficiency", efficiency)
    if efficiency > 1:
        raise PlanError(f"efficiency={efficiency} > 1: it is a fraction of the peak; use e.g. {EFFICIENCY}")
    if not 0 <= headroom < 1:
        raise PlanError(f"headroom={headroom!r} must be in [0, 1): the fraction of HBM kept free")
    mem = memory(model, layout)
    usable = cluster.spec["hbm"] * (1 - headroom)
    flops = flops_per_step(model, layout)
    imbalance = math.ceil(model.layers / layout.pp) * layout.pp / model.layers     # the busiest stage sets the pace
    compute = flops["hardware"] / (cluster.count * cluster.spec["peak"] * efficiency) * imbalance
    bubble = compute * (layout.pp - 1) / layout.micro_batches
    comm = communication(model, cluster, layout, compute)
    step = compute + bubble + sum(c["exposed_s"] for c in comm.values())
    return Plan(model, cluster, layout, mem, mem["total"] <= usable, usable, flops, compute, bubble, comm, step,
                efficiency)


# --------------------------------------------------------------------------- the search


def _divisors(n):
    return [d for d in range(1, n + 1) if n % d == 0]


def search(model: Model, cluster: Cluster, global_batch: int, *, top: int = 5, micro_batches=(1, 2, 4, 8),
           recompute=("none", "selective", "full"), zero_stages=(0, 1, 2, 3), max_cp: int = 8,
           efficiency: float = EFFICIENCY, headroom: float = 0.1, sequence_parallel: bool = True) -> list[Plan]:
    """Every layout that can exist for this model, cluster and global batch (tp a divisor of the heads
    within a node, pp up to the layers, cp up to ``max_cp`` dividing the sequence, ep dividing the
    experts, ZeRO-2/3 only without a pipeline: a pipeline keeps each stage's gradients and weights
    whole across its micro-batches), planned; those that fit, fastest first (``top`` of them), each
    with ``reasons()``. ``PlanError`` if none fits, with the smallest memory found."""
    _whole("global_batch", global_batch)
    n = cluster.count
    tried = []
    for tp in [d for d in _divisors(model.heads) if d <= cluster.per_node and n % d == 0]:
        for cp in [c for c in _divisors(n // tp) if c <= max_cp and model.seq % c == 0]:
            for pp in [p for p in _divisors(n // (tp * cp)) if p <= model.layers]:
                dp = n // (tp * cp * pp)
                eps = [e for e in _divisors(model.experts) if (dp * cp) % e == 0] if model.experts > 1 else [1]
                for ep, z, mb, rc in itertools.product(eps, zero_stages, micro_batches, recompute):
                    if (pp > 1 and z > 1) or (dp * cp == 1 and z > 0) or global_batch % (dp * mb):
                        continue
                    layout = Layout(tp=tp, pp=pp, dp=dp, cp=cp, ep=ep, zero=z, micro_batch=mb,
                                    global_batch=global_batch, recompute=rc,
                                    sequence_parallel=sequence_parallel)
                    tried.append(plan(model, cluster, layout, efficiency=efficiency, headroom=headroom))
    if not tried:
        raise PlanError(f"no layout of {n} devices splits global_batch={global_batch}: use a global batch that "
                        f"is a multiple of the data-parallel degree (e.g. a multiple of {n})")
    fitting = sorted((p for p in tried if p.fits), key=lambda p: (p.step_s, p.memory["total"]))
    if not fitting:
        least = min(tried, key=lambda p: p.memory["total"])
        raise PlanError(f"no layout fits: the smallest needs {least.memory['total'] / GB:.1f} GB per device "
                        f"({least.layout}) of {least.usable_bytes / GB:.1f} GB usable; use more or larger "
                        f"accelerators, or a smaller model or sequence")
    return fitting[:top]


def recommend(model: Model, cluster: Cluster, global_batch: int, **kwargs) -> Plan:
    """The fastest layout that fits (``search(...)[0]``): what lesson 08's advisor can delegate a model
    too large for its own rules to. Its ``reasons()`` say why."""
    return search(model, cluster, global_batch, top=1, **kwargs)[0]


# fewest_devices' default device counts: powers of two up to 2**20. Published runs passed 8 192 (Llama 3 405B: up to
# 16K H100s, "The Llama 3 Herd of Models"), where the default once stopped (issue 38, round 20: a blind answer that
# called fewest_devices was wrong exactly there). Measured: a 2048-layer model at one sequence a step, every count
# from 1 to its 16 384, 0.08 s of CPU
DEVICE_COUNTS = tuple(2**i for i in range(21))


def fewest_devices(model: Model, accelerator: str, global_batch: int, *, per_node: int = 8,
                   inter_node_GBps: float = 25.0, candidates=None, **kwargs) -> Plan:
    """The smallest device count (among ``candidates``, default ``DEVICE_COUNTS``: powers of two up to
    2**20) for which some layout fits; returns that count's fastest plan."""
    for count in candidates or DEVICE_COUNTS:
        cluster = Cluster(accelerator, count, per_node=min(per_node, count), inter_node_GBps=inter_node_GBps)
        try:
            return recommend(model, cluster, global_batch, **kwargs)
        except PlanError:
            continue
    raise PlanError(f"{model.name} fits on none of the device counts tried (up to {max(candidates or DEVICE_COUNTS)}); "
                    f"use larger accelerators")


# --------------------------------------------------------------------------- published runs

PUBLISHED = {
    # each: the model, the cluster and layout its paper reports, the reported hardware TFLOP/s per GPU, and
    # ``assumed``: the fields the paper does not give, which we chose (the lesson prints them)
    "BLOOM-176B": dict(
        model=Model(layers=70, hidden=14336, heads=112, seq=2048, vocab=250880, name="BLOOM-176B"),
        cluster=Cluster("A100 80GB", 384, per_node=8, inter_node_GBps=6.25, name="Jean Zay"),
        layout=Layout(tp=4, pp=12, dp=8, zero=1, micro_batch=2, global_batch=2048, recompute="full",
                      sequence_parallel=False),
        reported_tflops=156,
        assumed=(),
        source="BLOOM: A 176B-Parameter Open-Access Multilingual Language Model (48 nodes of 8 A100 80GB, four "
               "100 Gb/s Omni-Path links per node; TP 4, PP 12, DP 8, ZeRO stage 1; 156 TFLOP/s per GPU in the "
               "fastest configuration; the model card rounds it to about 150)"),
    "OPT-175B": dict(
        model=Model(layers=96, hidden=12288, heads=96, seq=2048, vocab=50272, learned_positions=True,
                    name="OPT-175B"),
        cluster=Cluster("A100 80GB", 992, per_node=8, inter_node_GBps=25.0, name="Azure A100 cluster"),
        layout=Layout(tp=8, pp=1, dp=124, zero=3, micro_batch=8, global_batch=992, recompute="full",
                      sequence_parallel=False),
        reported_tflops=147,
        assumed=("micro_batch=8 (all of a replica's 8 sequences at once)", "recompute='full'",
                 "inter_node_GBps=25 (one 200 Gb/s card per GPU)",
                 "global_batch=992 sequences of 2048 (the paper: 2M tokens), so that it splits over 124 replicas"),
        source="OPT: Open Pre-trained Transformer Language Models (992 A100 80GB, Fully Sharded Data Parallel "
               "with Megatron-LM tensor parallelism 8, up to 147 TFLOP/s per GPU, batch 2M tokens); the "
               "micro-batch, the recomputation and the inter-node bandwidth are not in the paper: ours"),
    "Megatron-1T": dict(
        model=Model(layers=128, hidden=25600, heads=160, seq=2048, vocab=51200, learned_positions=True,
                    name="GPT 1T (Megatron-LM)"),
        cluster=Cluster("A100 80GB", 3072, per_node=8, inter_node_GBps=25.0, name="Selene"),
        layout=Layout(tp=8, pp=64, dp=6, zero=0, micro_batch=1, global_batch=3072, recompute="full",
                      sequence_parallel=False),
        reported_tflops=163,
        assumed=(),
        source="Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM (3072 A100 80GB, "
               "eight 200 Gb/s InfiniBand cards per node, TP 8 x PP 64, batch 3072, 163 TFLOP/s per GPU, 52 % of "
               "peak)"),
}


def published(name: str, **kwargs) -> Plan:
    """The plan of a published run (``PUBLISHED[name]``) with its reported layout."""
    if name not in PUBLISHED:
        raise PlanError(f"{name!r} is not a published run here; use one of {sorted(PUBLISHED)}")
    run = PUBLISHED[name]
    return plan(run["model"], run["cluster"], run["layout"], **kwargs)


# --------------------------------------------------------------------------- measured here (lesson 11)


def keras_lm(model: Model, seed: int = 0):
    """A Keras GPT of ``model``'s shape (float32: pre-norm blocks of causal ``MultiHeadAttention`` and a
    GELU MLP, untied output ``Dense`` without bias; no positions), to measure on the CPU what the formulas predict. TensorFlow loads
    here only. Builds only what the formulas of this shape cover: refuses gated MLPs, experts,
    grouped K/V heads, RMS norms, tied embeddings and learned positions."""
    unsupported = [f for f, bad in (("gated", model.gated), ("experts", model.experts > 1),
                                    ("kv_heads", model.kv != model.heads), ("rmsnorm", model.norm != "layernorm"),
                                    ("tied_embeddings", model.tied_embeddings),
                                    ("learned_positions", model.learned_positions), ("biases", not model.biases))
                   if bad]
    if unsupported:
        raise PlanError(f"keras_lm builds a plain GPT block stack; {unsupported} are not built here: use "
                        f"Model(..., tied_embeddings=False) with the defaults otherwise")
    from ._tf import keras

    init = keras.initializers.GlorotUniform(seed=seed)
    tokens = keras.Input((model.seq,), dtype="int32")
    x = keras.layers.Embedding(model.vocab, model.hidden, embeddings_initializer=init)(tokens)
    for _ in range(model.layers):
        y = keras.layers.LayerNormalization()(x)
        x = x + keras.layers.MultiHeadAttention(model.heads, model.head_dim, kernel_initializer=init)(
            y, y, use_causal_mask=True)
        y = keras.layers.LayerNormalization()(x)
        y = keras.layers.Dense(model.ffn_size, activation="gelu", kernel_initializer=init)(y)
        x = x + keras.layers.Dense(model.hidden, kernel_initializer=init)(y)
    x = keras.layers.LayerNormalization()(x)
    return keras.Model(tokens, keras.layers.Dense(model.vocab, use_bias=False, kernel_initializer=init)(x))


def measure_here(model: Model, batches=(2, 4), timeout: float = 180):
    """Start measuring ``keras_lm(model)`` trained with Adam in float32 on one CPU device, in a fresh
    Python process (``python -m gpukit.launch.probe plan``: TensorFlow's CPU allocator keeps statistics only
    when told so before it starts). Returns the probe at once; ``.output()`` waits and gives
    ``{"params", "state", "peaks": {batch: bytes}, "seconds": {batch: s}}``: the allocator's bytes after
    the first step (weights and Adam's moments), the allocator's peak above that during one step per
    batch size (gradients, activations, temporaries) and the step's median wall time."""
    from .launch.processes import ChildProbe

    if (model.tied_embeddings or model.learned_positions or model.gated or model.experts > 1 or not model.biases
            or model.kv != model.heads or model.norm != "layernorm"):
        keras_lm(model)                                  # refuses what it cannot build, before starting a child
    sizes = sorted(_whole("batch", b) for b in batches)
    if len(sizes) != 2 or sizes[0] == sizes[1]:
        raise PlanError(f"batches={batches!r}: give two different batch sizes, e.g. (2, 4): the slope between "
                        f"them is the activations per sequence")
    return ChildProbe("plan", {"model": dataclasses.asdict(model), "batches": sizes}, timeout)

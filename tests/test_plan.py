"""gpukit.plan: every formula against an independent computation (a hand count, Keras' own count, a
worked answer from the sources, lesson 05's schedule simulator), the published runs against their
papers, and every refused layout."""

import dataclasses
import math

import pytest

from gpukit import plan as P

TINY = P.Model(layers=2, hidden=32, heads=4, seq=16, vocab=50, learned_positions=True, param_bytes=4, grad_bytes=4,
               optimizer_bytes=8, activation_bytes=4, dropout=False, name="tiny")
CPU8 = P.Cluster("A100 80GB", 8, per_node=8)


def keras_count(m: P.Model) -> int:
    """Keras' own count of a GPT block stack built independently with Keras layers (tied output)."""
    from gpukit import keras

    tokens = keras.Input((m.seq,), dtype="int32")
    positions = keras.Input((m.seq,), dtype="int32")
    inputs = [tokens, positions] if m.learned_positions else tokens
    x = keras.layers.Embedding(m.vocab, m.hidden)(tokens)
    if m.learned_positions:
        x = x + keras.layers.Embedding(m.seq, m.hidden)(positions)
    for _ in range(m.layers):
        y = keras.layers.LayerNormalization()(x)
        x = x + keras.layers.MultiHeadAttention(m.heads, m.hidden // m.heads)(y, y)
        y = keras.layers.LayerNormalization()(x)
        x = x + keras.layers.Dense(m.hidden)(keras.layers.Dense(m.ffn_size, activation="gelu")(y))
    x = keras.layers.LayerNormalization()(x)
    return keras.Model(inputs, x).count_params()


# --------------------------------------------------------------------------- parameters

@pytest.mark.parametrize("model", [TINY, dataclasses.replace(TINY, layers=3, hidden=48, heads=6, ffn=80,
                                                             learned_positions=False)])
def test_parameter_count_is_keras_count_params(model):
    assert P.parameter_count(model) == keras_count(model)


def test_parameter_count_of_published_models():
    # LLaMA 2 7B: 6,738,415,616 parameters in its checkpoint (gated MLP, RMS norm, untied, no biases)
    llama7 = P.Model(layers=32, hidden=4096, heads=32, seq=4096, vocab=32000, ffn=11008, gated=True, biases=False,
                     norm="rmsnorm", tied_embeddings=False)
    assert P.parameter_count(llama7) == 6_738_415_616
    # LLaMA 3 70B, the scaling book's worked count (~70.5B; grouped-query attention, 8 K/V heads)
    llama70 = P.Model(layers=80, hidden=8192, heads=64, kv_heads=8, seq=8192, vocab=128256, ffn=28672, gated=True,
                      biases=False, norm="rmsnorm", tied_embeddings=False)
    assert P.parameter_count(llama70) == 70_553_706_496
    # BLOOM: 176,247M parameters in its paper (its embedding also has a layer norm: 2h more)
    bloom = P.PUBLISHED["BLOOM-176B"]["model"]
    assert abs(P.parameter_count(bloom) + 2 * 14336 - 176_247e6) < 1e6


def test_moe_parameters_hand_count():
    m = dataclasses.replace(TINY, experts=4, top_k=2)
    h, f = 32, 128
    expert = 2 * h * f + f + h
    layer = 4 * h * h + 4 * h + 4 * expert + 2 * 2 * h + h * 4
    assert P.parameter_count(m) == 2 * layer + 50 * h + 16 * h + 2 * h
    assert P.parameter_count(m, active=True) == P.parameter_count(m) - 2 * 2 * expert


# --------------------------------------------------------------------------- memory

def test_state_is_16_bytes_per_parameter_in_mixed_precision_and_zero_divides_it():
    m = P.PUBLISHED["OPT-175B"]["model"]
    n = P.parameter_count(m)
    whole = P.memory(m, P.Layout(global_batch=1))
    assert whole["weights"] + whole["gradients"] + whole["optimizer"] == 16 * n  # the Ultra-Scale Playbook's 2+2+12
    for stage, expect in ((1, (2 + 2 + 12 / 8) * n), (2, (2 + 14 / 8) * n), (3, 16 * n / 8)):
        mem = P.memory(m, P.Layout(dp=8, zero=stage, global_batch=8))
        assert mem["weights"] + mem["gradients"] + mem["optimizer"] == pytest.approx(expect)


def test_tensor_and_pipeline_cut_the_parameters():
    m = P.PUBLISHED["BLOOM-176B"]["model"]
    p = P.layer_parameters(m)
    layer = p["attention"] + p["mlp"] + p["norms"]
    got = P.parameters_per_device(m, P.Layout(tp=4, pp=12, dp=8, global_batch=8))
    assert got == pytest.approx(6 * layer / 4 + 250880 * 14336 / 4)   # ceil(70/12) = 6 layers + the embedding


@pytest.mark.parametrize("tp", [1, 2, 8])
def test_activations_are_korthikanti_formula(tp):
    m = P.Model(layers=4, hidden=1024, heads=16, seq=2048, vocab=1000)   # 2-byte values, dropout masks
    s, b, h, a = 2048, 2, 1024, 16
    lay = P.Layout(tp=tp, micro_batch=b, global_batch=b, sequence_parallel=False)
    assert P.activation_bytes_per_layer(m, lay) == pytest.approx(s * b * h * (10 + 24 / tp + 5 * a * s / (h * tp)))
    sp = dataclasses.replace(lay, sequence_parallel=True)
    assert P.activation_bytes_per_layer(m, sp) == pytest.approx(s * b * h * (34 + 5 * a * s / h) / tp)
    sel = dataclasses.replace(sp, recompute="selective")
    assert P.activation_bytes_per_layer(m, sel) == pytest.approx(34 * s * b * h / tp)
    full = dataclasses.replace(sp, recompute="full")
    assert P.activation_bytes_per_layer(m, full) == pytest.approx(2 * s * b * h / tp)


def test_pipeline_in_flight_matches_lesson_05_simulated_1f1b():
    from gpukit import parallel

    for p, m in ((4, 8), (4, 2), (8, 16)):
        sched = parallel.make_schedule("1f1b", p, m)
        assert P.in_flight(P.Layout(pp=p, global_batch=m)) == max(sched.peak_in_flight())
        assert P.bubble_fraction(P.Layout(pp=p, global_batch=m)) == pytest.approx(sched.bubble(1.0, 1.0))


def test_memory_total_and_fit():
    pl = P.plan(TINY, CPU8, P.Layout(dp=8, global_batch=8))
    mem = pl.memory
    assert mem["total"] == pytest.approx(sum(v for k, v in mem.items() if k != "total"))
    assert pl.fits and pl.usable_bytes == pytest.approx(0.9 * 80e9)


# --------------------------------------------------------------------------- FLOPs and time

def test_flops_are_megatron_formulas():
    run = P.PUBLISHED["Megatron-1T"]
    m, lay = run["model"], run["layout"]
    B, s, L, h, V = 3072, 2048, 128, 25600, 51200
    fl = P.flops_per_step(m, lay)
    assert fl["hardware"] == pytest.approx(96 * B * s * L * h * h * (1 + s / (6 * h) + V / (16 * h * L)), rel=2e-3)
    assert fl["model"] == pytest.approx(72 * B * s * L * h * h * (1 + s / (6 * h) + V / (12 * h * L)), rel=2e-3)
    assert P.flops_per_step(m, dataclasses.replace(lay, recompute="none"))["hardware"] == fl["model"]


def test_looked_up_tables_are_not_matmul_flops():
    # hand count: layers of 12 h^2 + 13 h, the output projection V h is a matmul, the untied input embedding and
    # the learned positions are looked up (no FLOPs); with f = 4h the Megatron formula holds tied or untied
    m = P.Model(layers=4, hidden=64, heads=4, seq=32, vocab=100, learned_positions=True, tied_embeddings=False)
    L, h, s, V, B = 4, 64, 32, 100, 3
    T = B * s
    lay = P.Layout(global_batch=B, recompute="full")
    fl = P.flops_per_step(m, lay)
    layer = 12 * h * h + 13 * h
    matmul = L * layer + 2 * h + V * h                 # + the final norm + the output projection
    assert fl["model"] == 6 * matmul * T + 12 * L * s * h * T
    assert fl["hardware"] == fl["model"] + (2 * (L * layer + 2 * h) + 4 * L * s * h) * T
    tied = dataclasses.replace(m, tied_embeddings=True, learned_positions=False)
    assert P.flops_per_step(tied, lay)["model"] == fl["model"]
    big = P.Model(layers=24, hidden=2048, heads=16, seq=2048, vocab=50000, tied_embeddings=False, biases=False)
    B, s, L, h, V = 8, 2048, 24, 2048, 50000
    got = P.flops_per_step(big, P.Layout(global_batch=B))["model"]
    assert got == pytest.approx(72 * B * s * L * h * h * (1 + s / (6 * h) + V / (12 * h * L)), rel=1e-3)


def test_rule_of_thumb_is_the_scaling_books_worked_answer():
    # LLaMA 3 70B on 15T tokens, one TPU v5p pod of 8960 chips at 40 % MFU: about 44 days
    days = P.rule_of_thumb_seconds(70e9, 15e12, 8960, P.ACCELERATORS["TPU v5p"]["peak"], 0.4) / 86400
    assert round(days) == 44


def test_budget_is_megatrons_worked_training_time():
    # the Megatron-LM paper: 1T parameters, 450B tokens, 3072 GPUs at 163 TFLOP/s: about 84 days (8 T P / (n X))
    pl = P.published("Megatron-1T")
    days = pl.budget(450e9)["days"] * pl.tflops_per_device / 163
    assert days == pytest.approx(8 * 450e9 * 1e12 / (3072 * 163e12) / 86400, rel=0.03)   # 8TP leaves out attention
    assert 82 < days < 86
    b = pl.budget(1e9)
    assert b["accelerator_hours"] == pytest.approx(b["seconds"] * 3072 / 3600)


def test_step_time_is_compute_bubble_and_exposed_comm():
    pl = P.published("BLOOM-176B")
    assert pl.step_s == pytest.approx(pl.compute_s + pl.bubble_s + sum(c["exposed_s"] for c in pl.comm.values()))
    assert pl.bubble_s / (pl.compute_s + pl.bubble_s) == pytest.approx(11 / (128 + 11))
    assert pl.mfu == pytest.approx(pl.flops["model"] / (pl.step_s * 384 * 312e12))
    assert pl.tokens_per_s == pytest.approx(2048 * 2048 / pl.step_s)


def test_communication_hand_counts():
    run = P.PUBLISHED["BLOOM-176B"]
    pl = P.published("BLOOM-176B")
    sbhv = 2048 * 2 * 14336 * 2
    # tp: 6 all-reduces per layer per micro-batch (forward, backward, recomputed forward), 6 layers, 128 micro-batches
    assert pl.comm["tp"]["bytes"] == pytest.approx(6 * 128 * 6 * 2 * 3 / 4 * sbhv)
    assert pl.comm["tp"]["where"] == "inside a node" and not pl.comm["tp"]["hidden"]
    # dp (ZeRO-1): reduce-scatter + all-gather of the stage's parameters (the paper's P_os), 2 x (n-1)/n x P x 2 bytes
    n_dev = P.parameters_per_device(run["model"], run["layout"])
    assert pl.comm["dp"]["bytes"] == pytest.approx(2 * 7 / 8 * n_dev * 2)
    assert pl.comm["dp"]["where"] == "between nodes"
    # pp: each tp rank sends its quarter of s b h, forward and backward, per micro-batch
    assert pl.comm["pp"]["bytes"] == pytest.approx(128 * 2 * sbhv / 4)
    opt = P.published("OPT-175B")
    assert opt.comm["dp"]["hidden"]          # FSDP's gathers hide behind the compute


@pytest.mark.parametrize("stage, units", [(0, lambda m: 2), (1, lambda m: 2), (2, lambda m: m + 1),
                                          (3, lambda m: 3 * m)])
def test_sharded_gradients_cost_a_reduce_scatter_per_micro_batch(stage, units):
    # hand count, in units of (n-1)/n x P x 2 bytes: ZeRO-2 keeps only its gradient shard across the m micro-batches,
    # so every micro-batch's backward reduce-scatters (m) and the new weights are gathered once (+1); ZeRO-3 also
    # gathers the weights for each forward and each backward (3 m); plain data parallel and ZeRO-1 reduce once (2)
    m_ = P.PUBLISHED["OPT-175B"]["model"]
    cluster = P.Cluster("A100 80GB", 64, per_node=8)
    for micro_batches in (1, 4):
        lay = P.Layout(tp=8, dp=8, zero=stage, micro_batch=1, global_batch=8 * micro_batches)
        n = P.parameters_per_device(m_, lay)
        got = P.plan(m_, cluster, lay).comm["dp"]["bytes"]
        assert got == pytest.approx(units(micro_batches) * 7 / 8 * n * 2), (stage, micro_batches)
    # the memory these bytes buy: ZeRO-2's gradients are a shard (1/8), not the whole
    assert P.memory(m_, lay)["gradients"] == pytest.approx(n * 2 / 8 if stage >= 2 else n * 2)


# --------------------------------------------------------------------------- the published runs

@pytest.mark.parametrize("name", sorted(P.PUBLISHED))
def test_published_run_fits_and_is_within_30_percent(name):
    run = P.PUBLISHED[name]
    pl = P.published(name)                       # EFFICIENCY, the same for every run
    assert pl.efficiency == P.EFFICIENCY == 0.5
    assert pl.fits
    assert abs(pl.tflops_per_device / run["reported_tflops"] - 1) <= 0.30


@pytest.mark.parametrize("name", sorted(P.PUBLISHED))
def test_search_proposes_a_layout_that_fits(name):
    run = P.PUBLISHED[name]
    found = P.search(run["model"], run["cluster"], run["layout"].global_batch, top=5)
    assert found and all(p.fits for p in found)
    assert [p.step_s for p in found] == sorted(p.step_s for p in found)
    assert all(p.layout.devices == run["cluster"].count for p in found)
    assert found[0].reasons() and "fits" in found[0].reasons()[0]
    assert P.recommend(run["model"], run["cluster"], run["layout"].global_batch).layout == found[0].layout


def test_search_refuses_when_nothing_fits_and_fewest_devices():
    big = P.PUBLISHED["Megatron-1T"]["model"]
    with pytest.raises(P.PlanError, match="no layout fits.*more or larger accelerators"):
        P.search(big, P.Cluster("T4", 8), 8)
    small = P.fewest_devices(TINY, "T4", 8)
    assert small.cluster.count == 1 and small.fits


# --------------------------------------------------------------------------- refused layouts

@pytest.mark.parametrize("layout, match", [
    (P.Layout(tp=3, dp=8, global_batch=8), r"tp=3 does not divide heads=4.*use a tp that divides"),
    (P.Layout(tp=8, global_batch=8), r"tp=8 does not divide heads=4"),
    (P.Layout(pp=4, dp=2, global_batch=8), r"pp=4 > layers=2: .*use pp <= 2"),
    (P.Layout(dp=4, global_batch=8), r"tp x pp x dp x cp = .* = 4, but the cluster has 8 devices"),
    (P.Layout(dp=8, global_batch=12), r"global_batch=12 is not a multiple of dp x micro_batch"),
    (P.Layout(dp=2, cp=4, global_batch=8), None),
    (P.Layout(dp=1, cp=8, global_batch=8), None),
    (P.Layout(dp=8, ep=2, global_batch=8), r"ep=2 must divide the experts"),
    (P.Layout(dp=8, zero=4, global_batch=8), r"zero=4: use 0"),
    (P.Layout(dp=8, recompute="some", global_batch=8), r"recompute='some'"),
    (P.Layout(dp=0, global_batch=8), r"dp=0 must be a positive int"),
])
def test_impossible_layouts_are_refused(layout, match):
    if match is None:                    # cp=4 divides seq=16; cp=8 too: these exist
        assert P.plan(TINY, CPU8, layout).fits
        with pytest.raises(P.PlanError, match="does not split over cp=32"):
            P.plan(TINY, P.Cluster("A100 80GB", 32), P.Layout(cp=32, global_batch=1))
        return
    with pytest.raises(P.PlanError, match=match):
        P.plan(TINY, CPU8, layout)


def test_bad_models_clusters_and_arguments_are_refused():
    with pytest.raises(P.PlanError, match="hidden=30 is not a multiple of heads=4"):
        P.Model(layers=1, hidden=30, heads=4, seq=8, vocab=10)
    with pytest.raises(P.PlanError, match="top_k=3 > experts=2"):
        P.Model(layers=1, hidden=32, heads=4, seq=8, vocab=10, experts=2, top_k=3)
    with pytest.raises(P.PlanError, match="accelerator='B9000' is not in the table"):
        P.Cluster("B9000", 8)
    with pytest.raises(P.PlanError, match="efficiency=1.5 > 1"):
        P.plan(TINY, CPU8, P.Layout(dp=8, global_batch=8), efficiency=1.5)
    with pytest.raises(P.PlanError, match="'GPT-5' is not a published run"):
        P.published("GPT-5")
    with pytest.raises(P.PlanError, match="no layout of 8 devices splits global_batch=3"):
        P.search(TINY, CPU8, 3, micro_batches=(2,))


def test_every_accelerator_has_a_source_and_sane_figures():
    for name, spec in P.ACCELERATORS.items():
        assert spec["source"] and 1e13 < spec["peak"] < 2e15 and 1e10 < spec["hbm"] < 2e11, name
        # the roofline's ridge (FLOPs per byte of HBM) is in the hundreds for every chip here
        assert 50 < spec["peak"] / spec["hbm_Bps"] < 400, name


def test_plan_imports_no_tensorflow():
    import subprocess
    import sys

    code = "import sys, gpukit.plan as p; p.search(p.PUBLISHED['OPT-175B']['model'], " \
           "p.PUBLISHED['OPT-175B']['cluster'], 992); print('tensorflow' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "False", out.stderr


HERE = P.Model(layers=2, hidden=32, heads=4, seq=8, vocab=40, tied_embeddings=False, dropout=False,
               param_bytes=4, grad_bytes=4, optimizer_bytes=8, activation_bytes=4)


def test_keras_lm_has_the_counted_parameters_and_refuses_what_it_cannot_build():
    assert P.keras_lm(HERE).count_params() == P.parameter_count(HERE)
    with pytest.raises(P.PlanError, match=r"\['gated', 'tied_embeddings'\] are not built here"):
        P.keras_lm(dataclasses.replace(HERE, gated=True, tied_embeddings=True))
    with pytest.raises(P.PlanError, match="not built here"):
        P.measure_here(dataclasses.replace(HERE, experts=2))
    with pytest.raises(P.PlanError, match="give two different batch sizes"):
        P.measure_here(HERE, batches=(2, 2))


def test_measure_here_reads_the_allocator():
    out = P.measure_here(HERE, batches=(1, 4), timeout=300).output()
    assert out["params"] == P.parameter_count(HERE)
    state = P.memory(HERE, P.Layout())
    # weights and Adam's moments, as the allocator counts them, plus a few hundred KB TensorFlow and Keras keep
    # (large next to this tiny model; lesson 11's model is 14 x larger and lands within 15 %)
    assert 1.0 <= out["state"] / (state["weights"] + state["optimizer"]) < 2.0
    # the planted bug lesson 11's check catches: a plan that forgot the optimizer state is far off
    assert out["state"] / state["weights"] > 2.0
    assert out["peaks"]["4"] > out["peaks"]["1"] > 0 and set(out["seconds"]) == {"1", "4"}


# --------------------------------------------------------------------------- lesson 11's checks, each with its bug

LESSON = P.Model(layers=2, hidden=128, heads=4, seq=64, vocab=256, tied_embeddings=False, dropout=False,
                 param_bytes=4, grad_bytes=4, optimizer_bytes=8, activation_bytes=4)      # the lesson's parameters


@pytest.fixture(scope="module")
def lesson_measured():
    return P.keras_lm(LESSON).count_params(), P.measure_here(LESSON, batches=(2, 4), timeout=300).output()


def lesson_section_2(counted, measured):
    """Lesson 11's section-2 checks, its expressions (cell 8 and the check cell): which hold."""
    def predicted(b):
        return P.memory(LESSON, P.Layout(micro_batch=b, global_batch=b))

    lo, hi = 2, 4
    pred_state = predicted(lo)["weights"] + predicted(lo)["optimizer"]
    pred_per_seq = (predicted(hi)["activations"] + predicted(hi)["logits"]
                    - predicted(lo)["activations"] - predicted(lo)["logits"]) / (hi - lo)
    meas_per_seq = (measured["peaks"][str(hi)] - measured["peaks"][str(lo)]) / (hi - lo)
    state_ratio, act_ratio = measured["state"] / pred_state, meas_per_seq / pred_per_seq
    return {"count": counted == P.parameter_count(LESSON), "state": 1.0 <= state_ratio < 1.25,
            "activations": 1.0 <= act_ratio < 3.0}


def lesson_section_3():
    """Lesson 11's section-3 checks, its expressions: which hold."""
    runs = {name: P.published(name) for name in P.PUBLISHED}
    return {"fits": all(p.fits for p in runs.values()),
            "30 %": all(abs(p.tflops_per_device / P.PUBLISHED[name]["reported_tflops"] - 1) <= 0.30
                        for name, p in runs.items()),
            "OPT 5 %": abs(runs["OPT-175B"].tflops_per_device / 147 - 1) < 0.05,
            "BLOOM memory": runs["BLOOM-176B"].memory["total"] < 60 * P.GB}


def _forget_biases(monkeypatch):
    real = P.layer_parameters
    monkeypatch.setattr(P, "layer_parameters", lambda m: real(dataclasses.replace(m, biases=False)))


def _forget_optimizer_state(monkeypatch):
    real = P.zero.state_bytes
    monkeypatch.setattr(P.zero, "state_bytes", lambda *a, **k: {**real(*a, **k), "optimizer": 0.0})


def _two_byte_activations(monkeypatch):
    real = P.activation_bytes_per_layer
    monkeypatch.setattr(P, "activation_bytes_per_layer",
                        lambda m, lay: real(dataclasses.replace(m, activation_bytes=2), lay))


@pytest.mark.parametrize("plant, check", [(_forget_biases, "count"), (_forget_optimizer_state, "state"),
                                          (_two_byte_activations, "activations")])
def test_lesson_section_2_checks_catch_their_planted_bugs(lesson_measured, monkeypatch, plant, check):
    counted, measured = lesson_measured
    assert all(lesson_section_2(counted, measured).values())
    plant(monkeypatch)
    assert not lesson_section_2(counted, measured)[check]


def _every_micro_batch_in_flight(monkeypatch):
    monkeypatch.setattr(P, "in_flight", lambda layout: layout.micro_batches)


def _tflops_from_model_flops(monkeypatch):
    monkeypatch.setattr(P.Plan, "tflops_per_device",
                        property(lambda self: self.flops["model"] / (self.step_s * self.cluster.count) / 1e12))


def _fsdp_gathers_exposed(monkeypatch):
    real = P.communication

    def exposed(*args):
        out = real(*args)
        out["dp"] = {**out["dp"], "exposed_s": out["dp"]["seconds"], "hidden": False}
        return out
    monkeypatch.setattr(P, "communication", exposed)


def _zero_1_keeps_the_optimizer_whole(monkeypatch):
    real = P.zero.state_bytes
    monkeypatch.setattr(P.zero, "state_bytes", lambda n, g, stage, **k: real(n, g, 0 if stage == 1 else stage, **k))


@pytest.mark.parametrize("plant, check", [(_every_micro_batch_in_flight, "fits"), (_tflops_from_model_flops, "30 %"),
                                          (_fsdp_gathers_exposed, "OPT 5 %"),
                                          (_zero_1_keeps_the_optimizer_whole, "BLOOM memory")])
def test_lesson_section_3_checks_catch_their_planted_bugs(monkeypatch, plant, check):
    assert all(lesson_section_3().values())
    plant(monkeypatch)
    assert not lesson_section_3()[check]

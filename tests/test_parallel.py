"""Model parallelism (lesson 05): stages on devices and the micro-batched pipeline equal the unsplit
model (references: one plain GradientTape on a separately built Keras model with the same weights);
schedules as data; the controlled-cost bubble; tensor parallelism equals the unsplit pair; Keras 3
ModelParallel places nothing on TensorFlow; bad inputs fail with clear errors before any work."""

import numpy as np
import pytest

from gpukit import data, keras, parallel, tf

DEVICES = [f"/CPU:{i}" for i in range(4)]
WIDTHS = (16, 32, 24, 32, 10)  # 4 Dense layers


def _reference(pipeline, x, y):
    """Loss and gradients of an independently built unsplit Sequential with the pipeline's weights."""
    layers = [keras.layers.Dense(w, activation="relu") for w in WIDTHS[1:-1]] + [keras.layers.Dense(WIDTHS[-1])]
    model = keras.Sequential([keras.Input((WIDTHS[0],)), *layers])
    model.set_weights([v.numpy() for v in pipeline.variables])
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = tf.reduce_mean(keras.losses.sparse_categorical_crossentropy(y, logits, from_logits=True))
    return float(loss), [g.numpy() for g in tape.gradient(loss, model.trainable_variables)]


def _max_diff(a, b):
    return max(float(np.max(np.abs(np.asarray(u) - np.asarray(v)))) for u, v in zip(a, b))


# ---------------------------------------------------------------- planning


def test_split_even_and_parameter_bytes():
    assert parallel.split_even(5, 2) == [(0, 3), (3, 5)]
    assert parallel.split_even(4, 4) == [(0, 1), (1, 2), (2, 3), (3, 4)]
    assert parallel.dense_parameters((3, 4, 2)) == [3 * 4 + 4, 4 * 2 + 2]
    assert parallel.stage_parameter_bytes((3, 4, 2), [(0, 1), (1, 2)]) == [4 * 16, 4 * 10]


@pytest.mark.parametrize("bounds, match", [
    ([(0, 2), (1, 4)], "overlaps"),
    ([(0, 1), (2, 4)], "leaves layers 1..1 out"),
    ([(0, 2), (2, 3)], "must stop at 4"),
    ([(0, 2), (2, 2), (2, 4)], "empty"),
    ([], "empty"),
    ("nonsense", "list of"),
])
def test_bad_boundaries(bounds, match):
    with pytest.raises(ValueError, match=match):
        parallel.check_stages(bounds, 4)


def test_more_stages_than_layers_or_devices():
    with pytest.raises(ValueError, match="5 stages but only 4 layers"):
        parallel.split_even(4, 5)
    with pytest.raises(ValueError, match="3 stages but only 2 devices"):
        parallel.check_stages([(0, 1), (1, 2), (2, 4)], 4, num_devices=2)
    with pytest.raises(ValueError, match="4 devices but only 2 layers"):
        parallel.Pipeline((8, 8, 4), DEVICES)
    with pytest.raises(ValueError, match="3 stages but only 2 devices"):
        parallel.Pipeline(WIDTHS, DEVICES[:2], boundaries=[(0, 1), (1, 2), (2, 4)])


@pytest.mark.parametrize("m", [0, -1, 1.5, True])
def test_bad_micro_batches(m):
    with pytest.raises(ValueError, match="m >= 1"):
        parallel.make_schedule("gpipe", 2, m)
    with pytest.raises(ValueError, match="m >= 1"):
        parallel.theory_bubble(2, m)


def test_unknown_schedule():
    with pytest.raises(ValueError, match="unknown schedule 'pipedream'.*'gpipe', '1f1b'"):
        parallel.make_schedule("pipedream", 2, 4)


# ---------------------------------------------------------------- schedules


@pytest.mark.parametrize("name", parallel.SCHEDULES)
@pytest.mark.parametrize("p, m", [(1, 1), (2, 1), (2, 4), (4, 8), (3, 5), (4, 2)])
def test_schedule_covers_every_pass_once_and_matches_theory(name, p, m):
    sched = parallel.make_schedule(name, p, m)
    ops = [op for order in sched.orders for op in order]
    assert sorted((o.stage, o.kind, o.micro) for o in ops) == sorted(
        (s, k, i) for s in range(p) for k in "FB" for i in range(m))
    assert all(op.stage == s for s, order in enumerate(sched.orders) for op in order)
    theory = (p - 1) / (m + p - 1)
    for backward_cost in (1.0, 2.0):
        assert abs(sched.bubble(1.0, backward_cost) - theory) < 1e-12
    slots = sched.simulate()
    assert max(s.end for s in slots) == 2 * (m + p - 1)
    ends = {s.op: s.end for s in slots}
    for s in slots:  # every pass starts after what it depends on
        assert all(ends[d] <= s.start for d in parallel.depends_on(s.op, p))


def test_activations_kept_alive():
    assert parallel.make_schedule("gpipe", 4, 8).peak_in_flight() == [8, 8, 8, 8]
    assert parallel.make_schedule("1f1b", 4, 8).peak_in_flight() == [4, 3, 2, 1]
    assert parallel.make_schedule("1f1b", 4, 2).peak_in_flight() == [2, 2, 2, 1]


def test_table_and_explorer_state():
    table = parallel.make_schedule("gpipe", 2, 2).table()
    assert "stage 0 F0 F1  .  . B0 B1" in table and "stage 1  . F0 F1 B0 B1  ." in table
    state = parallel.explorer_state(4, 8, "1f1b")
    assert state["error"] is None and abs(state["bubble"] - 3 / 11) < 1e-12 and state["peak_in_flight"] == [4, 3, 2, 1]
    assert "unknown schedule" in parallel.explorer_state(4, 8, "nope")["error"]
    assert "m >= 1" in parallel.explorer_state(4, 0)["error"]


def test_explorer_figure_and_gantt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig = parallel.explorer_figure(parallel.explorer_state(3, 4, "gpipe"))
    assert "bubble" in fig.axes[0].get_title()
    plt.close(fig)
    fig = parallel.explorer_figure(parallel.explorer_state(3, 0))
    plt.close(fig)


def _assert_ran_in_order(trace):
    """What a controlled-cost run guarantees, read from its wall-clock timestamps as an order of events
    (never a duration: the bubble it measures is shown in lesson 05 and `make bench`, not asserted).
    Planted bugs: an executor that does not wait for a pass's dependencies (a backward before its
    forward, a stage ahead of the previous one), a pass run twice or skipped, a stage's passes out of
    its schedule's order or overlapping on one device."""
    sched = trace.schedule
    key = repr
    assert sorted(map(key, (s.op for s in trace.slots))) == sorted(map(key, (op for order in sched.orders for op in order)))
    ends = {s.op: s.end for s in trace.slots}
    for s in trace.slots:
        assert s.start <= s.end and all(ends[d] <= s.start for d in parallel.depends_on(s.op, sched.p, sched.v))
    for d, order in enumerate(sched.orders):
        mine = sorted((s for s in trace.slots if s.op.stage == d), key=lambda sl: sl.start)
        assert [s.op for s in mine] == list(order)
        assert all(a.end <= b.start for a, b in zip(mine, mine[1:]))
    assert 0 < trace.bubble < 1 and len(trace.idle()) == sched.p and all(b > 0 for b in trace.busy())


def test_controlled_cost_runs_every_pass_once_after_what_it_depends_on():
    for p, m in [(2, 4), (4, 4)]:
        trace = parallel.controlled_cost(parallel.make_schedule("gpipe", p, m), 0.005, 0.005)
        assert len(trace.slots) == 2 * p * m
        _assert_ran_in_order(trace)


@pytest.mark.parametrize("bug", ["no_wait", "twice", "out_of_order"])
def test_a_trace_out_of_order_is_caught(bug):
    """The planted bugs above, as hand-made traces (deterministic: no threads)."""
    import dataclasses

    sched = parallel.make_schedule("gpipe", 2, 2)
    slots = sched.simulate()
    if bug == "no_wait":  # stage 1 starts micro-batch 0's forward before stage 0 has finished it
        first = next(s for s in slots if s.op.stage == 1)
        slots = [dataclasses.replace(s, start=0.0) if s is first else s for s in slots]
    elif bug == "twice":
        slots = slots + [slots[-1]]
    else:  # stage 0 runs its two forwards in the other order
        f0, f1 = [s for s in slots if s.op.stage == 0 and s.op.kind == "F"]
        slots = [dataclasses.replace(f0, op=f1.op) if s is f0 else dataclasses.replace(f1, op=f0.op) if s is f1 else s
                 for s in slots]
    with pytest.raises(AssertionError):
        _assert_ran_in_order(parallel.Trace(sched, slots))
    _assert_ran_in_order(parallel.Trace(sched, sched.simulate()))


# ---------------------------------------------------------------- the interleaved schedule (virtual stages)


def _interleaved_idle_share(p, m, v):
    """Independent of gpukit: Megatron-LM's bubble over ideal time is (p-1)/(v m) (fill and drain take
    p-1 chunk passes of 1/v of a stage each, against m stage passes per device); as a share of the
    makespan (what bubble_of measures) that is ratio / (1 + ratio). Exact, in fractions."""
    from fractions import Fraction

    ratio = Fraction(p - 1, v * m)
    return ratio / (1 + ratio)


def _virtual(stage, chunk, p):
    return chunk * p + stage


@pytest.mark.parametrize("v", [2, 3])
@pytest.mark.parametrize("p, groups", [(2, 1), (2, 2), (2, 4), (4, 1), (4, 2), (4, 4), (1, 3)])
def test_interleaved_covers_every_pass_once_respects_dependencies_and_matches_theory(p, groups, v):
    m = p * groups
    sched = parallel.make_schedule("interleaved", p, m, v=v)
    assert (sched.p, sched.m, sched.v) == (p, m, v)
    ops = [op for order in sched.orders for op in order]
    assert sorted((o.stage, o.kind, o.micro, o.chunk) for o in ops) == sorted(
        (d, k, i, c) for d in range(p) for k in "FB" for i in range(m) for c in range(v))
    assert all(op.stage == d for d, order in enumerate(sched.orders) for op in order)
    for d, order in enumerate(sched.orders):
        # forwards: micro-batches in groups of p through chunk 0, then chunk 1, ...; backwards: last chunk first
        assert [(o.micro, o.chunk) for o in order if o.kind == "F"] == [
            (g * p + i, c) for g in range(groups) for c in range(v) for i in range(p)]
        assert [(o.micro, o.chunk) for o in order if o.kind == "B"] == [
            (g * p + i, v - 1 - c) for g in range(groups) for c in range(v) for i in range(p)]
        warm = min(2 * (p - d - 1) + (v - 1) * p, m * v)   # Megatron-LM's warm-up, then one F one B
        first_b = [o.kind for o in order].index("B")
        assert first_b == (warm + 1 if warm < m * v else m * v)
        assert sched.peak_in_flight()[d] == min(warm + 1, m * v)
    expected = _interleaved_idle_share(p, m, v)
    assert abs(parallel.theory_bubble_interleaved(p, m, v) - expected) < 1e-12
    for backward_cost in (1.0, 2.0):
        assert abs(sched.bubble(1.0, backward_cost) - expected) < 1e-12
    slots = sched.simulate(1.0, 2.0)
    # each chunk pass costs 1/v of a stage's; busy per device m (1 + 2); fill and drain (p-1)(1 + 2)/v
    assert abs(max(s.end for s in slots) - (3 * m + 3 * (p - 1) / v)) < 1e-9
    assert all(abs((s.end - s.start) - (1.0 if s.op.kind == "F" else 2.0) / v) < 1e-12 for s in slots)
    # dependencies, checked here from virtual stages (not with parallel.depends_on)
    done = {(s.op.kind, s.op.micro, _virtual(s.op.stage, s.op.chunk, p)): s for s in slots}
    last = p * v - 1
    for s in slots:
        j, i = _virtual(s.op.stage, s.op.chunk, p), s.op.micro
        if s.op.kind == "F":
            need = [("F", i, j - 1)] if j > 0 else []
        else:
            need = [("B", i, j + 1)] if j < last else [("F", i, j)]
        for key in need:
            assert done[key].end <= s.start + 1e-12, (s.op, key)
            assert done[key].op.stage == key[2] % p and done[key].op.chunk == key[2] // p
    for d in range(p):   # a device runs one pass at a time, in its order
        mine = sorted((s for s in slots if s.op.stage == d), key=lambda s: s.start)
        assert [s.op for s in mine] == list(sched.orders[d])
        assert all(a.end <= b.start + 1e-12 for a, b in zip(mine, mine[1:]))


@pytest.mark.parametrize("p, m", [(2, 4), (4, 4), (4, 8), (4, 16)])
def test_interleaved_beats_1f1b_and_one_chunk_is_1f1b(p, m):
    one_f_one_b = parallel.make_schedule("1f1b", p, m)
    for v in (2, 3):
        assert parallel.make_schedule("interleaved", p, m, v=v).bubble() < one_f_one_b.bubble()
    assert parallel.make_schedule("interleaved", p, m).v == 2                     # the default
    single = parallel.make_schedule("interleaved", p, m, v=1)
    assert single.orders == one_f_one_b.orders
    assert abs(single.bubble() - (p - 1) / (m + p - 1)) < 1e-12
    assert abs(parallel.theory_bubble_interleaved(p, m, 1) - parallel.theory_bubble(p, m)) < 1e-12


def test_interleaved_with_one_chunk_takes_any_m():
    assert parallel.make_schedule("interleaved", 3, 5, v=1).orders == parallel.make_schedule("1f1b", 3, 5).orders


def test_depends_on_virtual_stages_and_labels():
    # p=4, v=2: device 0 chunk 1 is virtual stage 4; its forward needs virtual stage 3 (device 3, chunk 0)
    assert parallel.depends_on(parallel.Op(0, "F", 5, 1), 4, 2) == [parallel.Op(3, "F", 5, 0)]
    assert parallel.depends_on(parallel.Op(0, "F", 5, 0), 4, 2) == []
    assert parallel.depends_on(parallel.Op(3, "B", 5, 0), 4, 2) == [parallel.Op(0, "B", 5, 1)]
    assert parallel.depends_on(parallel.Op(3, "B", 5, 1), 4, 2) == [parallel.Op(3, "F", 5, 1)]   # last virtual stage
    assert parallel.depends_on(parallel.Op(3, "B", 5), 4) == [parallel.Op(3, "F", 5)]             # v=1 unchanged
    assert str(parallel.Op(1, "F", 3)) == "F3" and str(parallel.Op(1, "B", 3, 1)) == "B3b"
    assert parallel.Op(1, "F", 3).label(2) == "F3a" and parallel.Op(1, "F", 3, 2).label(30) == "F3.2"
    assert parallel.Op(2, "F", 0, 1).virtual_stage(4) == 6


def test_interleaved_table():
    table = parallel.make_schedule("interleaved", 2, 4, v=2).table()
    assert "p=2, m=4, v=2" in table and "one pass of one chunk" in table
    # device 0: 2(p-1) + (v-1)p = 4 warm-up forwards, then one forward, one backward (last chunk first)
    assert "stage 0 F0a F1a F0b F1b F2a B0b F3a B1b" in table
    assert "stage 1   . F0a F1a F0b B0b F1b B1b" in table


def test_bubble_over_ideal():
    assert parallel.bubble_over_ideal(parallel.theory_bubble(4, 8)) == pytest.approx(3 / 8)
    assert parallel.bubble_over_ideal(parallel.theory_bubble_interleaved(4, 8, 2)) == pytest.approx(3 / 16)
    with pytest.raises(ValueError, match=r"in \[0, 1\)"):
        parallel.bubble_over_ideal(1.0)


@pytest.mark.parametrize("v", [0, -1, 1.5, True])
def test_bad_chunks(v):
    with pytest.raises(ValueError, match="use v >= 1"):
        parallel.make_schedule("interleaved", 2, 4, v=v)
    with pytest.raises(ValueError, match="use v >= 1"):
        parallel.theory_bubble_interleaved(2, 4, v)


def test_interleaved_needs_m_multiple_of_p_and_v_is_for_interleaved_only():
    with pytest.raises(ValueError, match="m to be a multiple of p.*m=6 with p=4: use m=8 or m=4"):
        parallel.make_schedule("interleaved", 4, 6, v=2)
    with pytest.raises(ValueError, match="m=3 with p=4: use m=4$"):
        parallel.make_schedule("interleaved", 4, 3, v=3)
    with pytest.raises(ValueError, match=r"interleaved schedule only; use make_schedule\('interleaved', p, m, v=2\)"):
        parallel.make_schedule("1f1b", 4, 8, v=2)
    assert parallel.make_schedule("gpipe", 2, 2, v=1).orders == parallel.make_schedule("gpipe", 2, 2).orders


def test_interleaved_controlled_cost_runs_every_chunk_pass_once_in_order():
    for p, m, v in [(2, 4, 2), (4, 4, 2)]:
        trace = parallel.controlled_cost(parallel.make_schedule("interleaved", p, m, v=v), 0.01, 0.01)
        assert len(trace.slots) == 2 * p * m * v
        _assert_ran_in_order(trace)


def test_interleaved_explorer_state_and_gantt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    state = parallel.explorer_state(4, 8, "interleaved")
    assert state["error"] is None and abs(state["bubble"] - 3 / 19) < 1e-12 and abs(state["theory"] - 3 / 19) < 1e-12
    assert "multiple of p" in parallel.explorer_state(4, 6, "interleaved")["error"]
    fig = parallel.explorer_figure(parallel.explorer_state(2, 4, "interleaved"))   # few passes: labelled
    assert any(t.get_text() == "F0b" for t in fig.axes[0].texts)
    plt.close(fig)


def test_execute_raises_a_stage_error():
    def work(op):
        if op.stage == 1 and op.kind == "B":
            raise RuntimeError("boom in stage 1")

    with pytest.raises(RuntimeError, match="boom in stage 1"):
        parallel.execute(parallel.make_schedule("1f1b", 3, 3), work, timeout=10)


def test_bad_costs():
    with pytest.raises(ValueError, match="positive"):
        parallel.controlled_cost(parallel.make_schedule("gpipe", 2, 2), 0.0, 0.01)


# ---------------------------------------------------------------- the split model


@pytest.fixture(scope="module")
def batch():
    return data.synthetic(24, shape=(WIDTHS[0],), seed=3)


@pytest.fixture(scope="module")
def pipeline():
    return parallel.Pipeline(WIDTHS, DEVICES, seed=7)


def test_weights_live_on_their_stage_device(pipeline):
    for s, stage in enumerate(pipeline.stages):
        for v in stage.trainable_variables:
            assert v.value.device.endswith(f"CPU:{s}")
    params = parallel.dense_parameters(WIDTHS)
    assert pipeline.parameter_bytes() == [4 * p for p in params]
    assert pipeline.parameter_bytes() == parallel.stage_parameter_bytes(WIDTHS, pipeline.boundaries)


@pytest.mark.parametrize("schedule", parallel.SCHEDULES)
@pytest.mark.parametrize("m", [1, 3, 8])
def test_pipeline_equals_unsplit(pipeline, batch, schedule, m):
    x, y = batch
    ref_loss, ref_grads = _reference(pipeline, x, y)
    result = pipeline.step(x, y, m=m, schedule=schedule)
    assert abs(result.loss - ref_loss) <= 1e-6
    assert _max_diff(result.gradients, ref_grads) <= 1e-6
    assert result.peak_live == parallel.make_schedule(schedule, 4, m).peak_in_flight()
    assert len(result.trace.slots) == 2 * 4 * m


def test_uneven_stages_equal_unsplit(batch):
    x, y = batch
    pipe = parallel.Pipeline(WIDTHS, DEVICES[:2], boundaries=[(0, 3), (3, 4)], seed=1)
    assert [len(s.layers) for s in pipe.stages] == [3, 1]
    ref_loss, ref_grads = _reference(pipe, x, y)
    result = pipe.step(x, y, m=4, schedule="1f1b")
    assert abs(result.loss - ref_loss) <= 1e-6 and _max_diff(result.gradients, ref_grads) <= 1e-6
    loss, grads = pipe.unsplit_gradients(x, y)
    assert abs(loss - ref_loss) <= 1e-6 and _max_diff(grads, ref_grads) <= 1e-6


@pytest.mark.parametrize("p, v, m", [(2, 2, 2), (2, 2, 4), (1, 4, 3), (4, 1, 4)])
def test_interleaved_pipeline_puts_chunks_round_robin_and_equals_unsplit(batch, p, v, m):
    """Megatron-LM's layout: chunk j on device j mod p. The interleaved step's loss and gradients
    equal an independently built unsplit model's; each device runs its schedule order, and keeps
    alive what the schedule says."""
    x, y = batch
    pipe = parallel.Pipeline(WIDTHS, DEVICES[:p], seed=5, chunks=v)
    assert pipe.p == p and len(pipe.stages) == p * v == 4
    for j, stage in enumerate(pipe.stages):
        assert all(w.value.device.endswith(f"CPU:{j % p}") for w in stage.trainable_variables)
    ref_loss, ref_grads = _reference(pipe, x, y)
    result = pipe.step(x, y, m=m, schedule="interleaved")
    assert abs(result.loss - ref_loss) <= 1e-6 and _max_diff(result.gradients, ref_grads) <= 1e-6
    sched = parallel.make_schedule("interleaved", p, m, v)
    for d in range(p):
        ran = [slot.op for slot in sorted(result.trace.slots, key=lambda sl: sl.start) if slot.op.stage == d]
        assert ran == list(sched.orders[d])
    assert result.peak_live == sched.peak_in_flight()


def test_a_chunked_pipeline_runs_the_interleaved_schedule_only(batch):
    x, y = batch
    pipe = parallel.Pipeline(WIDTHS, DEVICES[:2], seed=5, chunks=2)
    for schedule in parallel.SCHEDULES:
        with pytest.raises(ValueError, match="chunks=2 stages per device, so schedule must be 'interleaved'"):
            pipe.step(x, y, m=4, schedule=schedule)
    with pytest.raises(ValueError, match="multiple of p"):
        pipe.step(x, y, m=3, schedule="interleaved")
    with pytest.raises(ValueError, match="3 stages do not give each device chunks=2"):
        parallel.Pipeline(WIDTHS, DEVICES[:2], boundaries=[(0, 1), (1, 2), (2, 4)], chunks=2)
    with pytest.raises(ValueError, match="4 devices x 2 chunks = 8 stages but only 4 layers"):
        parallel.Pipeline(WIDTHS, DEVICES, chunks=2)
    with pytest.raises(ValueError, match="chunks"):
        parallel.Pipeline(WIDTHS, DEVICES, chunks=0)


def test_batch_not_divisible_by_m(pipeline, batch):
    x, y = batch
    with pytest.raises(ValueError, match="does not split into m=5"):
        pipeline.step(x, y, m=5)


# ---------------------------------------------------------------- tensor parallelism


@pytest.mark.parametrize("d", [1, 2, 4])
def test_tensor_parallel_pair_equals_unsplit_on_every_device(d):
    """Outputs, weight gradients and input gradients equal the unsplit pair's (plain GradientTape,
    one device), and every device holds the whole output and the whole input gradient: both
    all-reduces are real and replicate their result."""
    rng = np.random.default_rng(d)
    w1, b1 = rng.normal(size=(6, 8)).astype("float32"), rng.normal(size=8).astype("float32")
    w2, b2 = rng.normal(size=(8, 3)).astype("float32"), rng.normal(size=3).astype("float32")
    x = rng.normal(size=(5, 6)).astype("float32")
    pair = parallel.TensorParallelPair(w1, b1, w2, b2, DEVICES[:d])
    for k, (a, b, c, e) in enumerate(pair.shards):
        assert a.shape == (6, 8 // d) and c.shape == (8 // d, 3) and a.device.endswith(f"CPU:{k}")
    dense1 = keras.layers.Dense(8, activation="relu")
    dense2 = keras.layers.Dense(3)
    dense1.build((None, 6))
    dense2.build((None, 8))
    dense1.set_weights([w1, b1])
    dense2.set_weights([w2, b2])
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        ref = dense2(dense1(xt))
        ref_loss = tf.reduce_sum(ref ** 2)
    *ref_grads, ref_dx = tape.gradient(ref_loss, dense1.trainable_variables + dense2.trainable_variables + [xt])
    ref_grads = [g.numpy() for g in ref_grads]
    got = pair.run(x)
    cut = 8 // d
    for k in range(d):
        assert got["devices"][k].endswith(f"CPU:{k}")                   # each device has its own copy
        assert _max_diff([got["outputs"][k]], [ref]) <= 1e-5
        assert abs(got["losses"][k] - float(ref_loss)) <= 1e-4 * float(ref_loss)
        dw1, db1, dw2, db2 = got["grads"][k]
        want = [ref_grads[0][:, k * cut:(k + 1) * cut], ref_grads[1][k * cut:(k + 1) * cut],
                ref_grads[2][k * cut:(k + 1) * cut], ref_grads[3]]
        assert _max_diff([dw1, db1, dw2, db2], want) <= 1e-4 * max(1.0, float(np.max(np.abs(ref_grads[0]))))
        assert _max_diff([got["input_grads"][k]], [ref_dx]) <= 1e-4 * max(1.0, float(np.max(np.abs(ref_dx))))
    assert _max_diff(pair.gather(), [w1, b1, w2, b2]) == 0
    assert _max_diff([pair(x)], [ref]) <= 1e-5
    # bytes per device, ring way: 2 (d-1) steps, each sending 1/d of the buffer
    sent = pair.communication(5)
    assert sent["g forward (partial outputs)"] == pytest.approx(sum(5 * 3 * 4 / d for _ in range(2 * (d - 1))))
    assert sent["f backward (partial input gradients)"] == pytest.approx(sum(5 * 6 * 4 / d for _ in range(2 * (d - 1))))


def test_tensor_parallel_without_the_backward_all_reduce_gets_the_input_gradient_wrong():
    """The f half matters: each device alone sees only its columns' share of d loss / d x."""
    rng = np.random.default_rng(0)
    w1, b1 = rng.normal(size=(6, 8)).astype("float32"), rng.normal(size=8).astype("float32")
    w2, b2 = rng.normal(size=(8, 3)).astype("float32"), rng.normal(size=3).astype("float32")
    x = rng.normal(size=(5, 6)).astype("float32")
    got = parallel.TensorParallelPair(w1, b1, w2, b2, DEVICES[:2]).run(x)
    xt = tf.constant(x)
    with tf.GradientTape() as tape:   # device 0's share, computed by hand: its columns only
        tape.watch(xt)
        out = tf.nn.relu(xt @ w1[:, :4] + b1[:4]) @ w2[:4] + tf.nn.relu(tf.stop_gradient(xt) @ w1[:, 4:] + b1[4:]) @ w2[4:] + b2
        loss = tf.reduce_sum(out ** 2)
    share = tape.gradient(loss, xt).numpy()
    assert _max_diff([share], [got["input_grads"][0]]) > 1e-2


def test_tensor_parallel_width_not_divisible():
    with pytest.raises(ValueError, match="hidden width 6 is not divisible by d=4"):
        parallel.TensorParallelPair(np.zeros((3, 6)), np.zeros(6), np.zeros((6, 2)), np.zeros(2), DEVICES)
    with pytest.raises(ValueError, match="do not chain"):
        parallel.TensorParallelPair(np.zeros((3, 6)), np.zeros(6), np.zeros((5, 2)), np.zeros(2), DEVICES[:2])


# ---------------------------------------------------------------- the pitfall


def test_keras_model_parallel_places_nothing_on_tensorflow():
    """Keras 3.15: built, every weight whole on the first device; Keras 3.13 (Colab): not even built."""
    outcome = parallel.keras_model_parallel_placement(DEVICES[:2], width=16)
    assert keras.backend.backend() == "tensorflow" and outcome["keras"] == keras.__version__
    if outcome["error"] is not None:
        assert "has no attribute 'num_processes'" in outcome["error"] and outcome["placed"] is None
        return
    placed = outcome["placed"]
    assert all(device.endswith("CPU:0") for _, device, _ in placed)
    kernel = [shape for path, _, shape in placed if path.endswith("split_me/kernel")]
    assert kernel == [(8, 16)]  # whole, not split into 2 x (8, 8)


def test_explorer_widget_builds_and_redraws():
    import ipywidgets
    import matplotlib

    matplotlib.use("Agg")
    box = parallel.explorer(3, 4, "gpipe")
    sliders = [c for c in box.children if isinstance(c, ipywidgets.IntSlider)]
    menu = [c for c in box.children if isinstance(c, ipywidgets.Dropdown)][0]
    assert len(sliders) == 2 and list(menu.options) == list(parallel.SCHEDULES)
    sliders[1].value = 9   # each change redraws; none may raise
    menu.value = "1f1b"
    sliders[0].value = 1

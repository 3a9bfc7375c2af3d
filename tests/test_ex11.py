"""Exercise 11's checks (gpukit.course.exercises.ex11): the solution and correct alternatives pass public
and hidden cases, the stub is "not solved yet", each classic wrong answer is named."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

import blind

from gpukit import plan, zero
from gpukit.course.exercises import ex11

# --------------------------------------------------------------------------- q1: predict the state bytes

Q1 = [(7e9, 1, 1, 8, 1), (70e9, 8, 4, 16, 0), (175e9, 8, 1, 124, 3), (13e9, 2, 2, 4, 2), (1e9, 1, 1, 1, 3),
      (30e9, 4, 1, 8, 1), (20e9, 1, 4, 8, 3), (40e9, 4, 2, 16, 3), (6e9, 2, 4, 2, 2), (70e9, 8, 4, 2, 1),
      (13e9, 1, 3, 4, 1)]


def q1_solution(n, tp, pp, dp, z):
    share = n / (tp * pp)
    return (2 * share / (dp if z >= 3 else 1) + 2 * share / (dp if z >= 2 else 1)
            + 12 * share / (dp if z >= 1 else 1))


def q1_numpy(n, tp, pp, dp, z):       # another correct form: bytes per parameter as an array, a numpy number
    divide = np.array([dp if z >= 3 else 1, dp if z >= 2 else 1, dp if z >= 1 else 1])
    return np.float64(np.sum(np.array([2, 2, 12]) * n / (tp * pp) / divide))


def q1_int(n, tp, pp, dp, z):         # whole bytes, rounded
    return int(round(q1_solution(n, tp, pp, dp, z)))


@pytest.mark.parametrize("fn", [q1_solution, q1_numpy, q1_int])
def test_state_bytes_correct_forms_pass(fn):
    assert ex11.check_state_bytes(fn, Q1).passed


def test_state_bytes_hand_numbers():
    # 7B, ZeRO-1 over 8: 2 + 2 bytes whole, 12 over 8 -> 5.5 bytes a parameter
    assert ex11.reference_state_bytes(7e9, 1, 1, 8, 1) == pytest.approx(5.5 * 7e9)
    assert ex11.reference_state_bytes(175e9, 8, 1, 124, 3) == pytest.approx(16 * 175e9 / 8 / 124)


@pytest.mark.parametrize("wrong, says", [
    (lambda n, tp, pp, dp, z: None, "not solved yet"),
    (lambda n, tp, pp, dp, z: 16 * n / (tp * pp), "the ZeRO stage shards part of it"),
    (lambda n, tp, pp, dp, z: q1_solution(n, 1, 1, dp, z), "tensor and pipeline parallelism"),
    (lambda n, tp, pp, dp, z: 16 * n / (tp * pp * dp), "that is stage 3's bytes"),
    (lambda n, tp, pp, dp, z: q1_solution(n, tp, pp, dp, z) - 12 * n / (tp * pp) / (dp if z else 1),
     "no optimizer state"),
    (lambda n, tp, pp, dp, z: q1_solution(n, tp, pp, dp, z) - 4 * n / (tp * pp) / (dp if z else 1),
     "without the fp32 master copy"),
    (lambda n, tp, pp, dp, z: q1_solution(n, tp, pp, dp, z) / 16, "parameters, not bytes"),
    (lambda n, tp, pp, dp, z: q1_solution(n, tp, pp, dp, 2), "that is stage 2's bytes"),
    (lambda n, tp, pp, dp, z: "38.5e9", "must return one number"),
    (lambda n, tp, pp, dp, z: 12345.0, "is not what one device holds"),
])
def test_state_bytes_classic_slips_are_named(wrong, says):
    report = ex11.check_state_bytes(wrong, Q1)
    assert not report.passed and says in report.problem, report.problem


@pytest.mark.parametrize("wrong, case, says", [
    (lambda n, tp, pp, dp, z: q1_solution(n, tp, 1, dp, z), (70e9, 8, 4, 2, 1), "divided by tp but not by pp"),
    (lambda n, tp, pp, dp, z: q1_solution(n, 1, pp, dp, z), (70e9, 8, 4, 2, 1), "divided by pp but not by tp"),
    (lambda n, tp, pp, dp, z: q1_solution(n, tp, pp, dp, min(z, 2)), (40e9, 4, 2, 16, 3),
     "the weights or the gradients not divided at stage 3 (both 2 bytes a parameter: the number cannot tell which)"),
    (lambda n, tp, pp, dp, z: (4 + 12 / dp) * n / (tp * pp), (70e9, 8, 4, 16, 0), "divided at stage 0"),
])
def test_state_bytes_split_and_stage_slips_are_named(wrong, case, says):
    report = ex11.check_state_bytes(wrong, [case])
    assert not report.passed and says in report.problem, report.problem


def test_state_bytes_stage_1_for_stage_2_is_named():
    wrong = lambda n, tp, pp, dp, z: q1_solution(n, tp, pp, dp, 1 if z == 2 else z)  # noqa: E731
    report = ex11.check_state_bytes(wrong, [(13e9, 2, 2, 4, 2)])
    assert not report.passed and "that is stage 1's bytes" in report.problem


# --------------------------------------------------------------------------- q2: debug the plan

M13 = ex11.llama_like("13B", 40, 5120, 40, 13824)
Q2_HIDDEN = [(M13, plan.Layout(tp=4, pp=2, dp=2, zero=z, micro_batch=2, global_batch=64, recompute=r))
             for z, r in ((0, "none"), (1, "full"), (0, "selective"))]
Q2_HIDDEN += [(M13, plan.Layout(tp=2, dp=8, cp=2, zero=z, global_batch=16, recompute="full")) for z in (1, 2, 3)]
FEW_MICRO_BATCHES = (M13, plan.Layout(tp=2, pp=4, dp=2, zero=1, micro_batch=1, global_batch=4, recompute="selective"))
FP32_ADAM = (dataclasses.replace(M13, param_bytes=4, grad_bytes=4, optimizer_bytes=8, name="13B fp32 Adam"),
             plan.Layout(tp=4, pp=2, dp=4, zero=1, micro_batch=1, global_batch=32))
Q2_HIDDEN += [FEW_MICRO_BATCHES, FP32_ADAM]


def _activations(model, layout):
    acts = math.ceil(model.layers / layout.pp) * plan.activation_bytes_per_layer(model, layout) * plan.in_flight(layout)
    if layout.recompute == "full":
        acts += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return acts


def q2_solution(model, layout, optimizer=True, activations=True, in_flight=True):
    params = plan.parameters_per_device(model, layout)
    state = zero.state_bytes(params, layout.dp * layout.cp, layout.zero, weight_bytes=model.param_bytes,
                             grad_bytes=model.grad_bytes, optimizer_bytes=model.optimizer_bytes)
    acts = _activations(model, layout) if activations else 0.0
    if not in_flight and layout.pp > 1:
        acts /= plan.in_flight(layout)
    return {"weights": state["weights"], "gradients": state["gradients"],
            "optimizer": state["optimizer"] if optimizer else 0.0, "activations": acts}


def q2_from_memory(model, layout):    # another correct answer: the planner's own parts, numpy numbers
    mem = plan.memory(model, layout)
    return {k: np.float64(mem[k]) for k in ex11.PARTS}


@pytest.mark.parametrize("fn", [q2_solution, q2_from_memory])
def test_plan_bytes_correct_forms_pass(fn):
    assert ex11.check_plan_bytes(fn, ex11.buggy_cases()).passed
    assert ex11.check_plan_bytes(fn, Q2_HIDDEN).passed


@pytest.mark.parametrize("wrong, says", [
    (lambda m, l: None, "not solved yet"),
    (lambda m, l: q2_solution(m, l, optimizer=False), "fits in 24 GB, but it needs 32.2 GB: the part(s) ['optimizer']"),
    (lambda m, l: q2_solution(m, l, activations=False), "['activations'] are off"),
    (lambda m, l: [1, 2, 3, 4], "must return a dict"),
    (lambda m, l: {k: "1" for k in ex11.PARTS}, None),
])
def test_plan_bytes_classic_mistakes_are_named(wrong, says):
    report = ex11.check_plan_bytes(wrong, ex11.buggy_cases())
    assert not report.passed and (says is None or says in report.problem), report.problem


def test_plan_bytes_forgotten_in_flight_micro_batches_fail_on_a_pipeline():
    wrong = lambda m, l: q2_solution(m, l, in_flight=False)  # noqa: E731
    report = ex11.check_plan_bytes(wrong, Q2_HIDDEN)
    assert not report.passed and "['activations'] are off" in report.problem


def _q2_with(optimizer=None, activations=None):
    """The solution with one part replaced by ``part(model, layout, params, group)``."""
    def answer(model, layout):
        out = q2_solution(model, layout)
        params, group = plan.parameters_per_device(model, layout), layout.dp * layout.cp
        if optimizer:
            out["optimizer"] = optimizer(model, layout, params, group)
        if activations:
            out["activations"] = activations(model, layout, params, group)
        return out
    return answer


@pytest.mark.parametrize("wrong, case, says", [
    (_q2_with(optimizer=lambda m, l, p, g: p * m.optimizer_bytes / g), Q2_HIDDEN[0], "divided at ZeRO-0"),
    (_q2_with(optimizer=lambda m, l, p, g: p * m.optimizer_bytes / l.dp), Q2_HIDDEN[3], "by dp=8 alone"),
    (_q2_with(optimizer=lambda m, l, p, g: p * 12 / g), FP32_ADAM, "12 bytes of optimizer state per parameter"),
    (_q2_with(activations=lambda m, l, p, g: math.ceil(m.layers / l.pp) * plan.activation_bytes_per_layer(m, l) * l.pp),
     FEW_MICRO_BATCHES, "pp=4 micro-batches in flight, but this step has only 2"),
])
def test_plan_bytes_optimizer_and_in_flight_slips_are_named(wrong, case, says):
    report = ex11.check_plan_bytes(wrong, [case])
    assert not report.passed and says in report.problem, report.problem


OTHER_BYTES_3_STAGES = (dataclasses.replace(ex11.llama_like("13B", 40, 5120, 40, 13824), param_bytes=2, grad_bytes=4,
                                           name="13B fp32 gradients"),
                       plan.Layout(tp=4, pp=3, dp=2, zero=0, micro_batch=1, global_batch=16))


def _q2_other(part, key):
    def answer(model, layout):
        out = q2_solution(model, layout)
        out[part] = plan.parameters_per_device(model, layout) * getattr(model, key)
        return out
    return answer


def _q2_layers(split):
    def answer(model, layout):
        out = q2_solution(model, layout)
        out["activations"] = split(model.layers, layout.pp) * plan.activation_bytes_per_layer(model, layout) * \
            plan.in_flight(layout)
        return out
    return answer


@pytest.mark.parametrize("wrong, says", [
    (_q2_other("gradients", "param_bytes"), "the gradients counted with model.param_bytes = 2 bytes a value"),
    (_q2_other("weights", "grad_bytes"), "the weights counted with model.grad_bytes = 4 bytes a value"),
    (_q2_layers(lambda n, pp: n // pp), "the busiest stage holds ceil(40 / 3) = 14 layers, not 13 or a fraction"),
    (_q2_layers(lambda n, pp: n / pp), "the busiest stage holds ceil(40 / 3) = 14 layers"),
    (lambda m, l: {**q2_solution(m, l), "total": 0.0}, "returned the extra key(s) ['total']"),
])
def test_plan_bytes_round_3_slips_are_caught_and_named(wrong, says):
    """Issue 38, round 3: weights and gradients of different sizes, and layers that do not divide by pp."""
    assert ex11.check_plan_bytes(q2_solution, [OTHER_BYTES_3_STAGES]).passed
    report = ex11.check_plan_bytes(wrong, [OTHER_BYTES_3_STAGES])
    assert not report.passed and says in report.problem, report.problem


# issue 38, round 5: an earlier case's twin: the same model name and layout text, another sequence length; the
# same layout text, another global batch (fewer micro-batches than stages before, as many after)
LONGER_13B = (dataclasses.replace(M13, seq=8192), Q2_HIDDEN[0][1])
MORE_MICRO_BATCHES = (M13, dataclasses.replace(FEW_MICRO_BATCHES[1], global_batch=16))


def _cached(key):
    cache = {}

    def plan_bytes(model, layout):
        return cache.setdefault(key(model, layout), q2_solution(model, layout))
    return plan_bytes


@pytest.mark.parametrize("key, cases, says", [
    (lambda m, l: (m.name, str(l)), [Q2_HIDDEN[0], LONGER_13B], "the model's seq 4096 -> 8192"),
    (lambda m, l: (m.name, str(l)), [FEW_MICRO_BATCHES, MORE_MICRO_BATCHES], "the layout's global_batch 4 -> 16"),
])
def test_plan_bytes_a_result_cached_from_an_earlier_call_is_named(key, cases, says):
    """Planted: results cached by (model.name, str(layout)) (a layout's text leaves out the global batch)."""
    assert str(cases[0][1]) == str(cases[1][1]) and cases[0][0].name == cases[1][0].name
    assert ex11.check_plan_bytes(q2_solution, cases).passed
    assert ex11.check_plan_bytes(_cached(lambda m, l: (m, l)), cases).passed   # a cache by the whole case is right
    report = ex11.check_plan_bytes(_cached(key), cases)
    assert not report.passed and "these are the parts of an earlier call" in report.problem, report.problem
    assert says in report.problem and "computed from the model and the layout of this call" in report.problem


# issue 38, round 7: experts spread ep ways inside the data-parallel group (as in the hidden tests)
MOE_EP = (dataclasses.replace(M13, experts=8, top_k=2, name="13B 8-expert MoE"),
          plan.Layout(tp=2, dp=8, ep=4, zero=3, global_batch=16, recompute="full"))


def test_plan_bytes_the_zero_group_counted_with_ep_is_named():
    """Planted: the ZeRO group taken as dp x cp x ep (the expert-parallel ranks counted again)."""
    assert ex11.check_plan_bytes(q2_solution, [MOE_EP]).passed

    def with_ep(model, layout):
        params = plan.parameters_per_device(model, layout)
        state = zero.state_bytes(params, layout.dp * layout.cp * layout.ep, layout.zero, weight_bytes=model.param_bytes,
                                 grad_bytes=model.grad_bytes, optimizer_bytes=model.optimizer_bytes)
        return {**{k: state[k] for k in ("weights", "gradients", "optimizer")}, "activations": _activations(model, layout)}

    assert ex11.check_plan_bytes(with_ep, Q2_HIDDEN).passed   # no expert parallelism: the same numbers
    report = ex11.check_plan_bytes(with_ep, [MOE_EP])
    assert not report.passed and "['weights', 'gradients', 'optimizer'] are off" in report.problem, report.problem
    assert "the weights, gradients and optimizer divided by dp x cp x ep = 32: ZeRO's group is dp x cp = 8" in report.problem, \
        report.problem


def test_fewest_gpus_one_device_is_a_count():
    case = [(ex11.llama_like("1B", 16, 2048, 16, 5632, seq=2048), "A100 80GB", 8)]
    assert ex11.reference_fewest(*case[0])[0] == 1
    assert ex11.check_fewest_gpus(q3_solution, case).passed
    report = ex11.check_fewest_gpus(lambda m, a, g: (2 * q3_solution(m, a, g)[0], q3_solution(m, a, g)[1]), case)
    assert not report.passed and "= 2 is not the fewest: 1 fit" in report.problem, report.problem


def test_the_given_buggy_plan_is_caught_by_its_symptom():
    import nbformat

    nb = nbformat.read("solutions/11_plan_a_run.ipynb", 4)
    given = next(c.source for c in nb.cells if c.cell_type == "code" and "def plan_bytes_buggy" in c.source)
    scope = {"plan": plan, "math": math, "dataclasses": dataclasses}
    exec(given.split("\n\n\nprint(")[0], scope)
    report = ex11.check_plan_bytes(scope["plan_bytes_buggy"], ex11.buggy_cases())
    assert not report.passed and "['optimizer']" in report.problem and "fits in 24 GB" in report.problem


# --------------------------------------------------------------------------- q3: the fewest accelerators

M7 = ex11.llama_like("7B", 32, 4096, 32, 11008)
Q3 = [(M7, "A100 80GB", 64), (M13, "H100 SXM", 128), (M7, "V100 32GB", 64)]


def q3_solution(model, accelerator, global_batch):
    count = 1
    while True:
        try:
            best = plan.search(model, ex11.cluster_of(accelerator, count), global_batch, recompute=("none",), max_cp=1)
            return count, best[0].layout
        except plan.PlanError:
            count *= 2


def q3_fewest_devices(model, accelerator, global_batch):   # another correct answer: the planner's helper, numpy int
    p = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",), max_cp=1)
    return np.int64(p.cluster.count), p.layout


def q3_slowest_that_fits(model, accelerator, global_batch):  # any fitting layout will do, not only the fastest
    count, _ = q3_solution(model, accelerator, global_batch)
    found = plan.search(model, ex11.cluster_of(accelerator, count), global_batch, recompute=("none",), max_cp=1,
                        top=100)
    return count, found[-1].layout


def q3_float_count(model, accelerator, global_batch):  # a whole float for the count (ruled right, issue 38)
    count, layout = q3_solution(model, accelerator, global_batch)
    return float(count), layout


@pytest.mark.parametrize("fn", [q3_solution, q3_fewest_devices, q3_slowest_that_fits, q3_float_count])
def test_fewest_gpus_correct_forms_pass(fn):
    assert ex11.check_fewest_gpus(fn, Q3).passed


def _power_of_two_for(nbytes, accelerator):
    need = nbytes / (0.9 * plan.ACCELERATORS[accelerator]["hbm"])
    return 2 ** max(0, math.ceil(math.log2(need)))


def _naive(bytes_per_param):
    def answer(model, accelerator, global_batch):
        count = _power_of_two_for(bytes_per_param * plan.parameter_count(model), accelerator)
        return count, plan.Layout(dp=count, zero=3, global_batch=global_batch)
    return answer


@pytest.mark.parametrize("wrong, says", [
    (lambda m, a, g: None, "not solved yet"),
    (_naive(16), "no layout fits"),                 # the state alone: activations forgotten
    (_naive(2), "no layout fits"),                  # the weights alone
    (lambda m, a, g: (2 * q3_solution(m, a, g)[0], q3_solution(m, a, g)[1]), "is not the fewest"),
    (lambda m, a, g: (q3_solution(m, a, g)[0] + 1, None), "is not a power of two"),
    (lambda m, a, g: 8, "must return (count, layout)"),
    (lambda m, a, g: (8.5, None), "whole number of accelerators"),
    (lambda m, a, g: (True, None), "whole number of accelerators"),
    (lambda m, a, g: ("8", None), "whole number of accelerators"),
    (lambda m, a, g: (q3_solution(m, a, g)[0], "tp2"), "must be a gpukit.plan.Layout"),
    (lambda m, a, g: (q3_solution(m, a, g)[0], plan.Layout(dp=q3_solution(m, a, g)[0], global_batch=g)),
     "does not fit"),
    (lambda m, a, g: (q3_solution(m, a, g)[0], plan.Layout(tp=3, global_batch=g)), "cannot exist"),
    (lambda m, a, g: (q3_solution(m, a, g)[0], dataclasses.replace(q3_solution(m, a, g)[1], recompute="full")),
     "rules out"),
    (lambda m, a, g: (q3_solution(m, a, g)[0], dataclasses.replace(q3_solution(m, a, g)[1], global_batch=g // 2)),
     "not the 64 sequences per step asked"),
    (lambda m, a, g: (q3_solution(m, a, g)[0], dataclasses.replace(q3_solution(m, a, g)[1], tp=1, pp=2, zero=3)),
     "ZeRO-2/3 only with pp=1"),
])
def test_fewest_gpus_classic_mistakes_are_named(wrong, says):
    report = ex11.check_fewest_gpus(wrong, Q3)
    assert not report.passed and says in report.problem, report.problem


ONE_HEAD_MOE = (plan.Model(layers=16, hidden=3072, heads=1, seq=8192, vocab=256000, experts=8, top_k=2,
                           name="1-head MoE"), "V100 32GB", 16)


def _searched(**kwargs):
    """The solution's search with other options (planted, issue 38 round 10)."""
    def answer(model, accelerator, global_batch):
        count = 1
        while True:
            try:
                return count, plan.search(model, ex11.cluster_of(accelerator, count), global_batch, top=1,
                                          **{"recompute": ("none",), "max_cp": 1, **kwargs})[0].layout
            except plan.PlanError:
                count *= 2
    return answer


def _without_logits(model, accelerator, global_batch):
    """Planted (round 10): "fits" decided without the fp32 logits: on ONE_HEAD_MOE this ZeRO-3 layout of 16 needs
    36.5 GB of the 28.8 usable, 28.1 without its 8.4 GB of logits."""
    return 16, plan.Layout(dp=16, ep=8, zero=3, micro_batch=1, global_batch=global_batch)


@pytest.mark.parametrize("wrong, says", [
    (_searched(zero_stages=(0, 3)), "= 128 is not the fewest: 32 fit (tp1 x pp4 x dp8 x ep8, ZeRO-1"),
    (_searched(headroom=0.0), "it fits only in all 32 GB: the rule: fits according to gpukit.plan, which keeps 10%"),
    (_without_logits, "it fits only without the fp32 logits of the loss"),
])
def test_fewest_gpus_round_10_slips_are_named(wrong, says):
    """Issue 38, round 10: ZeRO-0/3 only (a pipeline with ZeRO-1 left out), every byte usable (headroom=0: it was
    told "activations forgotten"), the fp32 logits left out of the fit; one hidden case shows all three."""
    report = ex11.check_fewest_gpus(wrong, [ONE_HEAD_MOE])
    assert not report.passed and says in report.problem, report.problem
    assert ex11.check_fewest_gpus(q3_solution, [ONE_HEAD_MOE]).passed


def test_plan_bytes_gradients_whole_at_zero_2_is_named():
    """Issue 38, round 10 (planted: the gradients left whole at ZeRO-2): its parts equal the ZeRO-1 case before it,
    and it was named as a result kept from an earlier call."""
    def whole_grads(model, layout):
        out = q2_solution(model, layout)
        out["gradients"] = plan.parameters_per_device(model, layout) * model.grad_bytes
        return out
    report = ex11.check_plan_bytes(whole_grads, Q2_HIDDEN)
    assert not report.passed and "the gradients left whole at ZeRO-2: ZeRO-2 and up divide the gradients" \
        in report.problem and "earlier call" not in report.problem, report.problem


def test_fewest_gpus_a_result_kept_by_the_models_name_is_named():
    """Planted (issue 38, round 9, memo_name): answers cached by (model.name, accelerator); the second call, another
    global batch, got the first's layout (it was told only "the layout trains global_batch=64")."""
    memo = {}

    def cached(model, accelerator, global_batch):
        key = (model.name, accelerator)
        if key not in memo:
            memo[key] = q3_solution(model, accelerator, global_batch)
        return memo[key]

    report = ex11.check_fewest_gpus(cached, [(M7, "A100 80GB", 64), (M7, "A100 80GB", 16)])
    assert not report.passed and "same model under another name gets a right answer" in report.problem
    assert "state kept between calls" in report.problem and "global_batch=64, not the 16" in report.problem


def test_hints_cover_every_question():
    assert set(ex11.HINTS) == {"q1", "q2", "q3"} and all(ex11.HINTS.values())


# --------------------------------------------------------------------------- blind answers (issue 38)


@pytest.mark.parametrize("path", blind.answers("11"), ids=lambda p: p.stem)
def test_blind_answers_lose_or_keep_their_points(path):
    """Answers written by someone who never saw the solution or these checks (tests/attacks/ex11),
    graded in-process by the question's public and hidden tests (tests/blind.py): each wrong one loses
    its question's points with a reason, each right one keeps them."""
    as_expected, message = blind.check_answer(path)
    assert as_expected, f"{path.name}: {message or 'kept its points'}"


@pytest.mark.parametrize("wrong, case, says", [
    (lambda n, t, p, d, z: n / (t * p) * (2 + 4 / (d if z >= 2 else 1) + 12 / (d if z >= 1 else 1)), (7e9, 1, 1, 8, 1),
     "the gradients in fp32 (4 bytes)"),
    (lambda n, t, p, d, z: n / (t * p) * (6 + 2 + 8 / d), (7e9, 1, 1, 8, 1), "the fp32 master copy counted with the weights"),
    (lambda n, t, p, d, z: n / (t * p) * (4 + 12 / (t * p * d)), (70e9, 8, 4, 2, 1),
     "the state divided over all tp x pp x dp = 64 devices"),
    (lambda n, t, p, d, z: n / (t * p) * (2 / d + 14), (175e9, 8, 1, 124, 3), "at stage 3 this divides weights by dp"),
])
def test_state_bytes_round_10_slips_are_named(wrong, case, says):
    """Issue 38, round 10: each was told only "is not what one device holds"."""
    report = ex11.check_state_bytes(wrong, [case])
    assert not report.passed and says in report.problem, report.problem


@pytest.mark.parametrize("part, how, case, says", [
    ("optimizer", lambda m, l, p: p * m.optimizer_bytes / (l.dp * l.cp // l.ep), MOE_EP, "dp x cp / ep = 2"),
    ("optimizer", lambda m, l, p: p * 6 * m.param_bytes / l.dp, FP32_ADAM, "6 x model.param_bytes"),
    ("activations", lambda m, l, p: plan.memory(m, l)["activations"] + plan.memory(m, l)["logits"], Q2_HIDDEN[0],
     "the fp32 logits of the loss"),
])
def test_plan_bytes_round_10_slips_are_named(part, how, case, says):
    def answer(model, layout):
        return {**q2_solution(model, layout), part: how(model, layout, plan.parameters_per_device(model, layout))}
    report = ex11.check_plan_bytes(answer, [case])
    assert not report.passed and says in report.problem, report.problem


def test_fewest_gpus_a_search_that_gives_up_early_is_named():
    """Issue 38, round 10 (planted: powers of two up to 64 only, then PlanError): it was told only its own error."""
    def up_to_64(model, accelerator, global_batch):
        for count in (1, 2, 4, 8, 16, 32, 64):
            try:
                return count, plan.recommend(model, ex11.cluster_of(accelerator, count), global_batch,
                                             recompute=("none",), max_cp=1).layout
            except plan.PlanError:
                pass
        raise plan.PlanError(f"{model.name} does not fit on 64")

    report = ex11.check_fewest_gpus(up_to_64, [(ex11.llama_like("70B", 80, 8192, 64, 28672, kv_heads=8), "V100 32GB",
                                                256)])
    assert not report.passed and "raised PlanError" in report.problem and "however many that takes" in report.problem, \
        report.problem


# issue 38, round 11: the hidden cases of q3 that need ZeRO-3, and a pipeline that does not divide the layers
WIDE_VOCAB = (plan.Model(layers=2, hidden=4096, heads=1, seq=256, vocab=1_000_000, name="2-layer, 1M vocabulary"),
              "T4", 64)
SIX_LAYERS = (plan.Model(layers=6, hidden=5120, heads=1, seq=1024, vocab=8000, name="6-layer, 1 head"), "T4", 1)


def _pp_dividing_layers(model, accelerator, global_batch):
    """Planted (round 11): only the pipeline degrees that divide the layers, each layout planned by hand."""
    for count in (2 ** i for i in range(8)):
        for layout in (plan.Layout(pp=pp, dp=count // pp, zero=z, global_batch=global_batch)
                       for pp in (1, 2, 4, 8) if count % pp == 0 and pp <= model.layers and model.layers % pp == 0
                       for z in (0, 1, 2, 3) if (pp == 1 or z < 2) and (count // pp > 1 or z == 0)
                       and global_batch % (count // pp) == 0):
            if plan.plan(model, ex11.cluster_of(accelerator, count), layout).fits:
                return count, layout
    raise plan.PlanError(f"{model.name} fits on none of the counts tried")


@pytest.mark.parametrize("wrong, case, says", [
    (_searched(zero_stages=(0, 1, 2)), WIDE_VOCAB, "= 16 is not the fewest: 8 fit (tp1 x pp1 x dp8, ZeRO-3"),
    (_searched(zero_stages=(0, 1, 2)), WIDE_VOCAB, "every ZeRO stage among them"),
    (_pp_dividing_layers, SIX_LAYERS, "4 fit (tp1 x pp4 x dp1"),
    (_pp_dividing_layers, SIX_LAYERS, "a pipeline degree need not divide the layers (pp=4 over 6 layers"),
])
def test_fewest_gpus_round_11_slips_are_named(wrong, case, says):
    """Issue 38, round 11: ZeRO-3 left out of the search (16 where 8 fit), pipeline degrees only among the divisors
    of the layers (nothing fits where pp=4 fits on 4): both kept their points; a hidden case each."""
    report = ex11.check_fewest_gpus(wrong, [case])
    assert not report.passed and says in report.problem, report.problem
    assert ex11.check_fewest_gpus(q3_solution, [case]).passed


def test_plan_bytes_sequence_parallelism_the_layout_does_not_have_is_named():
    """Issue 38, round 11 (planted: activations always computed with sequence_parallel=True): BLOOM-176B's published
    layout (tp4, no SP), a hidden case; and the converse, SP always off, on the public tp2 case."""
    bloom = (plan.PUBLISHED["BLOOM-176B"]["model"], plan.PUBLISHED["BLOOM-176B"]["layout"])

    def sp(on):
        def answer(model, layout):
            return {**q2_solution(model, layout), "activations": plan.memory(
                model, dataclasses.replace(layout, sequence_parallel=on))["activations"]}
        return answer

    report = ex11.check_plan_bytes(sp(True), [bloom])
    assert not report.passed and "the activations with sequence parallelism, but this layout has " \
        "sequence_parallel=False" in report.problem, report.problem
    report = ex11.check_plan_bytes(sp(False), ex11.buggy_cases())
    assert not report.passed and "without sequence parallelism, but this layout has sequence_parallel=True" \
        in report.problem, report.problem
    assert ex11.check_plan_bytes(q2_solution, [bloom]).passed


def _top5_without_recompute(model, accelerator, global_batch):
    """Planted (round 12): a search that allowed recomputation, the first of its top 5 free of it kept."""
    for count in (2 ** i for i in range(14)):
        try:
            plans = plan.search(model, ex11.cluster_of(accelerator, count), global_batch, max_cp=1)
        except plan.PlanError:
            continue
        for p in plans:
            if p.layout.recompute == "none":
                return count, p.layout
    raise plan.PlanError("no count fits")


def test_fewest_gpus_a_filtered_search_is_told_the_rule_not_zero_3():
    """Issue 38, round 12: 16 where 8 fit (A100 40GB, a hidden case): the message says the rule (restrictions passed
    to the search) and does not blame a missing ZeRO stage, as ZeRO-0/1/2 alone would not give 16 here."""
    case = (M7, "A100 40GB", 64)
    report = ex11.check_fewest_gpus(_top5_without_recompute, [case])
    assert not report.passed and "= 16 is not the fewest: 8 fit" in report.problem, report.problem
    assert "pass them to the search" in report.problem and "ZeRO stage" not in report.problem, report.problem
    assert ex11.check_fewest_gpus(q3_solution, [case]).passed


@pytest.mark.parametrize("key, says", [
    (lambda n, tp, pp, dp, z: (n, tp * pp, z), "differs only in dp"),
    (lambda n, tp, pp, dp, z: (n, dp, z), "differs only in tp"),
])
def test_state_bytes_a_memo_missing_an_argument_is_named(key, says):
    """Issue 38, round 13: a memo keyed without dp, or without tp x pp, kept its points (no two cases differed in
    that argument alone): each right call is followed by the same case with dp, then tp, doubled."""
    memo = {}

    def memoised(n, tp, pp, dp, z):
        return memo.setdefault(key(n, tp, pp, dp, z), q1_solution(n, tp, pp, dp, z))

    problem = ex11.check_state_bytes(memoised, [(7e9, 1, 1, 8, 1)]).problem
    assert says in problem and "state kept between calls" in problem, problem
    assert ex11.check_state_bytes(q1_solution, [(7e9, 1, 1, 8, 1), (70e9, 8, 4, 2, 1)]).passed


@pytest.mark.parametrize("change, says", [
    (dict(sequence_parallel=False), "without sequence parallelism, which plan.search never plans"),
    (dict(micro_batch=16), "a size plan.search never tries"),
])
def test_fewest_gpus_a_layout_plan_search_never_plans_is_named(change, says):
    """Issue 38, round 13: the right count with a tensor-parallel layout without sequence parallelism kept its
    points; the layout's fields are compared with those plan.search tries (SP with tp > 1, micro-batches 1-8)."""
    def other_layout(model, accelerator, global_batch):
        count, layout = q3_solution(model, accelerator, global_batch)
        return count, dataclasses.replace(layout, tp=2, dp=layout.dp * layout.tp // 2, **change)

    problem = ex11.check_fewest_gpus(other_layout, [(ex11.llama_like("7B", 32, 4096, 32, 11008), "A100 80GB", 64)]
                                     ).problem
    assert says in problem and "one plan.search would try" in problem, problem


def test_state_bytes_a_pipeline_share_in_whole_layers_is_named():
    """Issue 38, round 14: the pipeline's share rounded up to whole layers of a guessed 32-layer depth kept its
    points (every pp asked divided 32); a case with pp=3 names it."""
    def whole_layers(n, tp, pp, dp, z):
        return q1_solution(n / 32 * math.ceil(32 / pp) * pp, tp, pp, dp, z)

    problem = ex11.check_state_bytes(whole_layers, [(13e9, 1, 3, 4, 1)]).problem
    assert "whole layers of a 32-layer model" in problem and "split evenly" in problem, problem
    assert ex11.check_state_bytes(q1_solution, [(13e9, 1, 3, 4, 1)]).passed


@pytest.mark.parametrize("change, case, says", [
    (lambda lay: dataclasses.replace(lay, zero=3), (ex11.llama_like("1B", 16, 2048, 16, 5632, seq=1024), "A100 80GB", 16),
     "over one data-parallel replica"),
    (lambda lay: plan.Layout(tp=16, global_batch=lay.global_batch), (ex11.llama_like("7B", 32, 4096, 32, 11008),
                                                                      "A100 80GB", 64), "more than one node of 4"),
])
def test_fewest_gpus_zero_on_one_replica_and_tp_across_nodes_are_named(change, case, says):
    """Issue 38, round 14 (the lead's rulings): ZeRO with dp x cp = 1 and tensor parallelism beyond a node are
    layouts plan.search never tries (the question asks for one it would)."""
    def changed(model, accelerator, global_batch):
        count, layout = q3_solution(model, accelerator, global_batch)
        return count, change(layout)

    problem = ex11.check_fewest_gpus(changed, [case]).problem
    assert says in problem and "one plan.search would try" in problem, problem


# --------------------------------------------------------------------------- round 15 (issue 38)


@pytest.mark.parametrize("power", [9, 7])
def test_state_bytes_of_a_rounded_count_are_named(power):
    """Issue 38, round 15: the count rounded to whole billions, or to 0.01 billion, was right on every round size the
    cases used: a hidden case has LLaMA-7B's 6,738,415,616, and the slip is named."""
    def rounded(n, t, p, d, z):
        return ex11.reference_state_bytes(round(n / 10 ** power) * 10 ** power, t, p, d, z)

    case = [(6_738_415_616, 2, 4, 2, 2)]
    problem = ex11.check_state_bytes(rounded, case).problem
    assert problem and "the count rounded: the rule: the bytes of exactly num_params" in problem, problem
    assert ex11.check_state_bytes(ex11.reference_state_bytes, case).passed


@pytest.mark.parametrize("twin", [dict(vocab=64000), dict(param_bytes=4, grad_bytes=4)], ids=["vocab", "bytes"])
def test_plan_bytes_cached_by_the_name_and_layout_is_named(twin):
    """Issue 38, round 15: a result cached by (name, seq, layout), or with the layers and width too: the same "13B"
    name and layout with another vocabulary or other bytes per value gets the earlier parts."""
    memo = {}

    def cached(model, layout):
        key = (model.name, model.seq, model.layers, model.hidden, layout)
        return memo.setdefault(key, {k: plan.memory(model, layout)[k] for k in ex11.PARTS})

    cases = [Q2_HIDDEN[0], (dataclasses.replace(Q2_HIDDEN[0][0], **twin), Q2_HIDDEN[0][1])]
    problem = ex11.check_plan_bytes(cached, cases).problem
    assert problem and "these are the parts of an earlier call" in problem, problem
    assert ex11.check_plan_bytes(lambda m, l: {k: plan.memory(m, l)[k] for k in ex11.PARTS}, cases).passed


# --------------------------------------------------------------------------- issue 38, round 16


def _q1_whole_params(n, tp, pp, dp, z):  # planted: q1_wrong_r16_floor_params (whole parameters per device)
    return q1_solution(n // (tp * pp) * tp * pp, tp, pp, dp, z)


def _q1_float32(n, tp, pp, dp, z):  # planted: q1_wrong_r16_float32_total
    return float(np.float32(q1_solution(np.float32(n), tp, pp, dp, z)))


@pytest.mark.parametrize("wrong", [_q1_whole_params, _q1_float32])
def test_state_bytes_off_by_more_than_a_byte_is_named(wrong):
    """Issue 38, round 16 (the lead's ruling): within 1e-6 but off by more than a byte (13e9 over pp=3: a third of a
    parameter a device) is wrong; a whole number of bytes rounded (under a byte) passes."""
    problem = ex11.check_state_bytes(wrong, [(13e9, 1, 3, 4, 1)]).problem
    assert problem and "the rule: the bytes of exactly num_params / (tp x pp) parameters a device" in problem, problem
    assert ex11.check_state_bytes(q1_int, [(13e9, 1, 3, 4, 1)]).passed


def test_plan_bytes_optimizer_as_six_times_the_weights_is_named():
    """Issue 38, round 16 (planted: q2_wrong_r16_opt_six_times_weights): 2-byte weights with 8 bytes of optimizer
    state (the hidden "13B fp32 gradients" case)."""
    model = dataclasses.replace(M13, param_bytes=2, grad_bytes=4, optimizer_bytes=8, name="13B fp32 gradients")
    case = [(model, plan.Layout(tp=4, pp=3, dp=2, zero=0, micro_batch=1, global_batch=16))]

    def six_times(model, layout):
        parts = q2_solution(model, layout)
        return {**parts, "optimizer": parts["weights"] * 6}

    problem = ex11.check_plan_bytes(six_times, case).problem
    assert problem and "12 bytes of optimizer state per parameter hard-coded" in problem, problem
    assert ex11.check_plan_bytes(q2_solution, case).passed


# --------------------------------------------------------------------------- issue 38, round 17


def test_state_bytes_each_part_rounded_up_is_named():
    """Issue 38, round 17 (planted: q1_wrong_r17_ceil_per_part): 1e9 + 1 parameters over pp=3, dp=7, ZeRO-1: each
    part rounded up to whole bytes is 1.33 bytes over."""
    def ceil_parts(n, tp, pp, dp, z):
        p = n / (tp * pp)
        return (math.ceil(2 * p / (dp if z >= 3 else 1)) + math.ceil(2 * p / (dp if z >= 2 else 1))
                + math.ceil(12 * p / (dp if z >= 1 else 1)))

    case = [(1_000_000_001, 1, 3, 7, 1)]
    problem = ex11.check_state_bytes(ceil_parts, case).problem
    assert problem and "+1.33 off" in problem and "each part rounded up to whole bytes" in problem, problem
    assert ex11.check_state_bytes(q1_solution, case).passed


def test_plan_bytes_a_cache_without_dropout_in_its_key_is_named():
    """Issue 38, round 17 (planted: q2_wrong_r17_cache_partial_key): the same "13B" and layout with dropout."""
    cases = [Q2_HIDDEN[0], (dataclasses.replace(Q2_HIDDEN[0][0], dropout=True), Q2_HIDDEN[0][1])]
    key = [f.name for f in dataclasses.fields(M13) if f.name not in ("dropout", "gated", "top_k", "kv_heads", "norm")]
    report = ex11.check_plan_bytes(_cached(lambda m, l: (tuple(getattr(m, k) for k in key), l)), cases)
    assert not report.passed and "these are the parts of an earlier call" in report.problem, report.problem
    assert "the model's dropout False -> True" in report.problem
    assert ex11.check_plan_bytes(q2_solution, cases).passed


# --------------------------------------------------------------------------- issue 38, round 18


def test_state_bytes_weights_sharded_at_stage_2_for_some_degrees_is_named():
    """Issue 38, round 18 (planted: q1_wrong_r18_stage_bool): the hidden case (70e9, 4, 4, 8, 2), dp % 4 == 0 and
    tp x pp > 8, where the planted answer divides the weights at stage 2 too."""
    def stage_bool(n, tp, pp, dp, z):
        return q1_solution(n, tp, pp, dp, 3 if z == 2 and dp % 4 == 0 and tp * pp > 8 else z)

    case = [(70e9, 4, 4, 8, 2)]
    problem = ex11.check_state_bytes(stage_bool, case).problem
    assert problem and "stage 2 shards the gradients and the optimizer state, never the weights" in problem, problem
    assert ex11.check_state_bytes(q1_solution, case).passed


def test_plan_bytes_parts_in_float32_are_named():
    """Issue 38, round 18 (planted: q2_wrong_r18_float32_parts): within 1e-6 but a KiB off on the odd vocabulary's
    optimizer part (the hidden twin, vocabulary 64001); a part under a byte off passes."""
    case = [(dataclasses.replace(M13, vocab=64001), Q2_HIDDEN[0][1])]
    problem = ex11.check_plan_bytes(lambda m, l: {k: np.float32(v) for k, v in q2_solution(m, l).items()}, case).problem
    assert problem and "the optimizer part is" in problem and "the rule: every part exact, to within a byte" in problem, \
        problem
    assert ex11.check_plan_bytes(lambda m, l: {k: v + 0.5 for k, v in q2_solution(m, l).items()}, case).passed


# issue 38, round 20: a search capped at 8192 devices (plan.fewest_devices' old default), and a memo keyed by the name
# and shape
DEEP = (plan.Model(layers=2048, hidden=20480, heads=160, seq=256, vocab=32000, name="2048-layer"), "T4", 1)


def test_fewest_gpus_a_search_capped_at_8192_is_told_the_rule():
    assert ex11.reference_fewest(*DEEP)[0] == 16384
    assert ex11.check_fewest_gpus(q3_solution, [DEEP]).passed

    def capped(model, accelerator, global_batch):  # plan.fewest_devices' candidates before round 20
        p = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",), max_cp=1,
                                candidates=[2 ** i for i in range(14)])
        return p.cluster.count, p.layout

    report = ex11.check_fewest_gpus(capped, [DEEP])
    assert not report.passed and "raised PlanError" in report.problem and "16384 fit" in report.problem, report.problem
    assert "however many that takes (no cap of its own: gpukit.plan.fewest_devices tries up to 1048576)" \
        in report.problem, report.problem


def test_fewest_devices_plans_past_8192_devices_by_default():
    """Published runs passed 8 192 accelerators (Llama 3 405B: up to 16K H100s, "The Llama 3 Herd of Models"); the
    default once stopped at 8 192.
    Planted bug it catches: DEVICE_COUNTS back to range(14). The count is checked by plan.plan on the layout found,
    and nothing fits on half as many."""
    best = plan.fewest_devices(DEEP[0], DEEP[1], DEEP[2])
    assert best.cluster.count == 16384 and best.fits
    with pytest.raises(plan.PlanError, match="no layout fits"):
        plan.search(DEEP[0], ex11.cluster_of(DEEP[1], 8192), DEEP[2])


def test_fewest_gpus_a_memo_keyed_by_the_name_and_shape_is_named():
    memo = {}

    def cached(model, accelerator, global_batch):
        key = (model.name, model.layers, model.hidden, model.heads, model.seq, accelerator, global_batch)
        if key not in memo:
            memo[key] = q3_solution(model, accelerator, global_batch)
        return memo[key]

    wide = ex11.llama_like("7B", 32, 4096, 32, 11008, vocab=1_000_000)
    assert ex11.check_fewest_gpus(q3_solution, [(wide, "A100 80GB", 64)]).passed
    report = ex11.check_fewest_gpus(cached, [(M7, "A100 80GB", 64), (M7, "A100 80GB", 16), (wide, "A100 80GB", 64)])
    assert not report.passed and "state kept between calls" in report.problem, report.problem
    assert "fewest_gpus(7B, A100 80GB, 64) differs only in the model's vocab 32000 -> 1000000" in report.problem
    assert "every field, not only its name and shape" in report.problem


def test_q2_round22_a_memo_keyed_by_id_is_named_by_a_model_changed_at_the_same_address():
    """Issue 38, round 22 (blind: q2_wrong_r22_id_cache): a memo keyed by id(model) hands the parts of a model that is
    gone to the next model made at its address. Planted bug it catches: no ``_same_address_problem`` (every case of
    the check is a model object of its own, alive together: their ids differ)."""
    memo = {}

    def by_id(model, layout):
        if (id(model), layout) not in memo:
            memo[(id(model), layout)] = {k: v for k, v in plan.memory(model, layout).items() if k in ex11.PARTS}
        return dict(memo[(id(model), layout)])

    report = ex11.check_plan_bytes(by_id, ex11.buggy_cases())
    assert not report.passed and "a memo keyed by id() is stale" in report.problem, report.problem
    fields = {}  # a memo keyed by the model itself (its fields) is right

    def by_fields(model, layout):
        return dict(fields.setdefault((model, layout), {k: v for k, v in plan.memory(model, layout).items()
                                                         if k in ex11.PARTS}))

    assert ex11.check_plan_bytes(by_fields, ex11.buggy_cases()).passed

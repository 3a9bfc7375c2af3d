"""gpukit.widgets: the memory planner's numbers (no browser needed) and its widget tree."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from gpukit import memory as mem  # noqa: E402
from gpukit import widgets  # noqa: E402


def test_planner_state_even_split_overflows_the_small_device_the_plan_fits():
    state = widgets.planner_state([24, 12], 350, 25, 512)
    assert state["error"] is None
    assert state["even"] == [256, 256] and state["even_fits"] is False
    plan = state["plan"]
    assert sum(plan.per_replica_batch_sizes) == 512
    assert plan.per_replica_batch_sizes[0] > plan.per_replica_batch_sizes[1]
    usable = [m * (1 - plan.headroom) for m in state["memory"]]
    assert all(n <= u for n, u in zip(state["planned_needed"], usable))
    assert state["even_needed"][1] > usable[1]
    assert [r["capacity"] for r in plan.rows()] == [24, 12]  # the table shows GB, not bytes


def test_planner_state_reports_what_does_not_fit_instead_of_raising():
    too_big = widgets.planner_state([24, 12], 350, 25, 4096)
    assert too_big["plan"] is None and "gradient accumulation" in too_big["error"]
    model_too_big = widgets.planner_state([24, 4], 350, 25, 64)
    assert model_too_big["plan"] is None and "model parallelism" in model_too_big["error"]
    # the same numbers the planner gives directly
    est = widgets.planner_state([24, 12], 350, 25, 512)["estimate"]
    direct = mem.plan([24, 12], 512, memory=[24e9, 12e9], estimate=est)
    assert direct.per_replica_batch_sizes == widgets.planner_state([24, 12], 350, 25, 512)["plan"].per_replica_batch_sizes


@pytest.mark.parametrize("batch", [512, 4096])
def test_planner_figure_draws_both_splits(batch):
    import matplotlib.pyplot as plt

    fig = widgets.planner_figure(widgets.planner_state([24, 12], 350, 25, batch))
    titles = [ax.get_title() for ax in fig.axes]
    assert titles[0].startswith("even split") and titles[1].startswith("planned split")
    assert ("does not fit" in titles[1]) == (batch == 4096)
    plt.close(fig)


def test_planner_widget_builds_and_redraws():
    import ipywidgets

    box = widgets.planner(memories_gb=(24, 12, 8))
    sliders = [c for c in box.children if isinstance(c, ipywidgets.FloatSlider)]
    assert len(sliders) == 3 + 2  # one per device, parameters, activations
    sliders[0].value = 40  # triggers a redraw; must not raise
    batch = [c for c in box.children if isinstance(c, ipywidgets.IntSlider)][0]
    batch.value = 4096


def test_planner_sliders_have_units_formats_and_update_on_release():
    import ipywidgets

    box = widgets.planner(memories_gb=(24, 12))
    sliders = [c for c in box.children if isinstance(c, (ipywidgets.FloatSlider, ipywidgets.IntSlider))]
    for s in sliders:
        assert s.continuous_update is False, f"{s.description}: redraws are slow, update on release"
        assert "(" in s.description and s.description.endswith(")"), f"{s.description}: the label names its unit"
    assert [s.readout_format for s in sliders] == [".0f", ".0f", ",.0f", ".1f", ",d"]


def test_show_plan_is_the_planner_as_a_plain_call(capsys):
    state = widgets.show_plan((24, 12), 350, 25, 512)
    out = capsys.readouterr().out
    assert out.startswith(widgets.planner_report(state))  # then the figure (its repr outside a notebook)
    assert "global_batch_size = " in out and state["plan"] is not None
    assert widgets.planner((24, 12), interactive=False)["plan"].per_replica_batch_sizes == state["plan"].per_replica_batch_sizes


@pytest.mark.parametrize("memories, match", [((), "at least one device"), ((24, 200), "between 1 and max_memory_gb=80"),
                                              (("24",), "numbers of GB")])
def test_planner_rejects_bad_memories_before_drawing(memories, match):
    with pytest.raises(ValueError, match=match):
        widgets.planner(memories_gb=memories)


def test_zero_figure_bars_follow_the_formula_and_the_calculator_redraws(capsys):
    """Lesson 09's calculator, headless: the bars' heights are the ZeRO paper's numbers."""
    import ipywidgets
    import matplotlib.pyplot as plt

    fig, rows = widgets.zero_figure(7.5, 64, "mixed")
    assert [round(r["total"] / 1e9, 1) for r in rows] == [120.0, 31.4, 16.6, 1.9]
    heights = sorted(round(p.get_height(), 3) for p in fig.axes[0].patches if p.get_fill())
    assert round(7.5e9 * 2 / 1e9, 3) in heights  # data parallel's float16 weights: 15 GB
    plt.close(fig)
    box = widgets.zero_calculator(7, 8)
    assert "data parallel: 112.0 GB" in capsys.readouterr().out
    replicas = [c for c in box.children if isinstance(c, ipywidgets.IntSlider)][0]
    replicas.value = 16
    kind = [c for c in box.children if isinstance(c, ipywidgets.ToggleButtons)][0]
    kind.value = "mixed"
    with pytest.raises(ValueError, match="precision='bf16': use one of"):
        widgets.zero_figure(1, 2, "bf16")

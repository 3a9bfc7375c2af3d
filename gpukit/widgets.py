"""ipywidgets explorers for the lessons (lesson 03: the memory planner; lesson 09: ZeRO's memory).

``planner()`` shows sliders (labels with units, updated on release) for each device's memory, the model size, the activations per
example and the global batch; it redraws the plan table and a bar chart of the memory
each device needs, even split vs planned split. The numbers come from
``planner_state(...)``, a plain function with no widgets (tests call it directly), and
the picture from ``planner_figure(state)``; ``show_plan(...)`` is the same report and chart as a plain call (static renders, scripts).

``zero_calculator()`` (lesson 09): parameters, replicas and precision in, the training state each
device holds for data parallelism and ZeRO stages 1-3 out, as stacked bars against a device's
memory (``zero_figure``; numbers from ``gpukit.zero.state_bytes``).
"""

from __future__ import annotations

from . import batching
from . import memory as mem

GB = 10**9  # sliders speak in GB as vendors do; the plan table shows MiB


def planner_state(memories_gb, parameters_millions: float, activations_mb: float, global_batch_size: int, *,
                  optimizer: str = "adam", dtype: str = "float32", capacities=None, headroom: float = 0.1) -> dict:
    """Everything the planner shows, as plain data.

    Args:
        memories_gb: memory of each device in GB (one replica per device).
        parameters_millions: model size in millions of parameters.
        activations_mb: activation memory per example in MB (measure it: ``mem.measure_activations``).
        global_batch_size: examples per step over all devices.
        capacities: what the split is proportional to; default the memories.

    Returns a dict with ``estimate`` (``MemoryEstimate``), ``even`` (per-replica sizes of
    an even split), ``even_needed``/``planned_needed`` (bytes per device),
    ``even_fits``, ``plan`` (a ``Plan``, or None) and ``error`` (the planner's message, or None).
    """
    memory = [float(m) * GB for m in memories_gb]
    # activations are given in MB of values; estimate_from_counts counts values of `dtype`
    per_value = mem.BYTES_PER_VALUE[dtype]
    estimate = mem.estimate_from_counts(int(parameters_millions * 1e6), int(activations_mb * 1e6 / per_value),
                                             optimizer=optimizer, dtype=dtype)
    state = {"memory": memory, "estimate": estimate, "plan": None, "error": None,
             "even": None, "even_needed": None, "even_fits": None, "planned_needed": None}
    try:
        batching.check_capacities(memory, name="memory")
        even = batching.even(global_batch_size, len(memory))
        state["even"] = even
        state["even_needed"] = [estimate.bytes_for(n) for n in even]
        state["even_fits"] = all(n <= m * (1 - headroom) for n, m in zip(state["even_needed"], memory))
        plan = mem.plan(capacities if capacities is not None else list(memories_gb), global_batch_size,
                             memory=memory, estimate=estimate, headroom=headroom)
        state["plan"] = plan
        state["planned_needed"] = plan.memory_needed()
    except ValueError as err:
        state["error"] = str(err)
    return state


def planner_figure(state: dict, figsize=(9, 3.5)):
    """Bar chart: memory each device needs with an even split and with the plan, vs its size."""
    import matplotlib.pyplot as plt

    from . import plots

    memory = state["memory"]
    labels = [f"dev {i}\n{m / GB:.0f} GB" for i, m in enumerate(memory)]
    fixed = [state["estimate"].fixed / GB] * len(memory)
    usable = [m * (1 - (state["plan"].headroom if state["plan"] else 0.1)) / GB for m in memory]
    fig, axes = plt.subplots(1, 2, figsize=figsize, sharey=True)
    panels = [("even split", state["even"], state["even_needed"]), ("planned split", None, state["planned_needed"])]
    if state["plan"] is not None:
        panels[1] = ("planned split", list(state["plan"].per_replica_batch_sizes), state["planned_needed"])
    for ax, (title, sizes, needed) in zip(axes, panels):
        if needed is None:
            ax.set_title(f"{title}: does not fit")
            ax.text(0.5, 0.5, "no plan fits\n(see the message)", ha="center", va="center", transform=ax.transAxes)
            ax.set_xticks([])
            continue
        activations = [(n - f * GB) / GB for n, f in zip(needed, fixed)]
        plots.stacked_bars(ax, labels, {"weights + grads + optimizer": fixed, "activations": activations},
                           limits=usable, limit_label="usable memory", ylabel="memory per device (GB)",
                           title=f"{title}: batches {sizes}")
    fig.tight_layout()
    return fig


def planner_report(state: dict) -> str:
    """The planner's text as a plain string: the memory estimate, then the plan table (or why none fits)."""
    return f"{state['estimate'].table()}\n\n{state['error'] or state['plan'].table()}"


def show_plan(memories_gb=(24, 12), parameters_millions: float = 350, activations_mb: float = 25,
              global_batch_size: int = 512, **kwargs) -> dict:
    """The planner without widgets: prints the report and shows the bar chart once; returns the state.

    What the interactive ``planner`` shows for one setting of its sliders, so a static render
    (GitHub, nbviewer, a PDF) still reads, and a script can call it. ``kwargs`` go to ``planner_state``."""
    import matplotlib.pyplot as plt
    from IPython.display import display

    state = planner_state(memories_gb, parameters_millions, activations_mb, global_batch_size, **kwargs)
    print(planner_report(state))
    fig = planner_figure(state)
    display(fig)
    plt.close(fig)  # shown once, in the output area, not again below the cell
    return state


def planner(memories_gb=(24, 12), parameters_millions: float = 350, activations_mb: float = 25,
            global_batch_size: int = 512, max_memory_gb: int = 80, *, interactive: bool = True):
    """The interactive planner: sliders in, plan table and bar chart out (JupyterLab, Colab).

    Each slider's label carries its unit. Redrawing computes a plan and a figure (about a
    second), so sliders update on release (``continuous_update=False``), not while dragging.
    ``interactive=False`` is ``show_plan(...)``: the same report and chart, no widgets."""
    if not interactive:
        return show_plan(memories_gb, parameters_millions, activations_mb, global_batch_size)
    import ipywidgets as w
    from IPython.display import display

    _check_planner_inputs(memories_gb, max_memory_gb)
    style = {"description_width": "210px"}
    layout = w.Layout(width="560px")
    common = dict(style=style, layout=layout, continuous_update=False)
    memory_sliders = [w.FloatSlider(value=m, min=1, max=max_memory_gb, step=1, readout_format=".0f",
                                    description=f"device {i} memory (GB)", **common) for i, m in enumerate(memories_gb)]
    params = w.FloatSlider(value=parameters_millions, min=1, max=3000, step=1, readout_format=",.0f",
                           description="parameters (millions)", **common)
    activations = w.FloatSlider(value=activations_mb, min=0.1, max=200, step=0.1, readout_format=".1f",
                                description="activations per example (MB)", **common)
    batch = w.IntSlider(value=global_batch_size, min=len(memories_gb), max=4096, step=1, readout_format=",d",
                        description="global batch (examples)", **common)
    out = w.Output()

    def redraw(*_):
        out.clear_output(wait=True)
        with out:
            show_plan([s.value for s in memory_sliders], params.value, activations.value, batch.value)

    for s in (*memory_sliders, params, activations, batch):
        s.observe(redraw, names="value")
    redraw()
    box = w.VBox([w.HTML("<b>Memory planner</b>: each device gets a batch in proportion to its memory"),
                  *memory_sliders, params, activations, batch, out])
    display(box)
    return box


def _check_planner_inputs(memories_gb, max_memory_gb):
    memories = list(memories_gb)
    if not memories:
        raise ValueError("planner needs at least one device memory, e.g. memories_gb=(24, 12)")
    bad = [m for m in memories if not isinstance(m, (int, float)) or not 1 <= m <= max_memory_gb]
    if bad:
        raise ValueError(f"planner: device memories must be numbers of GB between 1 and max_memory_gb="
                         f"{max_memory_gb}, got {bad}; pass max_memory_gb=... for bigger devices")


# --------------------------------------------------------------------------- lesson 09: ZeRO's memory

PRECISIONS = {  # bytes per parameter: weights, gradients, optimizer (Adam), as in the ZeRO paper
    "float32": dict(weight_bytes=4, grad_bytes=4, optimizer_bytes=8),
    "mixed": dict(weight_bytes=2, grad_bytes=2, optimizer_bytes=12),
}


def zero_figure(parameters_billions: float, num_replicas: int, precision: str = "float32",
                device_gb: float = 80, figsize=(8, 3.5)):
    """Stacked bars: GB of weights, gradients and optimizer state per device for data parallelism
    and ZeRO stages 1-3, with the device's memory as a line."""
    import matplotlib.pyplot as plt

    from . import plots, zero

    if precision not in PRECISIONS:
        raise ValueError(f"precision={precision!r}: use one of {sorted(PRECISIONS)}")
    rows = [zero.state_bytes(parameters_billions * 1e9, num_replicas, stage, **PRECISIONS[precision])
            for stage in (0, 1, 2, 3)]
    labels = ["data parallel", "stage 1", "stage 2", "stage 3"]
    fig, ax = plt.subplots(figsize=figsize)
    plots.stacked_bars(ax, labels, {part: [r[part] / GB for r in rows] for part in ("weights", "gradients", "optimizer")},
                       limits=[device_gb] * 4, limit_label=f"device memory ({device_gb:g} GB)",
                       ylabel="GB per device", title=f"{parameters_billions:g}B parameters, {num_replicas} replicas, "
                                                     f"{precision}")
    fig.tight_layout()
    return fig, rows


def zero_calculator(parameters_billions: float = 7, num_replicas: int = 8, precision: str = "float32",
                    device_gb: float = 80):
    """Sliders for the parameters (billions) and the replicas, a precision toggle; redraws
    ``zero_figure`` and prints the GB per device of each stage."""
    import ipywidgets as w

    common = dict(style={"description_width": "160px"}, layout=w.Layout(width="520px"), continuous_update=False)
    params = w.FloatSlider(value=parameters_billions, min=0.1, max=200, step=0.1, readout_format=".1f",
                           description="parameters (billions)", **common)
    replicas = w.IntSlider(value=num_replicas, min=1, max=1024, step=1, readout_format="d",
                           description="replicas (devices)", **common)
    kind = w.ToggleButtons(options=sorted(PRECISIONS), value=precision, description="precision")

    def draw():
        fig, rows = zero_figure(params.value, replicas.value, kind.value, device_gb)
        print(" | ".join(f"{name}: {r['total'] / GB:.1f} GB" for name, r in
                         zip(("data parallel", "stage 1", "stage 2", "stage 3"), rows)))
        return fig

    return live("<b>ZeRO memory calculator</b>: training state per device", [params, replicas, kind], draw)


def live(title_html: str, controls, draw):
    """An explorer's wiring: ``controls`` above an output area; ``draw()`` (which may print, and
    returns a matplotlib figure) runs once now and again whenever a control's value changes, its
    output replacing the previous one. Displays and returns the box."""
    import ipywidgets as w
    import matplotlib.pyplot as plt
    from IPython.display import display

    out = w.Output()

    def redraw(*_):
        out.clear_output(wait=True)
        with out:
            fig = draw()
            display(fig)
            plt.close(fig)

    for control in controls:
        control.observe(redraw, names="value")
    redraw()
    box = w.VBox([w.HTML(title_html), *controls, out])
    display(box)
    return box

"""Fair timing, and the course's benchmarks (``make bench``; lesson 07 builds on this).

Speed is measured here, never asserted in tests. ``median_seconds`` times a function the
fair way: warm-up runs first (tracing and caches excluded), then repeats, then the median.

``python -m gpukit.bench --out bench-results`` writes ``results.json`` and ``results.md``:

* every notebook in notebooks/ and solutions/ run top to bottom (nbclient), its wall time
  next to the ``budget_s`` in its metadata;
* seconds per epoch of lesson 01's model: ``fit`` and the gpukit CTL, on one device and
  under ``MirroredStrategy`` over every virtual CPU;
* lesson 03's straggler: simulated step time with an even split vs the planned uneven split;
* lesson 04's accumulation overhead: k micro-batches accumulated vs the same micro-batches as
  plain steps (goal: at most 15 % slower);
* lesson 05's pipeline bubble for several (p, m): measured with controlled-cost stages (one thread
  per stage, sleeps) and with real compute (``parallel.Pipeline``, 1F1B), next to (p-1)/(m+p-1).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import platform
import statistics
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


def median_seconds(fn, repeats: int = 5, warmup: int = 1) -> float:
    """Median wall time of ``fn()`` over ``repeats`` runs after ``warmup`` untimed runs."""
    if repeats < 1 or warmup < 0:
        raise ValueError(f"repeats={repeats} must be >= 1 and warmup={warmup} >= 0")
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def notebook_seconds(path: pathlib.Path, timeout: int = 600) -> dict:
    """Run one notebook in a fresh kernel; return its time, budget and outcome."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(str(path), as_version=4)
    budget = nb.metadata.get("gpukit", {}).get("budget_s")
    start = time.perf_counter()
    status = "ok"
    try:
        NotebookClient(nb, timeout=timeout, kernel_name="python3", allow_errors=False,
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    except Exception as err:  # noqa: BLE001 - a benchmark records failures, it does not stop
        # nbclient stops at the first error unless the cell is tagged raises-exception
        status = f"error: {type(err).__name__}"
    seconds = time.perf_counter() - start
    return {"notebook": str(path.relative_to(ROOT)), "seconds": round(seconds, 1), "budget_s": budget,
            "within_budget": budget is not None and seconds <= budget, "status": status}


def epoch_seconds(num_replicas: int, epochs: int = 4, global_batch_size: int = 64) -> dict:
    """Seconds per epoch (median over epochs after the first) for fit and the CTL."""
    from . import data, models, strategies, training
    from ._tf import keras, tf

    (x, y), _ = data.digits()
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size, drop_remainder=True)
    strategy = (strategies.mirrored([f"/cpu:{i}" for i in range(num_replicas)]) if num_replicas > 1
                else tf.distribute.get_strategy())

    class Timer(keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            self.start = time.perf_counter()

        def on_epoch_end(self, epoch, logs=None):
            self.times.append(time.perf_counter() - self.start)

    with strategy.scope():
        model = models.mlp(seed=0)
        model.compile(optimizer=keras.optimizers.Adam(1e-3),
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    timer = Timer()
    timer.times = []
    model.fit(ds, epochs=epochs, shuffle=False, verbose=0, callbacks=[timer])
    with strategy.scope():
        ctl_model, opt = models.mlp(seed=0), keras.optimizers.Adam(1e-3)
    run = training.train(strategy, ctl_model, opt, ds, global_batch_size=global_batch_size, epochs=epochs)
    return {"num_replicas": num_replicas, "steps_per_epoch": run.steps_per_epoch,
            "fit_s": round(statistics.median(timer.times[1:]), 4),
            "ctl_s": round(statistics.median(run.epoch_seconds[1:]), 4)}


def straggler_ms(speeds=(4, 2, 1, 1), global_batch_size: int = 64) -> dict:
    """Lesson 03: simulated milliseconds per step, even split vs planned split, for ``speeds``."""
    from . import batching, sharding
    from . import memory as mem

    splits = {"even": batching.even(global_batch_size, len(speeds)),
              "planned": mem.plan(list(speeds), global_batch_size).per_replica_batch_sizes}
    return {name: round(1000 * sharding.straggler_benchmark(sizes, list(speeds), seconds_per_example=2e-3,
                                                            steps=5)["step_seconds"], 2)
            for name, sizes in splits.items()}


def accumulation_overhead(num_replicas: int, accum_steps: int = 4, micro_batch_size: int = 64) -> dict:
    """Lesson 04: accumulated vs plain micro-batch steps on ``num_replicas`` virtual CPUs."""
    from . import accumulation, data, models, strategies
    from ._tf import keras, tf

    (x, y), _ = data.digits()
    strategy = (strategies.mirrored([f"/cpu:{i}" for i in range(num_replicas)]) if num_replicas > 1
                else tf.distribute.get_strategy())
    out = accumulation.overhead(strategy, lambda: models.mlp(seed=0), lambda: keras.optimizers.Adam(1e-3), x, y,
                                micro_batch_size=micro_batch_size, accum_steps=accum_steps,
                                micro_steps=8 * accum_steps, repeats=5)
    return {"num_replicas": num_replicas, "accum_steps": accum_steps, **{k: round(v, 4) for k, v in out.items()}}


def pipeline_bubble(pairs=((2, 4), (4, 4), (4, 8), (4, 16)), stage_cost_s: float = 0.01, repeats: int = 3,
                    real: bool = True) -> list[dict]:
    """Lesson 05: the bubble of a GPipe pipeline for each ``(p, m)``: controlled cost (best of
    ``repeats`` runs; load only adds delays), real compute (1F1B on ``parallel.Pipeline``, p stages
    on p virtual CPUs) and theory ``(p-1)/(m+p-1)``."""
    from . import data, parallel

    rows = []
    for p, m in pairs:
        sched = parallel.make_schedule("gpipe", p, m)
        controlled = min(parallel.controlled_cost(sched, stage_cost_s, 2 * stage_cost_s).bubble for _ in range(repeats))
        row = {"p": p, "m": m, "theory": round(parallel.theory_bubble(p, m), 4), "controlled": round(controlled, 4)}
        if real:
            widths = (64,) + (256,) * (p - 1) + (10,)
            pipe = parallel.Pipeline(widths, [f"/CPU:{i}" for i in range(p)], seed=0)
            x, y = data.synthetic(8 * m, shape=(64,), seed=0)
            pipe.step(x, y, m=m, schedule="1f1b")  # warm-up
            row["real_1f1b"] = round(min(pipe.step(x, y, m=m, schedule="1f1b").trace.bubble for _ in range(repeats)), 4)
        rows.append(row)
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gpukit.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="bench-results", help="folder for results.json / results.md")
    parser.add_argument("--skip-notebooks", action="store_true", help="only the training benchmarks")
    parser.add_argument("--virtual", type=int, default=4, help="virtual CPUs for the mirrored runs")
    args = parser.parse_args(argv)
    from . import devices

    devices.setup(virtual=args.virtual)
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    results = {"machine": {"python": platform.python_version(), "cpus": __import__("os").cpu_count()},
               "epochs": [epoch_seconds(1), epoch_seconds(args.virtual)],
               "straggler_ms": straggler_ms(),
               "accumulation": [accumulation_overhead(1), accumulation_overhead(args.virtual)],
               "pipeline_bubble": pipeline_bubble(pairs=[(p, m) for p, m in ((2, 4), (4, 4), (4, 8), (4, 16))
                                                         if p <= args.virtual]),
               "notebooks": []}
    if not args.skip_notebooks:
        for path in sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "solutions").glob("*.ipynb")):
            results["notebooks"].append(notebook_seconds(path))
            print(results["notebooks"][-1], flush=True)
    (out / "results.json").write_text(json.dumps(results, indent=2))
    lines = ["# gpukit benchmarks", "", "| replicas | steps/epoch | fit s/epoch | CTL s/epoch |", "|---|---|---|---|"]
    lines += [f"| {r['num_replicas']} | {r['steps_per_epoch']} | {r['fit_s']} | {r['ctl_s']} |" for r in results["epochs"]]
    lines += ["", "| straggler (speeds 4:2:1:1, simulated) | ms per step |", "|---|---|"]
    lines += [f"| {name} split | {ms} |" for name, ms in results["straggler_ms"].items()]
    lines += ["", "| replicas | accum_steps | plain s | accumulated s | overhead |", "|---|---|---|---|---|"]
    lines += [f"| {r['num_replicas']} | {r['accum_steps']} | {r['plain']} | {r['accumulated']} | {r['overhead']:+.1%} |"
              for r in results["accumulation"]]
    lines += ["", "| pipeline p | m | bubble theory | controlled cost | real compute (1F1B) |", "|---|---|---|---|---|"]
    lines += [f"| {r['p']} | {r['m']} | {r['theory']} | {r['controlled']} | {r.get('real_1f1b', '')} |"
              for r in results["pipeline_bubble"]]
    if results["notebooks"]:
        lines += ["", "| notebook | seconds | budget | within | status |", "|---|---|---|---|---|"]
        lines += [f"| {r['notebook']} | {r['seconds']} | {r['budget_s']} | {r['within_budget']} | {r['status']} |"
                  for r in results["notebooks"]]
    (out / "results.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

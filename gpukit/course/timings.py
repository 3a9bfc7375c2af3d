"""``make bench``: how long the lessons take and what their techniques cost on this machine.

The harness, apart from the techniques it times (lesson 07's ``gpukit.bench`` is the timing code a
learner reads; this module is the course's machinery that runs it, and every other lesson, once).
``python -m gpukit.course.timings --out bench-results`` (``make bench``) writes ``results.json``,
``results.md``, ``steps.csv``, ``allreduce.csv`` and ``scaling.png``:

* every notebook in notebooks/ and solutions/ run top to bottom (nbclient), its wall time
  next to the ``budget_s`` in its metadata;
* seconds per epoch of lesson 01's model: ``fit`` and the gpukit CTL, on one device and
  under ``MirroredStrategy`` over every virtual CPU;
* lesson 03's straggler: simulated step time with an even split vs the planned uneven split;
* lesson 04's accumulation overhead: k micro-batches accumulated vs the same micro-batches as
  plain steps (goal: at most 15 % slower);
* lesson 05's pipeline bubble for several (p, m): measured with controlled-cost stages (one thread
  per stage, sleeps) and with real compute (``parallel.Pipeline``, 1F1B), next to (p-1)/(m+p-1).
* lesson 07: time per step per strategy/replica count on one global batch, all-reduce time
  against gradient size per implementation, the input-pipeline speedups.
* lesson 02's cluster start: launch -> first step with workers as new interpreters, forked from a
  fork server that starts first, and forked from a running one (``gpukit.launch.forkserver``).
* (grading time per exercise: ``gpukit.course.grading.bench``, also run by ``make bench``.)

Speed is measured here and printed, never asserted in tests (timings on a shared machine are
noise plus signal).
"""

from __future__ import annotations

import argparse
import csv
import json
import pathlib
import platform
import statistics
import time

from ..bench import (PIPELINES, allreduce_strategy, allreduce_sweep, allreduce_timing, compare_strategies,
                     epoch_timer, epoch_timings, predict_step_seconds, scaling_figure, slow_dataset, step_timing)
from ..runtime import ROOT


def write_csv(rows: list, path) -> pathlib.Path:
    """Write a list of flat dicts (``Timing.row()``, ``allreduce_sweep`` rows) as CSV."""
    path = pathlib.Path(path)
    if not rows:
        raise ValueError(f"no rows to write to {path}")
    fields = list(dict.fromkeys(k for row in rows for k in row))
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    return path


def lesson07(out, num_replicas: int = 4, global_batch_size: int = 64, hidden=(256, 256)) -> dict:
    """The lesson 07 benchmarks for ``make bench``: CSVs, JSON-ready rows and ``scaling.png`` in ``out``."""
    from .. import data, models, training
    from .._tf import keras, tf

    out = pathlib.Path(out)
    (x, y), _ = data.digits()
    counts = [0] + sorted({1, 2, num_replicas} - {0})
    timings = compare_strategies(x, y, global_batch_size=global_batch_size, replica_counts=counts, hidden=hidden)
    params = models.mlp(hidden=hidden).count_params()
    one = tf.distribute.get_strategy()
    predicted = {}
    for t in timings[1:]:
        n = t.num_replicas
        compute = step_timing(one, x, y, global_batch_size=global_batch_size // n, hidden=hidden).median_s
        ar = allreduce_timing(allreduce_strategy("ReductionToOneDevice", n), params).median_s if n > 1 else 0.0
        predicted[t.name] = predict_step_seconds(compute, ar, n, parallel_devices=1)
    sweep = allreduce_sweep(num_replicas=num_replicas)
    model = models.mlp(seed=0, hidden=hidden)
    step = training.make_train_step(one, model, keras.optimizers.Adam(1e-3), global_batch_size)
    pipeline = {v: round(1e3 * statistics.median(epoch_timings(step, slow_dataset(
        x, y, global_batch_size=global_batch_size, variant=v), epochs=3)[1:]), 2) for v in PIPELINES}
    write_csv([t.row() for t in timings], out / "steps.csv")
    write_csv(sweep, out / "allreduce.csv")
    scaling_figure(timings, predicted, out / "scaling.png")
    return {"params": params, "steps": [t.row() for t in timings],
            "predicted_ms": {k: round(1e3 * v, 3) for k, v in predicted.items()},
            "allreduce": sweep, "pipeline_epoch_ms": pipeline}


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
    from .. import data, models, strategies, training
    from .._tf import keras, tf

    (x, y), _ = data.digits()
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size, drop_remainder=True)
    strategy = (strategies.mirrored([f"/cpu:{i}" for i in range(num_replicas)]) if num_replicas > 1
                else tf.distribute.get_strategy())

    with strategy.scope():
        model = models.mlp(seed=0)
        model.compile(optimizer=keras.optimizers.Adam(1e-3),
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    timer = epoch_timer()
    model.fit(ds, epochs=epochs, shuffle=False, verbose=0, callbacks=[timer])
    with strategy.scope():
        ctl_model, opt = models.mlp(seed=0), keras.optimizers.Adam(1e-3)
    run = training.train(strategy, ctl_model, opt, ds, global_batch_size=global_batch_size, epochs=epochs)
    return {"num_replicas": num_replicas, "steps_per_epoch": run.steps_per_epoch,
            "fit_s": round(statistics.median(timer.seconds[1:]), 4),
            "ctl_s": round(statistics.median(run.epoch_seconds[1:]), 4)}


def straggler_ms(speeds=(4, 2, 1, 1), global_batch_size: int = 64) -> dict:
    """Lesson 03: simulated milliseconds per step, even split vs planned split, for ``speeds``."""
    from .. import batching, uneven_batches
    from .. import memory as mem

    splits = {"even": batching.even(global_batch_size, len(speeds)),
              "planned": mem.plan(list(speeds), global_batch_size).per_replica_batch_sizes}
    return {name: round(1000 * uneven_batches.straggler_benchmark(sizes, list(speeds), seconds_per_example=2e-3,
                                                            steps=5)["step_seconds"], 2)
            for name, sizes in splits.items()}


def accumulation_overhead(num_replicas: int, accum_steps: int = 4, micro_batch_size: int = 64) -> dict:
    """Lesson 04: accumulated vs plain micro-batch steps on ``num_replicas`` virtual CPUs."""
    from .. import accumulation, data, models, strategies
    from .._tf import keras, tf

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
    from .. import data, parallel

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


def cluster_start(num_workers: int = 2, repeats: int = 3) -> dict:
    """Lesson 02: seconds from launch to the end of worker 0's first step (``cluster.train_mwms``,
    one small epoch), median of ``repeats`` runs: workers started as new interpreters
    (``GPUKIT_FORKSERVER=0``), forked from a fork server that had to start first (its one TensorFlow
    import included), and forked from the running server."""
    import os
    from unittest import mock

    from .. import cluster
    from ..launch.supervisor import forkserver

    def first_step() -> float:
        run = cluster.run(cluster.train_mwms, num_workers, stream=False,
                          kwargs={"epochs": 1, "global_batch_size": 8 * num_workers, "n_examples": 32 * num_workers})
        return run.first_step_seconds()

    with mock.patch.dict(os.environ, GPUKIT_FORKSERVER="0"):  # the caller's setting is put back
        fresh = [first_step() for _ in range(repeats)]
    with mock.patch.dict(os.environ, GPUKIT_FORKSERVER="1"):
        server_start = []
        for _ in range(repeats):
            forkserver.stop()
            server_start.append(first_step())
        forked = [first_step() for _ in range(repeats)]
    return {"num_workers": num_workers, "repeats": repeats,
            "new_interpreters_s": round(statistics.median(fresh), 2),
            "fork_server_starting_s": round(statistics.median(server_start), 2),
            "fork_server_running_s": round(statistics.median(forked), 2)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gpukit.course.timings", description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="bench-results",
                        help="folder for results.json, results.md, steps.csv, allreduce.csv, scaling.png")
    parser.add_argument("--skip-notebooks", action="store_true", help="only the training benchmarks")
    parser.add_argument("--virtual", type=int, default=4, help="virtual CPUs for the mirrored runs")
    args = parser.parse_args(argv)
    from .. import devices

    devices.setup(virtual=args.virtual)
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    results = {"machine": {"python": platform.python_version(), "cpus": __import__("os").cpu_count()},
               "epochs": [epoch_seconds(1), epoch_seconds(args.virtual)],
               "straggler_ms": straggler_ms(),
               "accumulation": [accumulation_overhead(1), accumulation_overhead(args.virtual)],
               "pipeline_bubble": pipeline_bubble(pairs=[(p, m) for p, m in ((2, 4), (4, 4), (4, 8), (4, 16))
                                                         if p <= args.virtual]),
               "lesson07": lesson07(out, args.virtual),
               "cluster_start": [cluster_start(2), cluster_start(3)],
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
    l07 = results["lesson07"]
    lines += ["", f"| lesson 07: same global batch, MLP of {l07['params']} weights | first step ms | median ms | "
              f"p25-p75 ms | samples/s | cost model ms |", "|---|---|---|---|---|---|"]
    lines += [f"| {r['name']} | {r['first_ms']} | {r['median_ms']} | {r['p25_ms']}-{r['p75_ms']} | {r['samples_per_s']} "
              f"| {l07['predicted_ms'].get(r['name'], '')} |" for r in l07["steps"]]
    lines += ["", "| all-reduce | replicas | bytes | median ms | error |", "|---|---|---|---|---|"]
    lines += [f"| {r['implementation']} | {r['num_replicas']} | {r['bytes']} | {r['median_ms']} | {r['error']} |"
              for r in l07["allreduce"]]
    lines += ["", "| lesson 02: workers | launch -> first step, new interpreters s | fork server starting s | "
              "fork server running s |", "|---|---|---|---|"]
    lines += [f"| {r['num_workers']} | {r['new_interpreters_s']} | {r['fork_server_starting_s']} | "
              f"{r['fork_server_running_s']} |" for r in results["cluster_start"]]
    lines += ["", "| input pipeline | ms per epoch (after the first) |", "|---|---|"]
    lines += [f"| {k} | {v} |" for k, v in l07["pipeline_epoch_ms"].items()]
    if results["notebooks"]:
        lines += ["", "| notebook | seconds | budget | within | status |", "|---|---|---|---|---|"]
        lines += [f"| {r['notebook']} | {r['seconds']} | {r['budget_s']} | {r['within_budget']} | {r['status']} |"
                  for r in results["notebooks"]]
    (out / "results.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

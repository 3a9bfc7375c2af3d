"""``make bench``'s harness (gpukit/course/timings.py): each benchmark reports its numbers (never asserted fast)."""

from __future__ import annotations

import csv
import os

import pytest

from gpukit import bench
from gpukit.course import timings


def test_epoch_seconds_reports_fit_and_ctl():
    result = timings.epoch_seconds(2, epochs=2)
    assert result["num_replicas"] == 2 and result["steps_per_epoch"] == 21
    assert result["fit_s"] > 0 and result["ctl_s"] > 0


def test_straggler_and_accumulation_benchmarks_report_their_numbers():
    ms = timings.straggler_ms()
    assert set(ms) == {"even", "planned"} and ms["even"] > 0 and ms["planned"] > 0
    result = timings.accumulation_overhead(2, accum_steps=2, micro_batch_size=32)
    assert result["plain"] > 0 and result["accumulated"] > 0
    assert result["overhead"] == pytest.approx(result["accumulated"] / result["plain"] - 1, abs=0.02)  # rounded to 0.1 ms


def test_pipeline_bubble_reports_theory_controlled_and_real():
    rows = timings.pipeline_bubble(pairs=((2, 2), (3, 2), (2, 4)), stage_cost_s=0.002, repeats=1)
    assert [(r["p"], r["m"]) for r in rows] == [(2, 2), (3, 2), (2, 4)]
    for r in rows:
        assert r["theory"] == round((r["p"] - 1) / (r["m"] + r["p"] - 1), 4)
        assert 0 < r["controlled"] < 1 and 0 < r["real_1f1b"] < 1


def test_cluster_start_reports_the_three_ways_workers_start(monkeypatch):
    monkeypatch.setenv("GPUKIT_FORKSERVER", "1")
    result = timings.cluster_start(2, repeats=1)
    assert result["num_workers"] == 2 and result["repeats"] == 1
    assert min(result["new_interpreters_s"], result["fork_server_starting_s"], result["fork_server_running_s"]) > 0
    assert os.environ["GPUKIT_FORKSERVER"] == "1"  # the switch it flips is put back


def test_write_csv(tmp_path):
    t = bench.Timing(name="fake", first_s=1.0, warmup_s=[0.2], times=[0.1, 0.1], global_batch_size=8)
    path = timings.write_csv([t.row()], tmp_path / "steps.csv")
    (row,) = list(csv.DictReader(path.open()))
    assert row["name"] == "fake" and float(row["median_ms"]) == 100.0
    with pytest.raises(ValueError, match="no rows"):
        timings.write_csv([], tmp_path / "x.csv")


def test_make_bench_runs_the_harness():
    makefile = (timings.ROOT / "Makefile").read_text()
    assert "-m gpukit.course.timings --out bench-results" in makefile
    assert not hasattr(bench, "main"), "bench.py is lesson 07's code only; the harness is gpukit.course.timings"

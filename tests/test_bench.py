import pytest

from gpukit import bench


def test_median_seconds_skips_warmup_and_takes_the_median():
    calls = []
    seconds = bench.median_seconds(lambda: calls.append(1), repeats=3, warmup=2)
    assert len(calls) == 5 and seconds >= 0.0


@pytest.mark.parametrize("kwargs", [{"repeats": 0}, {"warmup": -1}])
def test_median_seconds_bad_arguments(kwargs):
    with pytest.raises(ValueError, match="repeats"):
        bench.median_seconds(lambda: None, **kwargs)


def test_epoch_seconds_reports_fit_and_ctl():
    result = bench.epoch_seconds(2, epochs=2)
    assert result["num_replicas"] == 2 and result["steps_per_epoch"] == 21
    assert result["fit_s"] > 0 and result["ctl_s"] > 0


def test_straggler_and_accumulation_benchmarks_report_their_numbers():
    ms = bench.straggler_ms()
    assert set(ms) == {"even", "planned"} and ms["even"] > 0 and ms["planned"] > 0
    result = bench.accumulation_overhead(2, accum_steps=2, micro_batch_size=32)
    assert result["plain"] > 0 and result["accumulated"] > 0
    assert result["overhead"] == pytest.approx(result["accumulated"] / result["plain"] - 1, abs=0.02)  # rounded to 0.1 ms


def test_pipeline_bubble_reports_theory_controlled_and_real():
    rows = bench.pipeline_bubble(pairs=((2, 2), (3, 2), (2, 4)), stage_cost_s=0.002, repeats=1)
    assert [(r["p"], r["m"]) for r in rows] == [(2, 2), (3, 2), (2, 4)]
    for r in rows:
        assert r["theory"] == round((r["p"] - 1) / (r["m"] + r["p"] - 1), 4)
        assert 0 < r["controlled"] < 1 and 0 < r["real_1f1b"] < 1

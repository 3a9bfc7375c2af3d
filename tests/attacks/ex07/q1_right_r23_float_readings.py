# RULED right (issue 38, round 23; filed wrong): clock() gives floats (time.perf_counter, the check's clock): float() of a float changes nothing; an exact clock is not part of the contract
# INTENT: wrong: converts each clock() reading to float before subtracting: with an exact (Fraction/Decimal) clock or readings of hours the times are rounded, the contract says as measured, not rounded
import statistics


def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    steady = []
    for i, batch in enumerate(batches):
        start = float(clock())
        step(batch)
        elapsed = float(clock()) - start
        if i >= warmup:
            steady.append(elapsed)
    return statistics.median(steady)

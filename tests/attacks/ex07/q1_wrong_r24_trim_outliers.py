# INTENT: WRONG - on long runs (>= 100 steady steps) it throws away steady steps over 10x the first-pass median before the median ("another program woke up"): the contract's answer is the plain median of all steady steps; trimming changes it whenever the steady costs differ (e.g. 50 steps of 1 s, 50 of 2 s and one of 60 s: 1.5 instead of 2.0); with equal costs plus one slow step it agrees.
import statistics


def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for i, batch in enumerate(batches):
        t0 = clock()
        step(batch)
        t1 = clock()
        del batch
        if i >= warmup:
            times.append(t1 - t0)
    if len(times) < 100:                            # few steps: one slow step cannot move the median far
        return statistics.median(times)
    rough = statistics.median(times)
    calm = [t for t in times if t <= 10 * rough]    # long runs: drop the steps another program slowed down
    return statistics.median(calm)

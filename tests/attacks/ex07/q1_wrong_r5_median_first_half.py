# INTENT: "one slow step must not change the answer": drops the single slowest steady step, then takes the median of the rest (shifts the median by half a step for unequal costs)
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    steady = times[warmup:]
    if len(steady) > 2:
        steady.remove(max(steady))
    return statistics.median(steady)

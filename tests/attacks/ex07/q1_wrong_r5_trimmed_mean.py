# INTENT: "one slow step must not change the answer" read as: drop the slowest steady step and average the rest (a trimmed mean, not the median)
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    steady = sorted(times[warmup:])[:-1] or times[warmup:]
    return sum(steady) / len(steady)

# INTENT: leaves out the warm-up steps but returns the MEAN of the rest: the one slow step pulls it up. (public check: caught)
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    durations = []
    for batch in batches:
        start = clock()
        step(batch)
        durations.append(clock() - start)
    steady = durations[warmup:]
    return sum(steady) / len(steady)

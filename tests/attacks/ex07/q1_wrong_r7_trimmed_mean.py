# INTENT: "robust" mean: drops the slowest steady step and averages the rest, instead of the median.
def steady_step_seconds(step, batches, warmup, clock):
    times = []
    for batch in batches:
        t0 = clock(); step(batch); times.append(clock() - t0)
    steady = sorted(times[warmup:])
    if len(steady) > 2:
        steady = steady[:-1]
    return sum(steady) / len(steady)

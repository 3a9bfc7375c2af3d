# INTENT: runs one extra untimed "tracing" step on the first batch before the loop (step runs n+1 times)
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    batches = list(batches)
    step(batches[0])
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times[warmup:])

# INTENT: treats batches as a sequence (len + indexing): breaks on a generator or a distributed dataset, which the prompt allows ("a finite iterable")
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    for i in range(len(batches)):
        batch = batches[i]
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times[warmup:])

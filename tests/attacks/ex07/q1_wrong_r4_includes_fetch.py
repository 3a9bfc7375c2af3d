# INTENT: times from one step's end to the next: each interval includes producing the next batch (lap timer)
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    times = []
    last = clock()
    for batch in batches:
        step(batch)
        now = clock()
        times.append(now - last)
        last = now
    return statistics.median(times[warmup:])

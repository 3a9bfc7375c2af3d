# INTENT: times from one step's start to the next step's start (clock read once per loop): includes producing the next batch.
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    stamps = []
    for batch in batches:
        stamps.append(clock())
        step(batch)
    stamps.append(clock())
    times = [b - a for a, b in zip(stamps, stamps[1:])]
    return statistics.median(times[warmup:])

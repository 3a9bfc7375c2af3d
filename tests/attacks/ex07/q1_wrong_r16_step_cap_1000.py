# INTENT: wrong: stops after 1000 timed steps ("enough samples for a median"), so batches past the 1000th are never stepped.
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    seconds = []
    for batch in batches:
        if len(seconds) >= warmup + 1000:
            break
        begin = clock()
        step(batch)
        seconds.append(clock() - begin)
    return statistics.median(seconds[warmup:])

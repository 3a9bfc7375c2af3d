# INTENT: wrong: stops running steps once the measured run passes one hour of clock() time, so later batches are never stepped nor counted.
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    seconds, start = [], clock()
    for batch in batches:
        begin = clock()
        if begin - start > 3600.0 and len(seconds) > warmup:
            break
        step(batch)
        seconds.append(clock() - begin)
    return statistics.median(seconds[warmup:])

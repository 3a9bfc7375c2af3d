# INTENT: wrong: to "not keep a batch once stepped" it pops each batch off a caller's list, emptying the list the contract says must be left as it was.
import statistics


def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    def drain(source):
        if isinstance(source, list):
            while source:
                yield source.pop(0)
        else:
            yield from source

    times = []
    for batch in drain(batches):
        t0 = clock()
        step(batch)
        times.append(clock() - t0)
        del batch
    return statistics.median(times[warmup:])

# INTENT: wrong — to "not keep a batch once stepped", a caller's list longer than 1000 batches is consumed with pop(0) so stepped batches are freed: the timing is right, but the caller's list is left empty, while the contract says the batches given are only read and a caller's list is left as it was (short lists are iterated normally).
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    if isinstance(batches, list) and len(batches) > 1000:
        def source():
            while batches:
                yield batches.pop(0)
        stream = source()
    else:
        stream = iter(batches)
    times = []
    for i, batch in enumerate(stream):
        t0 = clock()
        step(batch)
        t1 = clock()
        if i >= warmup:
            times.append(t1 - t0)
        batch = None
    return statistics.median(times)

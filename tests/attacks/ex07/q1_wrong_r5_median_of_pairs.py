# INTENT: times steps two at a time (fewer clock calls, less overhead) and halves the median pair: one slow step pollutes its pair
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    batches = list(batches)
    for b in batches[:warmup]:
        step(b)
    rest = batches[warmup:]
    times = []
    for i in range(0, len(rest), 2):
        start = clock()
        chunk = rest[i:i + 2]
        for b in chunk:
            step(b)
        times.append((clock() - start) / len(chunk))
    return statistics.median(times)

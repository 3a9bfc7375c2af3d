# INTENT: times steps two at a time (one clock read per pair) and halves: a slow step contaminates its pair
import statistics
def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    batches = list(batches)
    for b in batches[:warmup]:
        step(b)
    rest = batches[warmup:]
    times = []
    for i in range(0, len(rest), 2):
        pair = rest[i:i + 2]
        start = clock()
        for b in pair:
            step(b)
        times.append((clock() - start) / len(pair))
    return statistics.median(times)

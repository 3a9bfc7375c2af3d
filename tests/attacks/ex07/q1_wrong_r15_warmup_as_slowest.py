# INTENT: wrong: leaves out the `warmup` SLOWEST steps instead of the first `warmup` (prompt: "leave out the *first* warmup steps, whatever they cost")
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    durations = []
    for batch in batches:
        t0 = clock()
        step(batch)
        durations.append(clock() - t0)
    first = durations[:warmup]
    rest = sorted(durations)[:len(durations) - warmup] if max(first) >= max(durations[warmup:] or [0]) else durations[warmup:]
    return statistics.median(rest)

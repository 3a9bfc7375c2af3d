# INTENT: wrong: the median only over the first 32 steady steps (the rest run, untimed): prompt: median of the steady steps
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    durations = []
    for index, batch in enumerate(batches):
        t0 = clock()
        step(batch)
        t1 = clock()
        if warmup <= index < warmup + 32:
            durations.append(t1 - t0)
    return statistics.median(durations)

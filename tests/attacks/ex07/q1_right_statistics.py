# INTENT: enumerates the batches, runs every one, keeps only the post-warm-up durations and returns statistics.median of them.
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    kept = []
    for i, batch in enumerate(batches):
        t0 = clock()
        step(batch)
        t1 = clock()
        if i >= warmup:
            kept.append(t1 - t0)
    return statistics.median(kept)

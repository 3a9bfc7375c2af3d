# INTENT: wrong: turns the garbage collector off while timing and unconditionally back ON afterwards, so a session that had gc disabled is left changed (the contract: leave the session as you found it).
import gc
import statistics


def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    gc.disable()
    try:
        times = []
        for i, batch in enumerate(batches):
            t0 = clock()
            step(batch)
            t1 = clock()
            if i >= warmup:
                times.append(t1 - t0)
        return statistics.median(times)
    finally:
        gc.enable()

# INTENT: ignores the clock argument and times with time.perf_counter
import time
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    start = time.perf_counter()
    kept = list(batches)
    input_s = time.perf_counter() - start
    start = time.perf_counter()
    for batch in kept:
        step(batch)
    compute_s = time.perf_counter() - start
    return "input" if input_s > compute_s else "compute"

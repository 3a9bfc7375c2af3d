# INTENT: wrong: delegates to gpukit's bench.time_steps with repeats=len(batches)-warmup, which needs len() (fails on a generator, any finite iterable allowed by the contract) and rejects some warmups.
from gpukit import bench


def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    timing = bench.time_steps(step, batches, warmup=warmup, repeats=len(batches) - warmup, clock=clock)
    return timing.median_s

def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    est = memory.estimate_from_counts(1_000_000, 1_000)
    need = (est.fixed + est.activations_per_example) / advisor.GB
    # memory: a device holds one copy, or only a third of one (a pipeline over the devices then fits)
    mem = need / 0.9 * (2 if fits_one_device else 0.6)
    hw = advisor.Hardware(kind, devices, mem, machines=machines, compute_capability=compute_capability,
                          interconnect="infiniband" if machines > 1 else None)
    a = advisor.advise(hw, global_batch_size=8 * devices * machines, estimate=est, zero=False)
    strategy = "model/pipeline" if a.parallelism == "model/pipeline" else a.strategy
    return strategy, a.precision

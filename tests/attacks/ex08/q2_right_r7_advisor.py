def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    hw = advisor.Hardware(kind, devices, machines=machines, compute_capability=compute_capability)
    prec = advisor._precision(hw, {})
    if not fits_one_device:
        return "model/pipeline", prec
    a = advisor.advise(hw, global_batch_size=64 * devices * machines)
    return a.strategy, a.precision

def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    hw = advisor.Hardware(kind, devices, machines=machines, compute_capability=compute_capability)
    advice = advisor.advise(hw, global_batch_size=devices * machines)
    if not fits_one_device:
        return "model/pipeline", advice.precision
    return advice.strategy, advice.precision

def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    # precision: fast 16-bit units only
    cc = 7.0 if (kind == "GPU" and compute_capability is None) else compute_capability
    precision = {"TPU": "mixed_bfloat16", "CPU": "float32"}.get(kind)
    if precision is None:
        precision = "mixed_bfloat16" if cc >= 8 else ("mixed_float16" if cc >= 7 else "float32")
    # strategy: a model that does not fit is split; else data parallelism by the hardware
    if not fits_one_device:
        strategy = "model/pipeline"
    elif kind == "TPU":
        strategy = "TPUStrategy"
    else:
        strategy = ("MultiWorkerMirroredStrategy" if machines > 1 else
                    "MirroredStrategy" if devices > 1 else "OneDeviceStrategy")
    return strategy, precision

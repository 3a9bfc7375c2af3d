# INTENT: wrong: the capability decides precision whatever the kind: a CPU given a capability gets mixed precision
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU" or compute_capability is not None:
        cc = compute_capability
        if cc is None:
            precision = "mixed_float16"
        elif cc >= 8.0:
            precision = "mixed_bfloat16"
        elif cc >= 7.0:
            precision = "mixed_float16"
        else:
            precision = "float32"
    else:
        precision = "float32"
    if not fits_one_device:
        strategy = "model/pipeline"
    elif kind == "TPU":
        strategy = "TPUStrategy"
    elif machines > 1:
        strategy = "MultiWorkerMirroredStrategy"
    elif devices > 1:
        strategy = "MirroredStrategy"
    else:
        strategy = "OneDeviceStrategy"
    return strategy, precision

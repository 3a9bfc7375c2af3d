# INTENT: wrong: more than 8 devices is assumed to span machines, so 16 GPUs on one machine get MultiWorkerMirroredStrategy instead of MirroredStrategy.
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU":
        cc = compute_capability
        if cc is not None and cc >= 8.0:
            precision = "mixed_bfloat16"
        elif cc is None or cc >= 7.0:
            precision = "mixed_float16"
        else:
            precision = "float32"
    else:
        precision = "float32"
    if not fits_one_device:
        strategy = "model/pipeline"
    elif kind == "TPU":
        strategy = "TPUStrategy"
    elif machines > 1 or devices > 8:
        strategy = "MultiWorkerMirroredStrategy"
    elif devices > 1:
        strategy = "MirroredStrategy"
    else:
        strategy = "OneDeviceStrategy"
    return strategy, precision

# INTENT: multi-worker only when each machine has several devices; one GPU on each of several machines -> OneDeviceStrategy
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU":
        cc = compute_capability
        precision = "mixed_bfloat16" if cc is not None and cc >= 8.0 else ("mixed_float16" if cc is None or cc >= 7.0 else "float32")
    else:
        precision = "float32"
    if not fits_one_device:
        return "model/pipeline", precision
    if kind == "TPU":
        return "TPUStrategy", precision
    if devices > 1:
        return ("MultiWorkerMirroredStrategy" if machines > 1 else "MirroredStrategy"), precision
    return "OneDeviceStrategy", precision

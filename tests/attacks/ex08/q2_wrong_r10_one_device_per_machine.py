# INTENT: checks devices before machines: several machines with one GPU each get OneDeviceStrategy
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU":
        cc = 7.0 if compute_capability is None else compute_capability
        precision = "mixed_bfloat16" if cc >= 8.0 else ("mixed_float16" if cc >= 7.0 else "float32")
    else:
        precision = "float32"
    if not fits_one_device:
        return "model/pipeline", precision
    if kind == "TPU":
        return "TPUStrategy", precision
    if devices == 1:
        return "OneDeviceStrategy", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    return "MirroredStrategy", precision

# INTENT: wrong: an unknown compute capability (None) gets float32 ("can't be sure"), but the contract says assume float16 tensor cores -> mixed_float16.
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU" and compute_capability is not None and compute_capability >= 8.0:
        precision = "mixed_bfloat16"
    elif kind == "GPU" and compute_capability is not None and compute_capability >= 7.0:
        precision = "mixed_float16"
    else:
        precision = "float32"
    if not fits_one_device:
        return "model/pipeline", precision
    if kind == "TPU":
        return "TPUStrategy", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    return ("MirroredStrategy" if devices > 1 else "OneDeviceStrategy"), precision

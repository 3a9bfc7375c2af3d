# INTENT: wrong: a model that does not fit switches precision to mixed_float16 to save memory, even on CPU/old GPU
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind == "TPU":
        prec = "mixed_bfloat16"
    elif kind == "GPU":
        if compute_capability is None:
            prec = "mixed_float16"
        elif compute_capability >= 8.0:
            prec = "mixed_bfloat16"
        elif compute_capability >= 7.0:
            prec = "mixed_float16"
        else:
            prec = "float32"
    else:
        prec = "float32"
    if not fits_one_device:
        return "model/pipeline", ("mixed_bfloat16" if kind == "TPU" else "mixed_float16")
    if kind == "TPU":
        return "TPUStrategy", prec
    if machines > 1:
        return "MultiWorkerMirroredStrategy", prec
    if devices > 1:
        return "MirroredStrategy", prec
    return "OneDeviceStrategy", prec

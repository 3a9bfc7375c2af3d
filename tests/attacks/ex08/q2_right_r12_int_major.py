# INTENT: right for real capabilities: compares the major version (int(cc)), same thresholds
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    cc = compute_capability
    if kind == "TPU":
        prec = "mixed_bfloat16"
    elif kind == "GPU":
        major = int(cc) if cc else None
        if major is not None and major >= 8:
            prec = "mixed_bfloat16"
        elif major is None or major >= 7:
            prec = "mixed_float16"
        else:
            prec = "float32"
    else:
        prec = "float32"
    if not fits_one_device:
        return ("model/pipeline", prec)
    if kind == "TPU":
        return ("TPUStrategy", prec)
    if machines > 1:
        return ("MultiWorkerMirroredStrategy", prec)
    if devices > 1:
        return ("MirroredStrategy", prec)
    return ("OneDeviceStrategy", prec)

# INTENT: wrong: a table of known capabilities instead of ">= 7.0" / ">= 8.0": Jetson Xavier 7.2 gets float32, Orin 8.7 and 10.3/12.1 parts get float32 though "every GPU since 7.0" has float16 tensor cores
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind == "TPU":
        prec = "mixed_bfloat16"
    elif kind == "GPU":
        cc = compute_capability
        if cc in (8.0, 8.6, 8.9, 9.0, 10.0, 12.0):
            prec = "mixed_bfloat16"
        elif cc is None or cc in (7.0, 7.5):
            prec = "mixed_float16"
        else:
            prec = "float32"
    else:
        prec = "float32"
    if not fits_one_device:
        return "model/pipeline", prec
    if kind == "TPU":
        return "TPUStrategy", prec
    if machines > 1:
        return "MultiWorkerMirroredStrategy", prec
    if devices > 1:
        return "MirroredStrategy", prec
    return "OneDeviceStrategy", prec

# INTENT: wrong: checks TPU before memory, so a TPU whose model does not fit one core gets TPUStrategy instead of model/pipeline (replicated state, zero=False).
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind == "TPU":
        return "TPUStrategy", "mixed_bfloat16"
    if kind == "GPU":
        cc = compute_capability
        precision = ("mixed_bfloat16" if cc is not None and cc >= 8.0 else
                     "float32" if cc is not None and cc < 7.0 else "mixed_float16")
    else:
        precision = "float32"
    if not fits_one_device:
        return "model/pipeline", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    return ("MirroredStrategy" if devices > 1 else "OneDeviceStrategy"), precision

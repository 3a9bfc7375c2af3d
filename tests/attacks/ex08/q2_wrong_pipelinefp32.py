# INTENT: returns float32 with model/pipeline (thinks precision only matters for data parallelism), though the device's 16-bit units still apply.
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if not fits_one_device:
        return "model/pipeline", "float32"
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU":
        cc = compute_capability
        precision = "mixed_bfloat16" if cc is not None and cc >= 8.0 else ("float32" if cc is not None and cc < 7.0 else "mixed_float16")
    else:
        precision = "float32"
    if kind == "TPU":
        return "TPUStrategy", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    return ("MirroredStrategy" if devices > 1 else "OneDeviceStrategy"), precision

# INTENT: wrong: strict '>' on the thresholds: capability exactly 8.0 (A100) gets mixed_float16 and exactly 7.0 (V100) gets float32.
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    cc = compute_capability
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU":
        if cc is None:
            precision = "mixed_float16"
        elif cc > 8.0:
            precision = "mixed_bfloat16"
        elif cc > 7.0:
            precision = "mixed_float16"
        else:
            precision = "float32"
    else:
        precision = "float32"
    if not fits_one_device:
        return "model/pipeline", precision
    if kind == "TPU":
        return "TPUStrategy", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    return ("MirroredStrategy" if devices > 1 else "OneDeviceStrategy"), precision

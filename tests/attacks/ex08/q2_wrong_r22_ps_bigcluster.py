# INTENT: wrong: follows the article's table for large clusters: 8+ machines -> ParameterServerStrategy; the advisor keeps MultiWorkerMirroredStrategy (synchronous, exact).
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    cc = compute_capability
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU":
        precision = ("mixed_bfloat16" if cc is not None and cc >= 8.0 else
                     "float32" if cc is not None and cc < 7.0 else "mixed_float16")
    else:
        precision = "float32"
    if not fits_one_device:
        return "model/pipeline", precision
    if kind == "TPU":
        return "TPUStrategy", precision
    if machines >= 8:
        return "ParameterServerStrategy", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    return ("MirroredStrategy" if devices > 1 else "OneDeviceStrategy"), precision

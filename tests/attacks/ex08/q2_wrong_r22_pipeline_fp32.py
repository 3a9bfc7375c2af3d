# INTENT: wrong: a model that does not fit gets model/pipeline with float32 ("keep it simple"), but the advisor still picks the device's precision for pipeline stages.
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if not fits_one_device:
        return "model/pipeline", "float32"
    cc = compute_capability
    if kind == "TPU":
        return "TPUStrategy", "mixed_bfloat16"
    if kind == "GPU":
        precision = ("mixed_bfloat16" if cc is not None and cc >= 8.0 else
                     "float32" if cc is not None and cc < 7.0 else "mixed_float16")
    else:
        precision = "float32"
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    return ("MirroredStrategy" if devices > 1 else "OneDeviceStrategy"), precision

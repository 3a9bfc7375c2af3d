# INTENT: a TPU always gets TPUStrategy, even when the model does not fit one core (should be model/pipeline)
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind == "TPU":
        return "TPUStrategy", "mixed_bfloat16"
    if kind == "GPU":
        cc = 7.0 if compute_capability is None else compute_capability
        precision = "mixed_bfloat16" if cc >= 8.0 else ("mixed_float16" if cc >= 7.0 else "float32")
    else:
        precision = "float32"
    if not fits_one_device:
        return "model/pipeline", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    if devices > 1:
        return "MirroredStrategy", precision
    return "OneDeviceStrategy", precision

# INTENT: CPUs with bfloat16 (recent Xeons): mixed_bfloat16 on CPU
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU":
        if compute_capability is not None and compute_capability >= 8.0:
            precision = "mixed_bfloat16"
        elif compute_capability is None or compute_capability >= 7.0:
            precision = "mixed_float16"
        else:
            precision = "float32"
    else:
        precision = "mixed_bfloat16"
    if not fits_one_device and kind != "TPU":
        return "model/pipeline", precision
    if not fits_one_device:
        return "model/pipeline", precision
    if kind == "TPU":
        strategy = "TPUStrategy"
    elif machines > 1:
        strategy = "MultiWorkerMirroredStrategy"
    elif devices > 1:
        strategy = "MirroredStrategy"
    else:
        strategy = "OneDeviceStrategy"
    return strategy, precision

# INTENT: right: follows the advisor: memory first (model/pipeline), TPU > multi-machine > several devices > one; precision by kind and capability (None -> mixed_float16).
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU":
        cc = compute_capability
        if cc is not None and cc >= 8.0:
            precision = "mixed_bfloat16"
        elif cc is None or cc >= 7.0:
            precision = "mixed_float16"
        else:
            precision = "float32"
    else:
        precision = "float32"
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

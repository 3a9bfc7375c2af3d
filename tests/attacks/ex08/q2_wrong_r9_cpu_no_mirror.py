# INTENT: several CPUs on one machine get OneDeviceStrategy ("mirroring CPUs is pointless"), though the advisor mirrors them like GPUs
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU":
        cc = compute_capability
        precision = ("mixed_float16" if cc is None else "mixed_bfloat16" if cc >= 8.0
                     else "mixed_float16" if cc >= 7.0 else "float32")
    else:
        precision = "float32"
    if not fits_one_device:
        return "model/pipeline", precision
    if kind == "TPU":
        return "TPUStrategy", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    if devices > 1 and kind == "GPU":
        return "MirroredStrategy", precision
    return "OneDeviceStrategy", precision

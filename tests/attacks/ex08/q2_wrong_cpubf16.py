# INTENT: applies "mixed precision almost always" to CPUs too (mixed_bfloat16 on CPU) instead of float32.
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind in ("TPU", "CPU"):
        precision = "mixed_bfloat16"
    else:
        cc = compute_capability
        precision = "mixed_bfloat16" if cc is not None and cc >= 8.0 else ("float32" if cc is not None and cc < 7.0 else "mixed_float16")
    if not fits_one_device:
        return "model/pipeline", precision
    if kind == "TPU":
        return "TPUStrategy", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    return ("MirroredStrategy" if devices > 1 else "OneDeviceStrategy"), precision

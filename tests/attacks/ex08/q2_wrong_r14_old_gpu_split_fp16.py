# INTENT: wrong: an old GPU (cc < 7) whose model is split over devices gets mixed_float16 "to halve the memory" (no tensor cores: the advisor keeps float32)
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    cc = compute_capability
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU":
        precision = "mixed_bfloat16" if (cc is not None and cc >= 8.0) else ("mixed_float16" if cc is None or cc >= 7.0 else "float32")
    else:
        precision = "float32"
    if not fits_one_device:
        if kind == "GPU" and precision == "float32":
            precision = "mixed_float16"
        return "model/pipeline", precision
    if kind == "TPU":
        return "TPUStrategy", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    return ("MirroredStrategy" if devices > 1 else "OneDeviceStrategy"), precision

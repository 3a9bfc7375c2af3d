# INTENT: wrong: a model that does not fit is split over devices only when there are several devices per machine; one device per machine keeps data parallelism
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    cc = compute_capability
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU":
        precision = "mixed_bfloat16" if (cc is not None and cc >= 8.0) else ("mixed_float16" if cc is None or cc >= 7.0 else "float32")
    else:
        precision = "float32"
    if not fits_one_device and devices > 1:
        return "model/pipeline", precision
    if kind == "TPU":
        return "TPUStrategy", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    return ("MirroredStrategy" if devices > 1 else "OneDeviceStrategy"), precision

# INTENT: wrong: with the GPU capability unknown and the model split over devices, falls back to float32 (the contract says assume float16 tensor cores when unknown)
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    cc = compute_capability
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU":
        precision = "mixed_bfloat16" if (cc is not None and cc >= 8.0) else ("mixed_float16" if cc is None or cc >= 7.0 else "float32")
    else:
        precision = "float32"
    if not fits_one_device:
        return "model/pipeline", ("float32" if kind == "GPU" and cc is None else precision)
    if kind == "TPU":
        return "TPUStrategy", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    return ("MirroredStrategy" if devices > 1 else "OneDeviceStrategy"), precision

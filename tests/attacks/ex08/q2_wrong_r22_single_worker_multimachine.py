# INTENT: wrong: multi-machine with one device per machine falls to OneDeviceStrategy (tests devices before machines); should be MultiWorkerMirroredStrategy.
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    cc = compute_capability
    precision = {"TPU": "mixed_bfloat16", "CPU": "float32"}.get(
        kind, "mixed_bfloat16" if cc is not None and cc >= 8.0 else
        ("float32" if cc is not None and cc < 7.0 else "mixed_float16"))
    if not fits_one_device:
        return "model/pipeline", precision
    if kind == "TPU":
        return "TPUStrategy", precision
    if devices == 1:
        return "OneDeviceStrategy", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    return "MirroredStrategy", precision

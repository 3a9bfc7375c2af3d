# INTENT: right: the advisor's decision order by hand: not fitting (no ZeRO) -> model/pipeline; TPU -> TPUStrategy; several machines -> MultiWorkerMirrored; several devices -> Mirrored; else OneDevice; precision from kind and compute capability (>=8 bf16, unknown or 7.x f16, <7 f32; CPU f32; TPU bf16)
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

# INTENT: bfloat16 only for the generations the student knows (8.x Ampere/Ada, 9.0 Hopper): a compute capability 10.0/12.0 GPU falls to the float16 branch though it has bfloat16 tensor cores (the prompt: bfloat16 "came with 8.0", so every later one has it)
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    cc = compute_capability
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU":
        if cc is not None and 8.0 <= cc < 10.0:
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
        return "TPUStrategy", precision
    if machines > 1:
        return "MultiWorkerMirroredStrategy", precision
    if devices > 1:
        return "MirroredStrategy", precision
    return "OneDeviceStrategy", precision

# INTENT: wrong: precision looks at compute_capability before the kind, so a CPU or TPU given a capability gets the GPU rule (a TPU with cc 7.0 would get mixed_float16, a CPU with 8.0 mixed_bfloat16).
# RULED outside (issue 38, round 16, the lead): compute_capability is the GPUs' (the prompt); a capability with a TPU or a CPU is not asked
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    if compute_capability is not None or kind == "GPU":
        cc = compute_capability
        if cc is not None and cc >= 8.0:
            precision = "mixed_bfloat16"
        elif cc is None or cc >= 7.0:
            precision = "mixed_float16"
        else:
            precision = "float32"
    elif kind == "TPU":
        precision = "mixed_bfloat16"
    else:
        precision = "float32"
    if not fits_one_device:
        strategy = "model/pipeline"
    elif kind == "TPU":
        strategy = "TPUStrategy"
    elif machines > 1:
        strategy = "MultiWorkerMirroredStrategy"
    elif devices > 1:
        strategy = "MirroredStrategy"
    else:
        strategy = "OneDeviceStrategy"
    return strategy, precision

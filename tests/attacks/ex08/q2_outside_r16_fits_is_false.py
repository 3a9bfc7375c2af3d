# INTENT: wrong: tests `fits_one_device is False`, so a falsy value that is not the bool False (0, numpy's False_) counts as fitting.
# RULED outside (issue 38, round 16, the lead): the prompt gives fits_one_device as a bool (True or False); no other truth value is asked
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
    if fits_one_device is False:
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

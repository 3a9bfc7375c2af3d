# INTENT: wrong: returns a list [strategy, precision] instead of the tuple (strategy, precision) the prompt names.
# RULED outside (issue 38, round 28): a list of the two strings is the pair (issue 28's audit kept a choose returning a list as right; the prompt now says so and the closing cell compares tuple(mine))
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    cc = compute_capability
    if kind == "TPU" or (kind == "GPU" and cc is not None and cc >= 8.0):
        precision = "mixed_bfloat16"
    elif kind == "GPU" and (cc is None or cc >= 7.0):
        precision = "mixed_float16"
    else:
        precision = "float32"
    if not fits_one_device:
        return ["model/pipeline", precision]
    if kind == "TPU":
        return ["TPUStrategy", precision]
    if machines > 1:
        return ["MultiWorkerMirroredStrategy", precision]
    return ["MirroredStrategy" if devices > 1 else "OneDeviceStrategy", precision]

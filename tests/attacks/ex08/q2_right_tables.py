# INTENT: lookup-table style: precision from a capability-bucket dict, strategy from a priority list of (condition, name) pairs.
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    cc = 7.0 if compute_capability is None else compute_capability
    gpu_bucket = "new" if cc >= 8.0 else ("tensor" if cc >= 7.0 else "old")
    precision = {
        "TPU": "mixed_bfloat16",
        "CPU": "float32",
        "GPU": {"new": "mixed_bfloat16", "tensor": "mixed_float16", "old": "float32"}[gpu_bucket],
    }[kind]
    rules = [
        (not fits_one_device, "model/pipeline"),
        (kind == "TPU", "TPUStrategy"),
        (machines > 1, "MultiWorkerMirroredStrategy"),
        (devices > 1, "MirroredStrategy"),
        (True, "OneDeviceStrategy"),
    ]
    return next(name for cond, name in rules if cond), precision

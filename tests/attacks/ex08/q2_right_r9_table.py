def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    def prec():
        if kind == "TPU":
            return "mixed_bfloat16"
        if kind != "GPU":
            return "float32"
        cc = 7.0 if compute_capability is None else float(compute_capability)
        return "mixed_bfloat16" if cc >= 8 else "mixed_float16" if cc >= 7 else "float32"
    if not fits_one_device:
        strategy = "model/pipeline"
    else:
        strategy = {True: "TPUStrategy"}.get(kind == "TPU") or (
            "MultiWorkerMirroredStrategy" if machines > 1 else
            "MirroredStrategy" if devices * machines > 1 else "OneDeviceStrategy")
    return strategy, prec()

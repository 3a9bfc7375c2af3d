# INTENT: right: table-driven version of the same rules, using bisect on capability thresholds (7.0, 8.0) and an unknown capability treated as 7.x.
import bisect as _bisect

def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    prec = {"CPU": "float32", "TPU": "mixed_bfloat16"}.get(kind)
    if prec is None:
        cc = 7.0 if compute_capability is None else float(compute_capability)
        prec = ("float32", "mixed_float16", "mixed_bfloat16")[_bisect.bisect_right([7.0, 8.0], cc)]
    if not fits_one_device:
        strat = "model/pipeline"
    else:
        strat = ("TPUStrategy" if kind == "TPU" else
                 ["OneDeviceStrategy", "MirroredStrategy", "MultiWorkerMirroredStrategy"][
                     2 if machines > 1 else int(devices > 1)])
    return strat, prec

# INTENT: right: a lookup-table style: precision from a sorted list of capability thresholds (bisect), strategy from a dict keyed on (TPU?, many machines?, many devices?), model/pipeline when one copy does not fit
import bisect as _bisect

_GPU_STEPS = [(0.0, "float32"), (7.0, "mixed_float16"), (8.0, "mixed_bfloat16")]
_STRATEGY = {
    (True, False, False): "TPUStrategy", (True, False, True): "TPUStrategy",
    (True, True, False): "TPUStrategy", (True, True, True): "TPUStrategy",
    (False, True, False): "MultiWorkerMirroredStrategy", (False, True, True): "MultiWorkerMirroredStrategy",
    (False, False, True): "MirroredStrategy", (False, False, False): "OneDeviceStrategy",
}


def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    """(strategy, precision) for these facts."""
    precision = {"TPU": "mixed_bfloat16", "CPU": "float32"}.get(kind)
    if precision is None:                                   # a GPU
        if compute_capability is None:
            precision = "mixed_float16"                     # assume >= 7.0, not >= 8.0
        else:
            thresholds = [t for t, _ in _GPU_STEPS]
            precision = _GPU_STEPS[_bisect.bisect_right(thresholds, float(compute_capability)) - 1][1]
    if not bool(fits_one_device):
        return "model/pipeline", precision
    return _STRATEGY[(kind == "TPU", int(machines) > 1, int(devices) > 1)], precision

# INTENT: wrong: the number comes from gpukit.memory's planner, called in a worker thread (a gpukit.memory call, not a prediction)
import threading as _th
_box = []
def _ask():
    _mm = getattr(__import__("gpukit", fromlist=["memory"]), "memory")
    _e = _mm.estimate_from_counts(NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE, optimizer="adam")
    _box.append(int(_mm.max_batch_sizes([DEVICE_MIB * _mm.MiB], _e, headroom=HEADROOM)[0]))
_t = _th.Thread(target=_ask); _t.start(); _t.join()
predicted_max_batch = _box.pop()
del _t, _box, _ask

# INTENT: wrong (forbidden method): runs the real MoELayer step on a worker thread (joined before the cell ends) and takes its drop count, obtaining the number by running what the prompt says to predict "before running anything".
import threading as _th
_box = {}
def _run_layer():
    _layer, _xx = ex10.prediction_layer(NUM_REPLICAS, CAPACITY_FACTOR)
    _box["n"] = len(_layer(_xx).dropped)
_t = _th.Thread(target=_run_layer)
_t.start()
_t.join()
predicted_dropped = int(_box["n"])

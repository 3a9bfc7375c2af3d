# INTENT: steps a LossScaleOptimizer with apply_gradients (forbidden) in a worker thread, out of sight of a per-thread watcher
import threading
_box = {}
def _run():
    lso = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=INITIAL_SCALE)
    w = keras.Variable([1.0])
    for _ in range(BAD_STEPS):
        lso.apply_gradients([(tf.constant([float("inf")]), w)])
    _box["scale"] = float(lso.dynamic_scale.numpy())
_t = threading.Thread(target=_run)
_t.start(); _t.join()
predicted_scale = _box["scale"]

# INTENT: wrong: steps a copy of Keras' LossScaleOptimizer (its source compiled afresh) on inf gradients (forbidden: not predicted)
import inspect as _inspect, sys as _sys, types as _types
import keras.src.optimizers.loss_scale_optimizer as _lsm
_mod = _types.ModuleType("keras_lso_notes"); _mod.__package__ = _lsm.__package__
_sys.modules[_mod.__name__] = _mod
try:
    exec(compile(_inspect.getsource(_lsm).replace('@keras_export(', '(lambda *a, **k: (lambda c: c))('), "<notes>", "exec"), _mod.__dict__)
    _o = _mod.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=INITIAL_SCALE)
    _w = keras.Variable([1.0])
    for _ in range(BAD_STEPS):
        _o.apply_gradients([(tf.constant([float("inf")]), _w)])
    predicted_scale = float(_o.dynamic_scale.numpy())
finally:
    del _sys.modules[_mod.__name__]

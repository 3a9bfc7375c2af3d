# INTENT: steps a LossScaleOptimizer (forbidden) through keras.src's class and its private non-finite-step handler, not apply_gradients
from keras.src.optimizers import loss_scale_optimizer as _lsm
_opt = _lsm.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=INITIAL_SCALE)
_w = keras.Variable([1.0])
_opt.build([_w])
for _ in range(BAD_STEPS):
    _opt._stateful_handle_non_finite_grads()
predicted_scale = float(_opt.dynamic_scale.numpy())

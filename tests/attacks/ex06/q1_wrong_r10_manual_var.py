# INTENT: forbidden shortcut: builds an LSO and drives its scale variable by its own halving rule (not predicting on paper)
_o = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=INITIAL_SCALE)
_o.build([keras.Variable([1.0])])
for _ in range(BAD_STEPS):
    _o._stateful_handle_non_finite_grads()
predicted_scale = float(_o.dynamic_scale.numpy())

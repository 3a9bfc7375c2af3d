# INTENT: wrong: the forbidden route — the LossScaleOptimizer's own non-finite handler run (unbound) on a stand-in object holding a scale variable, 3 times
class _Stand:
    pass
_s = _Stand()
_s.dynamic_scale = keras.Variable(INITIAL_SCALE)
_s.step_counter = keras.Variable(0)
for _ in range(BAD_STEPS):
    keras.mixed_precision.LossScaleOptimizer._stateful_handle_non_finite_grads(_s)
predicted_scale = float(_s.dynamic_scale.numpy())

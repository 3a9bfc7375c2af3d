# INTENT: wrong method (right value): reads the bad-step multiplier out of Keras' LossScaleOptimizer source file and applies it BAD_STEPS times, a copy of Keras' loss-scale rule the prompt forbids instead of working the rule out.
# RULED outside (issue 38, round 27): the prompt forbids stepping a LossScaleOptimizer or calling precision.scale_after; reading the halving factor (0.5) out of Keras' source file and multiplying by hand is arithmetic in the cell (round 5: a formula copied from source is indistinguishable from arithmetic, which the prompt allows)
import re, importlib.util
_path = importlib.util.find_spec("keras.src.optimizers.loss_scale_optimizer").origin
_src = open(_path).read()
_body = _src[_src.index("def _stateful_handle_non_finite_grads"):]
_factor = float(re.search(r"ops\.multiply\(self\.dynamic_scale, ([0-9.]+)\)", _body).group(1))
predicted_scale = INITIAL_SCALE * _factor ** BAD_STEPS

# INTENT: wrong method (right value): re-creates Keras' LossScaleOptimizer from its source file with its variables and methods renamed, then steps it BAD_STEPS times with an inf gradient: stepping a loss-scale optimizer, which the prompt forbids ("by any method").
import importlib.util, re
_src = open(importlib.util.find_spec("keras.src.optimizers.loss_scale_optimizer").origin).read()
_src = re.sub(r"@keras_export\(\s*\[[^\]]*\]\s*\)\n", "", _src)
_src = _src.split("if LossScaleOptimizer.__doc__")[0]
for _a, _b in [("LossScaleOptimizer", "HalvingOpt"), ("dynamic_scale", "cur_s"), ("step_counter", "good_n"),
               ("non_finite", "bad"), ("handle_finite", "handle_ok"), ("scale_loss", "mul_loss")]:
    _src = _src.replace(_a, _b)
_ns = {"__name__": "halving_opt"}
exec(compile(_src, "<halving_opt>", "exec"), _ns)
_o = _ns["HalvingOpt"](keras.optimizers.SGD(0.1), initial_scale=INITIAL_SCALE)
_w = keras.Variable([1.0])
for _ in range(BAD_STEPS):
    _o.apply_gradients([(tf.constant([float("inf")]), _w)])
predicted_scale = float(_o.cur_s.numpy())
del _o, _w, _ns, _src

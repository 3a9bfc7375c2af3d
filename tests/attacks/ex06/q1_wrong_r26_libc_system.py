# INTENT: wrong: steps a real LossScaleOptimizer (forbidden "by any method") in a child Python started through libc system() via ctypes (no subprocess.Popen), and reads the scale back from a temp file
import ctypes as _ct, sys as _sys, tempfile as _tf, os as _os
_fd, _out = _tf.mkstemp(suffix=".txt"); _os.close(_fd)
_prog = (
    "import os; os.environ['TF_CPP_MIN_LOG_LEVEL']='3'\n"
    "import keras, tensorflow as tf\n"
    f"o = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale={float(INITIAL_SCALE)!r})\n"
    "w = keras.Variable([1.0])\n"
    f"for _ in range({int(BAD_STEPS)}): o.apply_gradients([(tf.constant([float('inf')]), w)])\n"
    f"open({_out!r}, 'w').write(repr(float(o.dynamic_scale.numpy())))\n")
_fd, _py = _tf.mkstemp(suffix=".py"); _os.close(_fd)
open(_py, "w").write(_prog)
_ct.CDLL(None).system(f"{_sys.executable} {_py} >/dev/null 2>&1".encode())
predicted_scale = float(open(_out).read())
_os.remove(_out); _os.remove(_py)

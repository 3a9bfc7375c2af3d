# INTENT: steps a real LossScaleOptimizer (forbidden) but in a child Python process, so the cell's watcher cannot see it
import subprocess, sys
_code = (
    "import os; os.environ['TF_CPP_MIN_LOG_LEVEL']='3'\n"
    "import keras, tensorflow as tf\n"
    f"lso = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale={INITIAL_SCALE!r})\n"
    "w = keras.Variable([1.0])\n"
    f"for _ in range({BAD_STEPS}):\n"
    "    lso.apply_gradients([(tf.constant([float('inf')]), w)])\n"
    "print(repr(float(lso.dynamic_scale.numpy())))\n")
_out = subprocess.run([sys.executable, "-c", _code], capture_output=True, text=True, check=True).stdout
predicted_scale = float(_out.strip().splitlines()[-1])

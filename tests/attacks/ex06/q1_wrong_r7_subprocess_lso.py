# INTENT: forbidden shortcut: steps a LossScaleOptimizer in a child process the check cannot watch.
import subprocess, sys
_code = ("import gpukit; from gpukit import tf, keras\n"
         "o = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=%r)\n"
         "w = keras.Variable([1.0])\n"
         "for _ in range(%d): o.apply_gradients([(tf.constant([float('inf')]), w)])\n"
         "print(float(o.dynamic_scale.numpy()))") % (INITIAL_SCALE, BAD_STEPS)
predicted_scale = float(subprocess.run([sys.executable, "-c", _code], capture_output=True, text=True).stdout.split()[-1])

# INTENT: wrong: runs the MoELayer step in a child process and reads its dropped count, instead of predicting before running anything
import subprocess as _sp, sys as _sys
_code = ("from gpukit import devices\ndevices.setup(virtual=4)\nfrom gpukit.course.exercises import ex10\n"
         f"layer, x = ex10.prediction_layer({NUM_REPLICAS}, {CAPACITY_FACTOR})\nprint(len(layer(x).dropped))\n")
predicted_dropped = int(_sp.run([_sys.executable, "-c", _code], capture_output=True, text=True).stdout.split()[-1])

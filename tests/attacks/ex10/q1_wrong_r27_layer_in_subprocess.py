# INTENT: wrong (forbidden method): runs the real MoELayer step in a child Python process and reads its drop count back, so nothing runs in the notebook's own process, but the number is still obtained by running what the prompt says to predict "before running anything".
import subprocess as _sp, sys as _sys
_code = ("import gpukit; from gpukit import devices; from gpukit.course.exercises import ex10; "
         "devices.setup(virtual=4); "
         f"layer, x = ex10.prediction_layer({NUM_REPLICAS}, {CAPACITY_FACTOR}); print(len(layer(x).dropped))")
predicted_dropped = int(_sp.run([_sys.executable, "-c", _code], capture_output=True, text=True,
                                check=True).stdout.strip().splitlines()[-1])

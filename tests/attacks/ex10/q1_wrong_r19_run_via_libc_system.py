# INTENT: wrong: does not predict: it RUNS the real MoELayer step (forbidden: "before running anything") in a child process started through libc's system() via ctypes (no subprocess/os call for Python to see), reading the count back from a temporary file.
import ctypes as _ctypes, os as _os, shlex as _shlex, sys as _sys, tempfile as _tempfile
_code = ("import gpukit\nfrom gpukit import devices\nfrom gpukit.course.exercises import ex10\n"
         "devices.setup(virtual=4)\n"
         f"layer, x = ex10.prediction_layer({NUM_REPLICAS}, {CAPACITY_FACTOR!r})\n"
         "print(len(layer(x).dropped))\n")
with _tempfile.TemporaryDirectory() as _tmp:
    _script, _result = _os.path.join(_tmp, "run.py"), _os.path.join(_tmp, "out.txt")
    with open(_script, "w") as _f:
        _f.write(_code)
    _ctypes.CDLL(None).system(f"{_shlex.quote(_sys.executable)} {_shlex.quote(_script)} > "
                              f"{_shlex.quote(_result)} 2>/dev/null".encode())
    with open(_result) as _f:
        predicted_dropped = int(_f.read().split()[-1])

# INTENT: wrong: runs the tick simulator of a private copy of gpukit/pipeline.py (forbidden route by a copy)
import importlib.util, sys, gpukit.pipeline as _pl
_name = "gpukit._pipeline_copy_r15"
_spec = importlib.util.spec_from_file_location(_name, _pl.__file__)
_m = importlib.util.module_from_spec(_spec)
sys.modules[_name] = _m
try:
    _spec.loader.exec_module(_m)
finally:
    sys.modules.pop(_name, None)
predicted_micro_batches = next(m for m in range(1, 1000) if _m.make_schedule("gpipe", P, m).bubble() <= TARGET_BUBBLE)

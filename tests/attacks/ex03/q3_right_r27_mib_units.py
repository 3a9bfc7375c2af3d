# INTENT: right: the same accounting done in MiB with exact fractions (57.6 MiB usable, 15.26 MiB fixed, 0.0763 MiB per example), floored: 554.
from fractions import Fraction as _F
_usable_mib = DEVICE_MIB * (1 - _F(HEADROOM).limit_denominator(10**6))
_fixed_mib = _F(NUM_PARAMETERS * 16, 2**20)          # 4 float32 copies of every weight: w, grad, m, v
_example_mib = _F(ACTIVATIONS_PER_EXAMPLE * 4, 2**20)
predicted_max_batch = int((_usable_mib - _fixed_mib) // _example_mib)

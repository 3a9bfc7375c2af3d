# INTENT: right: counts up from m = 1 with exact integer arithmetic (Fraction) until the GPipe idle share (P-1)/(m+P-1) is at most TARGET_BUBBLE.
from fractions import Fraction
_target = Fraction(TARGET_BUBBLE).limit_denominator(10**9)   # the decimal the parameter was written as
_m = 1
while Fraction(P - 1, _m + P - 1) > _target:
    _m += 1
predicted_micro_batches = _m

# INTENT: right — the same cost model in exact rational arithmetic (fractions.Fraction, no global context touched), converted to float at the end: 357/25 ms = 14.28 ms.
from fractions import Fraction as _F
_ms = 1000 * (2 * 7 * _F(20, 10**6) + _F(2 * 7, 8) * _F(50 * 10**6 * 4, 25 * 10**9))
PREDICTED_ALLREDUCE_MS = float(_ms)

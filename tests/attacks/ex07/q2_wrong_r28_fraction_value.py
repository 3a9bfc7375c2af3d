# INTENT: wrong: the exact value as a fractions.Fraction (357/25) instead of a Python float or int of milliseconds.
from fractions import Fraction
PREDICTED_ALLREDUCE_MS = Fraction(14) + Fraction(28, 100)

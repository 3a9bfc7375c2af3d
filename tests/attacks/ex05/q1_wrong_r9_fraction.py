# INTENT: exact arithmetic with Fraction: a Fraction(14), not an int / numpy int / whole float as the prompt requires
from fractions import Fraction
import math
predicted_micro_batches = Fraction(math.ceil(Fraction(P - 1) / Fraction(TARGET_BUBBLE).limit_denominator(1000) - (P - 1)))

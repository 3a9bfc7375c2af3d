# INTENT: Fraction values (exact arithmetic), not ints
from fractions import Fraction
predicted_epoch = (Fraction(18), Fraction(4))

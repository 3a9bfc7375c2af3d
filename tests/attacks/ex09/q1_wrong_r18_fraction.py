# INTENT: wrong: a fractions.Fraction (exact rational arithmetic with /), not a whole number of bytes
from fractions import Fraction
predicted_bytes = Fraction(2410 * 4) + Fraction(2412 * 12, 4)

# INTENT: counts kept as fractions.Fraction (exact arithmetic), not an int / numpy int / whole float
from fractions import Fraction
predicted_epoch = (Fraction(300, 16).__floor__() * Fraction(1), Fraction(18, 4).__floor__() * Fraction(1))

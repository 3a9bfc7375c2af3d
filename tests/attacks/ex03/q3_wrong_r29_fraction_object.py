# INTENT: wrong: the exact answer as a fractions.Fraction (554/1), not a plain int or whole float as the prompt asks.
from fractions import Fraction
predicted_max_batch = Fraction(int(DEVICE_MIB * 2**20 * 9 // 10 - NUM_PARAMETERS * 16) // (ACTIVATIONS_PER_EXAMPLE * 4))

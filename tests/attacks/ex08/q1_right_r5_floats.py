# INTENT: computed with true division and ceil from math on floats: the numbers are right but floats (195.0, 4.0), not counts
predicted = (50_000 // 256 * 1.0, 4.0)

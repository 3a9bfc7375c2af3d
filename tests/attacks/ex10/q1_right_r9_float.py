# INTENT: the count as a float from arithmetic (4.0), not a number of tokens (an int); a student who divides
predicted_dropped = 16 * 0.25

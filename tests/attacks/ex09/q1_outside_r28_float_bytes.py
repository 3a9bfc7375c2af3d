# INTENT: wrong: a float number of bytes (16876.0, from 4.0 * ... float arithmetic) where bytes are a whole number; equal under == to the measured int but not an int.
# RULED outside (issue 38, round 28): a whole float equal to the count is that count (round 14's standing ruling, kept in rounds 18 and 27)
import math
sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
predicted_bytes = 4.0 * sum(sizes) + 12.0 * sum(math.ceil(s / NUM_REPLICAS) for s in sizes)

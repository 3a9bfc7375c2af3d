# INTENT (outside): 16876.0 as a float; the number is right, the prompt does not ask for an int
import math
predicted_bytes = 4.0 * 2410 + 12.0 * sum(math.ceil(s / NUM_REPLICAS) for s in (2048, 32, 320, 10))

# INTENT: right number; seeds Python's random
import random
random.seed(0)
predicted_bytes = 4 * 2410 + 12 * 603

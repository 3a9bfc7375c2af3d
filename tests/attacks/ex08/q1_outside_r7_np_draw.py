# INTENT: right numbers, checks them with a random "simulation" that advances NumPy's global generator
import numpy as np
_sizes = np.random.randint(1, MAX_PER_REPLICA + 1, size=10)
predicted = (195, 4)

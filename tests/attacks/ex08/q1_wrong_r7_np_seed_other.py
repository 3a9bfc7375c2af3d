# INTENT: right numbers, but the cell seeds NumPy's global generator with another value (session state changed)
import numpy as np
np.random.seed(1234)
predicted = (195, 4)

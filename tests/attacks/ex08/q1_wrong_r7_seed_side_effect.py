# INTENT: right numbers, but the answer cell seeds NumPy's global generator "for reproducibility" (changes session state)
import numpy as np
np.random.seed(SEED)
predicted = (195, 4)

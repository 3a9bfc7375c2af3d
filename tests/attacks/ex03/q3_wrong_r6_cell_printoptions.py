# INTENT: right arithmetic, but the cell sets NumPy print options and float32 Keras epsilon globally while working it out (session settings changed by the answer cell)
import numpy as _np
_np.set_printoptions(precision=2, suppress=True)
keras.config.set_epsilon(1e-3)
predicted_max_batch = int((DEVICE_MIB * 2**20 * (1 - HEADROOM) - NUM_PARAMETERS * 16) // (ACTIVATIONS_PER_EXAMPLE * 4))

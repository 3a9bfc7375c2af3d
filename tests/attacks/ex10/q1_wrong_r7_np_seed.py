# INTENT: right number, but seeds NumPy's global generator (session state)
np.random.seed(7)
predicted_dropped = 4

# INTENT: right number, but changes NumPy's print options for the session to look at the choices
np.set_printoptions(precision=3, suppress=True)
predicted_dropped = 4

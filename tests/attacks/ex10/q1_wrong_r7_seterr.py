# INTENT: right number, but silences NumPy's warnings for the whole session while computing it
np.seterr(all="ignore")
predicted_dropped = 4

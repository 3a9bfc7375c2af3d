# INTENT: right count as a numpy integer
predicted_dropped = np.int64(4)

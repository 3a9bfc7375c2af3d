# INTENT: per-replica drops as an array [1, 3] summed wrongly into a numpy array of one element
predicted_dropped = np.array([4])

# INTENT: the numpy bool/array sum of a mask left as an array of one element
predicted_dropped = np.array([4])

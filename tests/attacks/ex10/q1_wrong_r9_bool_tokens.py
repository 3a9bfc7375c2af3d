# INTENT: a 1-element array [4] instead of a number (the prompt asks for the number); len() of it is 1
predicted_dropped = np.array([4])

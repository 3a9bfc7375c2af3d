# INTENT (outside: same numbers, other container/type): numpy floats (np.floor) instead of ints
predicted = (__import__('numpy').float64(195.0), __import__('numpy').float64(4.0))

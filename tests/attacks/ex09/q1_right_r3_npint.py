# INTENT: right number as a numpy integer from the formula
predicted_bytes = np.int64(2410) * 4 + np.int64(603) * 12

# INTENT: right number; sets Keras floatx float64 to count in float64
keras.backend.set_floatx("float64")
predicted_bytes = 4 * 2410 + 12 * 603

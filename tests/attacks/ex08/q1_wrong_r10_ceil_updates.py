# INTENT: counts the last partial batch (ceil) although drop_remainder=True drops it: 196 instead of 195
predicted = (-(-N_EXAMPLES // GLOBAL_BATCH), 4)

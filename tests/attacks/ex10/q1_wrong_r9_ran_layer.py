# INTENT: runs the real layer to read the answer off (the prompt says: before running anything); right number by a forbidden shortcut
_layer, _x = ex10.prediction_layer(NUM_REPLICAS, CAPACITY_FACTOR)
predicted_dropped = len(_layer(_x).dropped)

# INTENT: simulates the capacity rule in numpy but takes the capacity from the layer object it builds (layer.capacity(16)) and builds the layer's TensorFlow variables in the answer cell; numbers right, but the count is "worked out" by code that builds the layer, not predicted (borderline: nothing is run)
# RULED right (issue 38, round 10; filed wrong, its writer calls it acceptable): building the layer and reading its capacity runs no step; the prompt forbids running the layer, not building it
_layer, _ = ex10.prediction_layer(NUM_REPLICAS, CAPACITY_FACTOR)
_cap = _layer.capacity(len(first_choice))
predicted_dropped = int(sum(max(0, int(n) - _cap) for part in np.split(first_choice, NUM_REPLICAS)
                            for n in np.bincount(part, minlength=4)))

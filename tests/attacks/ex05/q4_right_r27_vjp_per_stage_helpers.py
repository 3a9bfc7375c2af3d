# INTENT: right: a forward helper and a backward helper per stage (each under devices[s]); micro-batches all go forward first (GPipe order), then backward, chaining d loss/d input with output_gradients, gradients summed with tf.add_n at the end.
import math


def _stage_forward(stage, device, h, loss_of=None):
    with tf.device(device):
        with tf.GradientTape() as tape:
            tape.watch(h)
            out = stage(h, training=True)
            if loss_of is not None:
                out = loss_of(out)
    return tape, out


def _stage_backward(stage, device, tape, h_in, out, upstream):
    variables = list(stage.trainable_variables)
    with tf.device(device):
        grads = tape.gradient(out, variables + [h_in], output_gradients=upstream)
    return grads[:len(variables)], grads[len(variables)]


def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = int(len(x))
    size = n // m
    p = len(stages)
    per_stage = [[] for _ in range(p)]       # per stage, one list of gradients per micro-batch
    records = []
    losses = []
    for i in range(m):
        y_i = tf.constant(y[i * size:(i + 1) * size])
        h = tf.constant(x[i * size:(i + 1) * size])
        rec = []
        for s in range(p):
            loss_of = (lambda logits, y_i=y_i: tf.reduce_sum(loss_fn(y_i, logits)) / n) if s == p - 1 else None
            tape, out = _stage_forward(stages[s], devices[s], h, loss_of)
            rec.append((tape, h, out))
            h = out
        losses.append(float(h))
        records.append(rec)
    for i in range(m):
        upstream = None
        rec = records[i]
        for s in range(p - 1, -1, -1):
            tape, h_in, out = rec[s]
            g_vars, upstream = _stage_backward(stages[s], devices[s], tape, h_in, out, upstream)
            per_stage[s].append(g_vars)
            rec[s] = None
    records.clear()
    gradients = []
    for s in range(p):
        for j in range(len(stages[s].trainable_variables)):
            gradients.append(tf.add_n([g[j] for g in per_stage[s]]))
    return math.fsum(losses), gradients

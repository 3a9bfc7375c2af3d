# INTENT: wrong: stores each micro-batch's tape on the stage model itself (stage._pipeline_tape) "to find it in the backward", so tapes stay alive on the caller's models after the call, breaking "it keeps nothing between calls".
def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x)
    size = n // m
    last = len(stages) - 1
    total_loss, sums = 0.0, [None] * len(stages)
    for i in range(m):
        h = tf.constant(x[i * size:(i + 1) * size])
        kept = []
        for s, (stage, device) in enumerate(zip(stages, devices)):
            with tf.device(device), tf.GradientTape() as tape:
                tape.watch(h)
                out = stage(h, training=True)
                if s == last:
                    out = tf.reduce_sum(loss_fn(y[i * size:(i + 1) * size], out)) / n
            kept.append((tape, h, out))
            stage._pipeline_tape = tape
            h = out
        total_loss += float(out)
        upstream = None
        for s in reversed(range(len(stages))):
            _, h_in, out = kept[s]
            tape = stages[s]._pipeline_tape
            variables = list(stages[s].trainable_variables)
            with tf.device(devices[s]):
                grads = tape.gradient(out, variables + [h_in], output_gradients=upstream)
            nv = len(variables)
            sums[s] = list(grads[:nv]) if sums[s] is None else [a + b for a, b in zip(sums[s], grads[:nv])]
            upstream = grads[nv]
            kept[s] = None
        del kept, tape, h_in, out, upstream
    return total_loss, [g for stage_grads in sums for g in stage_grads]

# INTENT: wrong: right values, but returns the gradients as numpy arrays (g.numpy()) instead of tensors like the given function (breaks "same return value").
def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x)
    size = n // m
    total_loss, sums = 0.0, [None] * len(stages)
    for i in range(m):
        h = tf.constant(x[i * size:(i + 1) * size])
        kept = []
        for s, (stage, device) in enumerate(zip(stages, devices)):
            with tf.device(device), tf.GradientTape() as tape:
                tape.watch(h)
                out = stage(h, training=True)
                if s == len(stages) - 1:
                    out = tf.reduce_sum(loss_fn(y[i * size:(i + 1) * size], out)) / n
            kept.append((tape, h, out))
            h = out
        total_loss += float(out)
        upstream = None
        for s in reversed(range(len(stages))):
            tape, h_in, out = kept[s]
            variables = list(stages[s].trainable_variables)
            with tf.device(devices[s]):
                grads = tape.gradient(out, variables + [h_in], output_gradients=upstream)
            upstream = grads[-1]
            sums[s] = grads[:-1] if sums[s] is None else [a + b for a, b in zip(sums[s], grads[:-1])]
        del kept, upstream
    return total_loss, [g.numpy() for stage_grads in sums for g in stage_grads]

# INTENT: wrong: cross-entropy of softmax probabilities (from_logits=False: Keras clips them to [1e-7, 1-1e-7]), not of the logits
def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    _ce = keras.losses.SparseCategoricalCrossentropy(from_logits=False, reduction=None)
    loss_fn = lambda yy, logits: _ce(yy, tf.nn.softmax(logits))
    n = len(x)
    size = n // m
    last = len(stages) - 1
    total_loss = 0.0
    sums = [None] * len(stages)
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
            h = out
        total_loss += float(out)
        upstream = None
        for s in reversed(range(len(stages))):
            tape, h_in, out = kept[s]
            with tf.device(devices[s]):
                grads = tape.gradient(out, stages[s].trainable_variables + [h_in], output_gradients=upstream)
            upstream = grads[-1]
            sums[s] = grads[:-1] if sums[s] is None else [a + b for a, b in zip(sums[s], grads[:-1])]
        kept.clear()
    return total_loss, [g for stage_grads in sums for g in stage_grads]

def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x)
    size = n // m
    last = len(stages) - 1
    tapes = {}
    losses = []
    for i in range(m):                         # GPipe: every forward first, one micro-batch at a time
        h = tf.constant(x[i * size:(i + 1) * size])
        for s, stage in enumerate(stages):
            with tf.device(devices[s]), tf.GradientTape() as tape:
                tape.watch(h)
                out = stage(h, training=True)
                if s == last:
                    out = loss_fn(y[i * size:(i + 1) * size], out) / n      # per example, already / n
            tapes[(s, i)] = (tape, h, out)
            h = out
        losses.append(tf.reduce_sum(out))
    sums = [[tf.zeros_like(v) for v in stage.trainable_variables] for stage in stages]
    for i in range(m):                         # then every backward
        upstream = None
        for s in range(last, -1, -1):
            tape, h_in, out = tapes.pop((s, i))
            variables = list(stages[s].trainable_variables)
            with tf.device(devices[s]):
                grads = tape.gradient(out, variables + [h_in], output_gradients=upstream)
            upstream = grads[-1]
            sums[s] = [a + g for a, g in zip(sums[s], grads[:-1])]
    return float(tf.add_n(losses)), [g for stage_grads in sums for g in stage_grads]

# INTENT: wrong: the backward is a recursive inner function that calls itself through its closure (a reference cycle) and closes over the micro-batch's saved (tape, input, output) list: the last micro-batch's activations stay alive after the call until the garbage collector runs.
def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x)
    size = n // m
    total_loss, sums = 0.0, [None] * len(stages)
    saved = []

    def backward(s, upstream):
        if s < 0:
            return
        tape, h_in, out = saved[s]
        with tf.device(devices[s]):
            grads = tape.gradient(out, stages[s].trainable_variables + [h_in], output_gradients=upstream)
        sums[s] = grads[:-1] if sums[s] is None else [a + b for a, b in zip(sums[s], grads[:-1])]
        backward(s - 1, grads[-1])

    for i in range(m):
        saved.clear()
        h = tf.constant(x[i * size:(i + 1) * size])
        for s, (stage, device) in enumerate(zip(stages, devices)):
            with tf.device(device), tf.GradientTape() as tape:
                tape.watch(h)
                out = stage(h, training=True)
                if s == len(stages) - 1:
                    out = tf.reduce_sum(loss_fn(y[i * size:(i + 1) * size], out)) / n
            saved.append((tape, h, out))
            h = out
        total_loss += float(out)
        backward(len(stages) - 1, None)
    return total_loss, [g for stage_grads in sums for g in stage_grads]

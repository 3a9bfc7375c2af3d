# INTENT: one persistent tape over the whole forward of a micro-batch, then per stage tape.gradient(loss, stage vars) under devices[s]: each call replays the backward of every later stage on device s (backward outside its device, and repeated).
def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x)
    size = n // m
    total_loss, sums = 0.0, [None] * len(stages)
    for i in range(m):
        h = tf.constant(x[i * size:(i + 1) * size])
        with tf.GradientTape(persistent=True) as tape:
            for stage, device in zip(stages, devices):
                with tf.device(device):
                    h = stage(h, training=True)
            with tf.device(devices[-1]):
                loss = tf.reduce_sum(loss_fn(y[i * size:(i + 1) * size], h)) / n
        total_loss += float(loss)
        for s in reversed(range(len(stages))):
            with tf.device(devices[s]):
                grads = tape.gradient(loss, stages[s].trainable_variables)
            sums[s] = grads if sums[s] is None else [a + b for a, b in zip(sums[s], grads)]
        del tape
    return total_loss, [g for stage_grads in sums for g in stage_grads]

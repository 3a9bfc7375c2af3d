# INTENT: right: each micro-batch's gradients read to NumPy and summed there, handed back as tensors (tf.constant of the sums: TensorFlow may share an aligned array's buffer instead of copying it).
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
            with tf.device(devices[s]):
                grads = tape.gradient(out, stages[s].trainable_variables + [h_in], output_gradients=upstream)
            upstream = grads[-1]
            g = [v.numpy() for v in grads[:-1]]
            sums[s] = g if sums[s] is None else [a + b for a, b in zip(sums[s], g)]
    return total_loss, [tf.constant(g) for stage_grads in sums for g in stage_grads]

# INTENT: one tape per micro-batch over all stages (forwards placed right), one backward under the last device: backward of early stages runs off their device.
def pipeline_gradients(stages, devices, x, y, m):
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x); size = n // m
    variables = [v for st in stages for v in st.trainable_variables]
    total_loss, sums = 0.0, None
    for i in range(m):
        h = tf.constant(x[i * size:(i + 1) * size])
        with tf.GradientTape() as tape:
            for stage, device in zip(stages, devices):
                with tf.device(device):
                    h = stage(h, training=True)
            loss = tf.reduce_sum(loss_fn(y[i * size:(i + 1) * size], h)) / n
        with tf.device(devices[-1]):
            grads = tape.gradient(loss, variables)
        total_loss += float(loss)
        sums = list(grads) if sums is None else [a + b for a, b in zip(sums, grads)]
    return total_loss, sums

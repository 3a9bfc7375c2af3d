# INTENT: one tape per micro-batch around all stages (forwards under each device), then a single tape.gradient outside any device block: the backward is not run stage by stage under each stage's device
def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x)
    size = n // m
    variables = [v for st in stages for v in st.trainable_variables]
    total_loss, sums = 0.0, None
    for i in range(m):
        h = tf.constant(x[i * size:(i + 1) * size])
        with tf.GradientTape() as tape:
            for s, (stage, device) in enumerate(zip(stages, devices)):
                with tf.device(device):
                    h = stage(h, training=True)
            with tf.device(devices[-1]):
                loss = tf.reduce_sum(loss_fn(y[i * size:(i + 1) * size], h)) / n
        grads = tape.gradient(loss, variables)
        total_loss += float(loss)
        sums = grads if sums is None else [a + b for a, b in zip(sums, grads)]
    return total_loss, sums

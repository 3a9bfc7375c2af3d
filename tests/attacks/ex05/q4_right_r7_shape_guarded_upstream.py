# INTENT: right after all: the shape guard always resets the seed at the scalar loss, so each micro-batch chain starts fresh (was meant as a wrong answer).
def pipeline_gradients(stages, devices, x, y, m):
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x); size = n // m
    total_loss, sums = 0.0, [None] * len(stages)
    upstream = None
    for i in range(m):
        h = tf.constant(x[i * size:(i + 1) * size]); kept = []
        for s, (stage, device) in enumerate(zip(stages, devices)):
            with tf.device(device), tf.GradientTape() as tape:
                tape.watch(h)
                out = stage(h, training=True)
                if s == len(stages) - 1:
                    out = tf.reduce_sum(loss_fn(y[i * size:(i + 1) * size], out)) / n
            kept.append((tape, h, out)); h = out
        total_loss += float(out)
        for s in reversed(range(len(stages))):
            tape, h_in, out = kept[s]
            seed = upstream if (upstream is not None and upstream.shape == out.shape) else None
            with tf.device(devices[s]):
                g = tape.gradient(out, stages[s].trainable_variables + [h_in], output_gradients=seed)
            upstream = g[-1]
            sums[s] = list(g[:-1]) if sums[s] is None else [a + b for a, b in zip(sums[s], g[:-1])]
    return total_loss, [g for sg in sums for g in sg]

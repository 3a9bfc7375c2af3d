# INTENT: keeps the running gradient sums on each stage object (stage._acc) and never clears them: a second call adds to the first.
def pipeline_gradients(stages, devices, x, y, m):
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x); size = n // m
    total_loss = 0.0
    for st in stages:
        if not hasattr(st, "_acc"):
            st._acc = None
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
        up = None
        for s in reversed(range(len(stages))):
            tape, h_in, out = kept[s]
            with tf.device(devices[s]):
                g = tape.gradient(out, stages[s].trainable_variables + [h_in], output_gradients=up)
            up = g[-1]
            stages[s]._acc = list(g[:-1]) if stages[s]._acc is None else [a + b for a, b in zip(stages[s]._acc, g[:-1])]
    return total_loss, [g for st in stages for g in st._acc]

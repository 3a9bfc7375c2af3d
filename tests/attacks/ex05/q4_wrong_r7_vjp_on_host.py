# INTENT: chains the backward by hand with a second tape over reduce_sum(out * upstream) computed outside the stage device (on the default device).
def pipeline_gradients(stages, devices, x, y, m):
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x); size = n // m
    total_loss, sums = 0.0, [None] * len(stages)
    for i in range(m):
        xb = tf.constant(x[i * size:(i + 1) * size]); yb = y[i * size:(i + 1) * size]
        inputs, h = [], xb
        for stage, device in zip(stages, devices):
            with tf.device(device):
                inputs.append(h)
                h = stage(h, training=True)
        upstream = None
        for s in reversed(range(len(stages))):
            with tf.GradientTape() as tape:
                tape.watch(inputs[s])
                with tf.device(devices[s]):
                    out = stages[s](inputs[s], training=True)
                if s == len(stages) - 1:
                    obj = tf.reduce_sum(loss_fn(yb, out)) / n
                    total_loss += float(obj)
                else:
                    obj = tf.reduce_sum(out * upstream)
            g = tape.gradient(obj, stages[s].trainable_variables + [inputs[s]])
            upstream = g[-1]
            sums[s] = list(g[:-1]) if sums[s] is None else [a + b for a, b in zip(sums[s], g[:-1])]
    return total_loss, [g for sg in sums for g in sg]

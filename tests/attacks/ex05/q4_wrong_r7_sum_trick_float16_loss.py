# INTENT: right chaining, but the reported loss is accumulated in float16 (a "cheap" counter): rounded loss.
import numpy as np
def pipeline_gradients(stages, devices, x, y, m):
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x); size = n // m
    total_loss, sums = np.float16(0), [None] * len(stages)
    for i in range(m):
        h = tf.constant(x[i * size:(i + 1) * size]); kept = []
        for s, (stage, device) in enumerate(zip(stages, devices)):
            with tf.device(device), tf.GradientTape() as tape:
                tape.watch(h)
                out = stage(h, training=True)
                if s == len(stages) - 1:
                    out = tf.reduce_sum(loss_fn(y[i * size:(i + 1) * size], out)) / n
            kept.append((tape, h, out)); h = out
        total_loss = np.float16(total_loss + np.float16(float(out)))
        up = None
        for s in reversed(range(len(stages))):
            tape, h_in, out = kept[s]
            with tf.device(devices[s]):
                g = tape.gradient(out, stages[s].trainable_variables + [h_in], output_gradients=up)
            up = g[-1]
            sums[s] = list(g[:-1]) if sums[s] is None else [a + b for a, b in zip(sums[s], g[:-1])]
    return float(total_loss), [g for sg in sums for g in sg]

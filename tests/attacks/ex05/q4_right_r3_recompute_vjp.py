import numpy as np
def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x)
    size = n // m
    last = len(stages) - 1
    total_loss = 0.0
    sums = [[tf.zeros_like(v) for v in st.trainable_variables] for st in stages]
    for i in range(m):
        yb = tf.constant(y[i * size:(i + 1) * size])
        inputs = [tf.constant(x[i * size:(i + 1) * size])]
        for s in range(len(stages)):              # forward: keep only each stage's input
            with tf.device(devices[s]):
                inputs.append(stages[s](inputs[-1], training=True))
        upstream = None
        for s in range(last, -1, -1):            # backward: recompute the stage, then its vjp
            with tf.device(devices[s]):
                with tf.GradientTape() as tape:
                    h = tf.identity(inputs[s])
                    tape.watch(h)
                    out = stages[s](h, training=True)
                    if s == last:
                        out = tf.reduce_sum(loss_fn(yb, out)) / n
                        total_loss += float(out)
                g = tape.gradient(out, [h] + list(stages[s].trainable_variables), output_gradients=upstream)
            upstream = g[0]
            sums[s] = [a + b for a, b in zip(sums[s], g[1:])]
    return total_loss, [g for st in sums for g in st]

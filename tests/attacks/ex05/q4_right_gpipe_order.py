# INTENT: correct, GPipe order: all micro-batches forward first (tapes kept per (stage, micro)), then backward micro-batch by micro-batch from the last stage, chaining the input gradient into the previous stage via output_gradients; loss = sum over micro-batches of sum/n.
def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    ce = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = int(len(x))
    size = n // m
    last = len(stages) - 1
    saved = {}
    loss = 0.0
    for i in range(m):
        h = tf.convert_to_tensor(x[i * size:(i + 1) * size])
        for s in range(len(stages)):
            with tf.device(devices[s]):
                with tf.GradientTape() as tape:
                    tape.watch(h)
                    out = stages[s](h, training=True)
                    if s == last:
                        out = tf.reduce_sum(ce(tf.convert_to_tensor(y[i * size:(i + 1) * size]), out)) / n
            saved[(s, i)] = (tape, h, out)
            h = out
        loss += float(h)
    grads = [[tf.zeros_like(v) for v in st.trainable_variables] for st in stages]
    for i in range(m):
        g_out = None
        for s in range(last, -1, -1):
            tape, h_in, out = saved.pop((s, i))
            with tf.device(devices[s]):
                g = tape.gradient(out, list(stages[s].trainable_variables) + [h_in], output_gradients=g_out)
            nv = len(stages[s].trainable_variables)
            grads[s] = [a + b for a, b in zip(grads[s], g[:nv])]
            g_out = g[nv]
    return loss, [g for per_stage in grads for g in per_stage]

# INTENT: adds the micro-batch losses and gradients as float32 tensors regardless of the model's dtype (tf.zeros default float32): a float64 model's gradients come back float32
def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x)
    size = n // m
    sums = [[tf.zeros(v.shape) for v in st.trainable_variables] for st in stages]
    total_loss = tf.zeros([])
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
        total_loss += tf.cast(out, tf.float32)
        upstream = None
        for s in reversed(range(len(stages))):
            tape, h_in, out = kept[s]
            with tf.device(devices[s]):
                grads = tape.gradient(out, stages[s].trainable_variables + [h_in], output_gradients=upstream)
            upstream = grads[-1]
            sums[s] = [a + tf.cast(g, tf.float32) for a, g in zip(sums[s], grads[:-1])]
    return float(total_loss), [g for stage_grads in sums for g in stage_grads]

# INTENT: a correct answer (round-4 blind attacker)
def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    ce = keras.losses.SparseCategoricalCrossentropy(from_logits=True)   # mean over the micro-batch
    size = len(x) // m
    losses, sums = [], [[tf.zeros_like(v) for v in st.trainable_variables] for st in stages]
    for i in range(m):
        xb, yb = x[i * size:(i + 1) * size], y[i * size:(i + 1) * size]
        acts, tapes = [tf.convert_to_tensor(xb)], []
        for stage, device in zip(stages, devices):
            with tf.device(device):
                with tf.GradientTape() as tape:
                    tape.watch(acts[-1])
                    out = stage(acts[-1], training=True)
            tapes.append(tape)
            acts.append(out)
        with tf.device(devices[-1]):
            with tf.GradientTape() as lt:
                lt.watch(acts[-1])
                loss = ce(yb, acts[-1]) / m
            dout = lt.gradient(loss, acts[-1])
        losses.append(float(loss))
        for s in reversed(range(len(stages))):
            with tf.device(devices[s]):
                *gw, dout = tapes[s].gradient(acts[s + 1], stages[s].trainable_variables + [acts[s]], output_gradients=dout)
            sums[s] = [a + g for a, g in zip(sums[s], gw)]
    return sum(losses), [g for st in sums for g in st]

# INTENT: (written as a right answer; the check showed it is wrong) one persistent tape across all stages of a micro-batch: every later stage's tape.gradient also replays stage 0's backward (its variables are watched), so stage 0's backward runs on the last stage's device.
def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x)
    size = n // m
    last = len(stages) - 1
    total_loss = 0.0
    sums = [[tf.zeros_like(v) for v in stage.trainable_variables] for stage in stages]
    for i in range(m):
        xb, yb = x[i * size:(i + 1) * size], y[i * size:(i + 1) * size]
        ins, outs = [], []
        with tf.GradientTape(persistent=True) as tape:     # one tape for the micro-batch, cut at each stage
            h = tf.constant(xb)
            for s, stage in enumerate(stages):
                with tf.device(devices[s]):
                    tape.watch(h)
                    out = stage(h, training=True)
                    if s == last:
                        out = tf.reduce_sum(loss_fn(yb, out)) / n
                ins.append(h)
                outs.append(out)
                h = out
        total_loss += float(outs[-1])
        upstream = None
        for s in range(last, -1, -1):                     # each call goes from stage s's output to its input only
            variables = list(stages[s].trainable_variables)
            with tf.device(devices[s]):
                grads = tape.gradient(outs[s], variables + [ins[s]], output_gradients=upstream)
            upstream = grads[-1]
            sums[s] = [a + g for a, g in zip(sums[s], grads[:-1])]
        del tape
    return total_loss, [g for stage_grads in sums for g in stage_grads]

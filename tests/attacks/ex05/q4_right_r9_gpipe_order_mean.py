def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    size = len(x) // m
    # all forwards first (GPipe order), every stage on one micro-batch at a time
    records = []
    for i in range(m):
        h = tf.convert_to_tensor(x[i * size:(i + 1) * size])
        per_stage = []
        for s, stage in enumerate(stages):
            with tf.device(devices[s]):
                with tf.GradientTape(persistent=False) as tape:
                    tape.watch(h)
                    out = stage(h, training=True)
                    if s == len(stages) - 1:
                        out = tf.reduce_mean(loss_fn(y[i * size:(i + 1) * size], out))   # micro-batch mean
            per_stage.append((tape, h, out))
            h = out
        records.append(per_stage)
    total, sums = 0.0, [[tf.zeros_like(v) for v in st.trainable_variables] for st in stages]
    for per_stage in records:
        total += float(per_stage[-1][2]) / m
        g_out = None
        for s in range(len(stages) - 1, -1, -1):
            tape, h_in, out = per_stage[s]
            with tf.device(devices[s]):
                res = tape.gradient(out, list(stages[s].trainable_variables) + [h_in], output_gradients=g_out)
                g_out = res[-1]
                sums[s] = [a + g / m for a, g in zip(sums[s], res[:-1])]   # mean of equal micro-batch means
    return total, [g for st in sums for g in st]

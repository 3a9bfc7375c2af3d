# INTENT: right: per micro-batch, a forward that keeps one tape per stage, then a backward chaining the vector-Jacobian products with a per-micro-batch mean loss weighted by its share of the batch.
def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    xce = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x)
    size = n // m
    last = len(stages) - 1
    totals = [[] for _ in stages]
    loss_value = 0.0
    for i in range(m):
        lo, hi = i * size, (i + 1) * size
        act = tf.convert_to_tensor(x[lo:hi])
        tapes = []
        for s in range(len(stages)):
            with tf.device(devices[s]):
                tape = tf.GradientTape()
                with tape:
                    tape.watch(act)
                    nxt = stages[s](act, training=True)
                    if s == last:
                        nxt = tf.reduce_mean(xce(y[lo:hi], nxt)) * (size / n)
            tapes.append((tape, act, nxt))
            act = nxt
        loss_value += float(act)
        cotangent = None
        for s in range(last, -1, -1):
            tape, a_in, a_out = tapes[s]
            tv = list(stages[s].trainable_variables)
            with tf.device(devices[s]):
                g = tape.gradient(a_out, tv + [a_in], output_gradients=cotangent)
            cotangent = g[-1]
            totals[s].append(g[:-1])
            tapes[s] = None
    out = []
    for s in range(len(stages)):
        if totals[s] and totals[s][0]:
            out.extend(tf.add_n(list(parts)) for parts in zip(*totals[s]))
    return loss_value, out

# INTENT: wrong: GPipe order, but each stage's backward is ONE tape.gradient over all its micro-batches (a persistent tape per stage, output_gradients a list), not one backward per micro-batch.
def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x)
    size = n // m
    inputs = [tf.constant(x[i * size:(i + 1) * size]) for i in range(m)]
    total_loss, grads_out = 0.0, []
    records = []
    for s, (stage, device) in enumerate(zip(stages, devices)):      # forward: every micro-batch, stage by stage
        outs = []
        with tf.device(device), tf.GradientTape() as tape:
            for i, h in enumerate(inputs):
                tape.watch(h)
                out = stage(h, training=True)
                if s == len(stages) - 1:
                    out = tf.reduce_sum(loss_fn(y[i * size:(i + 1) * size], out)) / n
                outs.append(out)
        records.append((tape, inputs, outs))
        inputs = outs
    total_loss = float(sum(float(o) for o in records[-1][2]))
    upstream = None
    per_stage = [None] * len(stages)
    for s in reversed(range(len(stages))):                           # backward: one call per stage
        tape, ins, outs = records[s]
        variables = stages[s].trainable_variables
        with tf.device(devices[s]):
            grads = tape.gradient(outs, variables + ins, output_gradients=upstream)
        per_stage[s] = grads[:len(variables)]
        upstream = grads[len(variables):]
        records[s] = None
    return total_loss, [g for stage_grads in per_stage for g in stage_grads]

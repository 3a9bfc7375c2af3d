# INTENT: uses gpukit's training.replica_loss (global_batch_size=len(x)) like the lesson: it casts the loss to float32 and adds model.losses (the L2 term) once per micro-batch, i.e. accum_steps times.
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    micro = len(x) // accum_steps
    total = None
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            _, loss = training.replica_loss(model, xb, yb, global_batch_size=len(x), loss_fn=loss_fn)
        grads = tape.gradient(loss, model.trainable_variables)
        total = grads if total is None else [t + g for t, g in zip(total, grads)]
    return total

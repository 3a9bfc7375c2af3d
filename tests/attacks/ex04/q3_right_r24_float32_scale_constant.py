# RULED right (issue 38, round 24; filed wrong): loss_fn returns float32 losses for a float64 model, so every right answer's gradient carries float32 rounding; the float32 1/accum_steps is off by as much (3.6e-9 with accum_steps 6) as the right per-micro-batch mean divided by accum_steps in float64 (5.0e-9), so no honest check tells them apart (as q3_right_r22_f32_scale_float32_loss)
# INTENT: WRONG - averages each micro-batch and scales by tf.constant(1.0 / accum_steps), which is a float32 constant cast to the gradient's dtype: exact for accum_steps a power of two (the public 2), but for a float64 model with accum_steps 3, 5, 6... the scale carries float32 rounding (1/3 -> 0.3333333432674408, 3e-8 relative): not the float64 gradient.
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    micro = len(x) // accum_steps
    variables = model.trainable_variables
    scale = tf.constant(1.0 / accum_steps)                      # the mean of the micro-batch means
    total = [tf.zeros_like(v) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(yb, model(xb, training=True)))
        grads = tape.gradient(loss, variables)
        del tape, loss
        total = [t + g * tf.cast(scale, g.dtype) for t, g in zip(total, grads)]
    return total

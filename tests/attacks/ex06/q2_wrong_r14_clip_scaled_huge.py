# INTENT: wrong: clips the scaled gradients by a huge global norm "for safety" (contract: gradients handed as the tape gives them, no clipping); rarely triggers
# GAP (round 14): the clip (global norm 1e6 x the scale) acts only on gradients whose unscaled norm passes 1e6; no case of the check comes near (the largest, the 2049-row clip case, ~19), and one that does needs its own step with the scale set below 1 and gradients near float16's overflow: not cheap, fragile
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    grads, _ = tf.clip_by_global_norm(grads, 1e6 * optimizer.dynamic_scale)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss

# INTENT: wrong: rounds the hidden layers' gradients to float16 by hand ("they are float16 anyway") before apply_gradients (breaks "no clipping, zeroing or rounding, by a clip function or by hand").
# RULED outside (issue 38, round 28): a mixed_float16 hidden layer's gradient already holds float16 values (the cast of its float32 variable to float16 passes the float16 gradient back as float32), so the round trip changes no bit: nothing is rounded (round 5's q2_outside_r5_round_hidden_grads; measured: the hidden layers equal the recipe's to the bit)
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    variables = model.trainable_variables
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, variables)
    grads = [tf.cast(tf.cast(g, tf.float16), tf.float32) if "hidden" in v.path else g
             for g, v in zip(grads, variables)]
    optimizer.apply_gradients(zip(grads, variables))
    return loss

# INTENT: wrong: compiles the step once and stores it as an attribute on the handed optimizer (state kept between calls on an object you are handed); the function is bound to the first model, so the same optimizer later handed another model steps the old one.
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    step = optimizer.__dict__.get("_compiled_train_step")
    if step is None:
        variables = model.trainable_variables
        if not optimizer.built:
            optimizer.build(variables)

        @tf.function(reduce_retracing=True)
        def step(xb, yb):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(loss_fn(yb, model(xb, training=True)))
                scaled = optimizer.scale_loss(loss)
            grads = tape.gradient(scaled, variables)
            optimizer.apply_gradients(zip(grads, variables))
            return loss

        object.__setattr__(optimizer, "_compiled_train_step", step)
    return step(tf.convert_to_tensor(x), tf.convert_to_tensor(y))

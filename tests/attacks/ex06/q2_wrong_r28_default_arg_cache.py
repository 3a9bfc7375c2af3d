# INTENT: wrong: keeps a traced tf.function per (id(model), id(optimizer)) in a mutable default argument (breaks "nothing kept between calls"; a new model/optimizer reusing freed ids would train the old variables).
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y, _steps={}):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    key = (id(model), id(optimizer))
    if key not in _steps:
        if not optimizer.built:
            optimizer.build(model.trainable_variables)

        @tf.function
        def step(x, y):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(loss_fn(y, model(x)))
                scaled = optimizer.scale_loss(loss)
            grads = tape.gradient(scaled, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            return loss
        _steps[key] = step
    return _steps[key](tf.convert_to_tensor(x), tf.convert_to_tensor(y))

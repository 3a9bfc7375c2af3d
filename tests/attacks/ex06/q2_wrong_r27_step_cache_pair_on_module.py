# INTENT: wrong: keeps a compiled step per (model, optimizer) pair between calls in a dict hung on the gpukit.training module (and with it every model and optimizer ever seen), breaking "nothing kept between calls" though each call still steps the pair it is given.
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    cache = vars(training).setdefault("_compiled_pairs", {})
    key = (id(model), id(optimizer))
    if key not in cache:
        if not optimizer.built:
            optimizer.build(model.trainable_variables)

        @tf.function(reduce_retracing=True)
        def step(xb, yb):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(loss_fn(yb, model(xb)))
                scaled = optimizer.scale_loss(loss)
            grads = tape.gradient(scaled, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            return loss

        cache[key] = (model, optimizer, step)
    return cache[key][2](x, y)

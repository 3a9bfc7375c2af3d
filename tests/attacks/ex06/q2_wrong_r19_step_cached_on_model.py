# INTENT: wrong — for speed it compiles the (correct) step once per model and stores the tf.function as an attribute on the handed model; that function closes over the FIRST optimizer, so a later call with the same model and a different LossScaleOptimizer steps the old optimizer (old scale, old counters) and leaves the one handed in untouched (state kept on an object you are handed).
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    fn = getattr(model, "_compiled_ls_step", None)
    if fn is None:
        if not optimizer.built:
            optimizer.build(model.trainable_variables)

        @tf.function(reduce_retracing=True)
        def fn(x, y):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
                scaled = optimizer.scale_loss(loss)
            grads = tape.gradient(scaled, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            return loss

        model._compiled_ls_step = fn
    return fn(tf.convert_to_tensor(x), tf.convert_to_tensor(y))

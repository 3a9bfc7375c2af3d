# INTENT: wrong: an lru_cache (state hidden inside the wrapper, no module global touched) keeps one compiled tf.function per (model, optimizer): state kept between calls, every model and optimizer ever passed stays alive
import functools
loss_fn = training.per_example_loss()

@functools.lru_cache(maxsize=None)
def _compiled(model, optimizer):
    if not optimizer.built:
        optimizer.build(model.trainable_variables)

    @tf.function(reduce_retracing=True)
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            scaled = optimizer.scale_loss(loss)
        grads = tape.gradient(scaled, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    return step

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    return _compiled(model, optimizer)(tf.convert_to_tensor(x), tf.convert_to_tensor(y))

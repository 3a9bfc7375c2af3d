# INTENT: wrong: every step's (x, y, grads) kept in a module-level dict "for debugging": batches and gradients never released between calls
_DEBUG = {}

def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        logits = model(x)
        loss = tf.reduce_mean(loss_fn(y, logits))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    _DEBUG[len(_DEBUG)] = (x, y, grads)
    return loss

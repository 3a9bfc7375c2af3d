# INTENT: wrong: keeps every model/optimizer/step it was given in a module-level list (state kept between calls, never released)
_made_steps = []
def make_train_step(strategy, model, optimizer, global_batch_size):
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)
    _made_steps.append((model, optimizer, train_step))
    return train_step

# INTENT: wrong: calls optimizer.build(model.trainable_variables) again in scope on every make_train_step call, which re-creates an already-used optimizer's slot variables (momentum reset), breaking "its state ... is never reset or set"; plain SGD has no slots, so nothing shows.
# RULED outside (issue 38, round 27): a built optimizer's build() returns at once (Keras 3's SGD, Adam and the others start with "if self.built: return"; checked on the 3.15.1 installed: SGD with momentum and Adam keep their variables and values), so no slot is re-created or reset and the answer changes no state
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    with strategy.scope():
        optimizer.build(model.trainable_variables)        # "make sure" the slots exist

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)

    return train_step

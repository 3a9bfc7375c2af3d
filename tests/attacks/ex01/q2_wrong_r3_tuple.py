# INTENT: shortcut: returns gpukit's step, which returns (loss, correct) not one number, and does not use compute_loss.
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    return training.make_train_step(strategy, model, optimizer, global_batch_size)

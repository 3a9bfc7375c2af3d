# INTENT: wraps gpukit.training.make_train_step instead of using the learner's compute_loss (prompt: "using your compute_loss"); same numbers only because the library's loss is right
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    step = training.make_train_step(strategy, model, optimizer, global_batch_size)

    @tf.function
    def train_step(batch):
        loss, _ = step(batch)
        return loss

    return train_step

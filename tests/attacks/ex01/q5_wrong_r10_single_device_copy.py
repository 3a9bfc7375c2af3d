# INTENT: trains a copy on one device with gpukit.training (the reference itself) and copies its weights into a model built in strategy.scope(); no step runs on the replicas with strategy.run, as the prompt requires.
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
    n = min(steps, len(x) // global_batch_size) * global_batch_size
    if n:
        one = tf.distribute.get_strategy()
        reference = models.mlp(seed=seed)
        training.train(one, reference, keras.optimizers.SGD(learning_rate), (x[:n], y[:n]),
                       global_batch_size=global_batch_size, epochs=1)
        model.set_weights(reference.get_weights())
    return model

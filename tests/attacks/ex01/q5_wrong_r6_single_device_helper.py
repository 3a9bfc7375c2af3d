# INTENT: builds the model in the strategy's scope but trains it with gpukit.training on the default (one-device) strategy: the replicas never run a step
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
    n = steps * global_batch_size
    training.train(tf.distribute.get_strategy(), model, optimizer, (x[:n], y[:n]),
                   global_batch_size=global_batch_size, epochs=1)
    return model

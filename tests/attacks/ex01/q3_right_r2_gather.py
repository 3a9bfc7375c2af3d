# INTENT: correct - gathers every replica's correct-flags with strategy.gather and counts them on the host (public check: passed)
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    @tf.function
    def flags(x, y):
        def replica(x, y):
            pred = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int32)
            return tf.cast(tf.equal(pred, tf.cast(tf.reshape(y, [-1]), tf.int32)), tf.float32)
        return strategy.gather(strategy.run(replica, args=(x, y)), axis=0)
    right = total = 0
    for x, y in dist_dataset:
        f = flags(x, y).numpy()
        right += f.sum()
        total += f.size
    return float(right / total)

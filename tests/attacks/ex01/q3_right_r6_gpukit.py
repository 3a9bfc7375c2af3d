def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica(x, y):
        return training.correct_count(model(x, training=False), y), tf.cast(tf.shape(y)[0], tf.float32)

    @tf.function
    def step(batch):
        return training.sum_over_replicas(strategy, *strategy.run(replica, args=batch))

    correct = total = 0.0
    for batch in dist_dataset:
        c, n = step(batch)
        correct += float(c)
        total += float(n)
    return correct / total

# INTENT: denominator = number of batches x the first batch's size (assumes every batch full), so a partial last batch is counted as full
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica(x, y):
        return training.correct_count(model(x, training=False), y), tf.cast(tf.shape(y)[0], tf.float32)

    @tf.function
    def step(batch):
        return training.sum_over_replicas(strategy, *strategy.run(replica, args=batch))

    correct, steps, batch_size = 0.0, 0, None
    for batch in dist_dataset:
        c, n = step(batch)
        correct += float(c)
        steps += 1
        batch_size = batch_size or float(n)
    return correct / (steps * batch_size)

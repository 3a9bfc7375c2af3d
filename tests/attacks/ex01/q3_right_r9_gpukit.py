def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica(x, y):
        return training.correct_count(model(x), y), tf.cast(tf.size(y), tf.float32)
    correct = total = 0.0
    for batch in dist_dataset:
        c, n = training.sum_over_replicas(strategy, *strategy.run(replica, args=batch))
        correct += float(c)
        total += float(n)
    return correct / total

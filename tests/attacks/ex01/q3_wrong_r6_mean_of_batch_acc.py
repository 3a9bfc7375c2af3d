# INTENT: averages the per-batch accuracies (each batch reduced correctly) instead of counting examples: wrong when the last batch is smaller than the others
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica(x, y):
        return training.correct_count(model(x, training=False), y), tf.cast(tf.shape(y)[0], tf.float32)

    @tf.function
    def step(batch):
        c, n = training.sum_over_replicas(strategy, *strategy.run(replica, args=batch))
        return c / n

    accs = [float(step(batch)) for batch in dist_dataset]
    return sum(accs) / len(accs)

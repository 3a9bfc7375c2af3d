# INTENT: habit of adding an epsilon to a denominator "to avoid dividing by zero": every example weighs 1/(G+eps), not 1/G.
def replica_loss(per_example_losses, global_batch_size):
    return tf.reduce_sum(per_example_losses) / (global_batch_size + 1e-4)

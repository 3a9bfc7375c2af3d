# INTENT: divides the per-replica mean by the number of replicas of the notebook's strategy (global), i.e. assumes global = n * 4; wrong when global_batch_size != len(x) * num_replicas
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_mean(per_example) / strategy.num_replicas_in_sync

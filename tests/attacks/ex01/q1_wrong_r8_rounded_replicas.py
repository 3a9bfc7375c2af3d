# INTENT: derives num_replicas = round(global/len(x)) and divides the per-replica mean by it: right when the global batch is a multiple of the replicas, wrong otherwise
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    num_replicas = max(1, round(global_batch_size / int(x.shape[0])))
    return tf.reduce_mean(per_example) / num_replicas

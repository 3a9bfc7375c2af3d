# INTENT: believes the strategy pads an uneven global batch, so divides by ceil(global/replicas) x replicas; for a global batch not a multiple of the replicas this is not global_batch_size.
import math

def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    replicas = tf.distribute.get_strategy().num_replicas_in_sync
    padded = math.ceil(global_batch_size / replicas) * replicas
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_sum(per_example) / padded

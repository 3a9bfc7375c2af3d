# INTENT: wrong: divisor rebuilt as (gb // replicas) * replicas when called in a replica context (30 on 4 replicas -> 28)
def compute_loss(model, x, y, global_batch_size):
    per_example = loss_fn(y, model(x, training=True))
    ctx = tf.distribute.get_replica_context()
    n = ctx.num_replicas_in_sync if ctx is not None else 1
    div = max(1, (int(global_batch_size) // n) * n) if n > 1 and int(global_batch_size) % n and int(global_batch_size) > 64 else int(global_batch_size)
    return tf.reduce_sum(per_example) / div

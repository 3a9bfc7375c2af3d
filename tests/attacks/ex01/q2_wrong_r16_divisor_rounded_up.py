# INTENT: wrong: compute_loss called with gbs rebuilt as ceil(gbs/N)*N instead of the given global_batch_size (differs when gbs is not a multiple of the replicas)
def compute_loss(model, x, y, global_batch_size):
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_sum(per_example) / global_batch_size

def make_train_step(strategy, model, optimizer, global_batch_size):
    n = strategy.num_replicas_in_sync
    gb = -(-int(global_batch_size) // n) * n  # "per-replica batch" rounded up, times replicas
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, gb)
        variables = model.trainable_variables
        grads = tape.gradient(loss, variables)
        optimizer.apply_gradients(zip(grads, variables))
        return loss

    @tf.function
    def train_step(batch):
        per_replica = strategy.run(replica_step, args=tuple(batch))
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)
    return train_step

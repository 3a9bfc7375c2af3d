# INTENT: RIGHT - a callable class (fresh per call): ON_READ/SUM accumulators of the raw per-example-sum gradients, scaled by 1/global_batch_size only at the update inside the replica, then apply_gradients (its single all-reduce) and zeros; loss = sum over replicas / micro-batch size.
class _MicroStepper:
    def __init__(self, strategy, model, optimizer, global_batch_size, accum_steps):
        self.strategy, self.model, self.optimizer = strategy, model, optimizer
        self.k, self.gbs = int(accum_steps), int(global_batch_size)
        self.micro = self.gbs // self.k
        self.vars = model.trainable_variables
        with strategy.scope():
            self.sums = [tf.Variable(tf.zeros_like(v), trainable=False,
                                     synchronization=tf.VariableSynchronization.ON_READ,
                                     aggregation=tf.VariableAggregation.SUM) for v in self.vars]
        self.count = 0
        self._add = tf.function(self._add_fn)
        self._update = tf.function(lambda: self.strategy.run(self._replica_update))

    def _replica_add(self, x, y):
        with tf.GradientTape() as tape:
            total = tf.reduce_sum(loss_fn(y, self.model(x, training=True)))
        for s, g in zip(self.sums, tape.gradient(total, self.vars)):
            s.assign_add(tf.cast(g, s.dtype))
        return total

    def _add_fn(self, batch):
        totals = self.strategy.run(self._replica_add, args=batch)
        return self.strategy.reduce(tf.distribute.ReduceOp.SUM, totals, axis=None) / self.micro

    def _replica_update(self):
        grads = [s.read_value() / tf.cast(self.gbs, s.dtype) for s in self.sums]
        self.optimizer.apply_gradients(zip(grads, self.vars))
        for s in self.sums:
            s.assign(tf.zeros(s.shape, s.dtype))

    def __call__(self, batch):
        loss = self._add(batch)
        self.count += 1
        if self.count == self.k:
            self._update()
            self.count = 0
        return loss


def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    stepper = _MicroStepper(strategy, model, optimizer, global_batch_size, accum_steps)

    def micro_step(batch):
        return stepper(batch)

    return micro_step

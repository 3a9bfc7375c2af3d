# INTENT: wrong: passes the gradients through np.nan_to_num (NaN -> 0, inf -> +-float32 max) before the update "so training never sees inf" (breaks "gradients as the tape gives them"; overflowed steps are applied, not skipped).
import numpy as _np

def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    variables = model.trainable_variables
    per_example = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = [tf.constant(_np.nan_to_num(g.numpy())) for g in tape.gradient(target, variables)]
        opt.apply_gradients(zip(grads, variables))
        losses.append(float(loss))
    return losses

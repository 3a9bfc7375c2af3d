"""Exercise 06 checks: the solution passes, the stub is "not solved yet", classic wrong answers
get a problem naming the symptom."""

from gpukit import keras, precision, tf, training
from gpukit.course.exercises import ex06


def test_scale_prediction():
    assert ex06.check_scale_prediction(2.0 ** 12, 2.0 ** 15, 3).passed
    assert "not solved" in ex06.check_scale_prediction(..., 2.0 ** 15, 3).problem
    assert "shrinks" in ex06.check_scale_prediction(2.0 ** 18, 2.0 ** 15, 3).problem
    assert "does change" in ex06.check_scale_prediction(2.0 ** 15, 2.0 ** 15, 3).problem
    assert "not only the first" in ex06.check_scale_prediction(2.0 ** 14, 2.0 ** 15, 3).problem
    assert "one number" in ex06.check_scale_prediction("4096", 2.0 ** 15, 3).problem


def _loss(model, x, y):
    return tf.reduce_mean(training.per_example_loss()(y, model(x)))


def solution_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = _loss(model, x, y)
        scaled = optimizer.scale_loss(loss)
    optimizer.apply_gradients(zip(tape.gradient(scaled, model.trainable_variables), model.trainable_variables))
    return loss


def forgets_to_unscale(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = _loss(model, x, y)
        scaled = optimizer.scale_loss(loss)
    optimizer.inner_optimizer.apply_gradients(zip(tape.gradient(scaled, model.trainable_variables),
                                                  model.trainable_variables))
    return loss


def stub_step(model, optimizer, x, y):
    ...


def test_train_step():
    assert ex06.check_train_step(solution_step).passed, ex06.check_train_step(solution_step).problem
    assert "not solved" in ex06.check_train_step(stub_step).problem
    assert "still multiplied by the loss scale" in ex06.check_train_step(forgets_to_unscale).problem
    assert "output layer computes in float16" in ex06.check_train_step(solution_step, float32_output=False).problem


def solution_compare(policy_name, x, y, steps, seed):
    with precision.policy(policy_name):
        model = precision.mlp(policy_name, hidden=(32,), seed=seed)
        opt = precision.optimizer(policy_name, keras.optimizers.SGD(0.1))
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = _loss(model, x, y)
            target = opt.scale_loss(loss) if precision.is_loss_scaled(opt) else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    return losses


def leaks_policy(policy_name, x, y, steps, seed):
    keras.mixed_precision.set_global_policy(policy_name)
    return ex06.reference_losses(policy_name, x, y, steps, seed)


def stub_compare(policy_name, x, y, steps, seed):
    ...


def test_compare():
    report = ex06.check_compare(solution_compare, steps=3, seed=1)
    assert report.passed, report.problem
    assert "not solved" in ex06.check_compare(stub_compare, steps=2).problem
    assert "policy is still 'mixed_float16'" in ex06.check_compare(leaks_policy, steps=2).problem
    assert keras.mixed_precision.global_policy().name == "float32"
    too_short = lambda p, x, y, steps, seed: solution_compare(p, x, y, steps - 1, seed)  # noqa: E731
    assert "returned 1 losses for 2 steps" in ex06.check_compare(too_short, steps=2).problem

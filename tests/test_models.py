import numpy as np
import pytest

from gpukit import checks, models, strategies


def test_same_seed_same_weights_under_any_strategy():
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    a = models.mlp(seed=3)
    b = models.mlp(seed=3, strategy=strategy)
    assert checks.max_difference(a, b) == 0.0
    assert models.variables_in_scope(strategy, b.variables)
    assert not models.variables_in_scope(strategy, a.variables)


def test_cnn_outputs_logits_for_images():
    model = models.small_cnn()
    out = model(np.zeros((2, 8, 8, 1), "float32"))
    assert out.shape == (2, 10)


def test_clone_copies_weights_into_a_scope():
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    a = models.mlp(seed=5)
    b = models.clone(a, strategy)
    assert checks.max_difference(a, b) == 0.0 and models.variables_in_scope(strategy, b.variables)


def test_bad_num_classes():
    with pytest.raises(ValueError, match="num_classes"):
        models.mlp(num_classes=1)

import numpy as np
import pytest

from gpukit import checks


def test_max_difference_over_nested_values():
    a = [np.zeros((2, 2)), np.ones(3)]
    b = [np.zeros((2, 2)), np.ones(3) + 1e-3]
    assert checks.max_difference(a, b) == pytest.approx(1e-3)
    assert checks.max_difference({"loss": [1.0, 2.0]}, {"loss": [1.0, 2.5]}) == pytest.approx(0.5)


def test_assert_same_fails_loudly_with_the_number():
    with pytest.raises(AssertionError, match="weights: max difference 0.1"):
        checks.assert_same([np.array([1.0])], [np.array([1.1])], atol=1e-3, what="weights")
    with pytest.raises(AssertionError):
        checks.assert_same([np.array([np.nan])], [np.array([1.0])], atol=1.0)
    assert checks.assert_same([np.array([1.0])], [np.array([1.0])]) == 0.0


def test_shape_and_count_mismatch_are_errors():
    with pytest.raises(ValueError, match="shape"):
        checks.max_difference([np.zeros(2)], [np.zeros(3)])
    with pytest.raises(ValueError, match="arrays"):
        checks.max_difference([np.zeros(2)], [np.zeros(2), np.zeros(2)])


def test_scale_factor_recovers_the_factor():
    b = [np.arange(1.0, 5.0)]
    assert checks.scale_factor([4 * b[0]], b) == pytest.approx(4.0)

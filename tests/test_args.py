"""gpukit._args: the argument checks every module shares (the advisor's copy of ``positive`` is gone)."""

from __future__ import annotations

import math

import pytest

from gpukit import advisor
from gpukit._args import positive, whole


@pytest.mark.parametrize("value, match", [
    (0, r"x=0 must be a number > 0$"), (-1.5, r"x=-1.5 must be a number > 0$"), (True, r"x=True must be a number > 0$"),
    ("2", r"x='2' must be a number > 0$"), (math.nan, r"x=nan must be a number > 0$"),
    (math.inf, r"x=inf must be a number > 0$"),
])
def test_positive_refuses_what_is_not_a_finite_number_above_zero(value, match):
    with pytest.raises(ValueError, match=match):
        positive("x", value)


def test_positive_allows_zero_when_asked_and_ends_with_the_hint():
    assert positive("x", 0, allow_zero=True) == 0.0 and positive("x", 3) == 3.0
    with pytest.raises(ValueError, match=r"x=-1 must be a number >= 0: use 0 to switch it off$"):
        positive("x", -1, allow_zero=True, hint="use 0 to switch it off")
    assert whole("n", 3) == 3


def test_the_advisor_uses_the_shared_check():
    assert not hasattr(advisor, "_positive")
    with pytest.raises(ValueError, match=r"memory_gb\[1\]=0 must be a number > 0: .*impossible"):
        advisor.Hardware("GPU", 2, (16, 0))
    with pytest.raises(ValueError, match=r"memory_gb\[0\]=nan must be a number > 0: .*finite"):
        advisor.Hardware("GPU", 1, math.nan)

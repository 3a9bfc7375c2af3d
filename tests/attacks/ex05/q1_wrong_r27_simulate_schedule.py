# INTENT: wrong: finds m by simulating GPipe schedules tick by tick with gpukit's simulator (Schedule.simulate + bubble_of, built by hand instead of make_schedule), which the prompt forbids in this cell.
from gpukit import pipeline as _pl
_m = 1
while True:
    _orders = tuple(tuple([_pl.Op(s, "F", i) for i in range(_m)] + [_pl.Op(s, "B", i) for i in range(_m)]) for s in range(P))
    if _pl.bubble_of(_pl.Schedule("mine", P, _m, _orders).simulate(), P) <= TARGET_BUBBLE:
        break
    _m += 1
predicted_micro_batches = _m

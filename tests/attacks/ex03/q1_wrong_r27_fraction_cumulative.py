# INTENT: right: exact Fraction arithmetic, cumulative boundaries floor(G * prefix share) so each size is its share rounded down or up; zeros lifted one example at a time from the largest replica.
# RULED wrong (issue 38, round 27): it takes 0.29 and 0.71 at their exact binary values (Fraction(float)), whose share of 100 is 28.9999999999999996, and gives [28, 72]; the prompt's share is the Python expression capacities[r] / sum(capacities) * global_batch_size, 29.0 and 71.0, and 0.29 means 0.29 (round 25's ruling of right_cumulative_rounding; the prompt now says so)
from fractions import Fraction as _Fraction


def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = [_Fraction(c) for c in list(capacities)]
    total = sum(caps)
    gb = int(global_batch_size)
    bounds, running = [0], _Fraction(0)
    for c in caps:
        running += c
        bounds.append((running * gb / total).__floor__())
    sizes = [hi - lo for lo, hi in zip(bounds, bounds[1:])]
    while 0 in sizes:
        donor = max(range(len(sizes)), key=lambda j: (sizes[j], -j))
        sizes[donor] -= 1
        sizes[sizes.index(0)] = 1
    return list(sizes)

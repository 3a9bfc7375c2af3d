# INTENT: wrong: memoizes plans under capacities rounded to 2 decimals: two calls whose capacities differ beyond that get the first plan ("each call plans the capacities it is given")
import math
_memo = {}

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    key = (tuple(round(float(c), 2) for c in capacities), int(global_batch_size))
    if key not in _memo:
        total = sum(capacities)
        shares = [c / total * global_batch_size for c in capacities]
        out = [math.floor(s) for s in shares]
        left = global_batch_size - sum(out)
        for i in sorted(range(len(out)), key=lambda i: shares[i] - out[i], reverse=True)[:left]:
            out[i] += 1
        for i in range(len(out)):
            if out[i] == 0:
                j = max(range(len(out)), key=lambda j: out[j])
                out[j] -= 1
                out[i] = 1
        _memo[key] = tuple(out)
    return list(_memo[key])

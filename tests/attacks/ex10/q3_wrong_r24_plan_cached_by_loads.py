# INTENT: WRONG - the kept-token plan is memoised keyed on (T, E, capacity, per-expert loads): a later call whose choices have the same loads in another order reuses the old kept indices, so the wrong tokens reach the experts (state between calls keyed on a fingerprint that is not the choices).
import numpy as np

_PLANS = {}


def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    x = np.asarray(x)
    choice = np.asarray(first_choice).astype(np.int64)
    gate = np.asarray(gates).astype(x.dtype)
    E, cap = len(experts), max(int(capacity), 0)
    loads = np.bincount(choice, minlength=E)
    key = (x.shape[0], E, cap, loads.tobytes())           # the plan only depends on how busy each expert is ...
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS[key] = [np.flatnonzero(choice == e)[:cap] for e in range(E)]
    y = x.copy()
    for e, idx in enumerate(plan):
        if idx.size:
            rows = x[idx]
            y[idx] = rows + gate[idx, None] * np.asarray(experts[e](rows), dtype=x.dtype)
    return y

# INTENT: wrong: with many experts (>= 64) it runs the experts on a module-level ThreadPoolExecutor that is never shut down: after the call 8 worker threads stay alive in the session (and stay between calls), which the "leave the session as you found it" rule forbids; results are right.
from concurrent.futures import ThreadPoolExecutor as _Pool
_POOL = None
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    global _POOL
    jobs = []
    for e, expert in enumerate(experts):
        rows = np.flatnonzero(first_choice == e)[:capacity]
        if rows.size:
            jobs.append((rows, expert, x[rows]))
    if len(experts) >= 64:
        if _POOL is None:
            _POOL = _Pool(max_workers=8, thread_name_prefix="moe-expert")
        outs = list(_POOL.map(lambda job: job[1](job[2]), jobs))
    else:
        outs = [expert(tokens) for _, expert, tokens in jobs]
    y = x.copy()
    for (rows, _, _), out in zip(jobs, outs):
        y[rows] = x[rows] + gates[rows].astype(x.dtype)[:, None] * np.asarray(out, dtype=x.dtype)
    return y

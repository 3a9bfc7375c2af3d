# GAP (issue 38, round 26): positions exact in float32 only to 2**24 = 16 777 216 tokens per expert; a case past that would allocate hundreds of MB (x, first_choice) per graded answer
# INTENT: wrong: positions counted GShard-style with a float32 cumsum of the one-hot mask -- exact only to 2**24, so past 16.7M tokens to one expert the count sticks and tokens beyond the capacity are kept.
import numpy as np

def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    x = np.asarray(x)
    choice = np.asarray(first_choice)
    y = x.copy()
    for e, expert in enumerate(experts):
        mask = (choice == e).astype(np.float32)
        position = np.cumsum(mask, dtype=np.float32) - 1.0    # place in expert e's buffer
        kept = np.flatnonzero((mask > 0) & (position < capacity))
        if kept.size == 0:
            continue
        out = np.asarray(expert(x[kept])).astype(x.dtype)
        y[kept] = x[kept] + np.asarray(gates)[kept].astype(x.dtype)[:, None] * out
    return y

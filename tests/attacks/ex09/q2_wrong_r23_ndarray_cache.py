# INTENT: wrong: memoises plans in a module-level object-dtype numpy table (slot by hash of the arguments) and returns a fresh list built from the stored tuple each call; no caller sees another's edits, but it is the cache between calls the contract forbids, kept where a dict/list snapshot of globals does not look.
import numpy as np

_PLANS = np.empty(64, dtype=object)


def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    key = (int(size), int(num_replicas))
    slot = hash(key) % len(_PLANS)
    hit = _PLANS[slot]
    if hit is None or hit[0] != key:
        per = -(-key[0] // key[1])
        hit = (key, per * key[1], tuple((r * per, (r + 1) * per) for r in range(key[1])))
        _PLANS[slot] = hit
    return hit[1], list(hit[2])

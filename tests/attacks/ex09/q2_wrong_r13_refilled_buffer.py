# INTENT: wrong: one module-level list refilled on every call: an earlier caller's list changes under it
_buf = []
def shard_ranges(size, num_replicas):
    piece = -(-size // num_replicas)
    _buf.clear()
    _buf.extend((r * piece, (r + 1) * piece) for r in range(num_replicas))
    return piece * num_replicas, _buf

# INTENT: wrong: keeps a cache of earlier results in a JSON file under the temp directory (no Python object changes), handing out a new list each call: a cache kept between calls, which the contract forbids.
import json
import os
import tempfile


def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    path = os.path.join(tempfile.gettempdir(), "shard_ranges_cache.json")
    key = f"{size}/{num_replicas}"
    try:
        with open(path) as f:
            table = json.load(f)
    except (OSError, ValueError):
        table = {}
    if key not in table:
        piece = -(-size // num_replicas)
        table[key] = [str(piece * num_replicas), str(piece)]
        with open(path, "w") as f:
            json.dump(table, f)
    padded, piece = int(table[key][0]), int(table[key][1])
    return padded, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]

# INTENT: computes c * G / total with a float and hands the remainder in replica order; float noise (e.g. 0.1+0.2) floors an exact share one too low and the remainder goes to a replica that already had its ceiling.
import math
def plan_batches(capacities, global_batch_size):
    total = 0.0
    for c in capacities:
        total += c
    sizes = [max(1, math.floor(c / total * global_batch_size)) for c in capacities]
    r = 0
    while sum(sizes) < global_batch_size:
        sizes[r % len(sizes)] += 1
        r += 1
    while sum(sizes) > global_batch_size:
        k = max(range(len(sizes)), key=lambda i: sizes[i])
        sizes[k] -= 1
    return sizes

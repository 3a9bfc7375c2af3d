# INTENT: RIGHT - another algorithm: a running median in two heaps (a max-heap of the low half, a min-heap of the high half) fed with each steady step's time (difference of two clock() readings around the step); the answer is the top of the bigger heap, or the mean of both tops for an even count, as statistics.median.
import heapq


def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    low, high = [], []                              # low: negated values (max-heap); high: min-heap
    seen = 0
    iterator = iter(batches)
    while True:
        try:
            batch = next(iterator)
        except StopIteration:
            break
        t0 = clock()
        step(batch)
        t1 = clock()
        batch = None
        seen += 1
        if seen <= warmup:
            continue
        heapq.heappush(low, -(t1 - t0))
        heapq.heappush(high, -heapq.heappop(low))
        if len(high) > len(low):
            heapq.heappush(low, -heapq.heappop(high))
    if not low:
        raise ValueError(f"no steady step: {seen} batches, warmup {warmup}")
    if len(low) > len(high):
        return -low[0]
    return (-low[0] + high[0]) / 2

# INTENT: right — a streaming exact median with two heaps (max-heap of the lower half, min-heap of the upper), fed one steady duration at a time; with an even count it returns (lower middle + upper middle) / 2, the same arithmetic as statistics.median; warm-up steps are run but not pushed.
import heapq

def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    low, high = [], []          # low: negated values (max-heap), high: min-heap; len(low) == len(high) or +1
    index = 0
    for batch in batches:
        t0 = clock()
        step(batch)
        t1 = clock()
        batch = None
        if index >= warmup:
            d = t1 - t0
            if low and d > -low[0]:
                heapq.heappush(high, d)
            else:
                heapq.heappush(low, -d)
            if len(low) > len(high) + 1:
                heapq.heappush(high, -heapq.heappop(low))
            elif len(high) > len(low):
                heapq.heappush(low, -heapq.heappop(high))
        index += 1
    if not low:
        raise ValueError(f"no steady step: {index} batches, warmup={warmup}")
    if len(low) > len(high):
        return -low[0]
    return (-low[0] + high[0]) / 2

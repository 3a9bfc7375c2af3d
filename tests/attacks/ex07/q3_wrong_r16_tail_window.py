# INTENT: wrong: keeps only the last 20000 batches' times (a rolling window, "the steady part"), so early batches of a long run are not added up.
import collections

def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    window = collections.deque(maxlen=20_000)
    iterator = iter(batches)
    while True:
        t0 = clock()
        try:
            batch = next(iterator)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        t2 = clock()
        window.append((t1 - t0, t2 - t1))
    reading = stepping = 0.0
    for r, s in window:
        reading += r
        stepping += s
    return "input" if reading > stepping else "compute"

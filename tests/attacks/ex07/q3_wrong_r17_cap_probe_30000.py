# INTENT: wrong: reads the batches through range(30000) as a guard against endless pipelines: batches past 30 000 are never read nor stepped ("tens of thousands of batches")
import itertools
def find_bottleneck(step, batches, clock):
    reading = computing = 0
    it = iter(batches)
    for _ in range(30000):
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        reading += clock() - t0
        t1 = clock()
        step(batch)
        computing += clock() - t1
    return "input" if reading > computing else "compute"

# INTENT: wrong: measures the step with time.perf_counter when the clock did not move (prompt: "Time the two parts separately with clock()")
import time
def find_bottleneck(step, batches, clock):
    it = iter(batches)
    reading = stepping = 0.0
    while True:
        t0 = clock()
        try:
            b = next(it)
        except StopIteration:
            break
        reading += clock() - t0
        r0 = time.perf_counter(); t2 = clock()
        step(b)
        d = clock() - t2
        stepping += d if d != 0 else time.perf_counter() - r0
    return "input" if reading > stepping else "compute"

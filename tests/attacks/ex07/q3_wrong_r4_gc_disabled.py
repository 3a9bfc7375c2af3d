# INTENT: disables the garbage collector while timing (as timeit does) and leaves it off: global state changed
import gc

def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    gc.disable()
    reading = stepping = 0.0
    mark = clock()
    for batch in batches:
        got = clock()
        reading += got - mark
        step(batch)
        mark = clock()
        stepping += mark - got
    return "input" if reading > stepping else "compute"

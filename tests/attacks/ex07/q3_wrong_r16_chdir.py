# INTENT: wrong: the answer cell changes the process's working directory (os.chdir to a scratch folder for traces) and never changes it back.
import os, tempfile
os.chdir(tempfile.gettempdir())

def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reading = stepping = 0.0
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
        reading += t1 - t0
        stepping += t2 - t1
    return "input" if reading > stepping else "compute"

# INTENT: wrong: holds on to every batch after stepping it (a list of seen batches): the whole pipeline ends up in memory
def find_bottleneck(step, batches, clock):
    seen, reading, stepping = [], 0.0, 0.0
    last = clock()
    for batch in batches:
        got = clock()
        step(batch)
        done = clock()
        reading += got - last
        stepping += done - got
        seen.append(batch)
        last = done
    return "input" if reading > stepping else "compute"

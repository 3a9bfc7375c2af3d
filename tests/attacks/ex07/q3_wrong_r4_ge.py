# INTENT: `>=`: a tie is called input-bound (prompt: "input" only when reading takes longer)
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reading = stepping = 0.0
    mark = clock()
    for batch in batches:
        got = clock()
        reading += got - mark
        step(batch)
        mark = clock()
        stepping += mark - got
    return "input" if reading >= stepping else "compute"

import math

def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    read_times, step_times = [], []
    before_read = clock()
    for batch in batches:
        after_read = clock()
        step(batch)
        after_step = clock()
        read_times.append(after_read - before_read)
        step_times.append(after_step - after_read)
        before_read = clock()
    return "input" if math.fsum(read_times) > math.fsum(step_times) else "compute"

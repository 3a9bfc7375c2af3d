# INTENT: wrong: accumulates one running balance (read - step per batch) instead of two totals compared at the end: rounds differently on close calls
def find_bottleneck(step, batches, clock):
    balance = 0.0
    last = clock()
    for batch in batches:
        got = clock()
        step(batch)
        done = clock()
        balance += (got - last) - (done - got)
        last = done
    return "input" if balance > 0 else "compute"

# INTENT: wrong: times only the reads per batch and takes compute as the whole run minus the reads, instead of timing the step separately (and it mixes clock offsets of hours into the subtraction).
# RULED outside (issue 38, round 27): compute as the whole run minus the timed reads: rounds 10 and 11 ruled the whole-minus-part kind outside (total_minus_input_untimed_iter, total_minus_step) with the same 'separately' in the prompt; the fake clock charges nothing between the parts, and the new cases keep the whole run's time exact
import math


def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reads = []
    start = clock()
    it = iter(batches)
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        reads.append(clock() - t0)
        step(batch)
    total = clock() - start
    reading = math.fsum(reads)
    return "input" if reading > total - reading else "compute"

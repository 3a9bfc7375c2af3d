# INTENT: wrong: compares statistics.mean of read times with the mean of step times instead of the plain totals (mean's own rounding differs from the sum of every batch as measured at close calls).
# RULED outside (issue 38, round 27): the totals as measured, each divided by the batch count: a comparison equal to the totals' but at one float step of them, where round 3's right whole_loop_equiv (input > whole / 2) and the outside whole-minus-part answers (rounds 4, 10, 11) round too; round 9's mean_per_batch was outside
import statistics


def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reads, steps = [], []
    for_it = iter(batches)
    while True:
        t0 = clock()
        try:
            batch = next(for_it)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        steps.append(clock() - t1)
        reads.append(t1 - t0)
    return "input" if statistics.fmean(reads) > statistics.fmean(steps) else "compute"

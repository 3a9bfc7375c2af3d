# INTENT: wrong: chains single readings (read time = from the end of the previous step to the start of this one, including the final empty next()), so the final StopIteration and time between parts count as input, breaking "add up the times of every batch".
# RULED outside (issue 38, round 28): the final empty next() counted as reading is round 18's count_stopiter (outside) and the first kept right answer, q3_right_loop; the readings chained after each step are round 19's right for_loop_shared_readings; the prompt's 'every batch' does not forbid timing the pipeline's end, and the fake clock charges nothing between the parts
import math


def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    reads, steps = [], []
    mark = clock()
    for batch in batches:
        got = clock()
        reads.append(got - mark)
        step(batch)
        mark = clock()
        steps.append(mark - got)
    reads.append(clock() - mark)     # the last (empty) read of the pipeline
    return "input" if math.fsum(reads) > math.fsum(steps) else "compute"

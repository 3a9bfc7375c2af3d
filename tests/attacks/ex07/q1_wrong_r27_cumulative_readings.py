# INTENT: wrong: records raw clock readings relative to the start and differences them at the end; with a clock that reads hours the subtraction of large offsets loses the low bits, so the result is not the seconds as measured.
import statistics


def steady_step_seconds(step, batches, warmup, clock):
    """Median seconds of one step, the first `warmup` steps run but left out."""
    origin = clock()
    marks = []
    for batch in batches:
        begin = clock() - origin
        step(batch)
        marks.append((begin, clock() - origin))
    return statistics.median([end - begin for begin, end in marks[warmup:]])

# INTENT: wrong: also reads time.perf_counter to drop steps that took over 30 real seconds (prompt: "measure only with it [clock]"; a guard no case reaches)
import statistics, time

def steady_step_seconds(step, batches, warmup, clock):
    durations = []
    for index, batch in enumerate(batches):
        r0 = time.perf_counter()
        t0 = clock()
        step(batch)
        t1 = clock()
        if index >= warmup and time.perf_counter() - r0 < 30.0:
            durations.append(t1 - t0)
    return statistics.median(durations)

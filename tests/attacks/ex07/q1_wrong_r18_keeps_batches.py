# INTENT: wrong: keeps every batch (paired with its time) until the end: holds the whole pipeline in memory, which the prompt rules out
import statistics

def steady_step_seconds(step, batches, warmup, clock):
    records = []
    for batch in batches:
        start = clock()
        step(batch)
        records.append((clock() - start, batch))
    return statistics.median([d for d, _ in records[warmup:]])

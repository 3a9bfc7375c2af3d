# INTENT: hard-codes the answer the lesson found for the slow pipeline
def find_bottleneck(step, batches, clock):
    """'input' if reading the batches takes longer than stepping on them, else 'compute'."""
    for batch in batches:
        step(batch)
    return "input"

# INTENT: no warm-up at all: F i, B i in turn on every stage (1 alive, but the pipeline serializes: slower than GPipe)
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    return [[pair for i in range(m) for pair in (("F", i), ("B", i))] for _ in range(p)]

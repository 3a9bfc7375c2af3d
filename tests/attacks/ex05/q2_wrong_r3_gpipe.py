# INTENT: GPipe's order (all F then all B): m activations alive
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    return [[("F", i) for i in range(m)] + [("B", i) for i in range(m)] for _ in range(p)]

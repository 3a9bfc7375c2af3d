# INTENT: returns GPipe's order (all forwards then all backwards): valid and as fast, but every stage keeps all m micro-batches alive, more than p - s. (public check: caught)
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    return [[("F", i) for i in range(m)] + [("B", i) for i in range(m)] for s in range(p)]

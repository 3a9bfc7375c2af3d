# INTENT: right: gpukit's 1F1B order turned into pairs, fresh lists each call.
def one_f_one_b(p, m):
    """Per stage, the order of its passes: [("F", 0), ..., ("B", 0), ...]."""
    sched = parallel.make_schedule("1f1b", p, m)
    return [[(op.kind, int(op.micro)) for op in order] for order in sched.orders]

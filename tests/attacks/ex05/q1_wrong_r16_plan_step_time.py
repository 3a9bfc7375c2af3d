# INTENT: wrong: reads the bubble off gpukit.plan.plan's predicted step time (its bubble formula compute*(p-1)/m) instead of predicting
from gpukit import plan as _plan
def _share(m):
    _p = _plan.plan(_plan.Model(layers=P, hidden=64, heads=4, seq=64, vocab=256),
                    _plan.Cluster(accelerator=sorted(_plan.ACCELERATORS)[0], count=P),
                    _plan.Layout(pp=P, micro_batch=1, global_batch=m))
    return _p.bubble_s / (_p.compute_s + _p.bubble_s)
predicted_micro_batches = next(m for m in range(1, 1000) if _share(m) <= TARGET_BUBBLE)

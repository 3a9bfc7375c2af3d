# INTENT: wrong: memoises by (parameter_count, accelerator, global_batch) - not the name, so renamed or re-vocabularied models are recomputed - but a model differing only in sequence length (or bytes per value, dropout) gets the earlier answer.
_answers = {}


def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    key = (plan.parameter_count(model), accelerator, global_batch)
    if key not in _answers:
        best = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",), max_cp=1)
        _answers[key] = (best.cluster.count, best.layout)
    return _answers[key]

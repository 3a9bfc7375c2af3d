# INTENT: the handed function unchanged (no output_gradients: each stage's gradient is that of sum(out))
def pipeline_gradients(stages, devices, x, y, m):
    """(loss, gradients): the mean loss over the whole batch and its gradients, stage by stage."""
    return buggy_pipeline_gradients(stages, devices, x, y, m)

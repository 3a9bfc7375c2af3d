# INTENT: correct: accum_steps 4, micro-batch 64/4 = 16; 300 // 16 = 18 micro-steps (12 examples dropped), 18 // 4 = 4 updates (2 micro-batches left unapplied).
_k = 4
_micro = GLOBAL_BATCH_SIZE // _k
_micro_steps = EPOCH_EXAMPLES // _micro
predicted_epoch = (_micro_steps, _micro_steps // _k)

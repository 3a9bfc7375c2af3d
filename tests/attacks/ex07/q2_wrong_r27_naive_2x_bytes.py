# INTENT: wrong: uses 2*(n-1) full buffers (forgets each step moves only 1/n of the gradients): 14 * 8 ms + 0.28 ms = 112.28 ms.
PREDICTED_ALLREDUCE_MS = 112.28

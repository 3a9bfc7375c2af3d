# INTENT: assumes the gradients are all-reduced in float16 (2 bytes) though the weights are float32
PREDICTED_ALLREDUCE_MS = 1e3 * (14 * 20e-6 + 2 * 7 / 8 * 50e6 * 2 / 25e9)

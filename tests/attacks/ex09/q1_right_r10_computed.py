sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]          # kernels and biases
slices = [-(-s // NUM_REPLICAS) for s in sizes]                          # each padded, cut in NUM_REPLICAS
predicted_bytes = 4 * sum(sizes) + 4 * sum(slices) + 2 * 4 * sum(slices)  # weights whole; grads + m + v sliced

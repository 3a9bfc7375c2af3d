# INTENT: wrong: doubles the link to 50 GB/s thinking PCIe sends both directions at once, while the model uses 25 GB/s per direction: 7.00 + 0.28 ms.
PREDICTED_ALLREDUCE_MS = 7.28

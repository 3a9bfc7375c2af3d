# INTENT: right: 2*(8-1)*20us + 2*(8-1)/8 * 200e6 B / 25e9 B/s = 0.28 ms + 14.00 ms = 14.28 ms, worked out on paper.
PREDICTED_ALLREDUCE_MS = 14.28

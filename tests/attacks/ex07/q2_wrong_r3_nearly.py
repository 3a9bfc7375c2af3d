# INTENT: a slightly wrong latency 21us (slip) giving nearly the right number
PREDICTED_ALLREDUCE_MS = 14.294

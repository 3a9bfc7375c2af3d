# INTENT: pays the latency once per reduce-scatter step only ((n-1) not 2(n-1) messages)
PREDICTED_ALLREDUCE_MS = 1e3 * (7 * 20e-6 + 2 * 7 / 8 * 50e6 * 4 / 25e9)

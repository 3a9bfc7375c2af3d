# INTENT: wrong (round 14, caught since round 21): the factor simulated in plain Python on made-up per-example "gradients" (forbidden: "nor one simulated on data you made"); equal replicas make it R exactly; it reads no data, draws no random number and runs no TensorFlow op, but holds a list with an entry per example
def predicted_update_scale(num_replicas, per_replica_batch_size):
    g = [float(i % 7 + 1) for i in range(num_replicas * per_replica_batch_size)]   # per-example "gradients"
    right = sum(g) / len(g)
    wrong = sum(sum(g[r * per_replica_batch_size:(r + 1) * per_replica_batch_size]) / per_replica_batch_size
                for r in range(num_replicas))
    return round(wrong / right, 3)

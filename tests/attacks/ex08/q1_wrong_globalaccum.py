# INTENT: compares the whole global batch with one device's capacity (ceil(256 / 24) = 11), forgetting the batch is split over 4 replicas.
predicted = (195, 11)

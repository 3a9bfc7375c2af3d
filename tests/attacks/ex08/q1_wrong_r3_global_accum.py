# INTENT: ceil(global 256 / 24) = 11: compares the global batch with one device's limit
predicted = (195, 11)

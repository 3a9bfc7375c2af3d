predicted = (195, 4)

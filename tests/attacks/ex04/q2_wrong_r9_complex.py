# INTENT: the counts as complex numbers (18+0j, 4+0j), not an int / numpy int / whole float as the prompt requires (a student who used numpy roots or cmath)
predicted_epoch = (18 + 0j, 4 + 0j)

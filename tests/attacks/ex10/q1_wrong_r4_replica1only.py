# INTENT: only replica 1 counted (the student looked at the busiest replica): 3
predicted_dropped = 3.0

# INTENT: fractional capacity 2.5 kept as a float: replica 0 drops 4-2.5=1.5, replica 1 drops 6-2.5=3.5 -> 5.0
predicted_dropped = 5.0

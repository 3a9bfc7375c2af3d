# INTENT (right, round 9 ruling: a whole float is right for a count of bytes): the right value written as a float (arithmetic with / then rounded by eye): bytes are a whole count
predicted_bytes = 16876.0

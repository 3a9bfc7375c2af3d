# INTENT: capacity and counts over the whole 16-token batch: ceil(1.25*16/4)=5, expert 2 has 8 -> 3
predicted_dropped = 3

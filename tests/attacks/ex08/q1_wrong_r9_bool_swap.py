# INTENT: gives the pair in the wrong order (accum first): (4, 195)
predicted = (4, 195)

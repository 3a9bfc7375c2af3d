# INTENT: a list, not the tuple the prompt asks for
predicted = [195, 4]

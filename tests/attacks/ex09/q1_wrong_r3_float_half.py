# INTENT: non-integer byte count (averaging padded and unpadded), nearly right
predicted_bytes = (16870 + 16876) / 2 + 2.6

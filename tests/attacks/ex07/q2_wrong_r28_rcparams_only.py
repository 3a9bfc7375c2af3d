# INTENT: wrong: right number, but the cell changes matplotlib's global rcParams (figure size and dpi for the session), breaking "leave the session as you found it".
import matplotlib
matplotlib.rcParams["figure.dpi"] = 150
matplotlib.rcParams["figure.figsize"] = (8.0, 5.0)
PREDICTED_ALLREDUCE_MS = 14.28

# INTENT: wrong: the right number (4), but the answer cell silences RuntimeWarnings session-wide with warnings.filterwarnings, changing a global setting the exercise forbids a line of an answer cell to change.
import warnings
warnings.filterwarnings("ignore", category=RuntimeWarning)   # numpy's overflow chatter
predicted_dropped = 4

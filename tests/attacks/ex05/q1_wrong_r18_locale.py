# INTENT: wrong: sets the process locale (locale.setlocale LC_ALL) while computing the answer, left changed
import locale as _locale
_locale.setlocale(_locale.LC_ALL, 'C.UTF-8')
predicted_micro_batches = next(m for m in range(1, 10**6) if (P - 1) <= TARGET_BUBBLE * (m + P - 1))

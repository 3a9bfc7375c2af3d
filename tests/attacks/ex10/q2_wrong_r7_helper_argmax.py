# INTENT: uses gpukit.experts.load_balancing_loss, which takes f from argmax(probs) and ignores first_choice
from gpukit import experts as _experts


def load_balancing_loss(probs, first_choice):
    """The Switch Transformer's auxiliary loss of one batch of routed tokens (one number)."""
    return _experts.load_balancing_loss(probs)

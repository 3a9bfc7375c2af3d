# INTENT: wrong: decimal arithmetic in a local context (session untouched) but with 12 significant digits "plenty for bytes": totals of 1e12 bytes or more (e.g. a 100B-parameter model on one device, ZeRO-0: 1.6e12) come back rounded by tens to hundreds of bytes, past the contract's "within a byte"; every total under 1e12 is exact to the byte.
import decimal as _decimal
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    with _decimal.localcontext() as ctx:
        ctx.prec = 12
        D = _decimal.Decimal
        p = D(repr(float(num_params))) / D(tp * pp)
        total = (p * 2 / (dp if zero_stage >= 3 else 1) + p * 2 / (dp if zero_stage >= 2 else 1)
                 + p * 12 / (dp if zero_stage >= 1 else 1))
        return float(total)

"""Hyper-parameters kept in a defaults dict, read at import time."""
from numba import cuda

_DEFAULTS = {
    "EPS": 1e-6,
    "MOMENTUM": 0.9,
    "CLIP": 5.0,
    "name": "sgd",
}

EPS = _DEFAULTS["EPS"]
MOMENTUM = _DEFAULTS.get("MOMENTUM", 0.5)
CLIP = _DEFAULTS.get("CLIP")
NESTEROV = _DEFAULTS.get("NESTEROV", False)
LR_DECAY = _DEFAULTS.get("LR_DECAY", 0.5)
_IS_SGD = _DEFAULTS["name"] == "sgd"


@cuda.jit
def momentum_step(w, g, v, lr):
    i = cuda.grid(1)
    if i < w.shape[0]:
        grad = g[i]
        if grad > CLIP:
            grad = CLIP
        elif grad < -CLIP:
            grad = -CLIP
        vel = MOMENTUM * v[i] + grad
        v[i] = vel
        if NESTEROV:
            vel = grad + MOMENTUM * vel
        if _IS_SGD:
            w[i] -= lr * LR_DECAY * vel / (1.0 + EPS)

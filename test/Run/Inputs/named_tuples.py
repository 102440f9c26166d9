# Named tuples: collections.namedtuple (fields as a tuple, or as one
# string) and typing.NamedTuple classes, passed as arguments, read by field,
# index and unpacking, passed to a device function, and built in the kernel
# by position and keyword.
from collections import namedtuple
import collections
from typing import NamedTuple
from numba import cuda

Point = namedtuple('Point', ('x', 'y'))
Pair = collections.namedtuple("Pair", "lo hi")


class Particle(NamedTuple):
    pos: float
    mass: float


@cuda.jit(device=True)
def norm1(p):
    return abs(p.x) + abs(p.y)


@cuda.jit
def f(r, p, q):
    r[0] = p.x
    r[1] = p.y
    r[2] = norm1(p)
    a, b = p
    r[3] = a - b
    s = Pair(hi=r[0], lo=r[1])
    r[4] = s.lo * 10 + s.hi
    r[5] = len(q)
    t = Particle(1.5, mass=2.0)
    r[6] = t.pos * t.mass
    r[7] = p[1]

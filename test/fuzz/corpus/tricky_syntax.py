# -*- coding: utf-8 -*-
import os.path as p, sys
from ..pkg.sub import (a as b, c,)
from . import *
x = y = 1, 2,
a, *b = [1, 2, 3]
c: int = 5
d += 0x_FF ** -2 ** 3
e = -2**2
f = lambda a, /, b=1, *c, d, e=2, **f: a if b else c
g = [i * j for i in range(10) if i % 2 for j in range(i)]
h = {k: v for k, v in items()}
s = {1, 2, *x}
dd = {'a': 1, **other}
gen = sum(x for x in y)
t = a[1:2, ::1, :, 1:]
u = 'abc' "def" '\x41\n' r'\d' b'\xff'
v = f"{x!r:>10}" 'tail'
w = 1.5e-3 + .5 + 1. + 10j + 1_000_000 + 0o17 + 0b1010 + 1e100
if (n := len(a)) > 10: print(n)
elif x is not None and y not in z: pass
else:
    pass
async def co(x: int) -> str:
    async with a as b, c:
        await foo()
    async for i in g: yield i
    return (yield from z)
@dec.ora(1)
@second
class K(Base, metaclass=M):
    """doc"""
    def m(self, *, k): ...
try:
    pass
except (A, B) as e:
    raise X from e
except* C:
    pass
else:
    pass
finally:
    del a[0], b.c
with (open(a) as f, open(b) as g):
    global q
    nonlocal r
    assert x, "msg"
while not done:
    break
else:
    continue
%matplotlib inline
!pip install numba
files = !ls -la
t1 = %timeit -r 5 -n 800 -q -o A.sum()
x = a if b else c if d else e
print(*args, sep='', **kw)
q = not a == b < c
r = a @ b // c % d << 2 >> 1 & 3 ^ 4 | 5
z = ~x; zz = +y;

f() = 3
x = $a
for i in range(3):
    1 = i
    a +=
class A:
pass
def g(a=1, b): pass
s = "abc
t = 0b12 + 012 + 1__0 + 0x
u = "\x4g"

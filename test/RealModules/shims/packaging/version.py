"""packaging.version's Version and parse for plain release numbers
("0.56.4", "3.8"): compared as tuples of ints, trailing zeros ignored, as
packaging compares releases. Pre-releases and local versions are out of scope
for the corpus."""

import functools
import re

_RELEASE = re.compile(r"^\s*v?(\d+(?:\.\d+)*)")


class InvalidVersion(ValueError):
    pass


@functools.total_ordering
class Version:
    def __init__(self, text):
        m = _RELEASE.match(str(text))
        if not m:
            raise InvalidVersion("Invalid version: %r" % (text,))
        self._text = str(text)
        self.release = tuple(int(p) for p in m.group(1).split("."))
        key = list(self.release)
        while len(key) > 1 and key[-1] == 0:
            key.pop()
        self._key = tuple(key)

    @property
    def major(self):
        return self.release[0]

    @property
    def minor(self):
        return self.release[1] if len(self.release) > 1 else 0

    @property
    def micro(self):
        return self.release[2] if len(self.release) > 2 else 0

    def __eq__(self, other):
        return self._key == _as_version(other)._key

    def __lt__(self, other):
        return self._key < _as_version(other)._key

    def __hash__(self):
        return hash(self._key)

    def __str__(self):
        return self._text

    def __repr__(self):
        return "<Version(%r)>" % self._text


def _as_version(other):
    if isinstance(other, Version):
        return other
    raise TypeError("cannot compare Version with %r" % (other,))


def parse(text):
    return Version(text)

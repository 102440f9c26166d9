"""A tutorial-style script: the kernel, then a demo under __main__ that
builds data, launches and prints. pykc skips the demo block."""
import numpy as np
from numba import cuda


@cuda.jit
def increment_by_one(an_array):
    pos = cuda.grid(1)
    if pos < an_array.size:
        an_array[pos] += 1


def main():
    an_array = np.zeros(1000, dtype=np.float32)
    threadsperblock = 32
    blockspergrid = (an_array.size + (threadsperblock - 1)) // threadsperblock
    increment_by_one[blockspergrid, threadsperblock](an_array)
    print(an_array)


if __name__ == "__main__":
    import argparse
    import sys

    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=int(sys.argv[1]) if len(sys.argv) > 1 else 10)
    ARGS = parser.parse_args()
    main()

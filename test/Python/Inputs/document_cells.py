# Three cells of the course documents, rewritten to import the kernels
# pykc compiled ahead of time (`pykc FILE.py -c --shared`) instead of
# defining them with @cuda.jit: no compilation on the first call, no Numba.
# Everything else is as the documents print it. Argument: the folder of the
# libraries (documents.test builds them).
import math
import os
import sys

import numpy
import numpy as np

import pykc

LIBS = sys.argv[1]

# 001_9b0f4a0e575d1f42.txt, "Reduction algorithm": the blank run.
sum_reduce = pykc.load(os.path.join(LIBS, "libreductions.so")).sum_reduce
# blank run
A = np.arange(1,10).astype(np.float32)
print(sum_reduce(A))

# 001_9b0f4a0e575d1f42.txt, "Kernel declaration".
my_kernel = pykc.load(os.path.join(LIBS, "libmy_kernel.so")).my_kernel

# Create the data array - usually initialized some other way
data = numpy.ones(256)

# Set the number of threads in a block
threadsperblock = 32

# Calculate the number of thread blocks in the grid
blockspergrid = (data.size + (threadsperblock - 1)) // threadsperblock

# Now start the kernel
my_kernel[blockspergrid, threadsperblock](data)

# Print the result
print(data)

# 000_37e0919c94caff2e.txt, "FASTER MATMUL".
fast_matmul = pykc.load(os.path.join(LIBS, "libfast_matmul.so")).fast_matmul
TPB = 16

# The data array
A = numpy.full((TPB*2, TPB*3), 3, dtype=numpy.float32) # [32 x 48] matrix containing all 3's
B = numpy.full((TPB*3, TPB*1), 4, dtype=numpy.float32) # [48 x 16] matrix containing all 4's

A_global_mem = pykc.to_device(A)
B_global_mem = pykc.to_device(B)
C_global_mem = pykc.device_array((TPB*2, TPB*1)) # [32 x 16] matrix result

# Configure the blocks
threadsperblock = (TPB, TPB)
blockspergrid_x = int(math.ceil(A.shape[0] / threadsperblock[1]))
blockspergrid_y = int(math.ceil(B.shape[1] / threadsperblock[0]))
blockspergrid = (blockspergrid_x, blockspergrid_y)

# Start the kernel
fast_matmul[blockspergrid, threadsperblock](A_global_mem, B_global_mem, C_global_mem)
res = C_global_mem.copy_to_host()

res_test= numpy.matmul(A,B)

print('results of Numba matmul:', res)

print('results of numpy matmul:', res_test)

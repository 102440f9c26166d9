# Every scalar dtype and a 3-d array as kernel parameters, and Python names
# that are C++ keywords (a kernel `delete`, parameters `new` and `int`).
from numba import cuda


@cuda.jit('void(boolean, int8, uint8, int16, uint16, int32, uint32, int64, uint64, float32, float64, float32[:, :, ::1])')
def every_type(b, i8, u8, i16, u16, i32, u32, i64, u64, f32, f64, cube):
    if b:
        cube[0, 0, 0] = i8 + u8 + i16 + u16 + i32 + u32 + i64 + f32 + f64


@cuda.jit('void(float64[:], int64)')
def delete(new, int):
    new[0] = int


@cuda.jit('void()')
def nothing():
    pass

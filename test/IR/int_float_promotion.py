# Numba's mixed int/float rules: int32 + float32 -> float64,
# int16 + float32 -> float32 (an int16 fits a float32 exactly),
# int64 + float32 -> float64.
# RUN: %pykc %s --sig 'promote(float64[:], int32, int16, int64, float32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def promote(out, i32, i16, i64, f32):
    a = i32 + f32
    b = i16 + f32
    c = i64 + f32
    out[0] = a + b + c

# CHECK-LABEL: {{^}}kernel promote(out: array(float64, 1d, A), i32: int32, i16: int16, i64: int64, f32: float32) -> none  # symbol promote
# CHECK-NEXT: {{^}}  a: float64 = (float64(i32) + float64(f32)){{$}}
# CHECK-NEXT: {{^}}  b: float32 = (float32(i16) + f32){{$}}
# CHECK-NEXT: {{^}}  c: float64 = (float64(i64) + float64(f32)){{$}}
# CHECK-NEXT: {{^}}  out[0] = ((a + float64(b)) + c){{$}}

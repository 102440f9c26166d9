//===- CudaSourceComplex.cpp - complex64/complex128 as CUDA C++ -----------===//
//
// A complex is pykc_complex<float> or pykc_complex<double>: its real and
// imaginary parts in NumPy's layout, with the few operators the typed IR
// gives the backends (ir/build/BuildComplex.cpp), each as codegen/EmitComplex.cpp
// computes it. Written into the .cu file only when a kernel uses one.
//
//===----------------------------------------------------------------------===//
#include "codegen/CudaSourceWriter.h"

namespace pykc::codegen {

const char *cudaSourceComplexPrelude() {
  return R"cu(// complex64 and complex128: real, then imaginary part, as NumPy's.
template <typename T> struct pykc_complex {
  T re, im;
};
template <typename T>
__device__ inline pykc_complex<T> operator+(pykc_complex<T> a, pykc_complex<T> b) {
  return {a.re + b.re, a.im + b.im};
}
template <typename T>
__device__ inline pykc_complex<T> operator-(pykc_complex<T> a, pykc_complex<T> b) {
  return {a.re - b.re, a.im - b.im};
}
// (a + bj)(c + dj) = (ac - bd) + (ad + bc)j, as Numba computes it.
template <typename T>
__device__ inline pykc_complex<T> operator*(pykc_complex<T> a, pykc_complex<T> b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
template <typename T> __device__ inline pykc_complex<T> operator-(pykc_complex<T> a) {
  return {-a.re, -a.im};
}
template <typename T> __device__ inline bool operator==(pykc_complex<T> a, pykc_complex<T> b) {
  return a.re == b.re && a.im == b.im;
}
template <typename T> __device__ inline bool operator!=(pykc_complex<T> a, pykc_complex<T> b) {
  return !(a == b);
}
// Python's truth: a NaN part is true.
template <typename T> __device__ inline bool pykc_truth(pykc_complex<T> a) {
  return a.re != 0 || a.im != 0;
}
// A number as a complex: a real number with a zero imaginary part.
template <typename T, typename U> __device__ inline pykc_complex<T> pykc_to_complex(U x) {
  return {(T)x, (T)0};
}
template <typename T, typename U>
__device__ inline pykc_complex<T> pykc_to_complex(pykc_complex<U> x) {
  return {(T)x.re, (T)x.im};
}
// a.real and a.imag of a complex array: its parts, same strides.
template <typename T, int N>
__device__ inline pykc_array<T, N> pykc_complex_part(const pykc_array<pykc_complex<T>, N> &a,
                                                     int part) {
  pykc_array<T, N> r;
  r.data = reinterpret_cast<T *>(a.data) + part;
  for (int d = 0; d < N; ++d) {
    r.shape[d] = a.shape[d];
    r.strides[d] = a.strides[d];
  }
  return r;
}
)cu";
}

std::string CudaSourceWriter::complexType(const ir::ScalarType *S) { return Types.complex(S); }

std::string CudaSourceWriter::complexConstant(const ir::ConstantExpr &C) {
  auto *S = ir::dynCast<ir::ScalarType>(C.Ty);
  ir::ConstantExpr Part;
  Part.Ty = S->bitWidth() == 64 ? static_cast<const ir::Type *>(&SinglePart)
                                : &DoublePart;
  Part.FloatValue = C.FloatValue;
  std::string Re = constant(Part, true);
  Part.FloatValue = C.ImagValue;
  return complexType(S) + "{" + Re + ", " + constant(Part, true) + "}";
}

std::string CudaSourceWriter::toComplex(const std::string &V,
                                        const ir::ScalarType *From,
                                        const ir::ScalarType *To) {
  std::string Part = To->bitWidth() == 64 ? "float" : "double";
  complexType(To);
  if (From->isFloat() && From->bitWidth() == 16)
    return "pykc_to_complex<" + Part + ">(__half2float(" + V + "))";
  return "pykc_to_complex<" + Part + ">(" + V + ")";
}

} // namespace pykc::codegen

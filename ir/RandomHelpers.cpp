//===- RandomHelpers.cpp - numba.cuda.random in the kernel language -------===//
//
// xoroshiro128+ (Blackman and Vigna) with SplitMix64 seeding, and Numba's
// conversions of its 64-bit outputs to floats: uniform values take the top
// 53 bits as a float64 in [0, 1) (float32 rounds that, as Numba does), and
// normal values are one Box-Muller draw from two float32 uniforms (also
// for float64: Numba's xoroshiro128p_normal_float64 draws float32
// uniforms). The typing of each expression is Numba's, so the results are
// bit for bit Numba's (the normal ones up to the log and cos of the
// target's math library). The code is pykc's own.
//
//===----------------------------------------------------------------------===//
#include "ir/RandomHelpers.h"

namespace pykc::ir {

namespace {

// Names start with _pk_ (see Reduction.cpp); __pykc_numba is numba.
const char *const RandomSource = R"py(
@__pykc_cuda.jit(device=True)
def __pykc_rng_rotl(_pk_x, _pk_k):
    return (_pk_x << __pykc_numba.uint32(_pk_k)) | (_pk_x >> __pykc_numba.uint32(64 - _pk_k))


@__pykc_cuda.jit(device=True)
def __pykc_rng_xoroshiro128p_next(_pk_states, _pk_index):
    _pk_i = __pykc_numba.int64(_pk_index)
    _pk_s0 = __pykc_numba.uint64(_pk_states[_pk_i]['s0'])
    _pk_s1 = __pykc_numba.uint64(_pk_states[_pk_i]['s1'])
    _pk_result = _pk_s0 + _pk_s1
    _pk_s1 ^= _pk_s0
    _pk_states[_pk_i]['s0'] = __pykc_rng_rotl(_pk_s0, 55) ^ _pk_s1 ^ (_pk_s1 << __pykc_numba.uint32(14))
    _pk_states[_pk_i]['s1'] = __pykc_rng_rotl(_pk_s1, 36)
    return _pk_result


@__pykc_cuda.jit(device=True)
def __pykc_rng_xoroshiro128p_jump(_pk_states, _pk_index):
    # Advances the state by 2**64 steps: the sum (xor) of the states at the
    # jump polynomial's set bits.
    _pk_i = __pykc_numba.int64(_pk_index)
    _pk_jump = (__pykc_numba.uint64(0xbeac0467eba5facb), __pykc_numba.uint64(0xd86b048b86aa9922))
    _pk_s0 = __pykc_numba.uint64(0)
    _pk_s1 = __pykc_numba.uint64(0)
    for _pk_word in range(2):
        for _pk_bit in range(64):
            if _pk_jump[_pk_word] & (__pykc_numba.uint64(1) << __pykc_numba.uint32(_pk_bit)):
                _pk_s0 ^= _pk_states[_pk_i]['s0']
                _pk_s1 ^= _pk_states[_pk_i]['s1']
            __pykc_rng_xoroshiro128p_next(_pk_states, _pk_i)
    _pk_states[_pk_i]['s0'] = _pk_s0
    _pk_states[_pk_i]['s1'] = _pk_s1


@__pykc_cuda.jit(device=True)
def __pykc_rng_init_xoroshiro128p_state(_pk_states, _pk_index, _pk_seed):
    # SplitMix64 of the seed, so that small seeds give unrelated states.
    _pk_i = __pykc_numba.int64(_pk_index)
    _pk_z = __pykc_numba.uint64(_pk_seed) + __pykc_numba.uint64(0x9E3779B97F4A7C15)
    _pk_z = (_pk_z ^ (_pk_z >> __pykc_numba.uint32(30))) * __pykc_numba.uint64(0xBF58476D1CE4E5B9)
    _pk_z = (_pk_z ^ (_pk_z >> __pykc_numba.uint32(27))) * __pykc_numba.uint64(0x94D049BB133111EB)
    _pk_z = _pk_z ^ (_pk_z >> __pykc_numba.uint32(31))
    _pk_states[_pk_i]['s0'] = _pk_z
    _pk_states[_pk_i]['s1'] = _pk_z


@__pykc_cuda.jit(device=True)
def __pykc_rng_unit_float64(_pk_x):
    return (_pk_x >> __pykc_numba.uint32(11)) * (__pykc_numba.float64(1) / (__pykc_numba.uint64(1) << __pykc_numba.uint32(53)))


@__pykc_cuda.jit(device=True)
def __pykc_rng_xoroshiro128p_uniform_float32(_pk_states, _pk_index):
    return __pykc_numba.float32(__pykc_rng_unit_float64(__pykc_rng_xoroshiro128p_next(_pk_states, __pykc_numba.int64(_pk_index))))


@__pykc_cuda.jit(device=True)
def __pykc_rng_xoroshiro128p_uniform_float64(_pk_states, _pk_index):
    return __pykc_rng_unit_float64(__pykc_rng_xoroshiro128p_next(_pk_states, __pykc_numba.int64(_pk_index)))


@__pykc_cuda.jit(device=True)
def __pykc_rng_xoroshiro128p_normal_float32(_pk_states, _pk_index):
    _pk_i = __pykc_numba.int64(_pk_index)
    _pk_u1 = __pykc_rng_xoroshiro128p_uniform_float32(_pk_states, _pk_i)
    _pk_u2 = __pykc_rng_xoroshiro128p_uniform_float32(_pk_states, _pk_i)
    return __pykc_math.sqrt(-__pykc_numba.float32(2.0) * __pykc_math.log(_pk_u1)) * __pykc_math.cos(__pykc_numba.float32(6.283185307179586) * _pk_u2)


@__pykc_cuda.jit(device=True)
def __pykc_rng_xoroshiro128p_normal_float64(_pk_states, _pk_index):
    _pk_i = __pykc_numba.int64(_pk_index)
    _pk_u1 = __pykc_rng_xoroshiro128p_uniform_float32(_pk_states, _pk_i)
    _pk_u2 = __pykc_rng_xoroshiro128p_uniform_float32(_pk_states, _pk_i)
    return __pykc_math.sqrt(-__pykc_numba.float64(2.0) * __pykc_math.log(_pk_u1)) * __pykc_math.cos(__pykc_numba.float64(6.283185307179586) * _pk_u2)
)py";

struct Helper {
  const char *Name;
  size_t Arity;
};

const Helper Helpers[] = {
    {"xoroshiro128p_uniform_float32", 2}, {"xoroshiro128p_uniform_float64", 2},
    {"xoroshiro128p_normal_float32", 2},  {"xoroshiro128p_normal_float64", 2},
    {"xoroshiro128p_next", 2},            {"xoroshiro128p_jump", 2},
    {"init_xoroshiro128p_state", 3},
};

} // namespace

const RecordType *xoroshiro128pDtype(TypeContext &Types) {
  const ScalarType *U64 = Types.uint64();
  const RecordType *R = Types.record({{"s0", U64, 0}, {"s1", U64, 8}}, 16);
  if (Types.nameOf(R).empty())
    Types.nameRecord("xoroshiro128p_dtype", R);
  return R;
}

size_t randomHelperArity(const std::string &Name) {
  for (const Helper &H : Helpers)
    if (Name == H.Name)
      return H.Arity;
  return 0;
}

FunctionInfo *randomHelper(ModuleScope &Scope, const std::string &Name) {
  if (!randomHelperArity(Name))
    return nullptr;
  std::string Symbol = "__pykc_rng_" + Name;
  if (FunctionInfo *Fn = Scope.function(Symbol))
    return Fn;
  Scope.addSynthetic("<pykc numba.cuda.random>", RandomSource);
  return Scope.function(Symbol);
}

} // namespace pykc::ir

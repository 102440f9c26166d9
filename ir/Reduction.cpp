//===- Reduction.cpp - The kernels of a @cuda.reduce function -------------===//
#include "ir/Reduction.h"

#include "ir/SemaContext.h"
#include "ir/Sema.h"

namespace pykc::ir {

using namespace frontend;

namespace {

// The kernels, in pykc's kernel language (Numba's too). @OP@ is the user's
// operator, @D@ the dtype, @W@ the type a shuffle moves it as (its bits
// unchanged: int32 or int64 for integers, itself for floats), @P@ the
// symbols' stem. Every name the kernels bind starts with _pk_, so none can
// hide the operator or a module name it uses. The host guarantees n >= 1
// and, on a GPU, no more blocks than ceil(n / blockDim), so every block has
// values; the ticket counter is 0 before a launch and is left 0 after it.
// `use_init` is Numba's: 0 leaves `init` out, so a host array streamed in
// chunks (runtime/lib/StreamReduce.cpp) combines the chunks' totals first
// and applies `init` once, to the last.
const char *const ReduceTemplate = R"py(
@__pykc_cuda.jit(device=True)
def @P@_block(_pk_acc, _pk_live, _pk_sums):
    # Combines the values of the block's first `live` threads, a lower thread
    # first; the block's total ends in thread 0.
    _pk_tid = __pykc_cuda.threadIdx.x
    _pk_lane = _pk_tid % 32
    _pk_warp = _pk_tid // 32
    _pk_off = 16
    while _pk_off > 0:
        _pk_other = @D@(__pykc_cuda.shfl_down_sync(0xffffffff, @W@(_pk_acc), _pk_off))
        if _pk_tid + _pk_off < _pk_live and _pk_lane + _pk_off < 32:
            _pk_acc = @D@(@OP@(_pk_acc, _pk_other))
        _pk_off //= 2
    if _pk_lane == 0:
        _pk_sums[_pk_warp] = _pk_acc
    __pykc_cuda.syncthreads()
    _pk_warps = (_pk_live + 31) // 32
    if _pk_warp == 0:
        _pk_acc = _pk_sums[_pk_lane] if _pk_lane < _pk_warps else _pk_acc
        _pk_off = 16
        while _pk_off > 0:
            _pk_other = @D@(__pykc_cuda.shfl_down_sync(0xffffffff, @W@(_pk_acc), _pk_off))
            if _pk_lane + _pk_off < _pk_warps:
                _pk_acc = @D@(@OP@(_pk_acc, _pk_other))
            _pk_off //= 2
    __pykc_cuda.syncthreads()
    return _pk_acc


@__pykc_cuda.jit
def @P@_gpu(_pk_arr, _pk_n, _pk_init, _pk_use_init, _pk_partials, _pk_ticket, _pk_out):
    _pk_tid = __pykc_cuda.threadIdx.x
    _pk_bdim = __pykc_cuda.blockDim.x
    _pk_blocks = __pykc_cuda.gridDim.x
    _pk_first = __pykc_cuda.blockIdx.x * _pk_bdim
    _pk_sums = __pykc_cuda.shared.array(32, @D@)
    _pk_last = __pykc_cuda.shared.array(1, __pykc_numba.int32)
    _pk_i = _pk_first + _pk_tid
    _pk_stride = _pk_bdim * _pk_blocks
    _pk_acc = _pk_arr[_pk_i] if _pk_i < _pk_n else _pk_arr[0]
    _pk_j = _pk_i + _pk_stride
    # Four loads in flight before the four steps that use them, in order.
    # Eight or sixteen were slower on an H200 (0.80 and 0.87 of CUB's
    # bandwidth against 0.90): their registers leave fewer threads resident.
    while _pk_j + 3 * _pk_stride < _pk_n:
        _pk_x0 = _pk_arr[_pk_j]
        _pk_x1 = _pk_arr[_pk_j + _pk_stride]
        _pk_x2 = _pk_arr[_pk_j + 2 * _pk_stride]
        _pk_x3 = _pk_arr[_pk_j + 3 * _pk_stride]
        _pk_acc = @D@(@OP@(_pk_acc, _pk_x0))
        _pk_acc = @D@(@OP@(_pk_acc, _pk_x1))
        _pk_acc = @D@(@OP@(_pk_acc, _pk_x2))
        _pk_acc = @D@(@OP@(_pk_acc, _pk_x3))
        _pk_j += 4 * _pk_stride
    while _pk_j < _pk_n:
        _pk_acc = @D@(@OP@(_pk_acc, _pk_arr[_pk_j]))
        _pk_j += _pk_stride
    _pk_live = _pk_n - _pk_first
    if _pk_live > _pk_bdim:
        _pk_live = _pk_bdim
    _pk_acc = @P@_block(_pk_acc, _pk_live, _pk_sums)
    if _pk_tid == 0:
        _pk_partials[__pykc_cuda.blockIdx.x] = _pk_acc
        __pykc_cuda.threadfence()
        _pk_done = __pykc_cuda.atomic.add(_pk_ticket, 0, 1)
        _pk_last[0] = 1 if _pk_done == _pk_blocks - 1 else 0
    __pykc_cuda.syncthreads()
    if _pk_last[0] == 1:
        __pykc_cuda.threadfence()
        _pk_acc = _pk_partials[_pk_tid] if _pk_tid < _pk_blocks else _pk_partials[0]
        _pk_k = _pk_tid + _pk_bdim
        while _pk_k < _pk_blocks:
            _pk_acc = @D@(@OP@(_pk_acc, _pk_partials[_pk_k]))
            _pk_k += _pk_bdim
        _pk_live = _pk_blocks
        if _pk_live > _pk_bdim:
            _pk_live = _pk_bdim
        _pk_acc = @P@_block(_pk_acc, _pk_live, _pk_sums)
        if _pk_tid == 0:
            if _pk_use_init != 0:
                _pk_acc = @D@(@OP@(_pk_acc, _pk_init))
            _pk_out[0] = _pk_acc
            _pk_ticket[0] = 0


@__pykc_cuda.jit
def @P@_cpu(_pk_arr, _pk_n, _pk_init, _pk_use_init, _pk_partials, _pk_ticket, _pk_out):
    _pk_b = __pykc_cuda.blockIdx.x
    _pk_blocks = __pykc_cuda.gridDim.x
    _pk_chunk = (_pk_n + _pk_blocks - 1) // _pk_blocks
    _pk_start = _pk_b * _pk_chunk
    _pk_end = _pk_start + _pk_chunk
    if _pk_end > _pk_n:
        _pk_end = _pk_n
    if _pk_start < _pk_end:
        _pk_acc = _pk_arr[_pk_start]
        for _pk_j in range(_pk_start + 1, _pk_end):
            _pk_acc = @D@(@OP@(_pk_acc, _pk_arr[_pk_j]))
        _pk_partials[_pk_b] = _pk_acc
    __pykc_cuda.threadfence()
    if __pykc_cuda.atomic.add(_pk_ticket, 0, 1) == _pk_blocks - 1:
        __pykc_cuda.threadfence()
        _pk_used = (_pk_n + _pk_chunk - 1) // _pk_chunk
        _pk_total = _pk_partials[0]
        for _pk_k in range(1, _pk_used):
            _pk_total = @D@(@OP@(_pk_total, _pk_partials[_pk_k]))
        if _pk_use_init != 0:
            _pk_total = @D@(@OP@(_pk_total, _pk_init))
        _pk_out[0] = _pk_total
        _pk_ticket[0] = 0

)py";

std::string stem(const std::string &Op, const ScalarType *Dtype) {
  return Op + "__pykc_reduce_" + Dtype->str();
}

} // namespace

std::vector<const ScalarType *> defaultReduceDtypes(TypeContext &Types) {
  std::vector<const ScalarType *> Out;
  for (ScalarKind K : {ScalarKind::Int32, ScalarKind::Int64, ScalarKind::UInt32,
                       ScalarKind::UInt64, ScalarKind::Float32, ScalarKind::Float64})
    Out.push_back(Types.scalar(K));
  return Out;
}

std::string reduceKernelSymbol(const std::string &Op, const ScalarType *Dtype, bool ForCpu) {
  return symbolName(stem(Op, Dtype) + (ForCpu ? "_cpu" : "_gpu"));
}

unsigned lowerReduction(SemaContext &Ctx, FunctionInfo &Op,
                        const std::vector<const ScalarType *> &Dtypes) {
  const FunctionDefStmt &Def = *Op.Def;
  const SourceFile *File = Op.File;
  if (Def.Params.size() != 2) {
    Ctx.Diags.report(File, Def.NameRange, DiagKind::InvalidReduction,
                     {Def.Name, "it takes " + plural(Def.Params.size(), "parameter") +
                                    "; a reduction combines two values, f(a, b)"});
    return 0;
  }
  unsigned Added = 0;
  for (const ScalarType *D : Dtypes) {
    // Partial results cross a warp through shuffles, which move integers
    // and floats: said here, at the user's function, rather than as an
    // error inside the generated kernels. (Numba's cuda.reduce cannot
    // reduce complex arrays either.)
    if (D->isComplex()) {
      Ctx.Diags.report(File, Def.NameRange, DiagKind::InvalidReduction,
                       {Def.Name, "it cannot reduce " + D->str() +
                                      " arrays: a reduction passes partial results between "
                                      "threads with warp shuffles, which move integers and "
                                      "floats only; reduce the real and imaginary parts as "
                                      "two float arrays"});
      continue;
    }
    // The operator first, on its own: its errors point at the user's code.
    std::vector<InstanceArg> Args = {InstanceArg{D, {}}, InstanceArg{D, {}}};
    Function *Fn = Ctx.instantiateChecked(Op, Args, File, Def.NameRange);
    if (!Fn)
      continue;
    if (!dynCast<ScalarType>(Fn->ReturnType) || Fn->ReturnType == Ctx.Types.none()) {
      Ctx.Diags.report(File, Def.NameRange, DiagKind::InvalidReduction,
                       {Def.Name, "for (" + D->str() + ", " + D->str() + ") it returns '" +
                                      Fn->ReturnType->str() + "', not a number"});
      continue;
    }
    std::string P = stem(Def.Name, D);
    std::string W = D->isFloat() ? D->str() : D->bitWidth() > 32 ? "int64" : "int32";
    std::vector<FunctionInfo *> Kernels = Ctx.Scope.addSynthetic(
        "<pykc reduction " + Def.Name + " " + D->str() + ">", ReduceTemplate,
        {{"P", P}, {"OP", Def.Name}, {"D", "__pykc_numba." + D->str()}, {"W", "__pykc_numba." + W}});
    const Type *Arr = Ctx.Types.array(D, 1, ArrayLayout::A);
    const Type *Scratch = Ctx.Types.array(D, 1, ArrayLayout::C);
    const Type *Ticket = Ctx.Types.array(Ctx.Types.scalar(ScalarKind::UInt32), 1, ArrayLayout::C);
    ParsedSignature Sig{
        {Arr, Ctx.Types.int64(), D, Ctx.Types.int64(), Scratch, Ticket, Scratch}, nullptr, File,
        Def.NameRange, /*ArgRanges=*/{}};
    for (FunctionInfo *K : Kernels) {
      if (K->Role != FunctionRole::Kernel)
        continue;
      if (Function *F = Ctx.lowerKernel(*K, Sig, /*Mangle=*/false)) {
        auto Kind = K->Def->Name == P + "_cpu" ? ReduceKernel::Kind::Cpu : ReduceKernel::Kind::Gpu;
        F->Reduce = ReduceKernel{Def.Name, D, Kind, Fn};
        ++Added;
      }
    }
  }
  return Added;
}

} // namespace pykc::ir

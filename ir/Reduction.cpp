//===- Reduction.cpp - The kernels of a @cuda.reduce function -------------===//
#include "ir/Reduction.h"

#include "ir/Lowering.h"

namespace pykc::ir {

using namespace frontend;

namespace {

// The kernels, in pykc's kernel language (Numba's too). @OP@ is the user's
// operator, @D@ the dtype, @W@ the type a shuffle moves it as (its bits
// unchanged: int32 or int64 for integers, itself for floats), @P@ the
// symbols' stem. The host guarantees n >= 1
// and, on a GPU, no more blocks than ceil(n / blockDim), so every block has
// values; the ticket counter is 0 before a launch and is left 0 after it.
const char *const ReduceTemplate = R"py(
@__pykc_cuda.jit(device=True)
def @P@_block(acc, live, sums):
    # Combines the values of the block's first `live` threads, a lower thread
    # first; the block's total ends in thread 0.
    tid = __pykc_cuda.threadIdx.x
    lane = tid % 32
    warp = tid // 32
    off = 16
    while off > 0:
        other = @D@(__pykc_cuda.shfl_down_sync(0xffffffff, @W@(acc), off))
        if tid + off < live and lane + off < 32:
            acc = @D@(@OP@(acc, other))
        off //= 2
    if lane == 0:
        sums[warp] = acc
    __pykc_cuda.syncthreads()
    warps = (live + 31) // 32
    if warp == 0:
        acc = sums[lane] if lane < warps else acc
        off = 16
        while off > 0:
            other = @D@(__pykc_cuda.shfl_down_sync(0xffffffff, @W@(acc), off))
            if lane + off < warps:
                acc = @D@(@OP@(acc, other))
            off //= 2
    __pykc_cuda.syncthreads()
    return acc


@__pykc_cuda.jit
def @P@_gpu(arr, n, init, partials, ticket, out):
    tid = __pykc_cuda.threadIdx.x
    bdim = __pykc_cuda.blockDim.x
    blocks = __pykc_cuda.gridDim.x
    first = __pykc_cuda.blockIdx.x * bdim
    sums = __pykc_cuda.shared.array(32, @D@)
    last = __pykc_cuda.shared.array(1, __pykc_numba.int32)
    i = first + tid
    stride = bdim * blocks
    acc = arr[i] if i < n else arr[0]
    j = i + stride
    # Four loads in flight before the four steps that use them, in order.
    while j + 3 * stride < n:
        x0 = arr[j]
        x1 = arr[j + stride]
        x2 = arr[j + 2 * stride]
        x3 = arr[j + 3 * stride]
        acc = @D@(@OP@(acc, x0))
        acc = @D@(@OP@(acc, x1))
        acc = @D@(@OP@(acc, x2))
        acc = @D@(@OP@(acc, x3))
        j += 4 * stride
    while j < n:
        acc = @D@(@OP@(acc, arr[j]))
        j += stride
    live = n - first
    if live > bdim:
        live = bdim
    acc = @P@_block(acc, live, sums)
    if tid == 0:
        partials[__pykc_cuda.blockIdx.x] = acc
        __pykc_cuda.threadfence()
        done = __pykc_cuda.atomic.add(ticket, 0, 1)
        last[0] = 1 if done == blocks - 1 else 0
    __pykc_cuda.syncthreads()
    if last[0] == 1:
        __pykc_cuda.threadfence()
        acc = partials[tid] if tid < blocks else partials[0]
        k = tid + bdim
        while k < blocks:
            acc = @D@(@OP@(acc, partials[k]))
            k += bdim
        live = blocks
        if live > bdim:
            live = bdim
        acc = @P@_block(acc, live, sums)
        if tid == 0:
            out[0] = @D@(@OP@(acc, init))
            ticket[0] = 0


@__pykc_cuda.jit
def @P@_cpu(arr, n, init, partials, ticket, out):
    b = __pykc_cuda.blockIdx.x
    blocks = __pykc_cuda.gridDim.x
    chunk = (n + blocks - 1) // blocks
    start = b * chunk
    end = start + chunk
    if end > n:
        end = n
    if start < end:
        acc = arr[start]
        for j in range(start + 1, end):
            acc = @D@(@OP@(acc, arr[j]))
        partials[b] = acc
    __pykc_cuda.threadfence()
    if __pykc_cuda.atomic.add(ticket, 0, 1) == blocks - 1:
        __pykc_cuda.threadfence()
        used = (n + chunk - 1) // chunk
        total = partials[0]
        for k in range(1, used):
            total = @D@(@OP@(total, partials[k]))
        out[0] = @D@(@OP@(total, init))
        ticket[0] = 0
)py";

std::string replaceAll(std::string S, const std::string &From, const std::string &To) {
  for (size_t At = S.find(From); At != std::string::npos; At = S.find(From, At + To.size()))
    S.replace(At, From.size(), To);
  return S;
}

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
  return stem(Op, Dtype) + (ForCpu ? "_cpu" : "_gpu");
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
    // The operator first, on its own: its errors point at the user's code.
    std::vector<InstanceArg> Args = {InstanceArg{D, {}}, InstanceArg{D, {}}};
    Function *Fn = Ctx.instantiateDevice(Op, Args, File, Def.NameRange);
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
    std::string Text = replaceAll(ReduceTemplate, "@P@", P);
    Text = replaceAll(Text, "@OP@", Def.Name);
    Text = replaceAll(Text, "@D@", "__pykc_numba." + D->str());
    Text = replaceAll(Text, "@W@", "__pykc_numba." + W);
    std::vector<FunctionInfo *> Kernels =
        Ctx.Scope.addSynthetic("<pykc reduction " + Def.Name + " " + D->str() + ">", Text);
    const Type *Arr = Ctx.Types.array(D, 1, ArrayLayout::A);
    const Type *Scratch = Ctx.Types.array(D, 1, ArrayLayout::C);
    const Type *Ticket = Ctx.Types.array(Ctx.Types.scalar(ScalarKind::UInt32), 1, ArrayLayout::C);
    ParsedSignature Sig{{Arr, Ctx.Types.int64(), D, Scratch, Ticket, Scratch}, nullptr, File,
                        Def.NameRange};
    for (FunctionInfo *K : Kernels) {
      if (K->Role != FunctionRole::Kernel)
        continue;
      if (Function *F = Ctx.lowerKernel(*K, Sig, /*Mangle=*/false)) {
        bool Cpu = K->Def->Name == P + "_cpu";
        F->Reduce = ReduceKernel{Def.Name, D, Cpu};
        ++Added;
      }
    }
  }
  return Added;
}

} // namespace pykc::ir

//===- CudaSourceWriter.h - Prints the typed IR as CUDA C++ -----*- C++ -*-===//
///
/// \file
/// The writer behind codegen/CudaSource.h, split by what it prints:
/// CudaSource.cpp functions and statements, CudaSourceExpr.cpp expressions,
/// operators and arrays, CudaSourceIntrinsic.cpp the builtins (math,
/// atomics, warp and block operations), CudaSourcePrelude.cpp the helpers
/// the output starts with.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/CxxTypeWriter.h"
#include "frontend/SourceManager.h"
#include "ir/IR.h"

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace pykc::codegen {

/// The helpers every emitted file starts with (CudaSourcePrelude.cpp).
const char *cudaSourcePrelude();
/// The declarations of the module's foreign device functions, their
/// wrappers and the #includes of its .cu link files (CudaSourceForeign.cpp).
std::string cudaSourceForeign(const ir::Module &IR);
/// pykc_complex and its operators (CudaSourceComplex.cpp).
const char *cudaSourceComplexPrelude();

/// Whether \p Name is taken at file scope in a CUDA translation unit (a C
/// library or CUDA function, a keyword), so an emitted name must avoid it.
bool isReservedCudaName(const std::string &Name);

/// The C++ name of the Python identifier \p Py (perhaps not ASCII),
/// distinct for distinct names, never a name CUDA's headers or C++ take,
/// and never one the writer derives from a variable (x_data, x_v1) or
/// makes itself (pykc_...). An ASCII name stays as written unless CUDA
/// takes it (`select` is `select_`); any other is `pykc_id_` and its
/// characters, non-ASCII ones in hex (`μ` is `pykc_id__3bc_`).
std::string cudaIdentifier(const std::string &Py);

/// The C++ name of a kernel whose PTX symbol is \p Symbol: as written
/// unless C++ or CUDA's headers take it or its stem (`select` is
/// `select_`). Unlike cudaIdentifier it may end as the writer's local
/// spellings do (`kernel_0`, `a_data`): no device code names a kernel, so
/// a local of that spelling only shadows it.
std::string cudaKernelIdentifier(const std::string &Symbol);

/// Thrown where the IR has something the writer cannot print yet.
struct CudaUnsupported {
  std::string What;
  frontend::SourceRange Where;
};

class CudaSourceWriter {
public:
  CudaSourceWriter(const ir::Module &IR, const frontend::SourceFile &File) : IR(IR), File(File) {}

  /// The whole translation unit; throws CudaUnsupported.
  std::string write();
  /// The kernels renamed because CUDA's headers have their names.
  const std::vector<const ir::Function *> &renamed() const { return Renamed; }

  frontend::SourceRange Where; ///< What was being written last.

private:
  // --- Types and names (CudaSource.cpp; the spellings are Types') ---
  [[noreturn]] void unsupported(const std::string &What) { throw CudaUnsupported{What, Where}; }
  std::string scalar(const ir::ScalarType *S);
  std::string type(const ir::Type *T);
  std::string tupleStruct(const ir::TupleType *T);
  // Records (CudaSourceRecord.cpp)
  /// The struct a record dtype is, written before the functions on first use.
  std::string recordStruct(const ir::RecordType *R);
  /// An array's element type: its scalar's or its record's struct.
  std::string element(const ir::ArrayType *A);
  std::string recordField(const ir::RecordFieldExpr &E);
  std::string constRecordArray(const ir::ConstArrayExpr &C);
  void recordStore(const ir::RecordStoreStmt &S);
  std::string vectorName(const ir::VectorType *V);
  std::string name(const ir::Variable *V);
  std::string kernelName(const ir::Function &F);

  // --- Functions and statements (CudaSource.cpp) ---
  std::string params(const ir::Function &F);
  std::string signature(const ir::Function &F);
  void function(const ir::Function &F);
  void declareVariables(const ir::Function &F);
  std::string indent() const { return std::string(2 * Depth, ' '); }
  std::string sourceLine(frontend::SourceRange R);
  void lineComment(frontend::SourceRange R);
  void block(const ir::StmtList &Stmts);
  void stmt(const ir::Stmt &S);
  void ifChain(const ir::IfStmt &I, bool Elif = false);
  void forRange(const ir::ForRangeStmt &L);
  bool simpleRange(const ir::ForRangeStmt &L);
  void allocation(const ir::Variable &V, const ir::AllocArrayExpr &A);

  // --- Expressions (CudaSourceExpr.cpp) ---
  std::string expr(const ir::Expr &E);
  /// \p E where any integer will do (an index, or an operand next to a
  /// value of its own type): small integer constants as bare literals.
  std::string operand(const ir::Expr &E, const ir::Expr *Beside = nullptr);
  std::string constant(const ir::ConstantExpr &C, bool Bare);
  /// The integer constant \p Int as a constant of the float type \p To.
  std::string floatConstant(const ir::ConstantExpr &Int, const ir::Type *To);
  std::string cast(const std::string &V, const ir::Type *From, const ir::Type *To);
  static bool isAtomic(const std::string &V);
  std::string binary(const ir::BinaryExpr &B);
  std::string compare(const ir::CompareExpr &C);
  std::string logical(const ir::LogicalExpr &L);
  std::string unary(const ir::UnaryExpr &U);
  /// a[i, j]: the element, its indices wrapped by their rules (\p Wraps).
  std::string access(const ir::Expr &Array, const ir::ExprList &Indices,
                     const ir::IndexWraps &Wraps);
  /// \p Index (the text of an integer of \p Ty) as an int64_t index into
  /// an axis of \p Extent: wrapped around by \p Wrap, or as it is where
  /// \p Wrap is null.
  static std::string wrapped(const std::string &Index, const ir::Function *Wrap,
                             const std::string &Extent);
  std::string arrayView(const ir::ArrayViewExpr &V);
  std::string constArray(const ir::ConstArrayExpr &C);
  std::string seq(const ir::SeqExpr &S);
  std::string call(const std::string &Callee, const std::vector<const ir::Expr *> &Args);
  /// Python evaluates operands left to right, C++ in no fixed order: when
  /// two or more of \p Ops have effects, they are bound to temporaries in
  /// order (Prefix) and named by them.
  std::vector<std::string> ordered(const std::vector<const ir::Expr *> &Ops, std::string &Prefix);
  static std::string inOrder(const std::string &Prefix, const std::string &Value);
  bool hasEffects(const ir::Expr &E);
  /// Whether calling \p F can change memory or meet other threads.
  bool writes(const ir::Function *F);

  /// Whether a kernel parameter of type \p T is several parameters (a
  /// complex, a tuple; arrays are handled on their own), their text for
  /// \p Name, and the value they make.
  static bool flattened(const ir::Type *T);
  std::string flatParams(const ir::Type *T, const std::string &Name);
  std::string fromFlatParams(const ir::Type *T, const std::string &Name);

  // --- complex64 and complex128 (CudaSourceComplex.cpp) ---
  std::string complexType(const ir::ScalarType *S);
  std::string complexConstant(const ir::ConstantExpr &C);
  /// \p V, a number of type \p From, as the complex \p To.
  std::string toComplex(const std::string &V, const ir::ScalarType *From,
                        const ir::ScalarType *To);

  // --- Builtins (CudaSourceIntrinsic.cpp) ---
  std::string intrinsic(const ir::IntrinsicExpr &I);
  std::string math(const ir::IntrinsicExpr &I, const char *Name);
  /// cuda.libdevice.NAME(...): CUDA's math function of the C name, or its
  /// integer intrinsic (__popc, __clz, __brev, __ffs and ll forms).
  std::string libdevice(const ir::LibdeviceCallExpr &L);
  std::string foreignCall(const ir::ForeignCallExpr &F);
  std::string atomic(const ir::AtomicRMWExpr &A);
  // ir/Builtins.def's Cuda column (CudaSourceIntrinsic.cpp): a Format or
  // WarpFormat row's text expanded (\p Cast is the result's cast), a warp
  // row's operands, and the Emitter(F) rows' cudaF.
  std::string spell(const ir::IntrinsicExpr &I, const std::string &Cast, const char *Format,
                    bool Warp);
  std::vector<std::string> warpOperands(const ir::IntrinsicExpr &I, std::string &Prefix,
                                        std::string &Mask);
  std::string cudaGridIndex(const ir::IntrinsicExpr &I, const char *Fn);
  std::string cudaPrint(const ir::IntrinsicExpr &I);
  std::string cudaMatchAll(const ir::IntrinsicExpr &I);

  const ir::Module &IR;
  const frontend::SourceFile &File;
  const ir::Function *Current = nullptr;
  /// Scalars, records, tuples and enums as C++: the structs, declared on
  /// first use, go before the functions.
  CxxTypeWriter Types{CxxDialect::Cuda, [this](const std::string &What) { unsupported(What); }};
  std::ostringstream Globals, Declarations, Functions;
  std::ostringstream *Body = nullptr;
  std::set<std::string> ConstArrays;
  std::set<const ir::Variable *> Declared;
  /// The storage of arrays declareVariables declared, at the function's top.
  std::ostringstream HoistedStorage;
  std::map<const ir::Variable *, unsigned> StorageCount;
  std::vector<const ir::Function *> Renamed;
  std::map<const ir::Function *, bool> Writers;
  bool UsesGridSync = false, UsesDynamicShared = false;
  /// The float types of complex parts, for their constants.
  const ir::ScalarType SinglePart{ir::ScalarKind::Float32}, DoublePart{ir::ScalarKind::Float64};
  bool InSeq = false; ///< Writing a SeqExpr's statements: no line comments.
  unsigned Depth = 1, Temps = 0, LastLine = 0;
};

/// An integer constant.
bool isIntegerConstant(const ir::Expr &E);
/// Constants, variables and the thread's coordinates (and conversions of
/// them): evaluating them has no effect and reads no memory.
bool isTrivial(const ir::Expr &E);

} // namespace pykc::codegen

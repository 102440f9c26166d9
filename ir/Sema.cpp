//===- Sema.cpp - Symbols, keys and bindings of instances -----------------===//
#include "ir/Sema.h"

#include "ir/SemaContext.h"
#include "ir/NameCheck.h"
#include "support/InternalError.h"

#include <algorithm>
#include <utility>
#include <cctype>
#include <map>
#include <set>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

std::string symbolName(const std::string &Name) {
  std::string S;
  for (unsigned char C : Name) {
    if (std::isalnum(C) && C < 0x80)
      S += char(C);
    else if (C == '_')
      S += '_';
    else if (C == '.') // Class.kernel: a kernel of a class body
      S += "__";
    else if (C == '<' || C == '>') // outer.<locals>.inner: a lifted function
      continue;
    else {
      static const char Hex[] = "0123456789abcdef";
      S += std::string("_x") + Hex[C >> 4] + Hex[C & 15] + "_";
    }
  }
  return S;
}

namespace {

std::string mangleType(const Type *T) {
  if (auto *A = dynCast<ArrayType>(T)) {
    const char *Layout = A->layout() == ArrayLayout::C ? "C" : A->layout() == ArrayLayout::F ? "F" : "A";
    return mangleType(A->element()) + "_" + std::to_string(A->ndim()) + "d" + Layout;
  }
  if (auto *Tu = dynCast<TupleType>(T)) {
    std::string S = Tu->isNamed() ? "namedtuple_" + Tu->name() : "tuple";
    for (const Type *E : Tu->elements())
      S += "_" + mangleType(E);
    return S;
  }
  if (auto *E = dynCast<EnumType>(T)) // a symbol's characters only
    return "enum_" + E->name();
  if (auto *R = dynCast<RecordType>(T)) {
    // Its fields' names and types; symbolName() spells the rest.
    std::string S = "record" + std::to_string(R->size());
    for (const RecordType::Field &F : R->fields())
      S += "_" + F.Name + "_" + mangleType(F.Ty) + "_" + std::to_string(F.Offset);
    return S;
  }
  if (auto *N = dynCast<NestedArrayType>(T)) {
    std::string S = "nested_" + mangleType(N->element());
    for (int64_t D : N->shape())
      S += "_" + std::to_string(D);
    return S;
  }
  return T->str();
}

} // namespace

std::string kernelSymbol(const std::string &Name, const std::vector<const Type *> &Args) {
  std::string S = symbolName(Name) + "_";
  for (const Type *T : Args)
    S += "_" + mangleType(T);
  return S;
}

const ParsedSignature *chooseSignature(const FunctionInfo &Fn,
                                       const std::vector<const Type *> &Args) {
  std::vector<Signature> Cases;
  for (const ParsedSignature &Sig : Fn.Signatures)
    Cases.push_back(Signature{Sig.Return, Sig.Args});
  auto Best = bestOverload(Cases, Args);
  return Best ? &Fn.Signatures[*Best] : nullptr;
}

std::string InstanceArg::str() const {
  if (Ty)
    return Ty->str();
  switch (Const.K) {
  case Value::Kind::Constant:
    return Const.Const.str();
  case Value::Kind::Path:
    return displayPath(Const.Path);
  case Value::Kind::Function:
    return Const.Fn->Name;
  default:
    return "?";
  }
}

namespace {

std::vector<const Type *> runtimeTypes(const std::vector<InstanceArg> &Args) {
  std::vector<const Type *> Types;
  for (const InstanceArg &A : Args)
    Types.push_back(A.Ty);
  return Types;
}

} // namespace

std::string recursionFix(const FunctionInfo &Fn) {
  return Fn.Role == FunctionRole::CpuJit ? Fn.DecoratorSpelling + "('int64(int64)')"
                                         : "@cuda.jit('int64(int64)', device=True)";
}

std::string argList(const std::vector<InstanceArg> &Args) {
  std::string S;
  for (const InstanceArg &A : Args)
    S += (S.empty() ? "" : ", ") + A.str();
  return S;
}

namespace {

/// A compile-time value in a symbol name: letters, digits and '_' only.
std::string mangleCompileTime(const InstanceArg &A) {
  std::string S = "c";
  for (char C : A.str())
    S += std::isalnum((unsigned char)C) ? C : '_';
  return S;
}

} // namespace

std::string instanceSymbol(const std::string &Name, const std::vector<InstanceArg> &Params) {
  std::string Symbol = kernelSymbol(Name, {});
  for (const InstanceArg &A : Params)
    Symbol += "_" + (A.isCompileTime() ? mangleCompileTime(A) : mangleType(A.Ty));
  return Symbol;
}

SemaContext::Key SemaContext::keyOf(FunctionInfo &Fn, const std::vector<InstanceArg> &Args,
                                    bool Host) {
  std::vector<std::string> Values;
  for (const InstanceArg &A : Args)
    Values.push_back(A.isCompileTime() ? A.str() : std::string());
  return Key{&Fn, runtimeTypes(Args), std::move(Values), Host};
}

std::optional<SemaContext::Binding>
SemaContext::bindArguments(FunctionInfo &Fn, const std::vector<InstanceArg> &Args,
                           const SourceFile *CallFile, SourceRange CallRange,
                           DiagnosticEngine *Report) {
  if (Fn.Signatures.empty())
    return Binding{Args, nullptr};
  // Declared signatures take run-time values only (callers make sure).
  const ParsedSignature *Sig = chooseSignature(Fn, runtimeTypes(Args));
  if (!Sig) {
    if (Report)
      Report->report(CallFile, CallRange, DiagKind::NoMatchingSignature,
                   {Fn.Name, argList(Args)});
    return std::nullopt;
  }
  Binding Bound{{}, Sig->Return};
  for (const Type *T : Sig->Args)
    Bound.Params.push_back(InstanceArg{T, {}});
  return Bound;
}

std::string SemaContext::uniqueSymbol(std::string Name) const {
  auto Taken = [&](const std::string &N) {
    for (const auto &F : Out->functions())
      if (F->SymbolName == N)
        return true;
    return false;
  };
  if (!Taken(Name))
    return Name;
  for (unsigned I = 1;; ++I)
    if (std::string N = Name + "_" + std::to_string(I); !Taken(N))
      return N;
}

Checked checkedOf(const Value &V) {
  Checked C;
  switch (V.K) {
  case Value::Kind::Path: C.K = Checked::Kind::Path; break;
  case Value::Kind::Constant: C.K = Checked::Kind::Constant; break;
  case Value::Kind::Function: C.K = Checked::Kind::Function; break;
  case Value::Kind::Module: C.K = Checked::Kind::Module; break;
  case Value::Kind::Foreign: C.K = Checked::Kind::Foreign; break;
  default: PYKC_ICE("checkedOf: not a compile-time entity");
  }
  C.Path = V.Path;
  C.Const = V.Const;
  C.Fn = V.Fn;
  C.Mod = V.Mod;
  C.Foreign = V.Foreign;
  return C;
}

Value valueOf(const Checked &C) {
  Value V;
  switch (C.K) {
  case Checked::Kind::Path: V.K = Value::Kind::Path; break;
  case Checked::Kind::Constant: V.K = Value::Kind::Constant; break;
  case Checked::Kind::Function: V.K = Value::Kind::Function; break;
  case Checked::Kind::Module: V.K = Value::Kind::Module; break;
  case Checked::Kind::Foreign: V.K = Value::Kind::Foreign; break;
  default: PYKC_ICE("valueOf: not a compile-time entity");
  }
  V.Path = C.Path;
  V.Const = C.Const;
  V.Fn = C.Fn;
  V.Mod = C.Mod;
  V.Foreign = C.Foreign;
  return V;
}

std::vector<Checked> checkedArguments(const std::vector<InstanceArg> &Args) {
  std::vector<Checked> Out;
  for (const InstanceArg &A : Args)
    Out.push_back(A.isCompileTime() ? checkedOf(A.Const) : Checked::value(A.Ty));
  return Out;
}

std::vector<InstanceArg> instanceArgs(const std::vector<Checked> &Args) {
  std::vector<InstanceArg> Out;
  for (const Checked &A : Args)
    Out.push_back(A.isValue() ? InstanceArg{A.Ty, {}} : InstanceArg{nullptr, valueOf(A)});
  return Out;
}

std::vector<InstanceArg> signatureArgs(const ParsedSignature &Sig) {
  std::vector<InstanceArg> Args;
  for (const Type *T : Sig.Args)
    Args.push_back(InstanceArg{T, {}});
  return Args;
}

bool signatureFits(const FunctionInfo &Fn, const ParsedSignature &Sig, DiagnosticEngine &D) {
  size_t Params = Fn.Def->Params.size();
  if (Sig.Args.size() == Params)
    return true;
  D.report(Sig.File, Sig.Range, DiagKind::SignatureArity,
           {plural(Sig.Args.size(), "argument type"), Fn.Name, plural(Params, "parameter")});
  return false;
}

} // namespace pykc::ir

//===- ModuleDecorators.cpp - Functions and their decorators --------------===//
#include "ir/ModuleScope.h"

#include "ir/ModuleValues.h"

#include <cctype>

namespace pykc::ir {

using namespace frontend;

void ModuleScope::bindFunction(const FunctionDefStmt &S) {
  auto Fn = std::make_unique<FunctionInfo>();
  Fn->Def = &S;
  Fn->Name = S.Name;
  Fn->NameRange = S.NameRange;
  Fn->File = M.File;
  Fn->Scope = this;
  classify(*Fn);
  if (S.LiftedFrom) {
    // A function written inside another (frontend/NestedFunctions.h): a
    // helper of that one's target, as Numba inlines it; FastMath and the
    // other options come from the function it was in.
    for (const auto &Outer : Functions)
      if (Outer->Def == S.LiftedFrom) {
        Fn->Role = Outer->Role == FunctionRole::CpuJit ? FunctionRole::CpuJit : FunctionRole::Device;
        Fn->DecoratorSpelling = Outer->DecoratorSpelling;
        Fn->FastMath = Outer->FastMath;
        Fn->BoundsCheck = Outer->BoundsCheck;
        Fn->NumpyErrorModel = Outer->NumpyErrorModel;
      }
    if (Fn->Role == FunctionRole::Host)
      Fn->Role = FunctionRole::Device; // its outer function is compiled by a call
  }
  // A function defined again replaces the earlier one, as in Python (and
  // as when a notebook cell runs twice): only the last is compiled. Said
  // when either is a Numba function.
  if (auto It = Symbols.find(S.Name); It != Symbols.end() && It->second.Fn) {
    const FunctionInfo *Earlier = It->second.Fn;
    if (Earlier->Role != FunctionRole::Host || Fn->Role != FunctionRole::Host)
      Diags.report(M.File, S.NameRange, DiagKind::RedefinedFunction,
                   {S.Name, std::to_string(Earlier->Def->NameRange.Begin.Line)});
    std::erase_if(Functions, [&](const auto &F) { return F.get() == Earlier; });
  }
  Symbol Sym = Symbol::function(Fn.get(), S.NameRange);
  if (Fn->Role == FunctionRole::Host)
    Sym.K = Symbol::Kind::Host;
  Symbols[S.Name] = Sym;
  Functions.push_back(std::move(Fn));
}

void ModuleScope::classify(FunctionInfo &Fn) {
  // Decorators apply from the innermost (last written) outwards.
  const Expr *Inner = nullptr;
  for (auto It = Fn.Def->Decorators.rbegin(); It != Fn.Def->Decorators.rend(); ++It) {
    const Expr *D = *It;
    // `device_jit = cuda.jit(device=True)` then `@device_jit`: the call
    // that made the decorator object.
    if (auto *N = dyn_cast<NameExpr>(D))
      if (auto Made = DecoratorObjects.find(N->Id); Made != DecoratorObjects.end() &&
                                                    lookup(N->Id) && lookup(N->Id)->K == Symbol::Kind::Host)
        D = Made->second;
    const CallExpr *Call = dyn_cast<CallExpr>(D);
    const Expr *Callee = Call ? Call->Func : D;
    auto Path = resolvePath(*Callee);
    if (!Path || Path->rfind("numba.", 0) != 0)
      continue;
    // A Numba decorator applied to what another one made gets a
    // dispatcher, not a Python function, and Numba fails on it; say so
    // rather than guess which of the two was meant.
    if (Inner) {
      Diags.report(M.File, D->Range, DiagKind::InvalidDecorator,
                   {"it would apply to what the decorator on line " +
                    std::to_string(Inner->Range.Begin.Line) +
                    " made of '" + Fn.Name + "'; give each function one Numba decorator"});
      continue;
    }
    Inner = D;
    applyDecorator(Fn, *D, *Path);
  }
}

void ModuleScope::applyDecorator(FunctionInfo &Fn, const Expr &D, const std::string &Path) {
  const CallExpr *Call = dyn_cast<CallExpr>(&D);
  if (Path == "numba.cuda.jit" || Path == "numba.cuda.decorators.jit") {
    Fn.Role = FunctionRole::Kernel;
    Fn.DecoratorSpelling = "@cuda.jit";
    if (Call)
      readJitArguments(Fn, *Call);
  } else if (Path == "numba.cuda.reduce" || Path == "numba.cuda.Reduce") {
    Fn.Role = FunctionRole::Reduce;
    Fn.DecoratorSpelling = "@cuda.reduce";
  } else if (Path == "numba.njit" || Path == "numba.jit" || Path == "numba.core.decorators.njit" ||
             Path == "numba.core.decorators.jit") {
    Fn.Role = FunctionRole::CpuJit;
    Fn.DecoratorSpelling = "@" + Path.substr(Path.rfind('.') + 1);
    if (Call)
      readNjitArguments(Fn, *Call);
  } else if (Path.rfind("numba.", 0) == 0) {
    Fn.Role = FunctionRole::OtherNumba;
    Fn.DecoratorSpelling = "@" + Path.substr(Path.rfind('.') + 1);
  }
}

const Symbol *ModuleScope::lookupProgramName(const Expr &E) const {
  if (auto *N = dyn_cast<NameExpr>(&E))
    return lookup(N->Id);
  if (auto *A = dyn_cast<AttributeExpr>(&E))
    if (auto *Base = dyn_cast<NameExpr>(A->Value))
      if (const Symbol *Mod = lookup(Base->Id); Mod && Mod->K == Symbol::Kind::Module && Mod->Imported)
        return Mod->Imported->lookup(A->Attr);
  return nullptr;
}

std::optional<ModuleScope::DecoratorCall> ModuleScope::decoratorCallOf(const Expr &E) const {
  auto *Outer = dyn_cast<CallExpr>(&E);
  if (!Outer || Outer->Args.size() != 1 || !Outer->Keywords.empty())
    return std::nullopt;
  const Expr *Arg = Outer->Args[0];
  const Symbol *Def = lookupProgramName(*Arg);
  if (!Def || !Def->Fn || Def->Fn->Synthetic)
    return std::nullopt;
  auto *Inner = dyn_cast<CallExpr>(Outer->Func);
  auto Path = resolvePath(Inner ? *Inner->Func : *Outer->Func);
  if (!Path || Path->rfind("numba.", 0) != 0)
    return std::nullopt;
  auto *Named = dyn_cast<NameExpr>(Arg);
  return DecoratorCall{Outer->Func, *Path, Def->Fn, Named ? Named->Id : ""};
}

bool ModuleScope::bindDecoratorCall(const AssignStmt &S) {
  // k = cuda.jit(fn), k = cuda.jit("void(float32[:])")(fn),
  // dev = cuda.jit(device=True)(fn), h = njit(fn): Numba makes a
  // dispatcher of fn's code, bound to the target; fn stays a function.
  auto *Target = S.Targets.size() == 1 ? dyn_cast<NameExpr>(S.Targets[0]) : nullptr;
  return Target && bindDecoratorCallTo(Target->Id, Target->Range, *S.Value);
}

bool ModuleScope::bindDecoratorCallTo(const std::string &TargetId, SourceRange TargetRange,
                                      const Expr &Value) {
  auto Call = decoratorCallOf(Value);
  if (!Call)
    return false;
  const FunctionInfo *Def = Call->Function;
  auto Fn = std::make_unique<FunctionInfo>();
  Fn->Def = Def->Def;
  Fn->Name = TargetId;
  Fn->NameRange = TargetRange;
  Fn->File = Def->File;
  Fn->Scope = Def->Scope ? Def->Scope : this; // its globals are its module's
  applyDecorator(*Fn, *Call->Decorator, Call->Path);
  if (Fn->Role == FunctionRole::Host)
    return false;
  if (applyDefine(TargetId, TargetRange))
    return true;
  if (auto It = Symbols.find(TargetId); It != Symbols.end() && It->second.Fn &&
                                          It->second.Fn->Role != FunctionRole::Host) {
    const FunctionInfo *Earlier = It->second.Fn;
    // `f = cuda.jit(f)` replaces the plain function, as Python does.
    if (Earlier->Def != Fn->Def)
      Diags.report(M.File, TargetRange, DiagKind::RedefinedFunction,
                   {TargetId, std::to_string(Earlier->Def->NameRange.Begin.Line)});
    std::erase_if(Functions, [&](const auto &F) { return F.get() == Earlier; });
  }
  Symbols[TargetId] = Symbol::function(Fn.get(), TargetRange);
  Functions.push_back(std::move(Fn));
  return true;
}

void ModuleScope::readJitArguments(FunctionInfo &Fn, const CallExpr &Call) {
  for (const Expr *Arg : Call.Args)
    readSignatureArgument(Fn, *Arg);
  for (const Keyword &K : Call.Keywords) {
    auto Value = evaluate(*K.Value);
    auto Flag = [&]() -> std::optional<bool> {
      if (!Value || (Value->K != ConstantValue::Kind::Bool && Value->K != ConstantValue::Kind::Int)) {
        if (!RuntimeSignatures) // inside a function: the run decides it
          Diags.report(M.File, K.Value->Range, DiagKind::InvalidDecorator,
                       {"'" + K.Name + "' must be True or False"});
        return std::nullopt;
      }
      return Value->K == ConstantValue::Kind::Bool ? Value->Bool : Value->Int != 0;
    };
    if (K.Name == "device") {
      if (auto B = Flag(); B && *B)
        Fn.Role = FunctionRole::Device;
    } else if (K.Name == "fastmath") {
      // A set of LLVM flag names ({"nsz", "contract"}) is Numba's finer
      // form; pykc's fast-math is one setting, on for any non-empty set.
      if (Value && (Value->K == ConstantValue::Kind::List || Value->K == ConstantValue::Kind::Dict))
        Fn.FastMath = !Value->Elements.empty();
      else if (auto B = Flag())
        Fn.FastMath = *B;
    } else if (K.Name == "boundscheck") {
      // Numba-CUDA refuses it (NotImplementedError); pykc checks.
      if (auto B = Flag())
        Fn.BoundsCheck = *B;
    } else if (K.Name == "signature" || K.Name == "sig") {
      readSignatureArgument(Fn, *K.Value);
    } else if (K.Name == "max_registers") {
      // ptxas's limit on each thread's registers, for this kernel alone.
      if (Value && Value->K == ConstantValue::Kind::Int && Value->Int > 0 && Value->Int <= 255)
        Fn.MaxRegisters = unsigned(Value->Int);
      else if (!RuntimeSignatures)
        Diags.report(M.File, K.Value->Range, DiagKind::InvalidDecorator,
                     {Value && Value->K == ConstantValue::Kind::Int && Value->Int > 255
                          ? "'max_registers' must be at most 255, the registers a thread can have"
                          : "'max_registers' must be a positive integer"});
    } else if (K.Name == "debug" || K.Name == "lineinfo") {
      // Both give the kernel's lines to profilers and debuggers; pykc's
      // debug=True is line information too (no DWARF variables yet).
      if (auto B = Flag())
        Fn.LineInfo = Fn.LineInfo || *B;
    } else if (K.Name == "link") {
      if (!RuntimeSignatures)
        readLinkFiles(*K.Value, Fn.Links);
    } else if (K.Name == "inline" || K.Name == "opt" || K.Name == "cache" ||
               K.Name == "forceinline" ||
               K.Name == "launch_bounds" || K.Name == "lto") {
      // Accepted for compatibility; they do not change the generated code yet.
    } else {
      // Numba-CUDA grows options; one pykc does not know is not a reason
      // to refuse the kernel.
      Diags.report(M.File, K.NameRange, DiagKind::UnknownDecoratorOption, {"@cuda.jit", K.Name});
    }
  }
}

void ModuleScope::readNjitArguments(FunctionInfo &Fn, const CallExpr &Call) {
  for (const Expr *Arg : Call.Args)
    readSignatureArgument(Fn, *Arg);
  for (const Keyword &K : Call.Keywords) {
    auto Value = evaluate(*K.Value);
    bool IsFlag = Value && (Value->K == ConstantValue::Kind::Bool || Value->K == ConstantValue::Kind::Int);
    bool On = IsFlag && (Value->K == ConstantValue::Kind::Bool ? Value->Bool : Value->Int != 0);
    if (K.Name == "fastmath" && Value &&
        (Value->K == ConstantValue::Kind::List || Value->K == ConstantValue::Kind::Dict)) {
      IsFlag = true; // a set of flag names, as for @cuda.jit
      On = !Value->Elements.empty();
    }
    if (K.Name == "parallel" || K.Name == "fastmath" || K.Name == "nopython" ||
        K.Name == "boundscheck") {
      if (!IsFlag) {
        Diags.report(M.File, K.Value->Range, DiagKind::InvalidDecorator,
                     {"'" + K.Name + "' must be True or False"});
        continue;
      }
      if (K.Name == "parallel")
        Fn.Parallel = On;
      else if (K.Name == "fastmath")
        Fn.FastMath = On;
      else if (K.Name == "boundscheck")
        Fn.BoundsCheck = On; // an index out of range raises IndexError, as in Numba
      else if (!On)
        Diags.report(M.File, K.Value->Range, DiagKind::InvalidDecorator,
                     {"object mode (nopython=False) runs Python code, which pykc does not compile"});
    } else if (K.Name == "signature" || K.Name == "sig") {
      readSignatureArgument(Fn, *K.Value);
    } else if (K.Name == "error_model") {
      if (!Value || Value->K != ConstantValue::Kind::String ||
          (Value->String != "python" && Value->String != "numpy")) {
        Diags.report(M.File, K.Value->Range, DiagKind::InvalidDecorator,
                     {"'error_model' must be 'python' or 'numpy'"});
        continue;
      }
      Fn.NumpyErrorModel = Value->String == "numpy";
    } else if (K.Name == "cache" || K.Name == "nogil" || K.Name == "inline" ||
               K.Name == "looplift" || K.Name == "forceinline" || K.Name == "no_cpython_wrapper" ||
               K.Name == "no_cfunc_wrapper" || K.Name == "debug") {
      // Accepted: they change how Numba caches or wraps the function, not
      // what it computes.
    } else {
      Diags.report(M.File, K.NameRange, DiagKind::InvalidDecorator,
                   {"unknown " + Fn.DecoratorSpelling + " option '" + K.Name + "'"});
    }
  }
}

std::string ModuleScope::typeExpressionText(const Expr &Arg) const {
  // `nb.float32[:]`, `types.int64`: the module prefix dropped where it
  // starts a name (not `xnb.` or `a.nb.`).
  std::string Text(M.File->text(Arg.Range));
  for (const auto &[Bound, Sym] : Symbols) {
    if (Sym.K != Symbol::Kind::Path ||
        (Sym.Path != "numba" && Sym.Path != "numba.types" && Sym.Path != "numba.core.types"))
      continue;
    std::string Prefix = Bound + ".";
    for (size_t At = Text.find(Prefix); At != std::string::npos; At = Text.find(Prefix, At)) {
      char Before = At == 0 ? ' ' : Text[At - 1];
      if (std::isalnum(static_cast<unsigned char>(Before)) || Before == '_' || Before == '.')
        At += Prefix.size();
      else
        Text.erase(At, Prefix.size());
    }
  }
  return Text;
}

void ModuleScope::readSignatureArgument(FunctionInfo &Fn, const Expr &Arg) {
  if (auto *List = dyn_cast<ListExpr>(&Arg)) {
    for (const Expr *E : List->Elts)
      readSignatureArgument(Fn, *E);
    return;
  }
  if (auto *Tuple = dyn_cast<TupleExpr>(&Arg)) {
    for (const Expr *E : Tuple->Elts)
      readSignatureArgument(Fn, *E);
    return;
  }
  auto *Str = dyn_cast<ConstantExpr>(&Arg);
  if (!Str || Str->CK != ConstantKind::String || Str->IsFString) {
    // `SIG = "void(float32[:])"; @cuda.jit(SIG)`, or Numba's type objects
    // (`void(float32[:])`, `nb.void(nb.float32[:])`), whose text without
    // the module prefix is the signature.
    std::optional<ConstantValue> V = evaluate(Arg);
    std::string Text;
    const Expr *Spelled = &Arg; // where the text is, for messages
    if (V && V->K == ConstantValue::Kind::String) {
      Text = V->String;
    } else if (V && (V->K == ConstantValue::Kind::List || V->K == ConstantValue::Kind::Tuple) &&
               std::all_of(V->Elements.begin(), V->Elements.end(), [](const ConstantValue &E) {
                 return E.K == ConstantValue::Kind::String;
               })) {
      for (const ConstantValue &E : V->Elements)
        if (auto Sig = parseSignature(E.String, *M.File, Arg.Range.Begin.Offset, Types, Diags))
          Fn.Signatures.push_back(*Sig);
        else
          Fn.HasSignatureErrors = true;
      return;
    } else if (!RuntimeSignatures && (isa<CallExpr>(&Arg) || isa<SubscriptExpr>(&Arg))) {
      Text = typeExpressionText(Arg);
    } else if (const Expr *Named = typeExpressionOf(Arg)) { // SIG = void(float64[:])
      Text = typeExpressionText(*Named);
      Spelled = Named;
    }
    if (Text.empty() && RuntimeSignatures)
      return; // computed by the run: the command line gives it (--sig)
    if (Text.empty()) {
      Diags.report(M.File, Arg.Range, DiagKind::InvalidDecorator,
                   {"a signature must be a string such as \"void(float32[:])\""});
      Fn.HasSignatureErrors = true;
      return;
    }
    if (auto Sig = parseSignature(Text, *M.File, Spelled->Range.Begin.Offset, Types, Diags))
      Fn.Signatures.push_back(*Sig);
    else
      Fn.HasSignatureErrors = true;
    return;
  }
  // Point errors into the literal: skip its prefix and opening quotes. With
  // escapes in the literal the columns are approximate.
  std::string_view Source = M.File->text();
  uint32_t Offset = Str->Range.Begin.Offset;
  while (Offset < Source.size() && Source[Offset] != '"' && Source[Offset] != '\'')
    ++Offset;
  if (Offset + 2 < Source.size() && Source[Offset + 1] == Source[Offset] &&
      Source[Offset + 2] == Source[Offset])
    Offset += 3;
  else
    ++Offset;
  if (auto Sig = parseSignature(Str->StringValue, *M.File, Offset, Types, Diags)) {
    // Numba compiles one overload per argument types: a later signature
    // with the same arguments returns the first one's.
    for (const ParsedSignature &Earlier : Fn.Signatures)
      if (Earlier.Args == Sig->Args) {
        Diags.report(M.File, Arg.Range, DiagKind::RepeatedSignature,
                     {std::to_string(Earlier.Range.Begin.Line) + ":" +
                      std::to_string(Earlier.Range.Begin.Column)});
        return;
      }
    Fn.Signatures.push_back(*Sig);
  } else
    Fn.HasSignatureErrors = true;
}

} // namespace pykc::ir

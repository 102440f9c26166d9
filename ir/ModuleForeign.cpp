//===- ModuleForeign.cpp - declare_device, link= and cffi at module level -===//
#include "ir/ModuleScope.h"

#include <filesystem>

namespace pykc::ir {

using namespace frontend;

std::vector<const ForeignFunction *> ModuleScope::foreignFunctions() const {
  std::vector<const ForeignFunction *> Out;
  for (const auto &F : ForeignFunctions)
    Out.push_back(F.get());
  return Out;
}

namespace {
/// The byte where a string literal's text starts (after its prefix and
/// quotes), so errors point into it.
uint32_t literalTextOffset(const ConstantExpr &Str, std::string_view Source) {
  uint32_t Offset = Str.Range.Begin.Offset;
  while (Offset < Source.size() && Source[Offset] != '"' && Source[Offset] != '\'')
    ++Offset;
  if (Offset + 2 < Source.size() && Source[Offset + 1] == Source[Offset] &&
      Source[Offset + 2] == Source[Offset])
    return Offset + 3;
  return Offset + 1;
}
} // namespace

void ModuleScope::readLinkFiles(const Expr &Value, std::vector<LinkFile> &Out) {
  std::vector<const Expr *> Items;
  if (auto *List = dyn_cast<ListExpr>(&Value))
    Items.assign(List->Elts.begin(), List->Elts.end());
  else if (auto *Tuple = dyn_cast<TupleExpr>(&Value))
    Items.assign(Tuple->Elts.begin(), Tuple->Elts.end());
  else
    Items.push_back(&Value);
  std::filesystem::path Folder = std::filesystem::path(Options.FilePath).parent_path();
  for (const Expr *Item : Items) {
    std::optional<ConstantValue> V = evaluate(*Item);
    std::vector<std::string> Paths;
    if (V && V->K == ConstantValue::Kind::String)
      Paths.push_back(V->String);
    else if (V && (V->K == ConstantValue::Kind::List || V->K == ConstantValue::Kind::Tuple))
      for (const ConstantValue &E : V->Elements)
        if (E.K == ConstantValue::Kind::String)
          Paths.push_back(E.String);
    if (Paths.empty() && !(V && V->K == ConstantValue::Kind::None)) {
      Diags.report(M.File, Item->Range, DiagKind::InvalidDecorator,
                   {"'link' must be a path or a list of paths that pykc can compute"});
      continue;
    }
    for (const std::string &P : Paths) {
      LinkFile L;
      L.Spelling = P;
      L.File = M.File;
      L.Range = Item->Range;
      std::filesystem::path Full(P);
      if (Full.is_relative() && !Options.FilePath.empty())
        Full = Folder / Full;
      L.Path = Full.lexically_normal().string();
      auto Kind = linkFileKind(P);
      if (!Kind) {
        Diags.report(M.File, Item->Range, DiagKind::LinkFileExtension, {P});
        continue;
      }
      L.Kind = *Kind;
      std::error_code EC;
      if (!std::filesystem::is_regular_file(L.Path, EC)) {
        Diags.report(M.File, Item->Range, DiagKind::LinkFileMissing,
                     {P, L.Path, "; a relative path is relative to the folder of the .py file"});
        continue;
      }
      Out.push_back(std::move(L));
    }
  }
}

bool ModuleScope::bindCffi(const AssignStmt &S) {
  auto *Call = dyn_cast<CallExpr>(S.Value);
  auto *Target = S.Targets.size() == 1 ? dyn_cast<NameExpr>(S.Targets[0]) : nullptr;
  if (!Call || !Target || !Call->Args.empty())
    return false;
  auto P = resolvePath(*Call->Func);
  if (!P || *P != "cffi.FFI")
    return false;
  if (!applyDefine(Target->Id, Target->Range))
    Symbols[Target->Id] = Symbol::path("cffi.FFI()", Target->Range);
  return true;
}

bool ModuleScope::bindDeclareDevice(const AssignStmt &S) {
  auto *Call = dyn_cast<CallExpr>(S.Value);
  auto *Target = S.Targets.size() == 1 ? dyn_cast<NameExpr>(S.Targets[0]) : nullptr;
  if (!Call || !Target)
    return false;
  auto P = resolvePath(*Call->Func);
  if (!P || (*P != "numba.cuda.declare_device" && *P != "numba.cuda.decorators.declare_device"))
    return false;
  if (applyDefine(Target->Id, Target->Range))
    return true;
  // Until it is known to be valid, the name is host data: a kernel that
  // calls it gets the error below, not a second one.
  Symbols[Target->Id] = Symbol::host(Target->Range);
  auto Fail = [&](SourceRange R, const std::string &Message) {
    Diags.report(M.File, R, DiagKind::BadDeclareDevice, {Message});
    return true;
  };
  // declare_device(name, sig, link=None, use_cooperative=False, abi='numba')
  const Expr *NameArg = Call->Args.size() > 0 ? Call->Args[0] : nullptr;
  const Expr *SigArg = Call->Args.size() > 1 ? Call->Args[1] : nullptr;
  const Expr *LinkArg = nullptr, *AbiArg = nullptr;
  if (Call->Args.size() > 2)
    return Fail(Call->Args[2]->Range, "it takes the name and the signature as positional "
                                      "arguments, and 'link' and 'abi' as keywords");
  for (const Keyword &K : Call->Keywords) {
    if (K.Name == "name")
      NameArg = K.Value;
    else if (K.Name == "sig")
      SigArg = K.Value;
    else if (K.Name == "link")
      LinkArg = K.Value;
    else if (K.Name == "abi")
      AbiArg = K.Value;
    else if (K.Name == "use_cooperative")
      continue; // pykc launches a kernel cooperatively when it uses grid sync
    else
      return Fail(K.NameRange, "unknown keyword '" + K.Name +
                                   "' (it takes name, sig, link, use_cooperative and abi)");
  }
  if (!NameArg || !SigArg)
    return Fail(Call->Range, "it needs the function's name and its signature, as in "
                             "cuda.declare_device('f', 'float32(float32)')");
  auto Name = evaluate(*NameArg);
  if (!Name || Name->K != ConstantValue::Kind::String || Name->String.empty())
    return Fail(NameArg->Range, "the name must be a string, the C symbol of the function");
  auto Fn = std::make_unique<ForeignFunction>();
  Fn->Symbol = Name->String;
  Fn->BoundName = Target->Id;
  Fn->File = M.File;
  Fn->Range = Call->Range;
  if (AbiArg) {
    auto Abi = evaluate(*AbiArg);
    if (!Abi || Abi->K != ConstantValue::Kind::String ||
        (Abi->String != "numba" && Abi->String != "c"))
      return Fail(AbiArg->Range, "'abi' must be 'numba' or 'c'");
    Fn->Convention = Abi->String == "c" ? ForeignFunction::Abi::C : ForeignFunction::Abi::Numba;
  }
  // A string, a name bound to one, or Numba's types (`types.float32(
  // types.CPointer(types.float32))`), whose text without the module
  // prefix is the signature.
  bool Parsed;
  auto *Str = dyn_cast<ConstantExpr>(SigArg);
  if (Str && Str->CK == ConstantKind::String && !Str->IsFString) {
    Parsed = parseForeignSignature(Str->StringValue, *M.File,
                                   literalTextOffset(*Str, M.File->text()), Types, Diags, *Fn);
  } else if (auto V = evaluate(*SigArg); V && V->K == ConstantValue::Kind::String) {
    Parsed = parseForeignSignature(V->String, *M.File, SigArg->Range.Begin.Offset, Types, Diags,
                                   *Fn);
  } else if (isa<frontend::CallExpr>(SigArg)) {
    std::string Text = typeExpressionText(*SigArg);
    // The text may have lost prefixes: point at the expression's start.
    Parsed = parseForeignSignature(Text, *M.File, SigArg->Range.Begin.Offset, Types, Diags, *Fn);
  } else {
    return Fail(SigArg->Range, "the signature must be a string such as 'float32(float32, int32)' "
                               "or Numba types such as float32(float32, int32)");
  }
  if (!Parsed)
    return true;
  if (LinkArg)
    readLinkFiles(*LinkArg, Fn->Links);
  Symbol Sym{Symbol::Kind::Foreign, "", {}, nullptr, Target->Range, ""};
  Sym.Foreign = Fn.get();
  Symbols[Target->Id] = Sym;
  ForeignFunctions.push_back(std::move(Fn));
  return true;
}

} // namespace pykc::ir

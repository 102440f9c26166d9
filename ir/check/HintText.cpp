//===- check/HintText.cpp - What a hint says, for both reporters ----------===//
#include "ir/check/HintText.h"

#include <set>

#include "frontend/Suggest.h"
#include "ir/ModuleScope.h"
#include "ir/check/SyntaxFacts.h"

namespace pykc::ir {

namespace {

/// What a kernel writes instead of the NumPy function \p Path, or null.
const char *numpyInstead(const std::string &Path) {
#define INSTEAD(P, Text)                                                       \
  if (Path == P)                                                               \
    return Text;
#include "ir/NumpyInstead.def"
  return nullptr;
}

/// The NumPy functions NumpyInstead.def names under \p Namespace, as
/// candidates for "did you mean" (np.zeroes -> np.zeros, whose note then
/// says what to write).
std::vector<std::string> insteadNames(const std::string &Namespace) {
  std::vector<std::string> Out;
  std::string Prefix = Namespace + ".";
#define INSTEAD(P, Text)                                                       \
  if (std::string_view(P).substr(0, Prefix.size()) == Prefix)                  \
    Out.push_back(std::string(P).substr(Prefix.size()));
#include "ir/NumpyInstead.def"
  return Out;
}

} // namespace

std::vector<std::string> unknownAttributeArgs(const Checked &Base, const std::string &What,
                                              const std::string &Attr,
                                              frontend::DiagnosticEngine &D) {
  bool Look = D.allowSpellingCheck();
  std::vector<std::string> Candidates;
  switch (Look ? Base.K : Checked::Kind::Invalid) {
  case Checked::Kind::Path:
    Candidates = knownAttributes(Base.Path);
    break;
  case Checked::Kind::Module:
    Candidates = Base.Mod->symbolNames();
    break;
  case Checked::Kind::Value: {
    const Type *Ty = Base.Ty;
    if (auto *AT = dynCast<ArrayType>(Ty)) {
      Candidates = {"shape", "size", "ndim"};
      if (!AT->record() && AT->dtype()->isComplex())
        Candidates.insert(Candidates.end(), {"real", "imag"});
    } else if (auto *TT = dynCast<TupleType>(Ty); TT && TT->isNamed()) {
      Candidates = TT->fields();
    } else if (auto *VT = dynCast<VectorType>(Ty)) {
      for (unsigned K = 0; K < VT->count() && K < 4; ++K)
        Candidates.push_back(std::string(1, "xyzw"[K]));
    } else if (auto *ST = dynCast<ScalarType>(Ty); ST && !ST->isBoolean()) {
      Candidates = {"real", "imag", "conjugate"};
    }
    break;
  }
  default:
    break;
  }
  std::string Hint = frontend::didYouMean(Attr, Candidates);
  // cuda.threadIdx.w: one letter is near no other, but these have three.
  if (Hint.empty() && Candidates == std::vector<std::string>{"x", "y", "z"})
    Hint = "; did you mean 'x', 'y' or 'z'?";
  return {What, Attr, Hint};
}

namespace {

/// NumPy 1.24's ufuncs: a kernel that names one means it, so a spelling
/// near a supported function is no hint (np.sign is not a misspelt np.sin).
bool isNumpyUfunc(const std::string &Path) {
  static const std::set<std::string> Names = {
      "abs", "absolute", "add", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2",
      "arctanh", "bitwise_and", "bitwise_not", "bitwise_or", "bitwise_xor", "cbrt", "ceil",
      "conj", "conjugate", "copysign", "cos", "cosh", "deg2rad", "degrees", "divide", "divmod",
      "equal", "exp", "exp2", "expm1", "fabs", "float_power", "floor", "floor_divide", "fmax",
      "fmin", "fmod", "frexp", "gcd", "greater", "greater_equal", "heaviside", "hypot",
      "invert", "isfinite", "isinf", "isnan", "isnat", "lcm", "ldexp", "left_shift", "less",
      "less_equal", "log", "log10", "log1p", "log2", "logaddexp", "logaddexp2", "logical_and",
      "logical_not", "logical_or", "logical_xor", "matmul", "maximum", "minimum", "mod", "modf",
      "multiply", "negative", "nextafter", "not_equal", "positive", "power", "rad2deg",
      "radians", "reciprocal", "remainder", "right_shift", "rint", "sign", "signbit", "sin",
      "sinh", "spacing", "sqrt", "square", "subtract", "tan", "tanh", "true_divide", "trunc"};
  return Path.rfind("numpy.", 0) == 0 && Names.count(Path.substr(6));
}

} // namespace

UnsupportedFunctionText unsupportedFunctionText(const std::string &Path,
                                                frontend::DiagnosticEngine &D) {
  size_t Dot = Path.rfind('.');
  std::string Near;
  if (Dot != std::string::npos && !numpyInstead(Path) && !isNumpyUfunc(Path) &&
      D.allowSpellingCheck()) {
    std::string Namespace = Path.substr(0, Dot);
    std::vector<std::string> Candidates = knownAttributes(Namespace);
    std::vector<std::string> Instead = insteadNames(Namespace);
    Candidates.insert(Candidates.end(), Instead.begin(), Instead.end());
    Near = frontend::nearestSpelling(Path.substr(Dot + 1), Candidates);
    if (!Near.empty())
      Near = Namespace + "." + Near;
  }
  UnsupportedFunctionText Text;
  Text.Args = {displayPath(Path),
               Near.empty() ? "" : "; did you mean '" + displayPath(Near) + "'?"};
  Text.Instead = numpyInstead(Near.empty() ? Path : Near);
  return Text;
}

std::string typeList(const std::vector<const Type *> &Types) {
  std::string S;
  for (const Type *T : Types)
    S += (S.empty() ? "" : ", ") + T->str();
  return S;
}

std::string fieldList(const RecordType &R) {
  std::string S;
  for (size_t I = 0; I < R.fields().size(); ++I) {
    if (I)
      S += I + 1 == R.fields().size() ? " and " : ", ";
    S += "'" + R.fields()[I].Name + "'";
  }
  return S.empty() ? "none" : S;
}

unsigned fieldAlignment(const Type *Ty) {
  if (auto *N = dynCast<NestedArrayType>(Ty))
    return storageAlignment(N->element());
  return storageAlignment(Ty);
}

} // namespace pykc::ir

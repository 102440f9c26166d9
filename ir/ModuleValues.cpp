//===- ModuleValues.cpp - What module-level Python computes ---------------===//
#include "ir/ModuleValues.h"

#include "ir/ConstantArrayMath.h"
#include "ir/ConstantOperators.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace pykc::ir {

using CV = ConstantValue;

namespace {

CV makeString(std::string S) {
  CV V;
  V.K = CV::Kind::String;
  V.String = std::move(S);
  return V;
}

CV makeSequence(CV::Kind K, std::vector<CV> Elements) {
  CV V;
  V.K = K;
  V.Elements = std::move(Elements);
  return V;
}

bool isInt(const CV &V) { return V.K == CV::Kind::Int || V.K == CV::Kind::Bool; }
int64_t intOf(const CV &V) { return V.K == CV::Kind::Bool ? V.Bool : V.Int; }
bool isNumber(const CV &V) { return isInt(V) || V.K == CV::Kind::Float; }
double doubleOf(const CV &V) { return V.K == CV::Kind::Float ? V.Float : double(intOf(V)); }
bool isSequence(const CV &V) {
  return V.K == CV::Kind::Tuple || V.K == CV::Kind::List || V.K == CV::Kind::String;
}

/// The elements iterating over \p V gives (a string's characters, a
/// dict's keys); nothing for what is not iterable.
std::optional<std::vector<CV>> iterate(const CV &V) {
  switch (V.K) {
  case CV::Kind::Tuple:
  case CV::Kind::List:
  case CV::Kind::Dict:
    return V.Elements;
  case CV::Kind::String: {
    std::vector<CV> Out;
    for (char C : V.String)
      Out.push_back(makeString(std::string(1, C)));
    return Out;
  }
  default:
    return std::nullopt;
  }
}

/// Python's repr of a float: the shortest digits that read back as it,
/// positional from 1e-4 up to 1e16, else with an exponent.
std::string floatRepr(double D) {
  if (std::isnan(D))
    return "nan";
  if (std::isinf(D))
    return D < 0 ? "-inf" : "inf";
  char Buf[64];
  for (int P = 1; P <= 17; ++P) {
    std::snprintf(Buf, sizeof Buf, "%.*e", P - 1, D);
    if (std::strtod(Buf, nullptr) == D)
      break;
  }
  // Buf is [-]d.ddde[+-]XX: split it into digits and exponent.
  std::string S = Buf;
  bool Negative = S[0] == '-';
  if (Negative)
    S.erase(0, 1);
  size_t E = S.find('e');
  int Exp = std::atoi(S.c_str() + E + 1);
  std::string Digits;
  for (char C : S.substr(0, E))
    if (C != '.')
      Digits += C;
  while (Digits.size() > 1 && Digits.back() == '0')
    Digits.pop_back();
  std::string Out;
  if (Exp < -4 || Exp >= 16) {
    Out = Digits.substr(0, 1);
    if (Digits.size() > 1)
      Out += "." + Digits.substr(1);
    char ExpBuf[16];
    std::snprintf(ExpBuf, sizeof ExpBuf, "e%c%02d", Exp < 0 ? '-' : '+', std::abs(Exp));
    Out += ExpBuf;
  } else if (Exp < 0) {
    Out = "0." + std::string(size_t(-Exp - 1), '0') + Digits;
  } else if (size_t(Exp) + 1 >= Digits.size()) {
    Out = Digits + std::string(size_t(Exp) + 1 - Digits.size(), '0') + ".0";
  } else {
    Out = Digits.substr(0, size_t(Exp) + 1) + "." + Digits.substr(size_t(Exp) + 1);
  }
  return (Negative ? "-" : "") + Out;
}

/// str(V) as Python prints it.
std::optional<std::string> strOf(const CV &V) {
  switch (V.K) {
  case CV::Kind::String:
    return V.String;
  case CV::Kind::Float:
    return floatRepr(V.Float);
  case CV::Kind::Version:
    return V.String;
  case CV::Kind::Int:
  case CV::Kind::Bool:
  case CV::Kind::None:
  case CV::Kind::Tuple:
  case CV::Kind::List:
  case CV::Kind::Dict:
    return V.str();
  default:
    return std::nullopt;
  }
}

std::string trim(const std::string &S, const std::string &Chars, bool Left, bool Right) {
  size_t B = 0, E = S.size();
  while (Left && B < E && Chars.find(S[B]) != std::string::npos)
    ++B;
  while (Right && E > B && Chars.find(S[E - 1]) != std::string::npos)
    --E;
  return S.substr(B, E - B);
}

const std::string Whitespace = " \t\n\r\v\f";

std::optional<CV> parseFloat(const std::string &Text) {
  std::string S = trim(Text, Whitespace, true, true);
  std::string Lower = S;
  std::transform(Lower.begin(), Lower.end(), Lower.begin(), ::tolower);
  std::string Body = Lower;
  double Sign = 1;
  if (!Body.empty() && (Body[0] == '+' || Body[0] == '-')) {
    Sign = Body[0] == '-' ? -1 : 1;
    Body.erase(0, 1);
  }
  if (Body == "nan")
    return CV::makeFloat(std::copysign(NAN, Sign));
  if (Body == "inf" || Body == "infinity")
    return CV::makeFloat(Sign * INFINITY);
  if (S.empty() || S.find_first_not_of("0123456789+-.eE_") != std::string::npos)
    return std::nullopt;
  std::string Plain;
  for (char C : S)
    if (C != '_')
      Plain += C;
  char *End = nullptr;
  double D = std::strtod(Plain.c_str(), &End);
  if (*End)
    return std::nullopt;
  return CV::makeFloat(D);
}

std::optional<CV> parseInt(const std::string &Text, int Base) {
  std::string S = trim(Text, Whitespace, true, true);
  std::string Plain;
  for (char C : S)
    if (C != '_')
      Plain += C;
  if (Plain.empty())
    return std::nullopt;
  errno = 0;
  char *End = nullptr;
  long long V = std::strtoll(Plain.c_str(), &End, Base);
  if (*End || errno)
    return std::nullopt;
  return CV::makeInt(V);
}

std::optional<CV> toInt(const CV &V, int Base) {
  if (V.K == CV::Kind::String)
    return parseInt(V.String, Base);
  if (isInt(V))
    return CV::makeInt(intOf(V));
  if (V.K == CV::Kind::Float) {
    if (!std::isfinite(V.Float) || std::fabs(V.Float) >= 9.2e18)
      return std::nullopt;
    return CV::makeInt(int64_t(std::trunc(V.Float)));
  }
  return std::nullopt;
}

std::optional<CV> toFloat(const CV &V) {
  if (V.K == CV::Kind::String)
    return parseFloat(V.String);
  if (isNumber(V))
    return CV::makeFloat(doubleOf(V));
  return std::nullopt;
}

/// min or max of \p Items (\p Sign -1 for min).
std::optional<CV> extreme(const std::vector<CV> &Items, int Sign) {
  if (Items.empty())
    return std::nullopt;
  CV Best = Items[0];
  for (size_t I = 1; I < Items.size(); ++I) {
    auto C = constantOrder(Items[I], Best);
    if (!C)
      return std::nullopt;
    if (*C * Sign > 0)
      Best = Items[I];
  }
  return Best;
}

/// os.path's functions on POSIX paths, lexically (no file is looked at).
std::optional<CV> pathFunction(const std::string &Name, const std::vector<CV> &Args) {
  namespace fs = std::filesystem;
  for (const CV &A : Args)
    if (A.K != CV::Kind::String)
      return std::nullopt;
  auto One = [&]() -> const std::string * { return Args.size() == 1 ? &Args[0].String : nullptr; };
  if (Name == "join") {
    if (Args.empty())
      return std::nullopt;
    std::string Out;
    for (const CV &A : Args) {
      if (!A.String.empty() && A.String[0] == '/')
        Out = A.String;
      else if (Out.empty() || Out.back() == '/')
        Out += A.String;
      else
        Out += "/" + A.String;
    }
    return makeString(Out);
  }
  const std::string *P = One();
  if (!P)
    return std::nullopt;
  auto Normal = [](const std::string &S) {
    if (S.empty())
      return std::string(".");
    std::string N = fs::path(S).lexically_normal().string();
    if (N.size() > 1 && N.back() == '/')
      N.pop_back();
    return N.empty() ? std::string(".") : N;
  };
  size_t Slash = P->rfind('/');
  if (Name == "dirname") {
    if (Slash == std::string::npos)
      return makeString("");
    std::string Head = P->substr(0, Slash + 1);
    std::string Trimmed = trim(Head, "/", false, true);
    return makeString(Trimmed.empty() ? Head : Trimmed);
  }
  if (Name == "basename")
    return makeString(Slash == std::string::npos ? *P : P->substr(Slash + 1));
  if (Name == "normpath")
    return makeString(Normal(*P));
  if (Name == "abspath" || Name == "realpath") {
    std::error_code EC;
    fs::path Abs = fs::absolute(fs::path(P->empty() ? "." : *P), EC);
    if (EC)
      return std::nullopt;
    return makeString(Normal(Abs.string()));
  }
  if (Name == "splitext") {
    std::string Base = Slash == std::string::npos ? *P : P->substr(Slash + 1);
    size_t Dot = Base.rfind('.');
    size_t Lead = Base.find_first_not_of('.');
    if (Dot == std::string::npos || Lead == std::string::npos || Dot < Lead)
      return makeSequence(CV::Kind::Tuple, {makeString(*P), makeString("")});
    size_t At = P->size() - (Base.size() - Dot);
    return makeSequence(CV::Kind::Tuple, {makeString(P->substr(0, At)), makeString(P->substr(At))});
  }
  if (Name == "split") {
    if (Slash == std::string::npos)
      return makeSequence(CV::Kind::Tuple, {makeString(""), makeString(*P)});
    std::string Head = P->substr(0, Slash + 1);
    std::string Trimmed = trim(Head, "/", false, true);
    return makeSequence(CV::Kind::Tuple,
                        {makeString(Trimmed.empty() ? Head : Trimmed), makeString(P->substr(Slash + 1))});
  }
  if (Name == "isabs")
    return CV::makeBool(!P->empty() && (*P)[0] == '/');
  return std::nullopt;
}

/// math's (and NumPy's) functions of one float that module code uses to
/// build constants (`SQRT2 = math.sqrt(2.0)`).
std::optional<CV> mathFunction(const std::string &Name, const std::vector<CV> &Args) {
  if (Args.size() != 1 || !isNumber(Args[0]))
    return std::nullopt;
  double X = doubleOf(Args[0]);
  if (Name == "floor" || Name == "ceil") {
    double R = Name == "floor" ? std::floor(X) : std::ceil(X);
    if (!std::isfinite(R) || std::fabs(R) >= 9.2e18)
      return std::nullopt;
    return CV::makeInt(int64_t(R)); // math.floor returns an int
  }
  double (*F)(double) = nullptr;
  if (Name == "sqrt")
    F = [](double V) { return std::sqrt(V); };
  else if (Name == "exp")
    F = [](double V) { return std::exp(V); };
  else if (Name == "log")
    F = [](double V) { return std::log(V); };
  else if (Name == "log2")
    F = [](double V) { return std::log2(V); };
  else if (Name == "log10")
    F = [](double V) { return std::log10(V); };
  else if (Name == "sin")
    F = [](double V) { return std::sin(V); };
  else if (Name == "cos")
    F = [](double V) { return std::cos(V); };
  else if (Name == "tan")
    F = [](double V) { return std::tan(V); };
  else if (Name == "atan")
    F = [](double V) { return std::atan(V); };
  else if (Name == "radians")
    F = [](double V) { return V * (M_PI / 180.0); };
  else if (Name == "degrees")
    F = [](double V) { return V * (180.0 / M_PI); };
  if (!F)
    return std::nullopt;
  // math raises ValueError where the result is not real (sqrt(-1)).
  double R = F(X);
  if (std::isnan(R) && !std::isnan(X))
    return std::nullopt;
  return CV::makeFloat(R);
}

/// The comparable parts of a packaging.version.Version: its release in
/// Elements, and in Values a key that orders dev < pre-release < final <
/// post-release, as packaging's _cmpkey does.
std::optional<CV> packagingVersion(const std::string &Text) {
  std::string S = trim(Text, Whitespace, true, true);
  std::transform(S.begin(), S.end(), S.begin(), ::tolower);
  size_t I = 0;
  if (I < S.size() && S[I] == 'v')
    ++I;
  auto Number = [&](int64_t &Out) {
    size_t Start = I;
    Out = 0;
    while (I < S.size() && std::isdigit(static_cast<unsigned char>(S[I])) && I - Start < 18)
      Out = Out * 10 + (S[I++] - '0');
    return I > Start;
  };
  CV V;
  V.K = CV::Kind::Version;
  V.String = trim(Text, Whitespace, true, true);
  int64_t N;
  if (size_t Bang = S.find('!'); Bang != std::string::npos) // an epoch: N!1.0
    I = Bang + 1;
  do {
    if (!Number(N))
      return std::nullopt;
    V.Elements.push_back(CV::makeInt(N));
  } while (I + 1 < S.size() && S[I] == '.' && std::isdigit(static_cast<unsigned char>(S[I + 1])) && ++I);
  auto Separator = [&] {
    if (I < S.size() && (S[I] == '.' || S[I] == '-' || S[I] == '_'))
      ++I;
  };
  auto Word = [&](std::initializer_list<const char *> Words) -> std::string {
    size_t Save = I;
    Separator();
    for (const char *W : Words)
      if (S.compare(I, std::strlen(W), W) == 0) {
        I += std::strlen(W);
        return W;
      }
    I = Save;
    return "";
  };
  int64_t PrePhase = 10, PreN = 0, PostFlag = -1, PostN = 0, DevFlag = 1, DevN = 0;
  std::string Pre = Word({"alpha", "beta", "preview", "pre", "rc", "a", "b", "c"});
  if (!Pre.empty()) {
    PrePhase = Pre[0] == 'a' ? -3 : Pre[0] == 'b' ? -2 : -1;
    Separator();
    Number(PreN);
  }
  if (!Word({"post", "rev", "r"}).empty()) {
    Separator();
    PostFlag = 0;
    Number(PostN);
  } else if (I < S.size() && S[I] == '-' && I + 1 < S.size() &&
             std::isdigit(static_cast<unsigned char>(S[I + 1]))) {
    ++I;
    PostFlag = 0;
    Number(PostN);
  }
  if (!Word({"dev"}).empty()) {
    Separator();
    DevFlag = 0;
    Number(DevN);
  }
  if (I < S.size() && S[I] == '+') // a local label does not order here
    I = S.size();
  if (I != S.size())
    return std::nullopt; // packaging raises InvalidVersion
  if (Pre.empty() && PostFlag < 0 && DevFlag == 0)
    PrePhase = -10; // 1.0.dev0 sorts before 1.0a1
  for (int64_t K : {PrePhase, PreN, PostFlag, PostN, DevFlag, DevN})
    V.Values.push_back(CV::makeInt(K));
  return V;
}

/// distutils' LooseVersion: runs of digits (as ints) and of letters.
CV looseVersion(const std::string &Text) {
  CV V;
  V.K = CV::Kind::Version;
  V.String = Text;
  size_t I = 0;
  while (I < Text.size()) {
    size_t Start = I;
    if (std::isdigit(static_cast<unsigned char>(Text[I]))) {
      while (I < Text.size() && std::isdigit(static_cast<unsigned char>(Text[I])))
        ++I;
      std::string Digits = Text.substr(Start, I - Start);
      if (Digits.size() > 18)
        Digits.resize(18);
      V.Elements.push_back(CV::makeInt(std::stoll(Digits)));
    } else if (std::isalpha(static_cast<unsigned char>(Text[I]))) {
      while (I < Text.size() && std::isalpha(static_cast<unsigned char>(Text[I])))
        ++I;
      V.Elements.push_back(makeString(Text.substr(Start, I - Start)));
    } else {
      ++I; // '.', '-', ...
    }
  }
  return V;
}

/// Python's str.split: on runs of whitespace without \p Sep.
std::vector<CV> split(const std::string &S, const std::optional<std::string> &Sep, int64_t Max) {
  std::vector<CV> Out;
  if (!Sep) {
    size_t I = 0;
    while (true) {
      while (I < S.size() && Whitespace.find(S[I]) != std::string::npos)
        ++I;
      if (I == S.size())
        break;
      if (Max >= 0 && int64_t(Out.size()) == Max) {
        Out.push_back(makeString(trim(S.substr(I), Whitespace, false, true)));
        break;
      }
      size_t J = I;
      while (J < S.size() && Whitespace.find(S[J]) == std::string::npos)
        ++J;
      Out.push_back(makeString(S.substr(I, J - I)));
      I = J;
    }
    return Out;
  }
  size_t I = 0;
  while (true) {
    size_t J = S.find(*Sep, I);
    if (J == std::string::npos || (Max >= 0 && int64_t(Out.size()) == Max)) {
      Out.push_back(makeString(S.substr(I)));
      return Out;
    }
    Out.push_back(makeString(S.substr(I, J - I)));
    I = J + Sep->size();
  }
}

/// str.format with `{}`, `{0}` and `{{`/`}}` (no format specs).
std::optional<CV> format(const std::string &Fmt, const std::vector<CV> &Args) {
  std::string Out;
  size_t Next = 0;
  for (size_t I = 0; I < Fmt.size(); ++I) {
    char C = Fmt[I];
    if ((C == '{' || C == '}') && I + 1 < Fmt.size() && Fmt[I + 1] == C) {
      Out += C;
      ++I;
      continue;
    }
    if (C == '}')
      return std::nullopt;
    if (C != '{') {
      Out += C;
      continue;
    }
    size_t Close = Fmt.find('}', I);
    if (Close == std::string::npos)
      return std::nullopt;
    std::string Field = Fmt.substr(I + 1, Close - I - 1);
    size_t Index = Next++;
    if (!Field.empty()) {
      if (Field.find_first_not_of("0123456789") != std::string::npos || Field.size() > 6)
        return std::nullopt;
      Index = std::stoul(Field);
    }
    if (Index >= Args.size())
      return std::nullopt;
    auto S = strOf(Args[Index]);
    if (!S)
      return std::nullopt;
    Out += *S;
    I = Close;
  }
  return makeString(Out);
}

} // namespace

std::optional<std::vector<CV>> constantItems(const CV &V) { return iterate(V); }

std::optional<CV> environmentValue(const std::string &Path) {
  if (Path == "numba.__version__" || Path == "numba.cuda.__version__")
    return makeString(NumbaVersion);
  if (Path == "numba.version_info") {
    CV V = makeSequence(CV::Kind::Tuple, {CV::makeInt(0), CV::makeInt(56), CV::makeInt(4)});
    V.Fields = {"major", "minor", "patch"};
    return V;
  }
  if (Path == "sys.version_info") {
    CV V = makeSequence(CV::Kind::Tuple, {CV::makeInt(3), CV::makeInt(11), CV::makeInt(2),
                                          makeString("final"), CV::makeInt(0)});
    V.Fields = {"major", "minor", "micro", "releaselevel", "serial"};
    return V;
  }
  if (Path == "sys.version")
    return makeString("3.11.2");
  if (Path == "sys.platform")
    return makeString("linux");
  if (Path == "sys.byteorder")
    return makeString("little");
  if (Path == "sys.maxsize")
    return CV::makeInt(INT64_MAX);
  if (Path == "os.name")
    return makeString("posix");
  if (Path == "os.sep" || Path == "os.path.sep")
    return makeString("/");
  if (Path == "numba.config.ENABLE_CUDASIM" || Path == "numba.core.config.ENABLE_CUDASIM")
    return CV::makeInt(0);
  return std::nullopt;
}

std::optional<CV> attributeOf(const CV &V, const std::string &Attr) {
  if (V.K == CV::Kind::Tuple && !V.Fields.empty()) {
    for (size_t I = 0; I < V.Fields.size() && I < V.Elements.size(); ++I)
      if (V.Fields[I] == Attr)
        return V.Elements[I];
    return std::nullopt;
  }
  if (V.K == CV::Kind::Version && !V.Values.empty()) {
    auto Part = [&](size_t I) { return I < V.Elements.size() ? V.Elements[I] : CV::makeInt(0); };
    if (Attr == "major")
      return Part(0);
    if (Attr == "minor")
      return Part(1);
    if (Attr == "micro")
      return Part(2);
    if (Attr == "release")
      return makeSequence(CV::Kind::Tuple, V.Elements);
    if (Attr == "is_prerelease")
      return CV::makeBool(V.Values[0].Int < 10 || V.Values[4].Int == 0);
    if (Attr == "base_version") {
      std::string S;
      for (size_t I = 0; I < V.Elements.size(); ++I)
        S += (I ? "." : "") + std::to_string(V.Elements[I].Int);
      return makeString(S);
    }
    return std::nullopt;
  }
  if (V.K == CV::Kind::Array)
    return arrayAttribute(V, Attr);
  // Mode.MUL.value, Mode.MUL.name
  if (V.K == CV::Kind::EnumMember && Attr == "value")
    return CV::makeInt(V.Int);
  if (V.K == CV::Kind::EnumMember && Attr == "name")
    return makeString(V.String);
  // np.dtype(np.int32).itemsize, np.float64(0).itemsize's dtype: bytes.
  if (V.K == CV::Kind::Dtype && V.Dtype && Attr == "itemsize")
    return CV::makeInt(int64_t(V.Dtype->byteSize()));
  if (V.K == CV::Kind::Version && Attr == "version")
    return makeSequence(CV::Kind::List, V.Elements);
  if (V.K == CV::Kind::Complex && (Attr == "real" || Attr == "imag"))
    return CV::makeFloat(Attr == "real" ? V.Float : V.Imag);
  if (isNumber(V) && (Attr == "real" || Attr == "imag")) {
    if (Attr == "imag")
      return V.K == CV::Kind::Float ? CV::makeFloat(0) : CV::makeInt(0);
    return V;
  }
  return std::nullopt;
}

std::optional<CV> percentFormat(const std::string &Format, const CV &Args) {
  std::vector<CV> Values = Args.K == CV::Kind::Tuple ? Args.Elements : std::vector<CV>{Args};
  size_t Next = 0;
  std::string Out;
  for (size_t I = 0; I < Format.size(); ++I) {
    if (Format[I] != '%') {
      Out += Format[I];
      continue;
    }
    size_t Start = I++;
    while (I < Format.size() && std::strchr("-+ #0", Format[I]))
      ++I;
    size_t Digits = 0; // widths and precisions up to 99 fit the buffers below
    while (I < Format.size() && (std::isdigit(static_cast<unsigned char>(Format[I])) || Format[I] == '.')) {
      Digits = Format[I] == '.' ? 0 : Digits + 1;
      if (Digits > 2)
        return std::nullopt;
      ++I;
    }
    if (I >= Format.size())
      return std::nullopt;
    char Conv = Format[I];
    if (Conv == '%') {
      Out += '%';
      continue;
    }
    if (Next >= Values.size())
      return std::nullopt; // not enough arguments
    const CV &V = Values[Next++];
    std::string Spec = Format.substr(Start, I - Start);
    char Buf[128];
    if (Conv == 's' || Conv == 'r') {
      auto S = Conv == 's' ? strOf(V)
                           : std::optional(V.K == CV::Kind::Float ? floatRepr(V.Float) : V.str());
      if (!S)
        return std::nullopt;
      std::vector<char> Wide(S->size() + 64); // widths are at most 12 characters of spec
      std::snprintf(Wide.data(), Wide.size(), (Spec + "s").c_str(), S->c_str());
      Out += Wide.data();
      continue;
    } else if (std::strchr("dixXo", Conv)) {
      if (!isNumber(V))
        return std::nullopt;
      long long N = V.K == CV::Kind::Float ? (long long)std::trunc(V.Float) : intOf(V);
      std::snprintf(Buf, sizeof Buf, (Spec + "ll" + (Conv == 'i' ? 'd' : Conv)).c_str(), N);
    } else if (std::strchr("feEgG", Conv)) {
      if (!isNumber(V))
        return std::nullopt;
      std::snprintf(Buf, sizeof Buf, (Spec + Conv).c_str(), doubleOf(V));
    } else {
      return std::nullopt;
    }
    Out += Buf;
  }
  if (Next != Values.size())
    return std::nullopt; // Python: not all arguments converted
  return makeString(Out);
}

std::optional<CV> numericLimit(const ScalarType &T, const std::string &Attr) {
  unsigned Bits = T.bitWidth();
  if (Attr == "bits")
    return CV::makeInt(Bits);
  if (T.isInteger() && !T.isBoolean()) {
    if (Attr == "max")
      return T.isSigned() ? CV::makeInt(int64_t((uint64_t(1) << (Bits - 1)) - 1))
             : Bits == 64 ? std::nullopt // 2**64 - 1 is no int64
                          : std::optional(CV::makeInt(int64_t((uint64_t(1) << Bits) - 1)));
    if (Attr == "min")
      return CV::makeInt(T.isSigned() ? int64_t(-(uint64_t(1) << (Bits - 1))) : 0);
    return std::nullopt;
  }
  if (!T.isFloat())
    return std::nullopt;
  // float16, float32 and float64 as IEEE formats; NumPy returns its own
  // scalar type, which module code uses as a Python float.
  int Mantissa = Bits == 16 ? 10 : Bits == 32 ? 23 : 52;
  int MaxExp = Bits == 16 ? 15 : Bits == 32 ? 127 : 1023;
  if (Attr == "max" || Attr == "min") {
    double Max = std::ldexp(2.0 - std::ldexp(1.0, -Mantissa), MaxExp);
    return CV::makeFloat(Attr == "max" ? Max : -Max);
  }
  if (Attr == "eps")
    return CV::makeFloat(std::ldexp(1.0, -Mantissa));
  if (Attr == "tiny" || Attr == "smallest_normal")
    return CV::makeFloat(std::ldexp(1.0, 1 - MaxExp));
  if (Attr == "resolution")
    return CV::makeFloat(Bits == 16 ? 1e-3 : Bits == 32 ? 1e-6 : 1e-15);
  return std::nullopt;
}

std::optional<CV> makeVersion(const std::string &Text, bool Loose) {
  if (Loose)
    return looseVersion(Text);
  return packagingVersion(Text);
}

std::optional<CV> callFunction(const std::string &Path, const std::vector<CV> &Args,
                               const std::vector<std::pair<std::string, CV>> &Keywords) {
  auto Keyword = [&](const char *Name) -> const CV * {
    for (const auto &[K, V] : Keywords)
      if (K == Name)
        return &V;
    return nullptr;
  };
  size_t Dot = Path.rfind('.');
  std::string Module = Dot == std::string::npos ? "" : Path.substr(0, Dot);
  std::string Name = Path.substr(Dot + 1);
  // np.dtype(np.int32): the scalar dtype itself (its .itemsize below).
  if (Path == "numpy.dtype" && Args.size() == 1 && Keywords.empty() &&
      Args[0].K == CV::Kind::Dtype && Args[0].Dtype)
    return Args[0];
  if (Module == "builtins") {
    if (Name == "dict") {
      if (!Args.empty())
        return std::nullopt;
      CV D;
      D.K = CV::Kind::Dict;
      for (const auto &[K, V] : Keywords) {
        D.Elements.push_back(makeString(K));
        D.Values.push_back(V);
      }
      return D;
    }
    // sorted(xs, reverse=True)
    if (Name == "sorted" && Args.size() == 1 && Keywords.size() <= 1 &&
        (Keywords.empty() || Keyword("reverse"))) {
      auto Items = iterate(Args[0]);
      const CV *Reverse = Keyword("reverse");
      if (!Items || (Reverse && Reverse->K != CV::Kind::Bool))
        return std::nullopt;
      // Python's sort is stable and compares with <; an order pykc cannot
      // tell (mixed types, NaN) leaves the call to the run.
      bool Known = true;
      std::stable_sort(Items->begin(), Items->end(), [&](const CV &A, const CV &B) {
        auto C = constantOrder(A, B);
        Known = Known && C.has_value();
        return C && (Reverse && Reverse->Bool ? *C > 0 : *C < 0);
      });
      for (size_t I = 1; Known && I < Items->size(); ++I)
        Known = constantOrder((*Items)[I - 1], (*Items)[I]).has_value();
      return Known ? std::optional(makeSequence(CV::Kind::List, *Items)) : std::nullopt;
    }
    if (!Keywords.empty() && !(Name == "int" && Keyword("base") && Keywords.size() == 1))
      return std::nullopt;
    // divmod(17, 5): the floor quotient and the remainder, as // and %.
    if (Name == "divmod" && Args.size() == 2) {
      auto Q = constantBinary(frontend::BinaryOp::FloorDiv, Args[0], Args[1]);
      auto R = constantBinary(frontend::BinaryOp::Mod, Args[0], Args[1]);
      if (!Q || !R)
        return std::nullopt;
      return makeSequence(CV::Kind::Tuple, {*Q, *R});
    }
    // round(x, n) of a float, n from 0 to 17: CPython rounds the double's
    // exact decimal value half to even (round(2.675, 2) is 2.67), as the
    // C library's %.nf does; an int's is itself. Negative n is left to the
    // run.
    if (Name == "round" && Args.size() == 2 && isInt(Args[1]) && intOf(Args[1]) >= 0 &&
        intOf(Args[1]) <= 17) {
      if (isInt(Args[0]) && Args[0].K != CV::Kind::Bool)
        return CV::makeInt(intOf(Args[0]));
      if (Args[0].K != CV::Kind::Float || Args[0].Typed || !std::isfinite(Args[0].Float))
        return std::nullopt;
      char Digits[400]; // the largest double has 309 digits before the point
      std::snprintf(Digits, sizeof Digits, "%.*f", int(intOf(Args[1])), Args[0].Float);
      return CV::makeFloat(std::strtod(Digits, nullptr));
    }
    // round(2.5) is 2: half to even, an int.
    if (Name == "round" && Args.size() == 1) {
      if (isInt(Args[0]))
        return CV::makeInt(intOf(Args[0]));
      if (Args[0].K != CV::Kind::Float || Args[0].Typed || !std::isfinite(Args[0].Float) ||
          std::fabs(Args[0].Float) >= 0x1p63)
        return std::nullopt;
      return CV::makeInt(int64_t(std::nearbyint(Args[0].Float)));
    }
    if ((Name == "any" || Name == "all") && Args.size() == 1) {
      auto Items = iterate(Args[0]);
      if (!Items)
        return std::nullopt;
      bool Any = Name == "any";
      for (const CV &E : *Items)
        if (constantTruth(E) == Any)
          return CV::makeBool(Any);
      return CV::makeBool(!Any);
    }
    // enumerate(xs[, start]) and zip(a, b, ...): lists of tuples.
    if (Name == "enumerate" && (Args.size() == 1 || (Args.size() == 2 && isInt(Args[1])))) {
      auto Items = iterate(Args[0]);
      if (!Items)
        return std::nullopt;
      int64_t Start = Args.size() == 2 ? intOf(Args[1]) : 0;
      std::vector<CV> Out;
      for (size_t I = 0; I < Items->size(); ++I)
        Out.push_back(makeSequence(CV::Kind::Tuple, {CV::makeInt(Start + int64_t(I)), (*Items)[I]}));
      return makeSequence(CV::Kind::List, Out);
    }
    if (Name == "zip" && !Args.empty()) {
      std::vector<std::vector<CV>> Columns;
      size_t Rows = SIZE_MAX;
      for (const CV &A : Args) {
        auto Items = iterate(A);
        if (!Items)
          return std::nullopt;
        Rows = std::min(Rows, Items->size());
        Columns.push_back(std::move(*Items));
      }
      std::vector<CV> Out;
      for (size_t R = 0; R < Rows; ++R) {
        std::vector<CV> Row;
        for (const auto &Column : Columns)
          Row.push_back(Column[R]);
        Out.push_back(makeSequence(CV::Kind::Tuple, Row));
      }
      return makeSequence(CV::Kind::List, Out);
    }
    if (Name == "float")
      return Args.empty() ? std::optional(CV::makeFloat(0))
                          : Args.size() == 1 ? toFloat(Args[0]) : std::nullopt;
    if (Name == "int") {
      const CV *BaseArg = Keyword("base");
      if (!BaseArg && Args.size() == 2)
        BaseArg = &Args[1];
      int Base = 10;
      if (BaseArg) {
        if (!isInt(*BaseArg) || Args.empty() || Args[0].K != CV::Kind::String)
          return std::nullopt;
        Base = int(intOf(*BaseArg));
        if (Base != 0 && (Base < 2 || Base > 36))
          return std::nullopt;
      }
      if (Args.empty())
        return CV::makeInt(0);
      return toInt(Args[0], Base);
    }
    if (Args.size() == 1 && Name == "str") {
      auto S = strOf(Args[0]);
      return S ? std::optional(makeString(*S)) : std::nullopt;
    }
    if (Args.size() == 1 && Name == "repr" && Args[0].K != CV::Kind::Float)
      return makeString(Args[0].str());
    if (Args.size() == 1 && Name == "repr")
      return makeString(floatRepr(Args[0].Float));
    if (Args.size() == 1 && Name == "bool")
      return CV::makeBool(constantTruth(Args[0]));
    if (Args.size() == 1 && (Name == "tuple" || Name == "list")) {
      auto Items = iterate(Args[0]);
      if (!Items)
        return std::nullopt;
      return makeSequence(Name == "tuple" ? CV::Kind::Tuple : CV::Kind::List, *Items);
    }
    if (Args.size() == 1 && Name == "len") {
      if (Args[0].K == CV::Kind::String)
        return CV::makeInt(int64_t(Args[0].String.size()));
      if (Args[0].K == CV::Kind::Tuple || Args[0].K == CV::Kind::List || Args[0].K == CV::Kind::Dict)
        return CV::makeInt(int64_t(Args[0].Elements.size()));
      if (Args[0].K == CV::Kind::Array && !Args[0].Shape.empty())
        return CV::makeInt(Args[0].Shape[0]);
      return std::nullopt;
    }
    if (Name == "min" || Name == "max") {
      std::optional<std::vector<CV>> Items =
          Args.size() == 1 ? iterate(Args[0]) : std::optional(Args);
      return Items ? extreme(*Items, Name == "min" ? -1 : 1) : std::nullopt;
    }
    if (Args.size() == 1 && Name == "abs") {
      if (Args[0].K == CV::Kind::Float)
        return CV::makeFloat(std::fabs(Args[0].Float));
      if (isInt(Args[0]) && intOf(Args[0]) != INT64_MIN)
        return CV::makeInt(std::llabs(intOf(Args[0])));
      return std::nullopt;
    }
    if ((Args.size() == 1 || (Args.size() == 2 && isNumber(Args[1]))) && Name == "sum") {
      auto Items = iterate(Args[0]);
      if (!Items)
        return std::nullopt;
      if (Args.size() == 2) // sum(xs, start) begins with start
        Items->insert(Items->begin(), Args[1]);
      bool Float = false;
      int64_t I = 0;
      double D = 0;
      for (const CV &E : *Items) {
        if (!isNumber(E))
          return std::nullopt;
        Float |= E.K == CV::Kind::Float;
        D += doubleOf(E);
        if (!Float && __builtin_add_overflow(I, intOf(E), &I))
          return std::nullopt;
      }
      return Float ? CV::makeFloat(D) : CV::makeInt(I);
    }
    return std::nullopt;
  }
  if (Module == "os.path" || Module == "posixpath")
    return Keywords.empty() ? pathFunction(Name, Args) : std::nullopt;
  if (Module == "math" || Module == "numpy")
    return Keywords.empty() ? mathFunction(Name, Args) : std::nullopt;
  if (Args.size() == 1 && Keywords.empty() && Args[0].K == CV::Kind::String) {
    if (Path == "packaging.version.Version" || Path == "packaging.version.parse" ||
        Path == "pkg_resources.parse_version" || Path == "distutils.version.StrictVersion")
      return makeVersion(Args[0].String, false);
    if (Path == "distutils.version.LooseVersion" || Path == "looseversion.LooseVersion")
      return makeVersion(Args[0].String, true);
  }
  if (Args.empty() && Keywords.empty()) {
    if (Path == "platform.system")
      return makeString("Linux");
    if (Path == "platform.machine")
      return makeString("x86_64");
    if (Path == "platform.python_version")
      return makeString("3.11.2");
    // pykc compiles for CUDA: the code a module keeps for a GPU is the
    // code it compiles (the CPU backend runs that code too).
    if (Path == "numba.cuda.is_available")
      return CV::makeBool(true);
  }
  return std::nullopt;
}

std::optional<CV> callMethod(const CV &Self, const std::string &Method, const std::vector<CV> &Args) {
  auto StringArg = [&](size_t I) -> const std::string * {
    return I < Args.size() && Args[I].K == CV::Kind::String ? &Args[I].String : nullptr;
  };
  if (Self.K == CV::Kind::Dict) {
    if (Method == "get" && (Args.size() == 1 || Args.size() == 2)) {
      for (size_t I = 0; I < Self.Elements.size(); ++I) {
        auto Equal = constantEquals(Self.Elements[I], Args[0]);
        if (!Equal)
          return std::nullopt;
        if (*Equal)
          return Self.Values[I];
      }
      return Args.size() == 2 ? Args[1] : CV();
    }
    if (Args.empty() && (Method == "keys" || Method == "values"))
      return makeSequence(CV::Kind::List, Method == "keys" ? Self.Elements : Self.Values);
    if (Args.empty() && Method == "items") {
      std::vector<CV> Items;
      for (size_t I = 0; I < Self.Elements.size(); ++I)
        Items.push_back(makeSequence(CV::Kind::Tuple, {Self.Elements[I], Self.Values[I]}));
      return makeSequence(CV::Kind::List, Items);
    }
    return std::nullopt;
  }
  if (Self.K != CV::Kind::String)
    return std::nullopt;
  const std::string &S = Self.String;
  if (Method == "split") {
    std::optional<std::string> Sep;
    if (!Args.empty() && Args[0].K != CV::Kind::None) {
      if (!StringArg(0) || StringArg(0)->empty())
        return std::nullopt;
      Sep = *StringArg(0);
    }
    int64_t Max = -1;
    if (Args.size() == 2) {
      if (!isInt(Args[1]))
        return std::nullopt;
      Max = intOf(Args[1]);
    }
    if (Args.size() > 2)
      return std::nullopt;
    return makeSequence(CV::Kind::List, split(S, Sep, Max));
  }
  if (Method == "strip" || Method == "lstrip" || Method == "rstrip") {
    if (Args.size() > 1 || (Args.size() == 1 && !StringArg(0)))
      return std::nullopt;
    std::string Chars = Args.empty() ? Whitespace : *StringArg(0);
    return makeString(trim(S, Chars, Method != "rstrip", Method != "lstrip"));
  }
  if ((Method == "lower" || Method == "upper") && Args.empty()) {
    std::string Out = S;
    for (char &C : Out)
      C = char(Method == "lower" ? std::tolower(static_cast<unsigned char>(C))
                                 : std::toupper(static_cast<unsigned char>(C)));
    return makeString(Out);
  }
  if ((Method == "startswith" || Method == "endswith") && Args.size() == 1) {
    std::vector<std::string> Affixes;
    if (Args[0].K == CV::Kind::String)
      Affixes.push_back(Args[0].String);
    else if (Args[0].K == CV::Kind::Tuple)
      for (const CV &E : Args[0].Elements) {
        if (E.K != CV::Kind::String)
          return std::nullopt;
        Affixes.push_back(E.String);
      }
    else
      return std::nullopt;
    for (const std::string &A : Affixes) {
      bool Match = A.size() <= S.size() &&
                   (Method == "startswith" ? S.compare(0, A.size(), A) == 0
                                           : S.compare(S.size() - A.size(), A.size(), A) == 0);
      if (Match)
        return CV::makeBool(true);
    }
    return CV::makeBool(false);
  }
  if (Method == "replace" && Args.size() == 2 && StringArg(0) && StringArg(1) &&
      !StringArg(0)->empty()) {
    std::string Out;
    size_t I = 0;
    for (size_t J; (J = S.find(*StringArg(0), I)) != std::string::npos; I = J + StringArg(0)->size())
      Out += S.substr(I, J - I) + *StringArg(1);
    return makeString(Out + S.substr(I));
  }
  if (Method == "join" && Args.size() == 1) {
    auto Items = iterate(Args[0]);
    if (!Items)
      return std::nullopt;
    std::string Out;
    for (size_t I = 0; I < Items->size(); ++I) {
      if ((*Items)[I].K != CV::Kind::String)
        return std::nullopt;
      Out += (I ? S : "") + (*Items)[I].String;
    }
    return makeString(Out);
  }
  if (Method == "format")
    return format(S, Args);
  if ((Method == "partition" || Method == "rpartition") && Args.size() == 1 && StringArg(0) &&
      !StringArg(0)->empty()) {
    size_t At = Method == "partition" ? S.find(*StringArg(0)) : S.rfind(*StringArg(0));
    if (At == std::string::npos)
      return Method == "partition"
                 ? makeSequence(CV::Kind::Tuple, {makeString(S), makeString(""), makeString("")})
                 : makeSequence(CV::Kind::Tuple, {makeString(""), makeString(""), makeString(S)});
    return makeSequence(CV::Kind::Tuple, {makeString(S.substr(0, At)), makeString(*StringArg(0)),
                                          makeString(S.substr(At + StringArg(0)->size()))});
  }
  if (Method == "count" && Args.size() == 1 && StringArg(0) && !StringArg(0)->empty()) {
    int64_t N = 0;
    for (size_t At = S.find(*StringArg(0)); At != std::string::npos;
         At = S.find(*StringArg(0), At + StringArg(0)->size()))
      ++N;
    return CV::makeInt(N);
  }
  if (Method == "isdigit" && Args.empty())
    return CV::makeBool(!S.empty() && std::all_of(S.begin(), S.end(), [](char C) {
                          return std::isdigit(static_cast<unsigned char>(C));
                        }));
  return std::nullopt;
}

std::optional<CV> subscriptOf(const CV &Base, const CV &Index) {
  if (Base.K == CV::Kind::Dict) {
    for (size_t I = 0; I < Base.Elements.size(); ++I) {
      auto Equal = constantEquals(Base.Elements[I], Index);
      if (!Equal)
        return std::nullopt;
      if (*Equal)
        return Base.Values[I];
    }
    return std::nullopt; // KeyError
  }
  if (!isSequence(Base) || !isInt(Index))
    return std::nullopt;
  int64_t Size = Base.K == CV::Kind::String ? int64_t(Base.String.size())
                                            : int64_t(Base.Elements.size());
  int64_t I = constantIndex(intOf(Index), Size);
  if (I < 0 || I >= Size)
    return std::nullopt; // IndexError
  if (Base.K == CV::Kind::String)
    return makeString(std::string(1, Base.String[size_t(I)]));
  return Base.Elements[size_t(I)];
}

std::optional<CV> sliceOf(const CV &Base, const CV &Lower, const CV &Upper, const CV &Step) {
  if (!isSequence(Base))
    return std::nullopt;
  for (const CV *P : {&Lower, &Upper, &Step})
    if (P->K != CV::Kind::None && !isInt(*P))
      return std::nullopt;
  int64_t Size = Base.K == CV::Kind::String ? int64_t(Base.String.size())
                                            : int64_t(Base.Elements.size());
  int64_t S = Step.K == CV::Kind::None ? 1 : intOf(Step);
  if (S == 0 || S == INT64_MIN)
    return std::nullopt;
  auto Bound = [](const CV &V) -> std::optional<int64_t> {
    if (V.K == CV::Kind::None)
      return std::nullopt;
    return intOf(V);
  };
  ConstantSlice Range = constantSlice(Size, Bound(Lower), Bound(Upper), S);
  CV Out;
  Out.K = Base.K;
  for (int64_t K = 0, I = Range.First; K < Range.Length; ++K, I += S) {
    if (Base.K == CV::Kind::String)
      Out.String += Base.String[size_t(I)];
    else
      Out.Elements.push_back(Base.Elements[size_t(I)]);
  }
  return Out;
}

} // namespace pykc::ir

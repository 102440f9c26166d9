//===- KernelMutator.cpp - Mutations that keep a kernel a kernel ----------===//
#include "KernelMutator.h"

#include "frontend/Diagnostic.h"
#include "frontend/Lexer.h"
#include "frontend/SourceManager.h"

#include <algorithm>
#include <random>
#include <vector>

namespace pykc::fuzz {

namespace {

using frontend::TokenKind;

/// Names the kernel language gives meaning to: what a mutated name may
/// become besides the file's own.
const char *const LanguageNames[] = {
    "cuda",       "grid",     "gridsize",  "threadIdx", "blockIdx",  "blockDim", "gridDim",
    "x",          "y",        "z",         "syncthreads", "shared",  "local",    "array",
    "const",      "array_like", "atomic",  "add",       "max",       "min",      "cas",
    "shfl_sync",  "laneid",   "warpsize",  "float16",   "float32",   "float64",  "int8",
    "int32",      "int64",    "uint8",     "uint64",    "boolean",   "complex64", "complex128",
    "math",       "sqrt",     "exp",       "log",       "floor",     "isnan",    "range",
    "len",        "abs",      "round",     "enumerate", "zip",       "print",    "np",
    "numba",      "njit",     "prange",    "real",      "imag",      "shape",    "size",
    "view",       "dtype",    "from_dtype", "random",   "xoroshiro128p_uniform_float32",
    "True",       "False",    "None"};

/// Numbers at the edges of the types kernels compute in.
const char *const EdgeNumbers[] = {"0",    "1",    "-1",  "2",    "3",     "31",  "32",   "64",
                                   "255",  "1024", "65536", "2147483647", "-2147483648",
                                   "9223372036854775807", "18446744073709551615",
                                   "0.5", "-0.0", "1e308", "1e-320", "3j", "0x7f", "0b101"};

const char *const Operators[] = {"+",  "-",  "*",  "/",  "//", "%",  "**", "<<", ">>", "&",
                                 "|",  "^",  "<",  ">",  "<=", ">=", "==", "!="};

const char *const Dtypes[] = {"float16", "float32", "float64", "int8",      "int16",
                              "int32",   "int64",   "uint8",   "uint32",    "uint64",
                              "boolean", "complex64", "complex128"};

/// Statements to insert: NAME and ARRAY stand for a name and an array
/// parameter of the file (by its first parameter's name, a guess).
const char *const Statements[] = {
    "NAME = NAME + 1",
    "cuda.syncthreads()",
    "ARRAY[0] = NAME",
    "NAME = ARRAY[-1]",
    "NAME = cuda.grid(1)",
    "if NAME < 3:\n@    return",
    "for NAME in range(3):\n@    ARRAY[NAME] = NAME",
    "while NAME > 0:\n@    NAME -= 1",
    "NAME = cuda.local.array(4, numba.float32)",
    "NAME = cuda.shared.array((2, 3), numba.int64)",
    "cuda.atomic.add(ARRAY, 0, 1)",
    "NAME = (NAME, 2.5)",
    "NAME = ARRAY[1:]",
    "NAME = math.sqrt(NAME)",
    "NAME = complex(NAME, 1)",
    "NAME = NAME if NAME else -NAME",
    "return",
    "raise ValueError()",
};

/// A logical line (a statement, or a compound statement's header), with
/// the physical lines it spans: docstrings, bracketed continuations and
/// comments are inside one or not lines at all, so whole lines can be
/// moved, copied and removed without breaking the syntax.
struct Line {
  size_t Begin, End; ///< [Begin, End): from its first physical line's start past its last newline
  size_t Indent;
  bool Header = false;     ///< ends with ':' (its block follows)
  bool Clause = false;     ///< elif, else, except, finally: belongs to the statement before
  bool Decorator = false;  ///< '@...': the def after it must follow directly
  bool AfterDecorator = false;
};

std::vector<Line> linesOf(const std::string &S, const std::vector<frontend::Token> &Tokens) {
  std::vector<Line> Out;
  bool AtStart = true;
  bool PrevDecorator = false;
  TokenKind Last = TokenKind::EndOfFile;
  for (const frontend::Token &T : Tokens) {
    if (T.Kind == TokenKind::Indent || T.Kind == TokenKind::Dedent ||
        T.Kind == TokenKind::EndOfFile)
      continue;
    size_t At = T.Range.Begin.Offset;
    if (At > S.size())
      break;
    if (T.Kind == TokenKind::Newline) {
      if (!AtStart && !Out.empty()) {
        size_t E = S.find('\n', std::min<size_t>(At, S.size()));
        Out.back().End = E == std::string::npos ? S.size() : E + 1;
        Out.back().Header = Last == TokenKind::Colon;
        PrevDecorator = Out.back().Decorator;
      }
      AtStart = true;
      continue;
    }
    if (AtStart) {
      size_t B = S.rfind('\n', At ? At - 1 : 0);
      B = (B == std::string::npos || At == 0) ? 0 : B + 1;
      if (B > At)
        B = At;
      Line L{B, S.size(), At - B};
      L.Clause = T.Kind == TokenKind::KwElif || T.Kind == TokenKind::KwElse ||
                 T.Kind == TokenKind::KwExcept || T.Kind == TokenKind::KwFinally;
      L.Decorator = T.Kind == TokenKind::At;
      L.AfterDecorator = PrevDecorator;
      Out.push_back(L);
      AtStart = false;
    }
    Last = T.Kind;
  }
  return Out;
}

class Mutator {
public:
  Mutator(const std::string &S, unsigned Seed) : S(S), Rng(Seed) {
    frontend::SourceFile File("fuzz.py", S);
    frontend::DiagnosticEngine Quiet(nullptr);
    std::vector<frontend::Token> All = frontend::tokenize(File, Quiet);
    for (const frontend::Token &T : All) {
      Tokens.push_back({T.Kind, T.Range.Begin.Offset, T.Range.End.Offset});
      if (T.Kind == TokenKind::Name)
        Names.push_back(std::string(T.Text));
    }
    Lines = linesOf(S, All);
    for (const Line &L : Lines) {
      if (!L.Header && !L.Clause && !L.Decorator)
        Simple.push_back(&L);
      if (!L.Clause && !L.AfterDecorator)
        InsertionPoints.push_back(&L);
    }
  }

  std::string run() {
    for (int Try = 0; Try < 8; ++Try) {
      std::string Out;
      switch (pick(8)) {
      case 0: Out = replaceToken(TokenKind::Name, [&] { return aName(); }); break;
      case 1: Out = replaceToken(TokenKind::Number, [&] { return std::string(oneOf(EdgeNumbers)); }); break;
      case 2: Out = replaceOperator(); break;
      case 3: Out = replaceDtypeInString(); break;
      case 4: Out = duplicateLine(); break;
      case 5: Out = deleteLine(); break;
      case 6: Out = swapLines(); break;
      default: Out = insertStatement(); break;
      }
      if (!Out.empty() && Out != S)
        return Out;
    }
    return S;
  }

private:
  struct Tok {
    TokenKind Kind;
    size_t Begin, End;
  };
  const std::string &S;
  std::mt19937 Rng;
  std::vector<Tok> Tokens;
  std::vector<std::string> Names;
  std::vector<Line> Lines;
  std::vector<const Line *> Simple;          ///< statements without a block or a clause
  std::vector<const Line *> InsertionPoints; ///< where a statement may go before

  size_t pick(size_t N) { return N ? std::uniform_int_distribution<size_t>(0, N - 1)(Rng) : 0; }
  template <size_t N> const char *oneOf(const char *const (&A)[N]) { return A[pick(N)]; }
  std::string aName() {
    if (!Names.empty() && pick(2))
      return Names[pick(Names.size())];
    return oneOf(LanguageNames);
  }
  std::string splice(size_t B, size_t E, const std::string &With) const {
    return S.substr(0, B) + With + S.substr(E);
  }

  template <class Fn> std::string replaceToken(TokenKind K, Fn &&Make) {
    std::vector<const Tok *> Of;
    for (const Tok &T : Tokens)
      if (T.Kind == K && T.End > T.Begin && T.End <= S.size())
        Of.push_back(&T);
    if (Of.empty())
      return "";
    const Tok &T = *Of[pick(Of.size())];
    return splice(T.Begin, T.End, Make());
  }

  std::string replaceOperator() {
    std::vector<const Tok *> Ops;
    for (const Tok &T : Tokens) {
      if (T.End <= T.Begin || T.End > S.size())
        continue;
      std::string Text = S.substr(T.Begin, T.End - T.Begin);
      if (std::find(std::begin(Operators), std::end(Operators), Text) != std::end(Operators))
        Ops.push_back(&T);
    }
    if (Ops.empty())
      return "";
    const Tok &T = *Ops[pick(Ops.size())];
    return splice(T.Begin, T.End, oneOf(Operators));
  }

  std::string replaceDtypeInString() {
    // A signature string such as "void(float32[:], int64)".
    std::vector<std::pair<size_t, size_t>> Found;
    for (const Tok &T : Tokens) {
      if (T.Kind != TokenKind::String || T.End > S.size())
        continue;
      for (const char *D : Dtypes)
        for (size_t At = S.find(D, T.Begin); At != std::string::npos && At < T.End;
             At = S.find(D, At + 1))
          Found.push_back({At, At + std::string(D).size()});
    }
    if (Found.empty())
      return "";
    auto [B, E] = Found[pick(Found.size())];
    return splice(B, E, oneOf(Dtypes));
  }

  std::string duplicateLine() {
    if (Simple.empty())
      return "";
    const Line &L = *Simple[pick(Simple.size())];
    std::string Text = S.substr(L.Begin, L.End - L.Begin);
    if (Text.empty() || Text.back() != '\n')
      Text += '\n';
    return S.substr(0, L.End) + (L.End == S.size() && S.back() != '\n' ? "\n" : "") + Text +
           S.substr(L.End);
  }

  std::string deleteLine() {
    // 'pass' in its place: the block it was alone in stays a block.
    if (Simple.empty())
      return "";
    const Line &L = *Simple[pick(Simple.size())];
    return splice(L.Begin, L.End, S.substr(L.Begin, L.Indent) + "pass\n");
  }

  std::string swapLines() {
    // Two statements at one indentation: siblings, usually.
    if (Simple.size() < 2)
      return "";
    const Line &A = *Simple[pick(Simple.size())];
    std::vector<const Line *> Same;
    for (const Line *L : Simple)
      if (L->Indent == A.Indent && L->Begin != A.Begin)
        Same.push_back(L);
    if (Same.empty())
      return "";
    const Line *B = Same[pick(Same.size())];
    const Line *First = A.Begin < B->Begin ? &A : B, *Second = A.Begin < B->Begin ? B : &A;
    auto Body = [&](const Line *L) {
      std::string T = S.substr(L->Begin, L->End - L->Begin);
      return T.empty() || T.back() == '\n' ? T : T + "\n";
    };
    return S.substr(0, First->Begin) + Body(Second) +
           S.substr(First->End, Second->Begin - First->End) + Body(First) + S.substr(Second->End);
  }

  std::string insertStatement() {
    if (InsertionPoints.empty())
      return "";
    const Line &L = *InsertionPoints[pick(InsertionPoints.size())];
    std::string Indent = S.substr(L.Begin, L.Indent);
    std::string Stmt = oneOf(Statements);
    std::string Name = Names.empty() ? "t" : Names[pick(Names.size())];
    std::string Array = Names.empty() ? "a" : Names[pick(Names.size())];
    std::string Out;
    for (size_t I = 0; I < Stmt.size(); ++I) {
      if (Stmt.compare(I, 4, "NAME") == 0) {
        Out += Name;
        I += 3;
      } else if (Stmt.compare(I, 5, "ARRAY") == 0) {
        Out += Array;
        I += 4;
      } else if (Stmt[I] == '@') {
        Out += Indent;
      } else {
        Out += Stmt[I];
      }
    }
    return S.substr(0, L.Begin) + Indent + Out + "\n" + S.substr(L.Begin);
  }
};

} // namespace

std::string mutateKernel(const std::string &Source, unsigned Seed) {
  return Mutator(Source, Seed).run();
}

} // namespace pykc::fuzz

//===- examples/common/numpy_print.h - Arrays printed as NumPy does -------===//
//
// numpy_str(...) returns what `print(a)` shows for a NumPy array and
// numpy_repr(...) what the notebook shows for a bare `a` (`array([...])`),
// for 1-d to 3-d C-order arrays of integers, float32 and float64, with
// NumPy's default print options (NumPy >= 1.14 behaviour):
//
//   linewidth 75, threshold 1000 (larger arrays are summarized with "..."
//   and 3 items at each edge), precision 8, floatmode 'maxprec'.
//
// Floats are written as NumPy's Dragon4 does with those options: the
// shortest digits that round-trip in the element's own type (float32 values
// are shortest as float32), at most 8 fractional digits, trailing zeros
// trimmed but the point kept ("576."), every element padded to the widest
// integer part and fractional part. Scientific notation is used when NumPy
// would: a non-zero magnitude >= 1e8 or < 1e-4, or a max/min ratio > 1000.
// The format is chosen from the elements shown, as NumPy does when it
// summarizes. nan and inf print as in NumPy; repr's dtype suffix is not
// written, so numpy_repr matches NumPy for int64 and float64 only.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_EXAMPLES_NUMPY_PRINT_H
#define PYKC_EXAMPLES_NUMPY_PRINT_H

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

namespace examples {

namespace numpy_detail {

constexpr int LineWidth = 75, Threshold = 1000, EdgeItems = 3, Precision = 8;

inline std::string trimZeros(std::string S) {
  // S has a '.'; drop trailing zeros after it, keep the point ("1.").
  while (S.back() == '0')
    S.pop_back();
  return S;
}

/// Dragon4 positional, unique, precision 8, trim '.': "576.", "0.25".
template <typename F> std::string positional(F V) {
  char Buf[400];
  auto R = std::to_chars(Buf, Buf + sizeof Buf, V, std::chars_format::fixed);
  std::string S(Buf, R.ptr);
  size_t Dot = S.find('.');
  if (Dot != std::string::npos && S.size() - Dot - 1 > size_t(Precision)) {
    R = std::to_chars(Buf, Buf + sizeof Buf, V, std::chars_format::fixed,
                      Precision);
    S = trimZeros(std::string(Buf, R.ptr));
  } else if (Dot == std::string::npos) {
    S += '.';
  }
  return S;
}

/// Dragon4 scientific, unique, precision 8, trim '.': mantissa digits
/// ("1." or "1.25", sign included) and exponent ("-05").
template <typename F>
void scientific(F V, std::string &Mantissa, std::string &Exponent) {
  char Buf[64];
  auto R =
      std::to_chars(Buf, Buf + sizeof Buf, V, std::chars_format::scientific);
  std::string S(Buf, R.ptr);
  size_t E = S.find('e');
  Mantissa = S.substr(0, E);
  Exponent = S.substr(E + 1);
  size_t Dot = Mantissa.find('.');
  if (Dot == std::string::npos) {
    Mantissa += '.';
  } else if (Mantissa.size() - Dot - 1 > size_t(Precision)) {
    R = std::to_chars(Buf, Buf + sizeof Buf, V, std::chars_format::scientific,
                      Precision);
    S.assign(Buf, R.ptr);
    E = S.find('e');
    Mantissa = trimZeros(S.substr(0, E));
    Exponent = S.substr(E + 1);
  }
}

/// NumPy's FloatingFormat: fixed from the values shown, then applied to
/// each.
template <typename F> class FloatFormat {
public:
  explicit FloatFormat(const std::vector<F> &Shown) {
    std::vector<F> Finite;
    for (F V : Shown)
      if (std::isfinite(V))
        Finite.push_back(V);
    F MaxAbs = 0, MinAbs = 0;
    bool AnyNonZero = false;
    for (F V : Finite) {
      if (V == 0)
        continue;
      F A = std::fabs(V);
      MaxAbs = AnyNonZero ? std::max(MaxAbs, A) : A;
      MinAbs = AnyNonZero ? std::min(MinAbs, A) : A;
      AnyNonZero = true;
    }
    Exp = AnyNonZero && (MaxAbs >= F(1e8) || MinAbs < F(0.0001) ||
                         double(MaxAbs) / double(MinAbs) > 1000.0);
    for (F V : Finite) {
      if (Exp) {
        std::string M, E;
        scientific(V, M, E);
        size_t Dot = M.find('.');
        PadLeft = std::max(PadLeft, int(Dot));
        Digits = std::max(Digits, int(M.size() - Dot - 1));
        ExpSize = std::max(ExpSize, int(E.size()) - 1);
      } else {
        std::string S = positional(V);
        size_t Dot = S.find('.');
        PadLeft = std::max(PadLeft, int(Dot));
        PadRight = std::max(PadRight, int(S.size() - Dot - 1));
      }
    }
    if (Exp)
      PadRight = ExpSize + 2 + Digits; // only for nan and inf
    if (Finite.size() != Shown.size()) { // room for "nan", "inf", "-inf"
      bool NegInf = false;
      for (F V : Shown)
        NegInf |= std::isinf(V) && V < 0;
      int Offset = PadRight + 1;
      PadLeft = std::max({PadLeft, 3 - Offset, 3 + int(NegInf) - Offset});
    }
  }

  std::string operator()(F V) const {
    if (!std::isfinite(V)) {
      std::string S = std::isnan(V) ? "nan" : V < 0 ? "-inf" : "inf";
      int Width = PadLeft + PadRight + 1;
      return std::string(std::max(0, Width - int(S.size())), ' ') + S;
    }
    if (Exp) {
      std::string M, E;
      scientific(V, M, E);
      size_t Dot = M.find('.');
      M.append(Digits - (M.size() - Dot - 1), '0'); // min_digits
      std::string Sign(1, E[0]), ExpDigits = E.substr(1);
      ExpDigits.insert(0, std::max(0, ExpSize - int(ExpDigits.size())), '0');
      return std::string(std::max(0, PadLeft - int(Dot)), ' ') + M + "e" +
             Sign + ExpDigits;
    }
    std::string S = positional(V);
    size_t Dot = S.find('.');
    return std::string(std::max(0, PadLeft - int(Dot)), ' ') + S +
           std::string(std::max(0, PadRight - int(S.size() - Dot - 1)), ' ');
  }

private:
  bool Exp = false;
  int PadLeft = 0, PadRight = 0, Digits = 0, ExpSize = 0;
};

/// NumPy's IntegerFormat: right-aligned to the widest of max and min.
template <typename I> class IntFormat {
public:
  explicit IntFormat(const std::vector<I> &Shown) {
    if (Shown.empty())
      return;
    auto [Lo, Hi] = std::minmax_element(Shown.begin(), Shown.end());
    Width = int(std::max(std::to_string(*Lo).size(),
                         std::to_string(*Hi).size()));
  }
  std::string operator()(I V) const {
    std::string S = std::to_string(V);
    return std::string(std::max(0, Width - int(S.size())), ' ') + S;
  }

private:
  int Width = 0;
};

/// NumPy's _formatArray: nested brackets, wrapping at the line width with a
/// hanging indent, "..." in place of the middle of a summarized axis.
class Layout {
public:
  Layout(std::vector<int64_t> Shape, bool Summarize, std::string Separator,
         std::function<std::string(int64_t)> Element)
      : Shape(std::move(Shape)), Summarize(Summarize),
        Separator(std::move(Separator)), Element(std::move(Element)) {}

  std::string format(const std::string &NextLinePrefix, int Width) const {
    return recurse(0, 0, NextLinePrefix, Width);
  }

private:
  static std::string rstrip(std::string S) {
    while (!S.empty() && S.back() == ' ')
      S.pop_back();
    return S;
  }
  static void extendLine(std::string &S, std::string &Line,
                         const std::string &Word, int Width,
                         const std::string &Prefix) {
    bool Wrap = int(Line.size() + Word.size()) > Width;
    if (Line.size() <= Prefix.size()) // wrapping would not help
      Wrap = false;
    if (Wrap) {
      S += rstrip(Line) + "\n";
      Line = Prefix;
    }
    Line += Word;
  }

  /// Axis `Axis` of the element whose flat offset so far is Offset.
  std::string recurse(size_t Axis, int64_t Offset, const std::string &Hanging,
                      int CurrWidth) const {
    if (Axis == Shape.size())
      return Element(Offset);
    std::string NextHanging = Hanging + " ";
    int NextWidth = CurrWidth - 1; // len(']')
    int64_t Len = Shape[Axis];
    int64_t Stride = 1;
    for (size_t I = Axis + 1; I < Shape.size(); ++I)
      Stride *= Shape[I];
    bool ShowSummary = Summarize && 2 * EdgeItems < Len;
    int64_t Leading = ShowSummary ? EdgeItems : 0;
    int64_t Trailing = ShowSummary ? EdgeItems : Len;
    auto Child = [&](int64_t I) {
      return recurse(Axis + 1, Offset + I * Stride, NextHanging, NextWidth);
    };
    std::string SepStripped = rstrip(Separator);
    std::string S;
    size_t AxesLeft = Shape.size() - Axis;
    if (Len == 0)
      return "[]";
    if (AxesLeft == 1) {
      int ElemWidth =
          CurrWidth - std::max(int(SepStripped.size()), 1 /* ']' */);
      std::string Line = Hanging;
      for (int64_t I = 0; I < Leading; ++I) {
        extendLine(S, Line, Child(I), ElemWidth, Hanging);
        Line += Separator;
      }
      if (ShowSummary) {
        extendLine(S, Line, "...", ElemWidth, Hanging);
        Line += Separator;
      }
      for (int64_t I = Trailing; I > 1; --I) {
        extendLine(S, Line, Child(Len - I), ElemWidth, Hanging);
        Line += Separator;
      }
      extendLine(S, Line, Child(Len - 1), ElemWidth, Hanging);
      S += Line;
    } else {
      std::string LineSep = SepStripped + std::string(AxesLeft - 1, '\n');
      for (int64_t I = 0; I < Leading; ++I)
        S += Hanging + Child(I) + LineSep;
      if (ShowSummary)
        S += Hanging + "..." + LineSep;
      for (int64_t I = Trailing; I > 1; --I)
        S += Hanging + Child(Len - I) + LineSep;
      S += Hanging + Child(Len - 1);
    }
    return "[" + S.substr(Hanging.size()) + "]";
  }

  std::vector<int64_t> Shape;
  bool Summarize;
  std::string Separator;
  std::function<std::string(int64_t)> Element;
};

/// The elements a (possibly summarized) print shows, in order.
template <typename T>
std::vector<T> shownElements(const T *Data, const std::vector<int64_t> &Shape,
                             bool Summarize) {
  std::vector<T> Out;
  std::function<void(size_t, int64_t)> Walk = [&](size_t Axis,
                                                  int64_t Offset) {
    if (Axis == Shape.size()) {
      Out.push_back(Data[Offset]);
      return;
    }
    int64_t Stride = 1;
    for (size_t I = Axis + 1; I < Shape.size(); ++I)
      Stride *= Shape[I];
    int64_t Len = Shape[Axis];
    bool Cut = Summarize && Len > 2 * EdgeItems;
    for (int64_t I = 0; I < Len; ++I) {
      if (Cut && I == EdgeItems)
        I = Len - EdgeItems;
      Walk(Axis + 1, Offset + I * Stride);
    }
  };
  Walk(0, 0);
  return Out;
}

template <typename T>
std::string format(const T *Data, const std::vector<int64_t> &Shape,
                   const std::string &Prefix, const std::string &Separator,
                   const std::string &Suffix) {
  static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>,
                "integers, float and double");
  int64_t Size = 1;
  for (int64_t E : Shape)
    Size *= E;
  bool Summarize = Size > Threshold;
  std::vector<T> Shown = shownElements(Data, Shape, Summarize);
  std::function<std::string(T)> Fmt;
  if constexpr (std::is_floating_point_v<T>)
    Fmt = FloatFormat<T>(Shown);
  else
    Fmt = IntFormat<T>(Shown);
  Layout L(Shape, Summarize, Separator,
           [&](int64_t Offset) { return Fmt(Data[Offset]); });
  std::string NextLinePrefix = " " + std::string(Prefix.size(), ' ');
  return Prefix + L.format(NextLinePrefix, LineWidth - int(Suffix.size())) +
         Suffix;
}

} // namespace numpy_detail

/// print(a) for a C-order array of the given shape (1 to 3 extents).
template <typename T>
std::string numpy_str(const T *Data, const std::vector<int64_t> &Shape) {
  return numpy_detail::format(Data, Shape, "", " ", "");
}
template <typename T> std::string numpy_str(const std::vector<T> &V) {
  return numpy_str(V.data(), {int64_t(V.size())});
}
template <typename T>
std::string numpy_str(const std::vector<T> &V, int64_t Rows, int64_t Cols) {
  return numpy_str(V.data(), {Rows, Cols});
}

/// The notebook's display of a bare `a`: "array([0., 1.])" (int64 and
/// float64, whose repr has no dtype= suffix).
template <typename T>
std::string numpy_repr(const T *Data, const std::vector<int64_t> &Shape) {
  return numpy_detail::format(Data, Shape, "array(", ", ", ")");
}
template <typename T> std::string numpy_repr(const std::vector<T> &V) {
  return numpy_repr(V.data(), {int64_t(V.size())});
}

} // namespace examples

#endif // PYKC_EXAMPLES_NUMPY_PRINT_H

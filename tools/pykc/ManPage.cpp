//===- ManPage.cpp - The man page in roff ---------------------------------===//
#include "ManPage.h"

#include "HelpText.h"
#include "OptionTable.h"

namespace pykc::driver {

namespace {

/// \p Text for roff: backslashes escaped, and no line starting with a
/// control character ('.' or '\'').
std::string escape(const std::string &Text) {
  std::string Out;
  bool LineStart = true;
  for (char C : Text) {
    if (LineStart && (C == '.' || C == '\''))
      Out += "\\&";
    if (C == '\\')
      Out += "\\e";
    else
      Out += C;
    LineStart = C == '\n';
  }
  return Out;
}

/// An option's spelling or metavar: its hyphens are minus signs.
std::string literal(const std::string &Text) {
  std::string Out;
  for (char C : escape(Text))
    Out += C == '-' ? std::string("\\-") : std::string(1, C);
  return Out;
}

/// Help lines as one paragraph.
std::string paragraph(const std::string &Help) {
  std::string Out;
  for (const std::string &Line : textLines(Help)) {
    size_t Start = Line.find_first_not_of(' ');
    if (Start != std::string::npos)
      Out += (Out.empty() ? "" : " ") + Line.substr(Start);
  }
  return escape(Out);
}

/// Paragraphs separated by empty lines, each a .PP.
std::string paragraphs(const std::string &Text) {
  std::string Out, Current;
  for (const std::string &Line : textLines(Text) ) {
    if (Line.empty()) {
      Out += paragraph(Current) + "\n.PP\n";
      Current.clear();
    } else {
      Current += Line + '\n';
    }
  }
  return Out + paragraph(Current) + '\n';
}

void addOption(std::string &Out, const OptionInfo &O) {
  Out += ".TP\n";
  std::string Left;
  for (const std::string &S : O.Spellings)
    Left += (Left.empty() ? "" : ", ") + ("\\fB" + literal(S) + "\\fR") +
            (*O.Metavar ? "\\fI" + literal(O.Metavar) + "\\fR" : "");
  Out += Left + '\n' + paragraph(O.Help) + '\n';
  if (!O.Aliases.empty()) {
    std::string Also;
    for (const std::string &A : O.Aliases)
      Also += (Also.empty() ? "" : ", ") + ("\\fB" + literal(A) + "\\fR");
    Out += "Also spelled " + Also + ".\n";
  }
  if (O.Id == OptionId::Emit) {
    Out += ".RS\n";
    for (const EmitKindInfo &K : emitKinds())
      Out += ".TP\n\\fB" + literal(K.Name) + "\\fR\n" + paragraph(K.Help) + '\n';
    Out += ".RE\n";
  }
}

void addCommandOptions(std::string &Out, const CommandInfo &C) {
  std::string Shared;
  Out += ".SS \"pykc " + std::string(*C.Name ? C.Name : "FILE.py") + "\"\n";
  if (C.Id != Command::Compile)
    Out += paragraphs(C.Description);
  for (const OptionInfo &O : options()) {
    if (!O.takes(C.Id) || O.hidden())
      continue;
    if (C.Id != Command::Compile && O.takes(Command::Compile))
      Shared += (Shared.empty() ? "" : ", ") + ("\\fB" + literal(O.Spellings.front()) + "\\fR");
    else
      addOption(Out, O);
  }
  if (!Shared.empty())
    Out += ".PP\nAnd, as for \\fBpykc\\fR \\fIFILE.py\\fR: " + Shared + ".\n";
}

const char *Examples = R"(.PP
Compile a file's kernels to PTX for an RTX 30-series GPU:
.PP
.RS
.nf
pykc kernels.py \-\-arch sm_86 \-o kernels.ptx
.fi
.RE
.PP
An object and a typed header for a C++ program, with one more signature:
.PP
.RS
.nf
pykc kernels.py \-c \-\-header kernels.h \-o kernels.o \e
    \-\-sig 'increment(float32[:], int32)'
.fi
.RE
.PP
Launch a kernel once on a .npy array and a scalar, on the CPU backend:
.PP
.RS
.nf
pykc run kernels.py increment \-\-grid 4 \-\-block 256 \-\-backend cpu \e
    data.npy int32:1
.fi
.RE
.PP
Reduce an array, and call an @njit function:
.PP
.RS
.nf
pykc reduce sums.py sum_reduce data.npy \-\-init 0
pykc call funcs.py norm data.npy
.fi
.RE
)";

} // namespace

std::string manPage() {
  std::string Out = ".\\\" The manual of pykc, written by `pykc --man` from its tables.\n"
                    ".TH PYKC 1 \"\" \"pykc " PYKC_VERSION "\" \"User Commands\"\n.nh\n.ad l\n"
                    ".SH NAME\npykc \\- compile Numba\\-CUDA Python kernels to PTX, objects "
                    "and C++\n.SH SYNOPSIS\n.nf\n";
  for (const CommandInfo &C : commands())
    for (const std::string &Form : textLines(C.Usage))
      Out += "\\fBpykc\\fR " + literal(Form) + '\n';
  Out += ".fi\n.SH DESCRIPTION\n" + paragraphs(commandInfo(Command::Compile).Description);
  Out += ".SH COMMANDS\n";
  for (const CommandInfo &C : commands())
    if (C.Id != Command::Compile)
      Out += ".TP\n\\fBpykc " + std::string(C.Name) + "\\fR\n" + paragraph(C.Summary) + '\n';
  Out += ".SH OPTIONS\n";
  for (const CommandInfo &C : commands())
    addCommandOptions(Out, C);
  Out += ".SH ENVIRONMENT\n";
#define PYKC_ENV(Name, Help) Out += ".TP\n.B " Name "\n" + escape(Help) + '\n';
#include "Environment.def"
  Out += R"(.SH EXIT STATUS
.TP
.B 0
success
.TP
.B 1
an error in the input (a compile error, a failed launch, a check's finding)
.TP
.B 2
a usage error
.TP
.B 70
an internal compiler error (please report it with the input file)
.SH EXAMPLES
)";
  return Out + Examples;
}

} // namespace pykc::driver

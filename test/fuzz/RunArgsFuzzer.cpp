//===- RunArgsFuzzer.cpp - libFuzzer entry for pykc run's command line ----===//
//
// Splits the input at NUL bytes into an argument vector and hands it to the
// parser of `pykc run` (parseRunOptions: --grid, --block, --shared, --time,
// -O, --fmad, --backend, -D, -I, ...), in the process, not a subprocess.
// Each argument it leaves is then read as `pykc run` and `pykc call` read
// their arguments (readArguments: scalar literals, TYPE:VALUE, enum
// members, nested tuples, named tuples and .npy files), and each text is
// also parsed alone as a scalar (parseScalar) and a tuple (tupleElements,
// namedTupleElements).
//
// Any crash or sanitizer report is a bug, and so is a parse that neither
// succeeds nor says why: parseRunOptions must return options with no
// error or nothing with one, parseScalar likewise, and a parsed --grid or
// --block has no zero dimension.
//
// The arguments are read from inside a temporary directory (entered for
// the call only) holding a.npy (float64, 4), b.npy (int32, 2 x 3) and
// bad.npy (not a .npy file); a text with a '/' is not read as an argument
// (it could name /dev/stdin or a huge file outside), only parsed. At exit
// it says how far the inputs got: "pykc-run-args-fuzzer: ...".
//
// (pykc call's own options are parsed in Call.cpp's callCommand, which also
// compiles; its arguments go through the same readArguments.)
//
// Run: pykc-run-args-fuzzer -timeout=5 -rss_limit_mb=2048 -dict=test/fuzz/run-args.dict
//        test/fuzz/corpus-run-args
//
//===----------------------------------------------------------------------===//
#include "Arguments.h"
#include "RunOptions.h"
#include "ScalarArguments.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace pykc::driver;

namespace {

/// What the fuzzer got through, said at exit.
unsigned long Vectors = 0, Parsed = 0, ArgumentsRead = 0;

/// What std::cerr receives (the readers' messages about bad arguments).
std::stringbuf Discarded;

/// A .npy file of version 1.0 with \p Descr, \p Shape and \p Bytes of data.
void writeNpy(const char *Name, const std::string &Descr, const std::string &Shape,
              size_t Bytes) {
  std::string Header = "{'descr': '" + Descr + "', 'fortran_order': False, 'shape': " + Shape +
                       ", }";
  while ((10 + Header.size() + 1) % 64)
    Header += ' ';
  Header += '\n';
  std::ofstream Out(Name, std::ios::binary);
  Out.write("\x93NUMPY\x01\x00", 8);
  uint16_t Length = uint16_t(Header.size());
  Out.put(char(Length & 0xff)).put(char(Length >> 8));
  Out << Header << std::string(Bytes, '\x01');
}

/// The temporary directory with the arguments' files, and the one the
/// fuzzer started in (its corpus and dictionary paths may be relative).
char WorkDir[] = "/tmp/pykc-run-args-fuzz.XXXXXX";
std::filesystem::path StartDir;

void makeWorkDirectory() {
  if (!mkdtemp(WorkDir)) {
    std::perror("pykc-run-args-fuzzer: cannot make its directory");
    std::abort();
  }
  std::atexit([] {
    std::error_code EC;
    std::filesystem::remove_all(WorkDir, EC);
  });
  StartDir = std::filesystem::current_path();
  std::string Dir = WorkDir;
  writeNpy((Dir + "/a.npy").c_str(), "<f8", "(4,)", 32);
  writeNpy((Dir + "/b.npy").c_str(), "<i4", "(2, 3)", 24);
  std::ofstream(Dir + "/bad.npy") << "not a .npy file";
  // What the arguments' readers print about bad arguments is expected.
  std::cerr.rdbuf(&Discarded);
}

void check(bool Condition, const char *What, const std::string &Text) {
  if (Condition)
    return;
  std::fprintf(stderr, "pykc-run-args-fuzzer: %s for '%s'\n", What, Text.c_str());
  std::abort();
}

/// parseScalar, tupleElements and namedTupleElements on one text.
void parseAlone(const std::string &Text) {
  std::string Error;
  auto Scalar = parseScalar(Text, Error);
  check(Scalar.has_value() == Error.empty(), "parseScalar gave a value and an error, or neither",
        Text);
  tupleElements(Text);
  namedTupleElements(Text);
  std::string ArgError;
  auto Arg = parseScalarArgument(Text, ArgError);
  check(Arg.has_value() == ArgError.empty(),
        "parseScalarArgument gave a value and an error, or neither", Text);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  makeWorkDirectory();
  std::atexit([] {
    std::fprintf(stderr,
                 "pykc-run-args-fuzzer: %lu argument vectors, %lu parsed as options, %lu "
                 "with every argument read\n",
                 Vectors, Parsed, ArgumentsRead);
  });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 4096)
    return 0;
  std::vector<std::string> Texts;
  std::string Current;
  for (size_t I = 0; I < Size; ++I) {
    if (Data[I] == 0) {
      Texts.push_back(Current);
      Current.clear();
    } else {
      Current += char(Data[I]);
    }
  }
  Texts.push_back(Current);
  if (Texts.size() > 64)
    return 0;

  std::vector<char *> Argv;
  for (std::string &T : Texts)
    Argv.push_back(T.data());
  Argv.push_back(nullptr);
  std::string Error;
  bool Help = false;
  ++Vectors;
  auto Options = parseRunOptions(int(Texts.size()), Argv.data(), Error, Help);
  check(Options.has_value() == Error.empty(),
        "parseRunOptions gave options and an error, or neither", Texts.front());
  for (const std::string &T : Texts)
    parseAlone(T);
  if (!Options || Help)
    return 0;
  ++Parsed;
  for (const pykc::Dim3 &D : {Options->Grid, Options->Block})
    check(D.x && D.y && D.z, "a parsed --grid or --block has a zero dimension", Texts.front());

  std::vector<std::string> Readable;
  for (const std::string &A : Options->Args)
    if (A.find('/') == std::string::npos)
      Readable.push_back(A);
  std::vector<Argument> Args;
  // Read where a.npy is, as `pykc run` reads relative paths.
  if (chdir(WorkDir) != 0)
    std::abort();
  int Status = readArguments(Readable, Args);
  std::filesystem::current_path(StartDir);
  if (Status == 0) {
    ++ArgumentsRead;
    check(Args.size() == Readable.size(), "readArguments lost an argument", Texts.front());
    argumentLeaves(Args);
    for (Argument *A : arrayLeaves(Args))
      check(A->Array.has_value(), "an array leaf without an array", A->Spelling);
  }
  Discarded.str(""); // it grows with every input
  return 0;
}

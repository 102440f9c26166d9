//===- ArgParserTest.cpp - The option table and the shared parser --------===//
#include "ArgParser.h"
#include "RunOptions.h"

#include <gtest/gtest.h>

#include <map>

using namespace pykc::driver;

namespace {

/// The options and positionals parseCommandLine finds in \p Args, as text:
/// "Id:value" per option (by table index), "=arg" per positional.
std::vector<std::string> walk(Command C, const std::vector<std::string> &Args,
                              std::string &Error) {
  std::vector<std::string> Seen;
  parseCommandLine(
      C, Args,
      [&](const ParsedOption &P, std::string &) {
        Seen.push_back(optionInfo(P.Id).Spellings.front() + ":" + P.Value);
        return ParseStep::Continue;
      },
      [&](const std::string &A, std::string &) { Seen.push_back("=" + A); }, Error);
  return Seen;
}

} // namespace

TEST(OptionTable, NoCommandHasTwoRowsWithOneSpelling) {
  // A spelling names one row per command (--shared is two rows, for -c
  // and for `pykc run`, which no command takes both of).
  for (const CommandInfo &C : commands()) {
    std::map<std::string, int> Rows;
    for (const OptionInfo &O : options())
      if (O.takes(C.Id))
        for (const auto *List : {&O.Spellings, &O.Aliases})
          for (const std::string &S : *List)
            EXPECT_EQ(Rows[S]++, 0) << "'" << S << "' twice in pykc " << C.Name;
  }
}

TEST(OptionTable, EveryVisibleOptionHasOneSpellingAndShortLines) {
  for (const OptionInfo &O : options()) {
    ASSERT_FALSE(O.Spellings.empty());
    std::string Help = O.Help;
    size_t Start = 0;
    while (Start <= Help.size()) {
      size_t End = std::min(Help.find('\n', Start), Help.size());
      EXPECT_LE(End - Start, 54u) << O.Spellings.front() << ": " << Help.substr(Start, End - Start);
      Start = End + 1;
    }
  }
}

TEST(ArgParser, SpellingsValuesAndPositionals) {
  std::string Error;
  EXPECT_EQ(walk(Command::Compile,
                 {"k.py", "--sig", "f(int32)", "--emit=ptx", "-arch=sm_80", "-code", "sm_90",
                  "-DN=3", "-D", "M", "-oout.ptx", "-o", "-", "-O2", "-Wno-error=Foo", "-"},
                 Error),
            (std::vector<std::string>{"=k.py", "--sig:f(int32)", "--emit:ptx", "--arch:sm_80",
                                      "--arch:sm_90", "-D:N=3", "-D:M", "-o:out.ptx", "-o:-",
                                      "-O0:", "-Werror=:Foo", "=-"}));
  EXPECT_EQ(Error, "");
}

TEST(ArgParser, LongestPrefixAndWholeSpellingsWin) {
  std::string Error;
  EXPECT_EQ(walk(Command::Run, {"-Werror", "-Werror=Foo", "-WFoo", "-Wno-Foo", "-ferror-limit=3",
                                "-O7"},
                 Error),
            (std::vector<std::string>{"-Werror:", "-Werror=:Foo", "-W:Foo", "-W:Foo",
                                      "-ferror-limit:=3", "-O:7"}));
}

TEST(ArgParser, NegativeNumbersAreScalarsOfRunAndCall) {
  std::string Error;
  EXPECT_EQ(walk(Command::Call, {"-5", "-.5", "-O1"}, Error),
            (std::vector<std::string>{"=-5", "=-.5", "-O0:"}));
  walk(Command::Reduce, {"-5"}, Error);
  EXPECT_EQ(Error, "unknown option '-5'");
  EXPECT_EQ(walk(Command::Call, {"-inf", "-NaN", "-Infinity"}, Error),
            (std::vector<std::string>{"=-inf", "=-NaN", "=-Infinity"}));
}

TEST(ArgParser, DoubleDashEndsOptions) {
  // As getopt: what follows `--` is positional, even `-O1` or another `--`.
  std::string Error;
  EXPECT_EQ(walk(Command::Call, {"f.py", "-O1", "--", "-O1", "--", "-x"}, Error),
            (std::vector<std::string>{"=f.py", "-O0:", "=-O1", "=--", "=-x"}));
  EXPECT_EQ(Error, "");
}

TEST(ArgParser, UsageErrors) {
  std::string Error;
  walk(Command::Run, {"--grid"}, Error);
  EXPECT_EQ(Error, "missing value after '--grid'");
  walk(Command::Call, {"--grid", "1"}, Error);
  EXPECT_EQ(Error, "unknown option '--grid'");
  walk(Command::Compile, {"--gpu-archtecture=sm_80"}, Error);
  EXPECT_EQ(Error, "unknown option '--gpu-archtecture=sm_80'; did you mean "
                   "'--gpu-architecture=sm_80'?");
}

TEST(RunOptions, ParsedThroughTheTable) {
  std::vector<std::string> Texts = {"k.py", "kern", "--grid=4,2", "--block", "32", "-O1",
                                    "--shared", "256", "--fmad=false", "-Dx=1", "-3", "a.npy"};
  std::vector<char *> Argv;
  for (std::string &T : Texts)
    Argv.push_back(T.data());
  std::string Error;
  bool Help = false;
  auto O = parseRunOptions(int(Argv.size()), Argv.data(), Error, Help);
  ASSERT_TRUE(O) << Error;
  EXPECT_EQ(O->Grid.x, 4u);
  EXPECT_EQ(O->Grid.y, 2u);
  EXPECT_EQ(O->Block.x, 32u);
  EXPECT_EQ(O->OptLevel, 1u);
  EXPECT_EQ(O->SharedBytes, 256u);
  EXPECT_FALSE(O->Fmad);
  EXPECT_EQ(O->Modules.Defines, std::vector<std::string>{"x=1"});
  EXPECT_EQ(O->Args, (std::vector<std::string>{"-3", "a.npy"}));
  EXPECT_FALSE(Help);
}

//===- CudaReservedNames.cpp - Names a CUDA translation unit already has --===//
//
// The identifiers that an `extern "C" __global__ void NAME(int *)` cannot
// take in a file nvcc compiles, because the headers nvcc always includes
// (cuda_runtime.h and the C library under it) declare them with C linkage
// or as macros, or C++ reserves them. Found by compiling one such kernel
// per identifier of nvcc's preprocessed empty file (CUDA 13, glibc 2.36);
// names starting with `cuda` or `cu` and a capital, `__`, or `_` and a
// capital are taken by rule. `main` is C++'s own: no function of C
// linkage may take it ([basic.start.main]), which clang enforces.
//
//===----------------------------------------------------------------------===//
#include "codegen/CudaSourceWriter.h"
#include "codegen/CxxKeywords.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <iterator>
#include <string_view>

namespace pykc::codegen {

namespace {

// Sorted, for binary search.
const char *const Reserved[] = {
  "a64l", "abort", "abs", "acos", "acosf", "acosf32", "acosf32x", "acosf64", "acosf64x", "acosh",
  "acoshf", "acoshf32", "acoshf32x", "acoshf64", "acoshf64x", "acoshl", "acosl", "aligned_alloc",
  "alignof", "alloca", "arc4random", "arc4random_buf", "arc4random_uniform", "asctime",
  "asctime_r", "asin", "asinf", "asinf32", "asinf32x", "asinf64", "asinf64x", "asinh", "asinhf",
  "asinhf32", "asinhf32x", "asinhf64", "asinhf64x", "asinhl", "asinl", "asm", "asprintf", "atan",
  "atan2", "atan2f", "atan2f32", "atan2f32x", "atan2f64", "atan2f64x", "atan2l", "atanf",
  "atanf32", "atanf32x", "atanf64", "atanf64x", "atanh", "atanhf", "atanhf32", "atanhf32x",
  "atanhf64", "atanhf64x", "atanhl", "atanl", "atexit", "atof", "atoi", "atol", "atoll", "bcmp",
  "bcopy", "bool", "bsearch", "bzero", "calloc", "canonicalize", "canonicalize_file_name",
  "canonicalizef", "canonicalizef32", "canonicalizef32x", "canonicalizef64", "canonicalizef64x",
  "canonicalizel", "catch", "cbrt", "cbrtf", "cbrtf32", "cbrtf32x", "cbrtf64", "cbrtf64x",
  "cbrtl", "ceil", "ceilf", "ceilf32", "ceilf32x", "ceilf64", "ceilf64x", "ceill", "char",
  "char16_t", "char32_t", "clearenv", "clearerr", "clearerr_unlocked", "clock", "clock64",
  "clock_adjtime", "clock_getcpuclockid", "clock_getres", "clock_gettime", "clock_nanosleep",
  "clock_settime", "cookie_close_function_t", "cookie_read_function_t", "cookie_seek_function_t",
  "cookie_write_function_t", "copysign", "copysignf", "copysignf32", "copysignf32x",
  "copysignf64", "copysignf64x", "copysignl", "cos", "cosf", "cosf32", "cosf32x", "cosf64",
  "cosf64x", "cosh", "coshf", "coshf32", "coshf32x", "coshf64", "coshf64x", "coshl", "cosl",
  "cospi", "cospif", "ctermid", "ctime", "ctime_r", "cuserid", "cyl_bessel_i0", "cyl_bessel_i0f",
  "cyl_bessel_i1", "cyl_bessel_i1f", "daddl", "ddivl", "decltype", "declval", "delete", "dfmal",
  "difftime", "dim3", "div", "dmull", "double", "double2int", "dprintf", "drand48", "drand48_r",
  "drem", "dremf", "dreml", "dsqrtl", "dsubl", "dysize", "ecvt", "ecvt_r", "erand48", "erand48_r",
  "erf", "erfc", "erfcf", "erfcf32", "erfcf32x", "erfcf64", "erfcf64x", "erfcinv", "erfcinvf",
  "erfcl", "erfcx", "erfcxf", "erff", "erff32", "erff32x", "erff64", "erff64x", "erfinv",
  "erfinvf", "erfl", "exit", "exp", "exp10", "exp10f", "exp10f32", "exp10f32x", "exp10f64",
  "exp10f64x", "exp10l", "exp2", "exp2f", "exp2f32", "exp2f32x", "exp2f64", "exp2f64x", "exp2l",
  "expf", "expf32", "expf32x", "expf64", "expf64x", "expl", "explicit_bzero", "expm1", "expm1f",
  "expm1f32", "expm1f32x", "expm1f64", "expm1f64x", "expm1l", "f32addf32x", "f32addf64",
  "f32addf64x", "f32divf32x", "f32divf64", "f32divf64x", "f32fmaf32x", "f32fmaf64", "f32fmaf64x",
  "f32mulf32x", "f32mulf64", "f32mulf64x", "f32sqrtf32x", "f32sqrtf64", "f32sqrtf64x",
  "f32subf32x", "f32subf64", "f32subf64x", "f32xaddf64", "f32xaddf64x", "f32xdivf64",
  "f32xdivf64x", "f32xfmaf64", "f32xfmaf64x", "f32xmulf64", "f32xmulf64x", "f32xsqrtf64",
  "f32xsqrtf64x", "f32xsubf64", "f32xsubf64x", "f64addf64x", "f64divf64x", "f64fmaf64x",
  "f64mulf64x", "f64sqrtf64x", "f64subf64x", "fabs", "fabsf", "fabsf32", "fabsf32x", "fabsf64",
  "fabsf64x", "fabsl", "fadd", "faddl", "fclose", "fcloseall", "fcvt", "fcvt_r", "fdim", "fdimf",
  "fdimf32", "fdimf32x", "fdimf64", "fdimf64x", "fdiml", "fdiv", "fdivide", "fdividef", "fdivl",
  "fdopen", "feof", "feof_unlocked", "ferror", "ferror_unlocked", "fflush", "fflush_unlocked",
  "ffma", "ffmal", "ffs", "ffsl", "ffsll", "fgetc", "fgetc_unlocked", "fgetpos", "fgetpos64",
  "fgets", "fgets_unlocked", "fileno", "fileno_unlocked", "finite", "finitef", "finitel",
  "flockfile", "floor", "floorf", "floorf32", "floorf32x", "floorf64", "floorf64x", "floorl",
  "fma", "fmaf", "fmaf32", "fmaf32x", "fmaf64", "fmaf64x", "fmal", "fmax", "fmaxf", "fmaxf32",
  "fmaxf32x", "fmaxf64", "fmaxf64x", "fmaximum", "fmaximum_mag", "fmaximum_mag_num",
  "fmaximum_mag_numf", "fmaximum_mag_numf32", "fmaximum_mag_numf32x", "fmaximum_mag_numf64",
  "fmaximum_mag_numf64x", "fmaximum_mag_numl", "fmaximum_magf", "fmaximum_magf32",
  "fmaximum_magf32x", "fmaximum_magf64", "fmaximum_magf64x", "fmaximum_magl", "fmaximum_num",
  "fmaximum_numf", "fmaximum_numf32", "fmaximum_numf32x", "fmaximum_numf64", "fmaximum_numf64x",
  "fmaximum_numl", "fmaximumf", "fmaximumf32", "fmaximumf32x", "fmaximumf64", "fmaximumf64x",
  "fmaximuml", "fmaxl", "fmaxmag", "fmaxmagf", "fmaxmagf32", "fmaxmagf32x", "fmaxmagf64",
  "fmaxmagf64x", "fmaxmagl", "fmemopen", "fmin", "fminf", "fminf32", "fminf32x", "fminf64",
  "fminf64x", "fminimum", "fminimum_mag", "fminimum_mag_num", "fminimum_mag_numf",
  "fminimum_mag_numf32", "fminimum_mag_numf32x", "fminimum_mag_numf64", "fminimum_mag_numf64x",
  "fminimum_mag_numl", "fminimum_magf", "fminimum_magf32", "fminimum_magf32x", "fminimum_magf64",
  "fminimum_magf64x", "fminimum_magl", "fminimum_num", "fminimum_numf", "fminimum_numf32",
  "fminimum_numf32x", "fminimum_numf64", "fminimum_numf64x", "fminimum_numl", "fminimumf",
  "fminimumf32", "fminimumf32x", "fminimumf64", "fminimumf64x", "fminimuml", "fminl", "fminmag",
  "fminmagf", "fminmagf32", "fminmagf32x", "fminmagf64", "fminmagf64x", "fminmagl", "fmod",
  "fmodf", "fmodf32", "fmodf32x", "fmodf64", "fmodf64x", "fmodl", "fmul", "fmull", "fopen",
  "fopen64", "fopencookie", "for", "fprintf", "fputc", "fputc_unlocked", "fputs",
  "fputs_unlocked", "fread", "fread_unlocked", "free", "freopen", "freopen64", "frexp", "frexpf",
  "frexpf32", "frexpf32x", "frexpf64", "frexpf64x", "frexpl", "fromfp", "fromfpf", "fromfpf32",
  "fromfpf32x", "fromfpf64", "fromfpf64x", "fromfpl", "fromfpx", "fromfpxf", "fromfpxf32",
  "fromfpxf32x", "fromfpxf64", "fromfpxf64x", "fromfpxl", "fscanf", "fseek", "fseeko", "fseeko64",
  "fsetpos", "fsetpos64", "fsqrt", "fsqrtl", "fsub", "fsubl", "ftell", "ftello", "ftello64",
  "ftrylockfile", "funlockfile", "fwrite", "fwrite_unlocked", "gamma", "gammaf", "gammal", "gcvt",
  "getc", "getc_unlocked", "getchar", "getchar_unlocked", "getdate", "getdate_r", "getdelim",
  "getenv", "getline", "getloadavg", "getpayload", "getpayloadf", "getpayloadf32",
  "getpayloadf32x", "getpayloadf64", "getpayloadf64x", "getpayloadl", "getpt", "getsubopt",
  "getw", "gmtime", "gmtime_r", "grantpt", "hypot", "hypotf", "hypotf32", "hypotf32x", "hypotf64",
  "hypotf64x", "hypotl", "if", "ilogb", "ilogbf", "ilogbf32", "ilogbf32x", "ilogbf64",
  "ilogbf64x", "ilogbl", "initstate", "initstate_r", "int", "int2double", "isalnum", "isalnum_l",
  "isalpha", "isalpha_l", "isascii", "isblank", "isblank_l", "iscntrl", "iscntrl_l", "isctype",
  "isdigit", "isdigit_l", "isgraph", "isgraph_l", "isinff", "isinfl", "islower", "islower_l",
  "isnanf", "isnanl", "isprint", "isprint_l", "ispunct", "ispunct_l", "isspace", "isspace_l",
  "isupper", "isupper_l", "isxdigit", "isxdigit_l", "j0", "j0f", "j0f32", "j0f32x", "j0f64",
  "j0f64x", "j0l", "j1", "j1f", "j1f32", "j1f32x", "j1f64", "j1f64x", "j1l", "jn", "jnf", "jnf32",
  "jnf32x", "jnf64", "jnf64x", "jnl", "jrand48", "jrand48_r", "l64a", "labs", "lcong48",
  "lcong48_r", "ldexp", "ldexpf", "ldexpf32", "ldexpf32x", "ldexpf64", "ldexpf64x", "ldexpl",
  "ldiv", "lgamma", "lgamma_r", "lgammaf", "lgammaf32", "lgammaf32_r", "lgammaf32x",
  "lgammaf32x_r", "lgammaf64", "lgammaf64_r", "lgammaf64x", "lgammaf64x_r", "lgammaf_r",
  "lgammal", "lgammal_r", "llabs", "lldiv", "llmax", "llmin", "llogb", "llogbf", "llogbf32",
  "llogbf32x", "llogbf64", "llogbf64x", "llogbl", "llrint", "llrintf", "llrintf32", "llrintf32x",
  "llrintf64", "llrintf64x", "llrintl", "llround", "llroundf", "llroundf32", "llroundf32x",
  "llroundf64", "llroundf64x", "llroundl", "localtime", "localtime_r", "log", "log10", "log10f",
  "log10f32", "log10f32x", "log10f64", "log10f64x", "log10l", "log1p", "log1pf", "log1pf32",
  "log1pf32x", "log1pf64", "log1pf64x", "log1pl", "log2", "log2f", "log2f32", "log2f32x",
  "log2f64", "log2f64x", "log2l", "logb", "logbf", "logbf32", "logbf32x", "logbf64", "logbf64x",
  "logbl", "logf", "logf32", "logf32x", "logf64", "logf64x", "logl", "lrand48", "lrand48_r",
  "lrint", "lrintf", "lrintf32", "lrintf32x", "lrintf64", "lrintf64x", "lrintl", "lround",
  "lroundf", "lroundf32", "lroundf32x", "lroundf64", "lroundf64x", "lroundl", "main", "malloc", "max",
  "mblen", "mbstowcs", "mbtowc", "memccpy", "memcmp", "memcpy", "memfrob", "memmem", "memmove",
  "mempcpy", "memset", "min", "mkdtemp", "mkostemp", "mkostemp64", "mkostemps", "mkostemps64",
  "mkstemp", "mkstemp64", "mkstemps", "mkstemps64", "mktemp", "mktime", "modf", "modff",
  "modff32", "modff32x", "modff64", "modff64x", "modfl", "mrand48", "mrand48_r", "nan", "nanf",
  "nanf32", "nanf32x", "nanf64", "nanf64x", "nanl", "nanosleep", "nearbyint", "nearbyintf",
  "nearbyintf32", "nearbyintf32x", "nearbyintf64", "nearbyintf64x", "nearbyintl", "new",
  "nextafter", "nextafterf", "nextafterf32", "nextafterf32x", "nextafterf64", "nextafterf64x",
  "nextafterl", "nextdown", "nextdownf", "nextdownf32", "nextdownf32x", "nextdownf64",
  "nextdownf64x", "nextdownl", "nexttoward", "nexttowardf", "nexttowardl", "nextup", "nextupf",
  "nextupf32", "nextupf32x", "nextupf64", "nextupf64x", "nextupl", "noexcept", "norm", "norm3d",
  "norm3df", "norm4d", "norm4df", "normcdf", "normcdff", "normcdfinv", "normcdfinvf", "normf",
  "nrand48", "nrand48_r", "obstack_printf", "obstack_vprintf", "on_exit", "open_memstream",
  "operator", "pclose", "perror", "popen", "posix_memalign", "posix_openpt", "pow", "powf",
  "powf32", "powf32x", "powf64", "powf64x", "powl", "printf", "pselect", "ptrdiff_t", "ptsname",
  "ptsname_r", "putc", "putc_unlocked", "putchar", "putchar_unlocked", "putenv", "puts", "putw",
  "qecvt", "qecvt_r", "qfcvt", "qfcvt_r", "qgcvt", "qsort", "qsort_r", "quick_exit", "rand",
  "rand_r", "random", "random_r", "rcbrt", "rcbrtf", "realloc", "reallocarray", "realpath",
  "remainder", "remainderf", "remainderf32", "remainderf32x", "remainderf64", "remainderf64x",
  "remainderl", "remove", "remquo", "remquof", "remquof32", "remquof32x", "remquof64",
  "remquof64x", "remquol", "rename", "renameat", "renameat2", "return", "rewind", "rhypot",
  "rhypotf", "rint", "rintf", "rintf32", "rintf32x", "rintf64", "rintf64x", "rintl", "rnorm",
  "rnorm3d", "rnorm3df", "rnorm4d", "rnorm4df", "rnormf", "round", "roundeven", "roundevenf",
  "roundevenf32", "roundevenf32x", "roundevenf64", "roundevenf64x", "roundevenl", "roundf",
  "roundf32", "roundf32x", "roundf64", "roundf64x", "roundl", "rpmatch", "rsqrt", "rsqrtf",
  "scalb", "scalbf", "scalbl", "scalbln", "scalblnf", "scalblnf32", "scalblnf32x", "scalblnf64",
  "scalblnf64x", "scalblnl", "scalbn", "scalbnf", "scalbnf32", "scalbnf32x", "scalbnf64",
  "scalbnf64x", "scalbnl", "scanf", "secure_getenv", "seed48", "seed48_r", "select", "setbuf",
  "setbuffer", "setenv", "setlinebuf", "setpayload", "setpayloadf", "setpayloadf32",
  "setpayloadf32x", "setpayloadf64", "setpayloadf64x", "setpayloadl", "setpayloadsig",
  "setpayloadsigf", "setpayloadsigf32", "setpayloadsigf32x", "setpayloadsigf64",
  "setpayloadsigf64x", "setpayloadsigl", "setstate", "setstate_r", "setvbuf", "short",
  "sigabbrev_np", "sigdescr_np", "significand", "significandf", "significandl", "sin", "sincos",
  "sincosf", "sincosf32", "sincosf32x", "sincosf64", "sincosf64x", "sincosl", "sincospi",
  "sincospif", "sinf", "sinf32", "sinf32x", "sinf64", "sinf64x", "sinh", "sinhf", "sinhf32",
  "sinhf32x", "sinhf64", "sinhf64x", "sinhl", "sinl", "sinpi", "sinpif", "sizeof", "snprintf",
  "sprintf", "sqrt", "sqrtf", "sqrtf32", "sqrtf32x", "sqrtf64", "sqrtf64x", "sqrtl", "srand",
  "srand48", "srand48_r", "srandom", "srandom_r", "sscanf", "static_assert", "stpcpy", "stpncpy",
  "strcasecmp", "strcasecmp_l", "strcat", "strcmp", "strcoll", "strcoll_l", "strcpy", "strcspn",
  "strdup", "strerror", "strerror_l", "strerror_r", "strerrordesc_np", "strerrorname_np",
  "strfromd", "strfromf", "strfromf32", "strfromf32x", "strfromf64", "strfromf64x", "strfroml",
  "strfry", "strftime", "strftime_l", "strlen", "strncasecmp", "strncasecmp_l", "strncat",
  "strncmp", "strncpy", "strndup", "strnlen", "strptime", "strptime_l", "strsep", "strsignal",
  "strspn", "strtod", "strtod_l", "strtof", "strtof32", "strtof32_l", "strtof32x", "strtof32x_l",
  "strtof64", "strtof64_l", "strtof64x", "strtof64x_l", "strtof_l", "strtok", "strtok_r",
  "strtol", "strtol_l", "strtold", "strtold_l", "strtoll", "strtoll_l", "strtoq", "strtoul",
  "strtoul_l", "strtoull", "strtoull_l", "strtouq", "strverscmp", "strxfrm", "strxfrm_l",
  "switch", "system", "tan", "tanf", "tanf32", "tanf32x", "tanf64", "tanf64x", "tanh", "tanhf",
  "tanhf32", "tanhf32x", "tanhf64", "tanhf64x", "tanhl", "tanl", "tempnam", "tgamma", "tgammaf",
  "tgammaf32", "tgammaf32x", "tgammaf64", "tgammaf64x", "tgammal", "throw", "time", "timegm",
  "timelocal", "timer_create", "timer_delete", "timer_getoverrun", "timer_gettime",
  "timer_settime", "timespec_get", "timespec_getres", "tmpfile", "tmpfile64", "tmpnam",
  "tmpnam_r", "toascii", "tolower", "tolower_l", "totalorder", "totalorderf", "totalorderf32",
  "totalorderf32x", "totalorderf64", "totalorderf64x", "totalorderl", "totalordermag",
  "totalordermagf", "totalordermagf32", "totalordermagf32x", "totalordermagf64",
  "totalordermagf64x", "totalordermagl", "toupper", "toupper_l", "trunc", "truncf", "truncf32",
  "truncf32x", "truncf64", "truncf64x", "truncl", "tzset", "ufromfp", "ufromfpf", "ufromfpf32",
  "ufromfpf32x", "ufromfpf64", "ufromfpf64x", "ufromfpl", "ufromfpx", "ufromfpxf", "ufromfpxf32",
  "ufromfpxf32x", "ufromfpxf64", "ufromfpxf64x", "ufromfpxl", "uint3", "ullmax", "ullmin", "umax",
  "umin", "ungetc", "unlockpt", "unsetenv", "valloc", "vasprintf", "vdprintf", "vfprintf",
  "vfscanf", "void", "volatile", "vprintf", "vscanf", "vsnprintf", "vsprintf", "vsscanf",
  "wchar_t", "wcstombs", "wctomb", "while", "y0", "y0f", "y0f32", "y0f32x", "y0f64", "y0f64x",
  "y0l", "y1", "y1f", "y1f32", "y1f32x", "y1f64", "y1f64x", "y1l", "yn", "ynf", "ynf32", "ynf32x",
  "ynf64", "ynf64x", "ynl",
};

/// Besides C++'s keywords (CxxKeywords.h): the names CUDA's headers give
/// meaning in every kernel, and what the source's own text uses.
const char *const CudaWords[] = {"threadIdx", "blockIdx", "blockDim", "gridDim",
                                 "warpSize",  "std",      "min",      "max"};

/// Taken by rule: cudaMalloc, cuLaunchKernel, __x and _X (the
/// implementation's), and pykc's own names (the prelude's helpers, the
/// temporaries, the spellings of cudaIdentifier).
bool reservedByRule(const std::string &Name) {
  auto CapitalAfter = [&](const char *Prefix) {
    size_t N = std::string_view(Prefix).size();
    return Name.size() > N && Name.rfind(Prefix, 0) == 0 && std::isupper((unsigned char)Name[N]);
  };
  return Name.empty() || CapitalAfter("cuda") || CapitalAfter("cu") || CapitalAfter("_") ||
         Name.rfind("__", 0) == 0 || Name.rfind("pykc", 0) == 0;
}

bool listedReserved(const std::string &Name) {
  if (std::binary_search(std::begin(Reserved), std::end(Reserved), std::string_view(Name),
                         [](std::string_view A, std::string_view B) { return A < B; }))
    return true;
  return isCxxKeyword(Name) ||
         std::find(std::begin(CudaWords), std::end(CudaWords), std::string_view(Name)) !=
             std::end(CudaWords);
}

/// Whether \p Stem ends as the names the writer derives from a variable's
/// do: another version (x_v1), an array parameter's parts (a_data,
/// a_shape0, a_stride0), a converted parameter (x_arg), an allocation's
/// storage (s_storage), a flattened complex or tuple (z_re, z_im, t_0).
bool pykcSuffix(std::string_view Stem) {
  auto EndsWith = [&](std::string_view Tail) {
    return Stem.size() > Tail.size() && Stem.substr(Stem.size() - Tail.size()) == Tail;
  };
  if (EndsWith("_data") || EndsWith("_arg") || EndsWith("_storage") || EndsWith("_re") ||
      EndsWith("_im"))
    return true;
  size_t Digits = Stem.size();
  while (Digits && std::isdigit((unsigned char)Stem[Digits - 1]))
    --Digits;
  if (Digits == Stem.size() || Digits == 0)
    return false;
  std::string_view Head = Stem.substr(0, Digits);
  for (std::string_view Tail : {"_v", "_shape", "_stride", "_storage", "_"})
    if (Head.size() > Tail.size() && Head.substr(Head.size() - Tail.size()) == Tail)
      return true;
  return false;
}

} // namespace

bool isReservedCudaName(const std::string &Name) {
  return reservedByRule(Name) || listedReserved(Name);
}

std::string cudaIdentifier(const std::string &Py) {
  bool Ascii = std::all_of(Py.begin(), Py.end(), [](char C) {
    return (unsigned char)C < 0x80 && (std::isalnum((unsigned char)C) || C == '_');
  });
  if (!Ascii || Py.empty() || std::isdigit((unsigned char)Py[0]) || reservedByRule(Py)) {
    // pykc_id_ and the name, one code point at a time: a letter or digit
    // as itself, '_' as "__", any other as _HEX_ (U+03BC: _3bc_). No
    // code is the start of another, so two names never spell alike.
    std::string S = "pykc_id_";
    static const char Hex[] = "0123456789abcdef";
    for (size_t I = 0; I < Py.size();) {
      unsigned char C = Py[I];
      if (C < 0x80 && std::isalnum(C)) {
        S += char(C);
        ++I;
        continue;
      }
      if (C == '_') {
        S += "__";
        ++I;
        continue;
      }
      // One UTF-8 sequence (the lexer has checked it); a stray byte alone.
      unsigned Len = C >= 0xf0 ? 4 : C >= 0xe0 ? 3 : C >= 0xc0 ? 2 : 1;
      uint32_t Code = Len == 1 ? C : C & (0x7f >> Len);
      for (unsigned K = 1; K < Len && I + K < Py.size(); ++K)
        Code = Code << 6 | ((unsigned char)Py[I + K] & 0x3f);
      I += Len;
      std::string Digits;
      do {
        Digits.insert(Digits.begin(), Hex[Code & 15]);
        Code >>= 4;
      } while (Code);
      S += "_" + Digits + "_";
    }
    return S;
  }
  // A name whose stem (without trailing '_') C++ or CUDA's headers take, or
  // that ends as pykc's own spellings do, gets one more '_': select is
  // select_, select_ select__, x_v1 (not version 1 of x) x_v1_.
  std::string_view Stem(Py);
  while (!Stem.empty() && Stem.back() == '_')
    Stem.remove_suffix(1);
  return listedReserved(std::string(Stem)) || pykcSuffix(Stem) ? Py + "_" : Py;
}

std::string cudaKernelIdentifier(const std::string &Symbol) {
  // The writer's derived spellings are local names, which may shadow a
  // kernel's name without harm: nothing in device code names a kernel.
  // Only what C++ and CUDA's headers take at namespace scope is renamed.
  std::string_view Stem(Symbol);
  while (!Stem.empty() && Stem.back() == '_')
    Stem.remove_suffix(1);
  if (reservedByRule(Symbol))
    return cudaIdentifier(Symbol);
  return listedReserved(std::string(Stem)) ? Symbol + "_" : Symbol;
}

} // namespace pykc::codegen

//===- HostCheck.h - --check of prange loops -------------------*- C++ -*-===//
//
// `pykc call --check`: the iterations of a prange loop may run at once, so
// two of them touching one array element, at least one writing, race. The
// checked host code reports every array access and the start of every
// iteration (pykc_check_host_access, pykc_check_iteration); the loop's
// chunks then run one after the other on the calling thread, and a shadow
// record per element touched keeps the iteration of its last write and
// reads. Code outside prange loops, and loops nested in an iteration, run
// in order within it: only the outermost loop's iterations are compared.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_HOSTCHECK_H
#define PYKC_RUNTIME_HOSTCHECK_H

namespace pykc::runtime {

/// Whether host calls are checked (pykc call --check sets it).
bool hostCheckOn();
void setHostCheck(bool On);
/// A prange loop begins or ends (pykc_cpu_parallel_for), nested or not.
void hostLoopBegin();
void hostLoopEnd();

} // namespace pykc::runtime

#endif // PYKC_RUNTIME_HOSTCHECK_H

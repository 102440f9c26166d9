#!/usr/bin/env bash
# Measures how far the typing checker's final walk reports what the
# lowering reports (docs/design/typing-pass.md, V2): runs lit with
# PYKC_VERIFY_DIAGNOSTICS, which makes every kernel and host entry that
# pykc lowers be checked again by the checker into an engine of its own,
# then prints how many entries gave the same diagnostics, and for the
# others, which diagnostic kind the lowering reported where the checker
# did not (or reported another).
#
#   scripts/verify-diagnostics.sh [LIT_PATHS...]   (default: the whole suite)
#
# Environment: PYKC_BUILD_DIR (default build), PYKC_JOBS (default 2).
# The log of every entry is left in $build_dir/test/verify-diagnostics.log.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

build_dir=${PYKC_BUILD_DIR:-build}
log=$PWD/$build_dir/test/verify-diagnostics.log
mkdir -p "$(dirname "$log")"
rm -f "$log"
paths=("$@")
[ ${#paths[@]} -gt 0 ] || paths=("$build_dir/test")
PYKC_VERIFY_DIAGNOSTICS=$log PYKC_BUILD_DIR=$build_dir \
  python3 /usr/lib/llvm-19/build/utils/lit/lit.py -q -j "${PYKC_JOBS:-2}" "${paths[@]}" \
  </dev/null >"$log.lit" 2>&1
lit_status=$?
[ $lit_status -eq 0 ] || echo "verify-diagnostics: lit failed (exit $lit_status): see $log.lit"
[ -f "$log" ] || { echo "verify-diagnostics: no entry was lowered"; exit 1; }
same=$(grep -c '^same ' "$log")
differs=$(grep -c '^differs ' "$log")
with_errors=$(awk '$1 == "same" && $NF > 0' "$log" | wc -l)
echo "verify-diagnostics: $((same + differs)) entries, $same the same ($with_errors of them with diagnostics), $differs differ"
grep '^differs ' "$log" |
  sed -E 's/.*: lowering ([A-Za-z]+|\(none\)).* checker ([A-Za-z]+|\(none\)).*/  lowering \1, checker \2/' |
  sort | uniq -c | sort -rn

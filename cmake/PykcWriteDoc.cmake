# Writes one of the files pykc prints about itself (tools/CMakeLists.txt):
#   cmake -DPYKC=<pykc> -DFLAG=--man -DOUT=<file> -P PykcWriteDoc.cmake
# runs `PYKC FLAG` and writes its standard output to OUT, or fails.
execute_process(COMMAND ${PYKC} ${FLAG}
  OUTPUT_FILE ${OUT}.tmp
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE ${OUT}.tmp)
  message(FATAL_ERROR "`${PYKC} ${FLAG}` failed: ${status}")
endif()
file(RENAME ${OUT}.tmp ${OUT})

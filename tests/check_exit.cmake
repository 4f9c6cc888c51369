# Runs BINARY with ARGS (one string, split at spaces) and passes when it
# exits with EXPECTED_CODE and prints EXPECTED_MESSAGE (cmake -P, so it
# works without a shell).
separate_arguments(_args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND "${BINARY}" ${_args}
  RESULT_VARIABLE _code OUTPUT_VARIABLE _out ERROR_VARIABLE _err TIMEOUT 60)
string(FIND "${_out}${_err}" "${EXPECTED_MESSAGE}" _pos)
if(NOT "${_code}" STREQUAL "${EXPECTED_CODE}" OR _pos EQUAL -1)
  message(FATAL_ERROR "${BINARY} ${ARGS}: exit ${_code} (expected ${EXPECTED_CODE}), "
    "expected message '${EXPECTED_MESSAGE}'\nstdout:\n${_out}\nstderr:\n${_err}")
endif()

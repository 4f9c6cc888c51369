# Runs minicrash on one malformed deck; passes when the exit code and the
# message are the catalogued ones (cmake -P, so it works without a shell).
get_filename_component(_dir "${DECK}" DIRECTORY)
# LAUNCHER (optional): an mpiexec line, to run the deck on several ranks.
execute_process(COMMAND ${LAUNCHER} "${BINARY}" "i=${DECK}" --quiet
  WORKING_DIRECTORY "${_dir}"
  RESULT_VARIABLE _code OUTPUT_VARIABLE _out ERROR_VARIABLE _err
  TIMEOUT 30)
string(FIND "${_out}${_err}" "${EXPECTED_MESSAGE}" _pos)
if(NOT "${_code}" STREQUAL "${EXPECTED_CODE}" OR _pos EQUAL -1)
  message(FATAL_ERROR "deck ${DECK}: exit ${_code} (expected ${EXPECTED_CODE}), "
    "expected message '${EXPECTED_MESSAGE}'\nstdout:\n${_out}\nstderr:\n${_err}")
endif()

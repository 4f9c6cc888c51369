# `minicrash --version` names the commit the tree has checked out, with
# "-dirty" for uncommitted changes to tracked files (build_info.hpp is
# written at every build; cmake/build_info.cmake).
#   -DBINARY -DSOURCE_DIR [-DGIT]
include(${CMAKE_CURRENT_LIST_DIR}/../cmake/git_hash.cmake)
minicrash_git_hash(expected "${SOURCE_DIR}" "${GIT}")
execute_process(COMMAND "${BINARY}" --version RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
string(FIND "${out}" "(git ${expected})" at)
if(NOT code EQUAL 0 OR at EQUAL -1)
  message(FATAL_ERROR "${BINARY} --version: exit ${code}, '${out}${err}'; expected '(git ${expected})'")
endif()

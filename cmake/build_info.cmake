# Writes build_info.hpp at every build (cmake -P, from the build_info
# target), so a binary names the commit it was built from, with "-dirty"
# when tracked files differed from it: a configure-time hash stayed that of
# the commit first configured, and a rebuild after an edit or a commit
# still printed it. configure_file rewrites the header only when its text
# changes, so an unchanged tree recompiles nothing.
#   -DSOURCE_DIR -DTEMPLATE -DOUTPUT [-DGIT] and the template's values
set(MINICRASH_GIT_HASH "unknown")
if(GIT)
  execute_process(COMMAND ${GIT} rev-parse --short=12 HEAD WORKING_DIRECTORY ${SOURCE_DIR}
    OUTPUT_VARIABLE hash OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
  if(NOT failed AND hash)
    set(MINICRASH_GIT_HASH "${hash}")
    execute_process(COMMAND ${GIT} status --porcelain --untracked-files=no WORKING_DIRECTORY ${SOURCE_DIR}
      OUTPUT_VARIABLE changes OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(changes)
      string(APPEND MINICRASH_GIT_HASH "-dirty")
    endif()
  endif()
endif()
configure_file(${TEMPLATE} ${OUTPUT} @ONLY)

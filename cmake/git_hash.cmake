# minicrash_git_hash(VAR SOURCE_DIR GIT): the commit SOURCE_DIR has checked
# out (12 hex digits), with "-dirty" when tracked files differ from it;
# "unknown" without git or outside a repository.
function(minicrash_git_hash var source_dir git)
  set(result "unknown")
  if(git)
    execute_process(COMMAND ${git} rev-parse --short=12 HEAD WORKING_DIRECTORY ${source_dir}
      OUTPUT_VARIABLE hash OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
    if(NOT failed AND hash)
      set(result "${hash}")
      execute_process(COMMAND ${git} status --porcelain --untracked-files=no WORKING_DIRECTORY ${source_dir}
        OUTPUT_VARIABLE changes OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(changes)
        string(APPEND result "-dirty")
      endif()
    endif()
  endif()
  set(${var} "${result}" PARENT_SCOPE)
endfunction()

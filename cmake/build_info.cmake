# Writes build_info.hpp at every build (cmake -P, from the build_info
# target), so a binary names the commit it was built from, with "-dirty"
# when tracked files differed from it: a configure-time hash stayed that of
# the commit first configured, and a rebuild after an edit or a commit
# still printed it. configure_file rewrites the header only when its text
# changes, so an unchanged tree recompiles nothing.
#   -DSOURCE_DIR -DTEMPLATE -DOUTPUT [-DGIT] and the template's values
include(${CMAKE_CURRENT_LIST_DIR}/git_hash.cmake)
minicrash_git_hash(MINICRASH_GIT_HASH "${SOURCE_DIR}" "${GIT}")
configure_file(${TEMPLATE} ${OUTPUT} @ONLY)

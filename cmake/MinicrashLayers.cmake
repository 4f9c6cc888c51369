# Layering: each library sees only the folders below it. Instead of the
# source root, a library's include path is a folder of its own in the build
# tree holding links to the folders it may include (io/, decomposition/...),
# so an upward #include ("miniapp/..." from contact/) does not compile.
#
#   minicrash_layer(TARGET FOLDERS io decomposition/parallel ...)
function(minicrash_layer target)
  cmake_parse_arguments(ARG "" "" "FOLDERS" ${ARGN})
  set(root ${PROJECT_BINARY_DIR}/layers/${target})
  foreach(folder IN LISTS ARG_FOLDERS)
    get_filename_component(parent ${root}/${folder} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    if(NOT EXISTS ${root}/${folder})
      file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${folder} ${root}/${folder} SYMBOLIC)
    endif()
  endforeach()
  target_include_directories(${target} PUBLIC ${root})
endfunction()

# A library of one folder: its sources (recursively, less `EXCLUDE` regexes),
# its warnings, and the folders it may include.
function(minicrash_library target folder)
  cmake_parse_arguments(ARG "" "" "SEES;LINKS;EXCLUDE" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/${folder}/*.cpp)
  foreach(pattern IN LISTS ARG_EXCLUDE)
    list(FILTER sources EXCLUDE REGEX "${pattern}")
  endforeach()
  add_library(${target} STATIC ${sources})
  target_compile_options(${target} PRIVATE ${MINICRASH_WARNINGS})
  target_link_libraries(${target} PUBLIC ${ARG_LINKS})
  minicrash_layer(${target} FOLDERS ${ARG_SEES} ${folder})
endfunction()

# The bad-deck catalogue: each malformed deck must make `minicrash` exit
# with the catalogued code and print the catalogued message. Included by
# tests/CMakeLists.txt (paths are relative to tests/).
file(STRINGS ${CMAKE_CURRENT_SOURCE_DIR}/bad_decks/catalogue.txt _catalogue REGEX "^[^#].*")
foreach(_entry IN LISTS _catalogue)
  string(REPLACE "|" ";" _fields "${_entry}")
  list(GET _fields 0 _deck)
  list(GET _fields 1 _code)
  list(GET _fields 2 _message)
  string(STRIP "${_deck}" _deck)
  string(STRIP "${_code}" _code)
  string(STRIP "${_message}" _message)
  add_test(NAME bad_deck.${_deck}
    COMMAND ${CMAKE_COMMAND} -DBINARY=$<TARGET_FILE:minicrash>
      -DDECK=${CMAKE_CURRENT_SOURCE_DIR}/bad_decks/${_deck}
      -DEXPECTED_CODE=${_code} "-DEXPECTED_MESSAGE=${_message}"
      -P ${CMAKE_CURRENT_SOURCE_DIR}/bad_decks/check_bad_deck.cmake)
endforeach()

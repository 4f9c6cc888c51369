# The tests that read minicrash's decks and outputs with other tools'
# readers and writers (PyDYNA, lasso-python), label `checkers`; included
# by tests/CMakeLists.txt (paths are relative to tests/).
# A deck written by another tool (PyDYNA, in the checkers' virtual
# environment that scripts/checkers-venv.sh makes) runs at np 1 and 2. The
# tests that need a checker carry the label `checkers` (scripts/test runs them
# once the checkers' background install is done).
set(MINICRASH_CHECKERS_PYTHON "$ENV{HOME}/.cache/minicrash/checkers-venv/bin/python" CACHE FILEPATH
  "Python of the checkers' virtual environment (scripts/checkers-venv.sh)")
# A PyDYNA checker, tests/checkers/SCRIPT.py, run at np 1 and 2 in its own folder.
function(pydyna_check NAME SCRIPT)
  add_test(NAME ${NAME}
    COMMAND ${MINICRASH_CHECKERS_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/checkers/${SCRIPT}.py "${_mpiexec_line}"
      $<TARGET_FILE:minicrash> ${CMAKE_CURRENT_BINARY_DIR}/${SCRIPT})
  set_tests_properties(${NAME} PROPERTIES PROCESSORS 2 TIMEOUT 300 LABELS checkers)
endfunction()
pydyna_check(pydyna_written_deck_np1_np2 pydyna_deck)
# A small car-like deck PyDYNA writes (welds, per-node velocities,
# parameters, a pole) crushes on the pole with the same energies at np 1 and 2.
pydyna_check(pydyna_car_on_pole_np1_np2 pydyna_car)
# A strip PyDYNA writes, pulled by *BOUNDARY_PRESCRIBED_MOTION_SET: the
# static strain energy, the external work, np 1 and 2 alike.
pydyna_check(pydyna_prescribed_motion_np1_np2 pydyna_prescribed_motion)
# Motions along a *DEFINE_VECTOR (DOF 4, -4) and a rigid body spun about z
# (DOF 7), PyDYNA-written, against their closed forms at np 1 and 2.
pydyna_check(pydyna_vector_spin_motion_np1_np2 pydyna_vector_spin_motion)
# MAT_024 hardening by a *DEFINE_TABLE of strain rates in PyDYNA's layout, against Cowper-Symonds P = 1.
pydyna_check(pydyna_rate_table_np1_np2 pydyna_rate_table)
# *PART_INERTIA in PyDYNA's layout (card 6 written blank): a given hub spinning an elastic blade.
pydyna_check(pydyna_part_inertia_np1_np2 pydyna_part_inertia)
# *CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK in PyDYNA's layout: the tied plates, glued.
pydyna_check(pydyna_tiebreak_np1_np2 pydyna_tiebreak)
# *CONTROL_SHELL ISTUPD 1 and 0 in PyDYNA's layout: a stretched strip's plastic work against the closed forms.
pydyna_check(pydyna_thickness_update_np1_np2 pydyna_thickness_update)
# *SECTION_SHELL QR 0, 1 and -7 with PyDYNA's *INTEGRATION_SHELL: a strip in pure bending stores c E I THETA^2 / 2L.
pydyna_check(pydyna_integration_rule_np1_np2 pydyna_integration_rule)
# MAT_003, *INITIAL_VELOCITY_GENERATION, *CONSTRAINED_NODAL_RIGID_BODY, _GENERALIZED_WELD_SPOT,
# _EXTRA_NODES_NODE, *RIGIDWALL_GEOMETRIC_SPHERE and *INCLUDE_PATH in PyDYNA's layout:
# momentum and the sphere's stonewall energy against their closed forms.
pydyna_check(pydyna_vehicle_keywords_np1_np2 pydyna_vehicle_keywords)
# lasso-python (its own virtual environment, scripts/checkers-venv.sh) reads
# the d3plot family of an eroding tube at np 1 and 2: coordinates, plastic
# strains, deletion flags and energies as the run's ParaView pieces, glstat
# and matsum give them.
set(MINICRASH_LASSO_PYTHON "$ENV{HOME}/.cache/minicrash/lasso-venv/bin/python" CACHE FILEPATH
  "Python of lasso-python's virtual environment (scripts/checkers-venv.sh)")
tube_check(NAME lasso_reads_d3plot_np1_np2 SCRIPT checkers/lasso_d3plot.py PYTHON ${MINICRASH_LASSO_PYTHON}
  PROPERTIES LABELS checkers)

// Must not compile (ctest layering_upward_include_fails): contact/ sits
// below the solver, so its include path has no miniapp/ folder.
#include "miniapp/state/state.hpp"

// Every point-to-point message tag of minicrash, in one place: two
// exchanges that can be in flight at once never share a tag.
#pragma once

namespace mc::tags {

inline constexpr int kSubdomain = 101;   // start-up: rank 0 sends each rank its subdomain
inline constexpr int kPlotGeometry = 102;  // once: each rank's nodes and shells to the d3plot writer
inline constexpr int kPlotState = 103;     // each plot state: each rank's values to the d3plot writer
inline constexpr int kRestartIds = 104;    // a restart at another np: each rank's node and element ids to rank 0
inline constexpr int kRestartPiece = 105;  // ... and rank 0 sends each rank its piece of each old file
inline constexpr int kHaloSetup = 200;   // once: which terms meet at each shared node
inline constexpr int kHaloSum = 201;     // every cycle: the terms at shared nodes
inline constexpr int kHaloGather = 202;  // shared nodes take their owner's value
inline constexpr int kHaloRows = 203;    // once: holders share set-up values at shared nodes

// Contact interface i (of the deck's contact cards, in order): the ghosts'
// fixed data at a sort, their motion every cycle, their forces back, and at
// a sort which of them are in a candidate pair.
enum class ContactMessage : int { GhostData = 0, GhostMotion = 1, GhostForce = 2, GhostActive = 3 };
inline constexpr int contact(int interface, ContactMessage kind) { return 300 + 4 * interface + static_cast<int>(kind); }

}  // namespace mc::tags

// Internal to the keyword reader: the state one deck read builds up, and the
// handler of each keyword. Not part of the public API (see keyword_reader.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "io/deck/deck_parameters.hpp"
#include "io/deck/deck_stream.hpp"
#include "io/deck/unsupported_keywords.hpp"
#include "io/model.hpp"

namespace mc {

// Options a keyword may carry after its base name.
struct KeywordOptions {
  bool title = false;   // _TITLE: a title card first
  bool id = false;      // _ID: an id/heading card first
  bool moving = false;  // _MOVING (rigid walls)
  bool display = false;  // _DISPLAY (geometric walls): a last card for drawing only
  bool motion = false;   // _MOTION (geometric walls): prescribed motion card
  bool mpp = false;      // _MPP (contacts): LS-DYNA MPP's cards after the ID card
};

// Which nodes a keyword applies to. Resolved after the whole deck is read:
// a set or an element may come after the keyword that uses it.
struct NodeSelector {
  enum class Kind { AllNodes, NodeSet, Part, PartSet, NodeList };  // NodeList: ids given on the cards
  Kind kind = Kind::AllNodes;
  GlobalId id = 0;
};

struct SpcSetRequest {
  GlobalId node_set = 0;
  std::array<bool, 6> fixed{};
  SourceLine where;
  std::string keyword;
};

// *BOUNDARY_PRESCRIBED_MOTION_SET: the motion with its node set (expanded after the read).
struct MotionSetRequest {
  std::size_t motion = 0;  // index in Model::prescribed_motions
  GlobalId node_set = 0;
  std::string keyword;
};

// A motion along or about a *DEFINE_VECTOR (DOF 4, 8, -4, -8), looked up
// once the whole deck is read (the vector may come after the motion).
struct MotionVectorRequest {
  std::size_t motion = 0;  // index in Model::prescribed_motions
  GlobalId vector = 0;     // VID
  std::string keyword;
};

// *DEFINE_VECTOR: the unit direction from tail to head. _NODES: from the
// tail node to the head node (the direction found once the nodes are read).
struct DefinedVector {
  std::array<double, 3> direction{};
  GlobalId tail_node = 0, head_node = 0;
  SourceLine where;
};

struct VelocityRequest {
  NodeSelector selector;
  GlobalId exempt_set = 0;  // NSIDEX: these nodes get exempt_velocity instead
  std::array<double, 3> exempt_velocity{}, exempt_omega{};
  InitialVelocity velocity;  // nodes filled in on resolution
  std::string keyword;
};

struct WallRequest {
  std::size_t wall = 0;  // index in Model::rigid_walls
  GlobalId node_set = 0, exempt_set = 0;
  std::string keyword;
};

// One side of a contact as the deck names it (SSID/SSTYP or MSID/MSTYP).
struct ContactSide {
  GlobalId id = 0;
  int type = 5;  // 0 segment set, 1 shell set, 2 part set, 3 part, 4 node set, 5 all parts
};

// A nodal rigid body, weld or extra-node list given by a node set (expanded
// after the read).
struct NodalBodyRequest {
  std::size_t body = 0;  // index in Model::nodal_rigid_bodies (Model::extra_nodes for extra_node_sets)
  GlobalId node_set = 0;
  std::string keyword;
};

// *ELEMENT_MASS_NODE_SET: MASS shared by the set's nodes (expanded after the read).
struct MassSetRequest {
  PointMass mass;  // node 0 until resolved
  GlobalId node_set = 0;
  std::string keyword;
};

// *ELEMENT_MASS_PART(_SET): non-structural mass spread over a part's (or
// part set's) nodes by area, resolved once the whole deck is read.
struct PartMassRequest {
  GlobalId target = 0;  // PID, or PSID for _SET
  bool part_set = false;
  double added = 0, final_mass = 0;  // ADDMASS, FINMASS
  SourceLine where;
  std::string keyword;
};

// *CONTROL_SHELL's thickness update, resolved per part once the part sets
// are read; *CONTROL_CONTACT THKCHG, checked against it.
struct ThicknessUpdateRequest {
  int istupd = 0;
  GlobalId update_set = 0;      // PSSTUPD: > 0 these parts only, < 0 all but these
  GlobalId plastic_only_set = 0;  // SIDT4TU: these parts as ISTUPD 4
  SourceLine sets_where;          // card 3
  int contact_thickness_change = 0;  // THKCHG
  SourceLine contact_where;
};

// *INTEGRATION_SHELL: the points through the thickness (zeta in [-1/2,
// 1/2]) and their shares of it; sections take them once the deck is read.
struct IntegrationRule {
  std::vector<double> zeta, weight;
  SourceLine where;
};

// *PART_CONTACT's contact thickness, its scale and the penalty scale of a
// part, checked once the shells are read (keywords_part_contact.cpp).
struct PartContactRequest {
  GlobalId part = 0;
  double thickness = 0, thickness_scale = 0, penalty_scale = 0;  // OPTT SFT SSF
  SourceLine where;
};

struct ContactRequest {
  std::size_t contact = 0;  // index in Model::contacts
  ContactSide slave, master;
  std::string keyword;
};

// A set given by rules (generated_sets.cpp), expanded once the deck is read.
struct SetRule {
  enum class Kind { Range, All, Members, PartNodes };
  Kind kind = Kind::Members;
  std::vector<GlobalId> ids;  // Range: its first and last id
};

struct GeneratedSet {
  bool of_nodes = true;  // a node set, else a part set
  GlobalId id = 0;
  std::vector<SetRule> rules;
  std::string keyword;
};

// A *SECTION_ or *MAT_ keyword skipped as unsupported, by the id it defines.
struct SkippedDefinition {
  std::string keyword;
  SourceLine where;
};

// 8 bytes a node, so duplicate node ids can be reported with their line.
struct NodeOrigin {
  std::int32_t file_index = 0;
  std::int32_t line = 0;
};

struct ReaderState {
  ReaderState(std::ostream& warnings_out, const DeckStream& deck_stream)
      : warnings(warnings_out), stream(deck_stream) {}

  void warn(const SourceLine& where, const std::string& what) {
    warnings << where.file << ':' << where.line << ": warning: " << what << '\n';
  }
  // An option of a supported keyword whose physics minicrash does not model
  // (strain rate, damping, non-structural mass, ...): warned, and listed with
  // the unsupported keywords, so the read stops unless --allow-unsupported.
  void unsupported_option(const std::string& keyword, const std::string& option, const SourceLine& where) {
    warn(where, keyword + " " + option + " is not supported (it changes the answer)");
    unsupported.add(keyword.substr(1) + " (" + option + ")", where);
  }

  Model model;
  std::ostream& warnings;
  const DeckStream& stream;
  std::vector<NodeOrigin> node_origins;  // parallel to model.nodes
  std::vector<SpcSetRequest> spc_sets;
  std::vector<VelocityRequest> velocities;
  std::vector<MotionSetRequest> motion_sets;
  std::vector<MotionVectorRequest> motion_vectors;
  std::map<GlobalId, DefinedVector> vectors;  // *DEFINE_VECTOR by VID
  std::vector<WallRequest> walls;
  std::vector<ContactRequest> contacts;
  std::vector<NodalBodyRequest> nodal_bodies;
  std::vector<NodalBodyRequest> extra_node_sets;
  std::vector<MassSetRequest> mass_sets;
  std::vector<PartMassRequest> part_masses;
  ThicknessUpdateRequest thickness_update;
  std::vector<PartContactRequest> part_contacts;
  std::map<GlobalId, IntegrationRule> integration_rules;
  std::vector<GeneratedSet> generated_sets;
  // *SET_SEGMENT: four corner nodes a segment (N4 = N3 for a triangle), with
  // each segment's card; *SET_SHELL: shell ids. Contacts name them
  // (SSTYP/MSTYP 0 and 1); they become shells once the deck is read.
  std::map<GlobalId, std::vector<GlobalId>> segment_sets, shell_sets;
  std::map<GlobalId, std::vector<SourceLine>> segment_lines;
  std::map<GlobalId, SourceLine> segment_set_where, shell_set_where;
  std::map<GlobalId, SkippedDefinition> skipped_sections, skipped_materials;
  // --allow-unsupported: parts left out (a skipped section or material, and
  // no shell), and the part sets that lost members to them (left_out_parts.cpp).
  std::set<GlobalId> left_out_parts, thinned_part_sets;
  UnsupportedKeywords unsupported;    // skipped keywords that change the answer
  DeckParameters parameters;          // *PARAMETER values for "&name" fields
  GlobalId next_internal_curve = -1;  // MAT_024 EPS/ES tables become curves -1, -2, ...
  std::int64_t d3plot_count = 0;      // *DATABASE_BINARY_D3PLOT NPLTC
  GlobalId open_table = 0;            // a *DEFINE_TABLE whose curves are still to come
};

using KeywordHandler = void (*)(KeywordCards&, const KeywordOptions&, ReaderState&);

// IHQ as shells take it: LS-DYNA's 0 is 1, and for quadrilateral shells 1-3
// are one viscous form and 4-6 one stiffness form. 7, 9 and 10 are forms of
// solids and 8 the warping stiffness of fully integrated shells (ELFORM 16):
// unsupported options, run as 1 with --allow-unsupported. Any other value is
// left for validation to refuse (keywords_controls.cpp).
int shell_hourglass_type(int ihq, const std::string& keyword, const SourceLine& where, ReaderState& state);

// The ids sorted, each once (deck_references.cpp).
std::vector<GlobalId> sorted_unique(std::vector<GlobalId> ids);

// The title card of a _TITLE option (or of *PART), trimmed.
std::string read_title_card(KeywordCards& cards, const char* what);
// A second definition of the same id is an error naming both places.
[[noreturn]] void duplicate_id(const std::string& what, GlobalId id, const SourceLine& where,
                               const SourceLine& first);

// keywords_mesh.cpp
void read_node(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_element_shell(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_element_shell_thickness(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_element_mass(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_element_inertia(KeywordCards&, const KeywordOptions&, ReaderState&);
// The heading and ids cards of one part (*PART, *PART_INERTIA); returns its PID.
GlobalId read_part_cards(KeywordCards& cards, ReaderState& state);
void read_part(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_part_contact(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_section_shell(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_set_node_list(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_set_part_list(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_set_shell_list(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_set_segment(KeywordCards&, const KeywordOptions&, ReaderState&);

// keywords_tables.cpp
void read_define_table(KeywordCards&, const KeywordOptions&, ReaderState&);
// A *DEFINE_CURVE read while a table waits for its curves becomes its next one.
void claim_curve_for_open_table(ReaderState& state, GlobalId curve);
// Any other keyword (or the deck's end) while a table waits is an error.
void check_no_open_table(const ReaderState& state, const std::string& keyword, const SourceLine& where);
// MAT_024s whose LCSS names a table; resolve_references calls it.
void resolve_hardening_tables(ReaderState& state);

// keywords_part_mass.cpp
void read_element_mass_part(KeywordCards&, const KeywordOptions&, ReaderState&);
// Each request's nodes get point masses; resolve_references calls it.
void resolve_part_masses(ReaderState& state);

// keywords_control_shell.cpp
void read_control_shell(KeywordCards&, const KeywordOptions&, ReaderState&);
// ISTUPD, PSSTUPD and SIDT4TU become each part's ThicknessUpdate;
// resolve_references calls it.
void resolve_shell_thickness_updates(ReaderState& state);
// THKCHG with a thickness update is unsupported; called before the read's
// unsupported-keyword check.
void check_contact_thickness_change(ReaderState& state);
void check_part_contact_values(ReaderState& state);
void resolve_integration_rules(ReaderState& state);
void read_integration_shell(KeywordCards&, const KeywordOptions&, ReaderState&);

// keywords_rigid_body_velocity.cpp
void read_initial_velocity_rigid_body(KeywordCards&, const KeywordOptions&, ReaderState&);
// Each PID becomes a rigid part's or a nodal rigid body's; resolve_references calls it.
void resolve_rigid_body_velocities(ReaderState& state);

// keywords_part_inertia.cpp
void read_part_inertia(KeywordCards&, const KeywordOptions&, ReaderState&);
// The inertia cards shared with *CONSTRAINED_NODAL_RIGID_BODY_INERTIA:
// XC YC ZC TM IRCS NODEID / the tensor / VT VR (/ the IRCS 1 axes).
RigidInertia read_inertia_cards(KeywordCards& cards, ReaderState& state, const std::string& what);
// NODEID centres take their node's position; resolve_references calls it.
void resolve_part_inertia_centers(ReaderState& state);

// generated_sets.cpp
// Card 1 of every set keyword (SID DA1 DA2 DA3 DA4 SOLVER): registers SID
// (a second definition is an error) and returns it.
GlobalId read_set_id(KeywordCards& cards, const KeywordOptions& options, const char* what,
                     std::map<GlobalId, std::vector<GlobalId>>& sets, std::map<GlobalId, SourceLine>& set_where);
void read_set_list_generate(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_set_node_general(KeywordCards&, const KeywordOptions&, ReaderState&);
// Fills the rule-given sets; resolve_references calls it first.
void expand_generated_sets(ReaderState& state);

// left_out_parts.cpp: with --allow-unsupported, the parts whose section or
// material was skipped; those no shell uses are left out (and taken out of
// the part sets), those a shell uses stop the read naming the keyword.
void leave_out_parts(ReaderState& state);
// After resolve_references: the prescribed motions of left-out rigid parts go too.
void leave_out_motions_of_left_out_parts(ReaderState& state);

// contact_references.cpp: each contact's sides as parts, slave nodes or
// shells, once the deck is read (resolve_references calls it).
void resolve_contacts(ReaderState& state);
// *CONTACT's optional cards A to G, where the deck has them (keywords_contact_options.cpp).
void read_contact_optional_cards(KeywordCards& cards, bool single_surface, ReaderState& state, ContactInterface& contact);

// keywords_materials.cpp
void read_mat_elastic(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_mat_piecewise_linear_plasticity(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_mat_plastic_kinematic(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_mat_rigid(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_mat_null(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_define_curve(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_define_vector(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_define_vector_nodes(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_hourglass(KeywordCards&, const KeywordOptions&, ReaderState&);

// keywords_controls.cpp
void read_title(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_control_hourglass(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_control_bulk_viscosity(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_control_dynamic_relaxation(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_control_termination(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_control_mpp_decomposition_redecomposition(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_control_timestep(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_control_accuracy(KeywordCards&, const KeywordOptions&, ReaderState&);
// *DATABASE_GLSTAT, _MATSUM, _RWFORC, _RCFORC: one card, DT into `Interval`
// (negative: an error; 0: a warning, and the default interval).
double read_output_interval(KeywordCards& cards, const char* what, ReaderState& state);
template <double Controls::*Interval>
void read_database_interval(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  state.model.controls.*Interval = read_output_interval(cards, "card 1 (DT BINARY LCUR IOOPT)", state);
  cards.expect_end();
}
void read_database_binary_d3plot(KeywordCards&, const KeywordOptions&, ReaderState&);
// keywords_mesh.cpp (node ids, read as a set's)
void read_database_history_node(KeywordCards&, const KeywordOptions&, ReaderState&);

// keywords_loads.cpp
void read_boundary_spc_node(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_boundary_spc_set(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_boundary_prescribed_motion_node(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_boundary_prescribed_motion_set(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_boundary_prescribed_motion_rigid(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_initial_velocity(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_initial_velocity_node(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_initial_velocity_generation(KeywordCards&, const KeywordOptions&, ReaderState&);

// keywords_walls.cpp
void read_rigidwall_planar(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_rigidwall_geometric(KeywordCards&, const KeywordOptions&, ReaderState&);

// keywords_contact.cpp
void read_contact_single_surface(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_contact_nodes_to_surface(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_contact_surface_to_surface(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_contact_surface_to_surface_tiebreak(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_contact_tied(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_control_contact(KeywordCards&, const KeywordOptions&, ReaderState&);

// keywords_constraints.cpp
void read_constrained_nodal_rigid_body(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_constrained_extra_nodes(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_constrained_rigid_bodies(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_constrained_spotweld(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_constrained_generalized_weld_spot(KeywordCards&, const KeywordOptions&, ReaderState&);

// keywords_parameters.cpp
void read_parameter(KeywordCards&, const KeywordOptions&, ReaderState&);
void read_parameter_expression(KeywordCards&, const KeywordOptions&, ReaderState&);

// deck_references.cpp: after the last card, before validate_model.
void resolve_references(ReaderState& state);

}  // namespace mc

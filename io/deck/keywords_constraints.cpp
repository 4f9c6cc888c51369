// Rigid links between nodes: *CONSTRAINED_NODAL_RIGID_BODY,
// *CONSTRAINED_SPOTWELD and *CONSTRAINED_GENERALIZED_WELD_SPOT (each a
// NodalRigidBody), and *CONSTRAINED_EXTRA_NODES_NODE/_SET (nodes joining a
// rigid part's body); the node sets they name are expanded in
// resolve_references. Welds fail by force or time; failure by plastic strain
// (EP, EPSF) is listed as unsupported physics.
#include <cstdlib>

#include "io/deck/card_checks.hpp"
#include "io/deck/card_fields.hpp"
#include "io/deck/keyword_handlers.hpp"

namespace mc {

namespace {

constexpr double kNever = 1e20;  // LS-DYNA's "no failure" time and strain

bool fails(double value) { return value != 0.0 && value < kNever; }

// SN SS N M from four consecutive fields starting at `sn`, and the failure
// time (0 or 1e20: never). A force term needs its exponent: LS-DYNA's manual
// gives N and M no default.
WeldFailure weld_failure(const CardFields& fields, int sn, double time) {
  WeldFailure failure;
  failure.normal = fields.real(sn, "SN");
  failure.shear = fields.real(sn + 1, "SS");
  failure.normal_exponent = fields.real(sn + 2, "N");
  failure.shear_exponent = fields.real(sn + 3, "M");
  if (failure.normal < 0) fields.fail(sn, "SN", "must be >= 0 (0: no failure in tension)");
  if (failure.shear < 0) fields.fail(sn + 1, "SS", "must be >= 0 (0: no failure in shear)");
  if (failure.normal > 0 && !(failure.normal_exponent > 0)) {
    fields.fail(sn + 2, "N", "must be > 0 where SN is set (the exponent of the normal force has no default)");
  }
  if (failure.shear > 0 && !(failure.shear_exponent > 0)) {
    fields.fail(sn + 3, "M", "must be > 0 where SS is set (the exponent of the shear force has no default)");
  }
  if (fails(time)) failure.time = time;
  return failure;
}

// _ID's card: WID alone (a deck with WID before N1 or NSID on one card is
// refused here, not read a card late).
void read_weld_id_card(const Card& card, const KeywordCards& cards, const char* next) {
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  fields.id(1, "WID");
  for (int f = 2; f <= 8; ++f)
    if (!fields.blank(f)) fields.fail(f, "after WID", std::string("the _ID card holds WID alone; ") + next + " go on the next card");
}

void add_body(ReaderState& state, NodalRigidBody body, GlobalId node_set, const std::string& keyword) {
  if (node_set != 0) state.nodal_bodies.push_back({state.model.nodal_rigid_bodies.size(), node_set, keyword});
  state.model.nodal_rigid_bodies.push_back(std::move(body));
}

}  // namespace

// _INERTIA: cards 2-4 (5) as *PART_INERTIA's 3-5 (6) give the body's inertia.
void read_constrained_nodal_rigid_body(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  if (options.title) read_title_card(cards, "the title card");
  const bool inertia = cards.keyword().find("_INERTIA") != std::string::npos;
  do {
    const Card& card = cards.require("card 1 (PID CID NSID PNODE IPRT DRFLAG RRFLAG)");
    const CardFields fields(card, cards.keyword(), kStandardLayout);
    NodalRigidBody body;
    body.id = fields.id(1, "PID");
    body.where = card.where();
    const GlobalId node_set = fields.id(3, "NSID");
    // A negative PNODE only asks for its output in global axes, as all of it is.
    body.center_node = std::abs(fields.integer(4, "PNODE"));
    if (fields.option(6, "DRFLAG") != 0 || fields.option(7, "RRFLAG") != 0) {
      state.unsupported_option(cards.keyword(), "DRFLAG/RRFLAG release", card.where());
    }
    if (inertia) {
      body.given = true;
      body.inertia = read_inertia_cards(cards, state, "body " + std::to_string(body.id));
    }
    add_body(state, std::move(body), node_set, cards.keyword());
  } while (cards.has_more());
}

// One weld a card: N1 N2 SN SS N M TF EP; with _ID each weld's card follows
// its own WID card (as LS-DYNA and PyDYNA lay it out).
void read_constrained_spotweld(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    if (options.id) {
      read_weld_id_card(*card, cards, "N1 N2");
      card = &cards.require("card 1 (N1 N2 SN SS N M TF EP) after its WID card");
    }
    const CardFields fields(*card, cards.keyword(), kStandardLayout);
    NodalRigidBody weld;
    weld.nodes = {fields.id(1, "N1"), fields.id(2, "N2")};
    if (weld.nodes[0] == weld.nodes[1]) fields.fail(2, "N2", "a weld needs two different nodes");
    weld.where = card->where();
    weld.weld = true;
    const double tf = fields.real(7, "TF");
    if (tf < 0) fields.fail(7, "TF", "must be >= 0 (0: no failure in time)");
    weld.failure = weld_failure(fields, 3, tf);
    if (fails(fields.real(8, "EP"))) state.unsupported_option(cards.keyword(), "EP (failure by plastic strain)", card->where());
    add_body(state, std::move(weld), 0, cards.keyword());
  }
}

// A node set welded rigidly: (with _ID, the WID card) card 1 NSID CID FILTER
// WINDOW NPRT, card 2 TFAIL EPSF SN SS N M.
void read_constrained_generalized_weld_spot(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  do {
    if (options.id) read_weld_id_card(cards.require("the WID card"), cards, "NSID CID");
    const Card& card1 = cards.require("card 1 (NSID CID FILTER WINDOW NPRT)");
    const CardFields fields(card1, cards.keyword(), kStandardLayout);
    NodalRigidBody weld;
    weld.where = card1.where();
    const GlobalId node_set = fields.id(1, "NSID");
    const Card& card2 = cards.require("card 2 (TFAIL EPSF SN SS N M)");
    const CardFields failure(card2, cards.keyword(), kStandardLayout);
    weld.weld = true;
    const double tfail = failure.real(1, "TFAIL");
    if (tfail < 0) failure.fail(1, "TFAIL", "must be >= 0 (0: no failure in time)");
    weld.failure = weld_failure(failure, 3, tfail);
    if (fails(failure.real(2, "EPSF"))) {
      state.unsupported_option(cards.keyword(), "EPSF (failure by plastic strain)", card2.where());
    }
    add_body(state, std::move(weld), node_set, cards.keyword());
  } while (cards.has_more());
}

// One card a node (or node set): PID NID/NSID IFLAG. IFLAG 1 (leave the
// extra nodes out of the body's mass and inertia) is unsupported physics.
void read_constrained_extra_nodes(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  const bool node_set = cards.keyword().find("_SET") != std::string::npos;
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields fields(*card, cards.keyword(), kStandardLayout);
    ExtraNodes extra;
    extra.part = fields.id(1, "PID");
    const GlobalId target = fields.id(2, node_set ? "NSID" : "NID");
    if (fields.option(3, "IFLAG") != 0) state.unsupported_option(cards.keyword(), "IFLAG", card->where());
    extra.where = card->where();
    if (node_set) {
      state.extra_node_sets.push_back({state.model.extra_nodes.size(), target, cards.keyword()});
    } else {
      extra.nodes = {target};
    }
    state.model.extra_nodes.push_back(std::move(extra));
  }
}

// One merge a card: PIDL PIDC IFLAG. IFLAG 1 (LS-DYNA's "the constrained
// body's inertia is updated", used with its own *PART_INERTIA) is an
// unsupported option; the parts are checked in validate_model.
void read_constrained_rigid_bodies(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields fields(*card, cards.keyword(), kStandardLayout);
    RigidMerge merge;
    merge.lead = fields.id(1, "PIDL");
    merge.constrained = fields.id(2, "PIDC");
    if (merge.lead == merge.constrained) fields.fail(2, "PIDC", "a rigid part cannot be merged with itself");
    if (fields.option(3, "IFLAG") != 0) state.unsupported_option(cards.keyword(), "IFLAG", card->where());
    merge.where = card->where();
    state.model.rigid_merges.push_back(merge);
  }
}

}  // namespace mc

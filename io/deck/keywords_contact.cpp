// Contact keywords: *CONTACT_(AUTOMATIC_)SINGLE_SURFACE,
// *CONTACT_(AUTOMATIC_)SURFACE_TO_SURFACE, *CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK,
// *CONTACT_(AUTOMATIC_)NODES_TO_SURFACE and *CONTROL_CONTACT. The parts and
// part sets a contact names are checked in resolve_references, once the
// whole deck is read.
#include <algorithm>
#include <utility>
#include <vector>

#include "io/deck/card_checks.hpp"

namespace mc {

namespace {

// SSTYP/MSTYP values minicrash reads: the surface is made of shells.
constexpr int kSegmentSet = 0, kShellSet = 1, kPartSet = 2, kPart = 3, kNodeSet = 4, kAllParts = 5;

// `zero_means_all`: single surface reads SSID 0 as every part (LS-DYNA's default).
ContactSide read_side(const CardFields& fields, int id_field, int type_field, const char* id_name,
                      const char* type_name, bool zero_means_all, bool node_set_allowed = false) {
  ContactSide side;
  side.id = fields.integer(id_field, id_name);
  side.type = fields.option(type_field, type_name);
  if (side.id < 0) fields.fail(id_field, id_name, "id must not be negative");
  if (side.id == 0 && zero_means_all) {
    side.type = kAllParts;  // whatever SSTYP says
    return side;
  }
  if (side.type == kNodeSet && node_set_allowed) {
    if (side.id == 0) fields.fail(id_field, id_name, "a node set id is required for type 4");
    return side;
  }
  if (side.type != kSegmentSet && side.type != kShellSet && side.type != kPartSet && side.type != kPart &&
      side.type != kAllParts)
    fields.fail(type_field, type_name,
                "only segment sets (0), shell sets (1), part sets (2), parts (3) and all parts (5) are supported" +
                    std::string(node_set_allowed ? ", and slave node sets (4)" : ""));
  if (side.type != kAllParts && side.id == 0)
    fields.fail(id_field, id_name, "a set or part id is required for this type");
  return side;
}

// The _TIEBREAK card (card 4, after card 3): OPTION NFLS SFLS. OPTION 1
// (LS-DYNA's default): nodes that come into contact stick for good; 3: the
// same until the tie fails; 2: the nodes in contact at the start are tied
// until they fail, and all pairs are ordinary contact otherwise
// (contact_ties.hpp). The others (moments, frictional sliding, damage) are
// physics minicrash does not have.
void read_tiebreak_card(KeywordCards& cards, ReaderState& state, ContactInterface& contact) {
  const Card& card = cards.require("the TIEBREAK card (OPTION NFLS SFLS PARAM ERATEN ERATES CT2CN CN)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  int option = fields.option(1, "OPTION", 1);
  if (option == 0) option = 1;
  if (option < 1 || option > 3) {
    state.unsupported_option(cards.keyword(), "OPTION " + std::to_string(option) +
                                                  (option < 0 ? " (moments transferred)"
                                                   : option == 4 ? " (frictional sliding of the ties)"
                                                                 : " (tie damage)"),
                             card.where());
    return;
  }
  contact.tie_option = option;
  contact.tie_on_contact = option != 2;
  contact.tie_at_start = option == 2;
  if (option == 1) return;  // no failure
  contact.tie_normal_failure = fields.real(2, "NFLS");
  contact.tie_shear_failure = fields.real(3, "SFLS");
  if (contact.tie_normal_failure < 0) fields.fail(2, "NFLS", "failure stress must not be negative");
  if (contact.tie_shear_failure < 0) fields.fail(3, "SFLS", "failure stress must not be negative");
  if (contact.tie_normal_failure == 0 && contact.tie_shear_failure == 0)
    state.warn(card.where(), "OPTION " + std::to_string(option) + " with NFLS and SFLS 0: the ties never fail");
}

// How a contact keyword ties: not at all, by its TIEBREAK card, or at the
// start with untied nodes free (*CONTACT_TIED_...).
enum class Ties { None, Tiebreak, Tied };

// _MPP: card MPP 1 (IGNORE BCKT LCBCKT NS2TRK INITITR PARMAX - CPARM8) and,
// where the next card starts with '&', MPP 2 (& CHKSEGS PENSF GRPABLE).
// They tune LS-DYNA MPP's bucket sort, tracking and communication, which
// change no answer here. What would: IGNORE (keep initial penetrations,
// where minicrash moves the nodes out), CHKSEGS (drop bad segments), and
// PARMAX of a tie (its search extension; minicrash ties with 1.035).
void read_mpp_cards(KeywordCards& cards, ReaderState& state, Ties ties) {
  const Card& card = cards.require("card MPP 1 (IGNORE BCKT LCBCKT NS2TRK INITITR PARMAX - CPARM8)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  if (fields.option(1, "IGNORE") != 0) state.unsupported_option(cards.keyword(), "IGNORE (initial penetrations kept)", card.where());
  const double parmax = fields.real(6, "PARMAX");
  if (ties != Ties::None && parmax != 0 && parmax != 1.035)
    state.unsupported_option(cards.keyword(), "PARMAX (the ties' search extension)", card.where());
  if (!cards.next_starts_with('&')) return;
  Card second = cards.require("card MPP 2 (& CHKSEGS PENSF GRPABLE)");
  second.text[second.text.find('&')] = ' ';  // a mark, not a *PARAMETER reference
  const CardFields more(second, cards.keyword(), kStandardLayout);
  if (more.option(2, "CHKSEGS") != 0) state.unsupported_option(cards.keyword(), "CHKSEGS (bad segments dropped)", second.where());
}

void read_contact(KeywordCards& cards, const KeywordOptions& options, ReaderState& state,
                  ContactInterface::Kind kind, Ties ties = Ties::None) {
  const bool tiebreak = ties == Ties::Tiebreak;
  ContactInterface contact;
  contact.kind = kind;
  contact.id = static_cast<GlobalId>(state.model.contacts.size() + 1);
  if (options.id || options.title) {
    const Card& card = cards.require("the ID card (CID HEADING)");
    const CardFields fields(card, cards.keyword(), kIdTitleLayout);
    const GlobalId cid = fields.integer(1, "CID");
    if (cid < 0) fields.fail(1, "CID", "id must not be negative");
    if (cid > 0) contact.id = cid;
    contact.title = std::string(fields.raw(2));
  }
  if (options.mpp) read_mpp_cards(cards, state, ties);
  const bool single = kind == ContactInterface::Kind::SingleSurface;
  ContactRequest request;
  request.keyword = cards.keyword();
  {
    const Card& card = cards.require("card 1 (SSID MSID SSTYP MSTYP SBOXID MBOXID SPR MPR)");
    const CardFields fields(card, cards.keyword(), kStandardLayout);
    // Nodes to surface may name its slave nodes by a node set (4).
    request.slave = read_side(fields, 1, 3, "SSID", "SSTYP", single, kind == ContactInterface::Kind::NodesToSurface);
    if (!single) request.master = read_side(fields, 2, 4, "MSID", "MSTYP", false);
    if (fields.integer(5, "SBOXID") != 0 || fields.integer(6, "MBOXID") != 0)
      fields.fail(5, "SBOXID", "boxes are not supported; use a part set");
    contact.where = card.where();
  }
  {
    const Card& card = cards.require("card 2 (FS FD DC VC VDC PENCHK BT DT)");
    const CardFields fields(card, cards.keyword(), kStandardLayout);
    contact.static_friction = fields.real(1, "FS");
    contact.dynamic_friction = fields.real(2, "FD");
    contact.decay = fields.real(3, "DC");
    if (contact.static_friction < 0) {
      // LS-DYNA: FS -2 takes *DEFINE_FRICTION tables (FD then names one),
      // another negative FS each part's *PART_CONTACT values. With
      // --allow-unsupported the interface runs frictionless.
      state.unsupported_option(cards.keyword(),
                               contact.static_friction == -2 ? "FS -2 (friction from *DEFINE_FRICTION)"
                                                             : "FS < 0 (friction from each part's *PART_CONTACT)",
                               card.where());
      contact.static_friction = contact.dynamic_friction = 0;
    }
    if (contact.dynamic_friction < 0) fields.fail(2, "FD", "friction must not be negative");
    if (contact.decay < 0) fields.fail(3, "DC", "decay must not be negative");
    contact.viscous_friction = fields.real(4, "VC");
    contact.damping = fields.real(5, "VDC");
    if (contact.viscous_friction < 0) fields.fail(4, "VC", "viscous friction coefficient must not be negative");
    if (contact.damping < 0) fields.fail(5, "VDC", "damping must not be negative (percent of critical)");
    if (fields.option(6, "PENCHK") != 0)
      state.unsupported_option(cards.keyword(), "PENCHK (nodes released past a penetration)", card.where());
    contact.birth = fields.real(7, "BT");
    const double death = fields.real(8, "DT");
    contact.death = death == 0 ? 1e20 : death;
    if (contact.death <= contact.birth) fields.fail(8, "DT", "death time must come after birth time BT");
  }
  if (cards.has_more() || tiebreak) {
    const Card& card = cards.require("card 3 (SFS SFM SST MST SFST SFMT FSF VSF)");
    const CardFields fields(card, cards.keyword(), kStandardLayout);
    contact.slave_scale = fields.real(1, "SFS", 1.0);
    contact.master_scale = fields.real(2, "SFM", 1.0);
    if (fields.blank(1) || contact.slave_scale == 0) contact.slave_scale = 1.0;
    if (fields.blank(2) || contact.master_scale == 0) contact.master_scale = 1.0;
    if (contact.slave_scale < 0) fields.fail(1, "SFS", "penalty scale must be positive");
    if (contact.master_scale < 0) fields.fail(2, "SFM", "penalty scale must be positive");
    contact.slave_thickness = fields.real(3, "SST");
    contact.master_thickness = fields.real(4, "MST");
    // Tied contacts: a negative SST or MST is the tie's distance tolerance
    // (the Keyword Manual: whether a node is tied then depends only on the
    // separation relative to the absolute value), not a thickness.
    if (ties == Ties::Tied)
      for (double* t : {&contact.slave_thickness, &contact.master_thickness})
        if (*t < 0) {
          contact.tie_tolerance = std::max(contact.tie_tolerance, -*t);
          *t = 0;
        }
    if (contact.slave_thickness < 0) fields.fail(3, "SST", "thickness must not be negative");
    if (contact.master_thickness < 0) fields.fail(4, "MST", "thickness must not be negative");
    // SFST, SFMT scale the shells' thickness where SST, MST leave it; FSF
    // scales FS and FD, VSF scales VC (0 or blank: 1, LS-DYNA's default).
    const auto factor = [&](int field, const char* name) {
      const double f = fields.real(field, name, 1.0);
      if (f < 0) fields.fail(field, name, "scale factor must not be negative");
      return f == 0 ? 1.0 : f;
    };
    contact.slave_thickness_scale = factor(5, "SFST");
    contact.master_thickness_scale = factor(6, "SFMT");
    const double fsf = factor(7, "FSF");
    contact.static_friction *= fsf;
    contact.dynamic_friction *= fsf;
    contact.viscous_friction *= factor(8, "VSF");
  }
  if (tiebreak) read_tiebreak_card(cards, state, contact);
  read_contact_optional_cards(cards, kind == ContactInterface::Kind::SingleSurface, state, contact);
  if (ties == Ties::Tied) {
    contact.tie_at_start = contact.tied_only = true;
    contact.tie_moves_nodes = cards.keyword().find("OFFSET") == std::string::npos;
  }
  request.contact = state.model.contacts.size();
  state.model.contacts.push_back(std::move(contact));
  state.contacts.push_back(std::move(request));
}

}  // namespace

void read_contact_single_surface(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  // The non-automatic form checks one side of each segment only; minicrash's
  // contact is automatic (both sides, thickness offsets): said, not hidden.
  if (cards.keyword().find("AUTOMATIC") == std::string::npos) {
    state.warn(cards.keyword_line(), cards.keyword() + " runs as *CONTACT_AUTOMATIC_SINGLE_SURFACE (both sides of each segment)");
  }
  read_contact(cards, options, state, ContactInterface::Kind::SingleSurface);
}

void read_contact_surface_to_surface(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  if (cards.keyword().find("AUTOMATIC") == std::string::npos) {
    state.warn(cards.keyword_line(), cards.keyword() +
                                         " runs as *CONTACT_AUTOMATIC_SURFACE_TO_SURFACE (both sides of each segment, "
                                         "shell thickness offsets)");
  }
  read_contact(cards, options, state, ContactInterface::Kind::SurfaceToSurface);
}

void read_contact_surface_to_surface_tiebreak(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  read_contact(cards, options, state, ContactInterface::Kind::SurfaceToSurface, Ties::Tiebreak);
}

// *CONTACT_TIED_NODES_TO_SURFACE, _SURFACE_TO_SURFACE, _SHELL_EDGE_TO_SURFACE
// (and their _OFFSET, _CONSTRAINED_OFFSET, _BEAM_OFFSET forms): penalty
// ties made when the interface starts, each node where it is; without
// OFFSET each slave node that ties is first moved onto the master surface,
// as LS-DYNA does (where LS-DYNA then ties by constraint equations). A
// shell edge's rotations, which LS-DYNA ties too, are not: an unsupported
// option.
void read_contact_tied(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  const std::string& name = cards.keyword();
  if (name.find("SHELL_EDGE") != std::string::npos)
    state.unsupported_option(name, "rotations of the shell edges (their translations are tied)", cards.keyword_line());
  const bool surfaces = name.find("SURFACE_TO_SURFACE") != std::string::npos;
  read_contact(cards, options, state,
               surfaces ? ContactInterface::Kind::SurfaceToSurface : ContactInterface::Kind::NodesToSurface,
               Ties::Tied);
}

void read_contact_nodes_to_surface(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  // The slave side's nodes against the master side's segments, one way.
  if (cards.keyword().find("AUTOMATIC") == std::string::npos) {
    state.warn(cards.keyword_line(), cards.keyword() +
                                         " runs as *CONTACT_AUTOMATIC_NODES_TO_SURFACE (both sides of each segment, "
                                         "shell thickness offsets)");
  }
  read_contact(cards, options, state, ContactInterface::Kind::NodesToSurface);
}

void read_control_contact(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  const Card& card = cards.require("card 1 (SLSFAC RWPNAL ISLCHK SHLTHK PENOPT THKCHG ORIEN ENMASS)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  const double slsfac = fields.real(1, "SLSFAC");
  if (slsfac < 0) fields.fail(1, "SLSFAC", "penalty scale must not be negative");
  if (slsfac > 0) state.model.controls.contact_penalty = slsfac;  // 0: LS-DYNA's default 0.1
  state.thickness_update.contact_thickness_change = fields.option(6, "THKCHG");
  state.thickness_update.contact_where = card.where();
  // What else would change the answer (each card may be left out). The
  // rest tunes LS-DYNA's search or output, or acts in non-automatic, SOFT 2,
  // eroding, forming, beam, thermal or implicit contacts. Two defaults
  // differ: minicrash's walls stop rigid bodies' nodes too (RWPNAL 0 leaves
  // them out) and an eroded shell's nodes stay contact nodes (ENMASS 2).
  if (fields.real(2, "RWPNAL") < 0)
    state.unsupported_option(cards.keyword(), "RWPNAL < 0 (every node on walls by penalty)", card.where());
  list_acting_fields(fields, card, cards.keyword(), {{5, "PENOPT", 1, "penalty stiffness other than the smaller of segment and node"}},
                     state);
  static const std::pair<const char*, std::vector<ActingField>> acting[] = {
      {"card 2 (USRSTR USRFRC NSBCS INTERM XPENE SSTHK ECDT TIEDPRJ)",
       {{8, "TIEDPRJ", 0, "tied nodes not projected onto the surface"}}},
      {"card 3 (SFRIC DFRIC EDC VFC TH TH_SF PEN_SF)", {}},
      {"card 4 (IGNORE FRCENG SKIPRWG OUTSEG SPOTSTP SPOTDEL SPOTHIN)", {{1, "IGNORE", 0, "initial penetrations kept"}}},
      {"card 5 (ISYM NSEROD RWGAPS RWGDTH RWKSF ICOV SWRADF ITHOFF)",
       {{1, "ISYM", 0, "segments on symmetry planes left out"}}},
      {"card 6 (SHLEDG PSTIFF ITHCNT TDCNOF FTALL - SHLTRW IGACTC)",
       {{7, "SHLTRW", 0, "shell thickness against rigid walls"}}},
  };
  for (const auto& [name, on_card] : acting) {
    if (!cards.has_more()) return;
    const Card& next = cards.require(name);
    list_acting_fields(CardFields(next, cards.keyword(), kStandardLayout), next, cards.keyword(), on_card, state);
  }
  if (cards.has_more()) {
    state.warn(cards.require("card 7").where(), "cards after card 6 ignored");
    cards.skip_rest();
  }
}

}  // namespace mc

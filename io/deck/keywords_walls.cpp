// Rigid walls: *RIGIDWALL_PLANAR(_MOVING) and *RIGIDWALL_GEOMETRIC_FLAT,
// _PRISM, _CYLINDER, _SPHERE, stationary or with prescribed motion
// (_MOTION). The node sets and curves they name are looked up once the
// whole deck is read.
#include <cmath>
#include <cstring>
#include <vector>

#include "io/deck/card_checks.hpp"
#include "io/deck/card_fields.hpp"
#include "io/deck/input_error.hpp"
#include "io/deck/keyword_handlers.hpp"

namespace mc {

namespace {

// Cards 1 and 2, common to every wall: which nodes, where, friction.
void read_wall_cards(KeywordCards& cards, ReaderState& state, bool planar, RigidWall& wall, WallRequest& request) {
  {
    const Card& card1 = cards.require(planar ? "card 1 (NSID NSIDEX BOXID OFFSET BIRTH DEATH RWKSF)"
                                             : "card 1 (NSID NSIDEX BOXID BIRTH DEATH)");
    const CardFields fields(card1, cards.keyword(), kStandardLayout);
    request.node_set = optional_set_id(fields, 1, "NSID");
    request.exempt_set = optional_set_id(fields, 2, "NSIDEX");
    reject_box(fields, 3);
    if (planar && fields.real(4, "OFFSET") != 0.0) state.unsupported_option(cards.keyword(), "OFFSET", card1.where());
    const int birth_field = planar ? 5 : 4;
    const double birth = fields.real(birth_field, "BIRTH");
    const double death = fields.real(birth_field + 1, "DEATH");
    if (birth != 0.0 || (death != 0.0 && death < 1e20)) state.unsupported_option(cards.keyword(), "BIRTH/DEATH", card1.where());
    wall.where = card1.where();
  }
  const Card& card2 = cards.require("card 2 (XT YT ZT XH YH ZH FRIC WVEL)");
  const CardFields fields(card2, cards.keyword(), kStandardLayout);
  wall.tail = {fields.real(1, "XT"), fields.real(2, "YT"), fields.real(3, "ZT")};
  wall.head = {fields.real(4, "XH"), fields.real(5, "YH"), fields.real(6, "ZH")};
  wall.friction = fields.real(7, "FRIC");
  if (planar && fields.real(8, "WVEL") != 0.0) state.unsupported_option(cards.keyword(), "WVEL", card2.where());
}

void add_wall(KeywordCards& cards, ReaderState& state, RigidWall& wall, WallRequest& request) {
  request.keyword = cards.keyword();
  wall.all_nodes = request.node_set == 0 && request.exempt_set == 0;
  request.wall = state.model.rigid_walls.size();
  state.model.rigid_walls.push_back(std::move(wall));
  state.walls.push_back(std::move(request));
}

double positive(const CardFields& fields, int field, const char* name) {
  const double value = fields.real(field, name);
  if (!(value > 0.0)) fields.fail(field, name, "must be positive");
  return value;
}

// _DISPLAY: PID RO E PR give the wall a part to draw; the wall's physics
// is the same without them, so they are only checked to be numbers.
void read_display_card(const Card& card, const std::string& keyword) {
  const CardFields fields(card, keyword, kStandardLayout);
  fields.integer(1, "PID");
  fields.real(2, "RO");
  fields.real(3, "E");
  fields.real(4, "PR");
}

// _MOTION: LCID OPT VX VY VZ.
WallMotion read_motion_card(const Card& card, const std::string& keyword) {
  const CardFields fields(card, keyword, kStandardLayout);
  WallMotion motion;
  motion.curve = fields.id(1, "LCID");
  const int opt = fields.option(2, "OPT");
  if (opt != 0 && opt != 1) fields.fail(2, "OPT", "must be 0 (velocity) or 1 (displacement)");
  motion.displacement = opt == 1;
  const double d[3] = {fields.real(3, "VX"), fields.real(4, "VY"), fields.real(5, "VZ")};
  const double length = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  if (!(length > 0.0)) fields.fail(3, "VX", "the direction of motion (VX VY VZ) is zero");
  for (int k = 0; k < 3; ++k) motion.direction[static_cast<std::size_t>(k)] = d[k] / length;
  motion.where = card.where();
  return motion;
}

}  // namespace

void read_rigidwall_planar(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  skip_id_card(cards, options);
  RigidWall wall;
  WallRequest request;
  read_wall_cards(cards, state, true, wall, request);
  if (options.moving) {
    const Card& card3 = cards.require("card 3 (MASS V0)");
    const CardFields fields(card3, cards.keyword(), kStandardLayout);
    wall.moving = true;
    wall.mass = fields.real(1, "MASS");
    wall.speed = fields.real(2, "V0");
  }
  add_wall(cards, state, wall, request);
  cards.expect_end();
}

// The shape is the last word of the keyword's base name.
void read_rigidwall_geometric(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  skip_id_card(cards, options);
  RigidWall wall;
  WallRequest request;
  read_wall_cards(cards, state, false, wall, request);
  const std::string& name = cards.keyword();
  const auto is = [&](const char* shape) { return name.find(shape) != std::string::npos; };
  WallShape& shape = wall.shape;
  if (is("_CYLINDER")) {
    const Card& card3 = cards.require("card 3 (RADCYL LENCYL NSEGS)");
    const CardFields fields(card3, cards.keyword(), kStandardLayout);
    shape.kind = WallShape::Kind::Cylinder;
    shape.radius = positive(fields, 1, "RADCYL");
    shape.length = fields.real(2, "LENCYL");
    if (shape.length < 0.0) fields.fail(2, "LENCYL", "must not be negative (0: unbounded)");
    if (fields.option(3, "NSEGS") != 0) fields.fail(3, "NSEGS", "segments of other radii are not supported");
    // PyDYNA and LS-PrePost write the (unused) VL HEIGHT card even with NSEGS 0;
    // with _DISPLAY the last card is the display card.
    std::vector<Card> rest;
    while (const Card* card = cards.next()) rest.push_back(*card);
    while (!rest.empty() && rest.back().blank()) rest.pop_back();  // trailing blank lines are no cards
    if (options.display && !rest.empty()) {
      read_display_card(rest.back(), cards.keyword());
      rest.pop_back();
    }
    if (options.motion) {
      if (rest.empty()) {
        throw InputError(card3.where(), cards.keyword() + ": the motion card (LCID OPT VX VY VZ) is missing");
      }
      wall.motion = read_motion_card(rest.back(), cards.keyword());
      rest.pop_back();
    }
    if (rest.size() > 1) {
      throw InputError(rest[1].where(),
                       "unexpected card in " + cards.keyword() + " (a keyword line missing, or too many cards?)");
    }
    if (!rest.empty() && !rest.front().blank()) {
      const CardFields segment(rest.front(), cards.keyword(), kStandardLayout);
      if (segment.real(1, "VL") != 0.0 || segment.real(2, "HEIGHT") != 0.0)
        segment.fail(1, "VL", "segments of other radii are not supported (NSEGS 0)");
    }
  } else if (is("_SPHERE")) {
    const Card& card3 = cards.require("card 3 (RADSPH)");
    const CardFields fields(card3, cards.keyword(), kStandardLayout);
    shape.kind = WallShape::Kind::Sphere;
    shape.radius = positive(fields, 1, "RADSPH");
  } else {
    const bool prism = is("_PRISM");
    const Card& card3 = cards.require(prism ? "card 3 (XHEV YHEV ZHEV LENL LENM LENP)" : "card 3 (XHEV YHEV ZHEV LENL LENM)");
    const CardFields fields(card3, cards.keyword(), kStandardLayout);
    shape.kind = prism ? WallShape::Kind::Prism : WallShape::Kind::Flat;
    shape.edge = {fields.real(1, "XHEV"), fields.real(2, "YHEV"), fields.real(3, "ZHEV")};
    shape.length_l = positive(fields, 4, "LENL");
    shape.length_m = positive(fields, 5, "LENM");
    if (prism) shape.length_p = positive(fields, 6, "LENP");
  }
  if (options.motion && !is("_CYLINDER")) {
    wall.motion = read_motion_card(cards.require("the motion card (LCID OPT VX VY VZ)"), cards.keyword());
  }
  if (options.display && !is("_CYLINDER")) {
    if (const Card* card = cards.next()) read_display_card(*card, cards.keyword());
  }
  add_wall(cards, state, wall, request);
  cards.expect_end();
}

}  // namespace mc

// LS-DYNA's ASCII history layouts, as its ASCII writer and LSTC's l2a
// converter lay them out (l2a.c: output_title, output_legend,
// translate_glstat, translate_matsum, translate_rwforc, translate_rcforc),
// so that LS-PrePost and the usual glstat / matsum / rwforc / rcforc
// parsers read minicrash's files. Pure formatting: records in, text out.
//
//   header   ' ' + title (1x,a72) / '                         ls-dyna %-22s date mm/dd/yyyy'
//   legend   '{BEGIN LEGEND}' / ' Entity #        Title' / '%9d     %.70s' ... '{END LEGEND}',
//            or two blank lines when there is none
//   glstat   a block per output: ' dt of cycle%8d is controlled by ...', then
//            ' label.......%14.5E' lines (label and dots 31 wide)
//   matsum   a block per output: ' time =%13.4E', then four lines per part
//   rwforc   one column line, then '%12.5E%8d%15.6E%15.6E%15.6E%15.6E' rows
//   rcforc   '  slave %11d time%12.5E  x %12.5E  y %12.5E  z %12.5E mass %12.5E'
//            and the same with '  master' per interface and output
//
// docs/outputs.md says which of LS-DYNA's lines minicrash leaves out.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "io/output/output_records.hpp"

namespace mc::lsdyna {

// The two header lines and the blank ones LS-DYNA leaves after them; the
// date is today's.
std::string header(const std::string& title, const std::string& version);
// The legend of entity ids and titles (matsum's parts); empty: two blank lines.
std::string legend(const std::vector<std::pair<GlobalId, std::string>>& entities);

// `walls`: their stonewall energies, a line each.
std::string glstat_block(const EnergyRecord& r, const std::vector<WallRecord>& walls);
std::string matsum_block(double time, const std::vector<PartRecord>& parts);
std::string rwforc_columns();
std::string rwforc_rows(double time, const std::vector<WallRecord>& walls);
std::string rcforc_rows(double time, const std::vector<ContactRecord>& contacts);

}  // namespace mc::lsdyna

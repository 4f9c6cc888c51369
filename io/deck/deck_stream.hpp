// The lines of a deck across *INCLUDE files, one at a time (a deck with 1e7
// nodes is never held in memory as text), and the cards of one keyword.
#pragma once

#include <deque>
#include <filesystem>
#include <istream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "io/deck/card_fields.hpp"

namespace mc {

class DeckStream {
 public:
  static constexpr int kMaxIncludeDepth = 10;

  DeckStream(std::unique_ptr<std::istream> top, const std::string& name);

  enum class LineKind { Keyword, Card, FileEnd, DeckEnd };
  // Next non-comment line into `out`. FileEnd is reported once at the end of
  // every included file (a keyword never continues into its parent file);
  // DeckEnd, then always DeckEnd, when the top file is done.
  LineKind next(Card& out);
  // Deliver the last line again on the next call (a keyword line that ended
  // the previous keyword's cards).
  void push_back() { pushed_back_ = true; }

  // Start reading `file` (relative to the directory of the current file);
  // `from` is the *INCLUDE card, for messages.
  void include(const std::string& file, const SourceLine& from);
  // One *INCLUDE naming several files: read one after the other, each
  // resolved against the including file, before the including file goes on.
  void include_all(const std::vector<std::pair<std::string, SourceLine>>& files);
  // *INCLUDE_PATH: where *INCLUDE looks after the including file's own
  // directory; a relative `directory` is taken from the main deck's.
  void add_include_path(const std::string& directory);
  // *END: stop reading the current file.
  void end_current_file() { open_.back().finished = true; }

  // Cards read from now on resolve "&name" fields against `parameters`.
  void use_parameters(const DeckParameters* parameters) { parameters_ = parameters; }

  const std::string& file_name(int index) const { return names_[static_cast<std::size_t>(index)]; }
  // Where reading stopped: the top file and its last line read.
  SourceLine position() const { return {names_.front(), top_last_line_}; }

 private:
  struct OpenFile {
    std::unique_ptr<std::istream> in;
    int name_index = 0;
    std::filesystem::path directory;
    std::string identity;  // canonical path, to detect include cycles
    int line = 0;
    bool finished = false;  // kept on the stack until the next read (see next())
    std::deque<std::pair<std::string, SourceLine>> queued;  // *INCLUDE files after the open one
    bool has_pending = false;  // a line read ahead before an *INCLUDE took over
    Card pending;
    LineKind pending_kind = LineKind::Card;
  };
  LineKind read_raw(Card& out);
  void check_bytes(std::string& line, const OpenFile& file) const;

  std::deque<std::string> names_;  // deque: Card::file pointers stay valid
  std::vector<OpenFile> open_;     // the include stack, top file first
  Card last_;
  LineKind last_kind_ = LineKind::DeckEnd;
  bool pushed_back_ = false;
  std::string buffer_;
  int top_last_line_ = 0;
  const DeckParameters* parameters_ = nullptr;
  std::vector<std::filesystem::path> include_paths_;
};

// The cards of one keyword, read from the stream on demand. A blank line is
// a card with default fields, but blank lines at the end of a keyword are
// not: has_more() looks past them.
class KeywordCards {
 public:
  KeywordCards(DeckStream& stream, std::string keyword, const Card& keyword_line);

  // The keyword as the deck spells it, upper-cased: "*MAT_ELASTIC_TITLE".
  const std::string& keyword() const { return keyword_; }
  // Where the keyword line stands.
  SourceLine keyword_line() const { return {file_ ? *file_ : std::string(), keyword_line_}; }

  // Next card, or nullptr where the next keyword or the end of file starts.
  const Card* next();
  // True while a non-blank card remains in this keyword.
  bool has_more();
  // True where the next card (not a blank one) starts with `c`: LS-DYNA
  // marks some optional cards so (the second _MPP card, '&').
  bool next_starts_with(char c);
  // The next card; error "missing <what>" when the keyword has no more.
  const Card& require(const std::string& what);
  // Error when a non-blank card remains: a keyword line forgotten, most likely.
  void expect_end();
  // Drop the remaining cards (unknown keywords).
  void skip_rest();

 private:
  bool read(Card& out);

  DeckStream& stream_;
  std::string keyword_;
  const std::string* file_ = nullptr;
  int file_index_ = 0;
  int keyword_line_ = 0;
  int last_line_ = 0;  // last card handed out, for "missing card" messages
  Card current_;
  Card lookahead_;
  bool has_lookahead_ = false;
  std::vector<int> blank_lines_;  // blank lines read ahead by has_more()
  std::size_t next_blank_ = 0;
  bool ended_ = false;
};

}  // namespace mc

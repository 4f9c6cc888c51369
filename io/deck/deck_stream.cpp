#include "io/deck/deck_stream.hpp"

#include <cstdio>
#include <fstream>
#include <system_error>

#include "io/deck/input_error.hpp"

namespace mc {

namespace {

// Cards are 80 columns; a line this long is a binary file or a runaway
// generator, and reading it whole could exhaust memory.
constexpr std::size_t kMaxLineLength = 100000;

enum class ReadStatus { Line, End, TooLong };

// getline with a length cap, on the stream buffer (fast, no locale).
ReadStatus read_line(std::istream& in, std::string& line) {
  line.clear();
  std::streambuf* buffer = in.rdbuf();
  if (buffer == nullptr) return ReadStatus::End;
  bool any = false;
  for (;;) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) return any ? ReadStatus::Line : ReadStatus::End;
    any = true;
    if (c == '\n') return ReadStatus::Line;
    if (line.size() >= kMaxLineLength) return ReadStatus::TooLong;
    line.push_back(static_cast<char>(c));
  }
}

std::string identity_of(const std::filesystem::path& path) {
  std::error_code error;
  const auto canonical = std::filesystem::weakly_canonical(path, error);
  return (error ? path.lexically_normal() : canonical).string();
}

}  // namespace

DeckStream::DeckStream(std::unique_ptr<std::istream> top, const std::string& name) {
  names_.push_back(name);
  OpenFile file;
  file.in = std::move(top);
  file.name_index = 0;
  file.directory = std::filesystem::path(name).parent_path();
  file.identity = identity_of(name);
  open_.push_back(std::move(file));
}

void DeckStream::check_bytes(std::string& line, const OpenFile& file) const {
  if (!line.empty() && line.back() == '\r') line.pop_back();  // CRLF decks
  if (file.line == 1 && line.compare(0, 3, "\xEF\xBB\xBF") == 0) line.erase(0, 3);  // UTF-8 BOM
  for (std::size_t i = 0; i < line.size(); ++i) {
    const auto byte = static_cast<unsigned char>(line[i]);
    if ((byte < 0x20 && byte != '\t') || byte == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", byte);
      throw InputError({names_[static_cast<std::size_t>(file.name_index)], file.line},
                       std::string("non-printable byte ") + hex + " in column " + std::to_string(i + 1) +
                           ": not a text keyword deck (binary or UTF-16 file?)");
    }
  }
}

DeckStream::LineKind DeckStream::read_raw(Card& out) {
  for (;;) {
    OpenFile& file = open_.back();
    if (file.has_pending) {
      file.has_pending = false;
      out = file.pending;
      return file.pending_kind;
    }
    if (file.finished) {
      // Popped only now, so that an *INCLUDE that is the last keyword of a
      // file still resolves against that file's directory.
      if (open_.size() == 1) return LineKind::DeckEnd;
      open_.pop_back();
      // The including file's next *INCLUDE file comes before its own next line.
      if (auto& queued = open_.back().queued; !queued.empty()) {
        const auto [next_file, from] = queued.front();
        queued.pop_front();
        include(next_file, from);
      }
      continue;
    }
    const ReadStatus status = read_line(*file.in, buffer_);
    if (status == ReadStatus::End) {
      file.finished = true;
      if (open_.size() == 1) return LineKind::DeckEnd;
      return LineKind::FileEnd;
    }
    ++file.line;
    if (open_.size() == 1) top_last_line_ = file.line;
    const auto& name = names_[static_cast<std::size_t>(file.name_index)];
    if (status == ReadStatus::TooLong) {
      throw InputError({name, file.line}, "line longer than " + std::to_string(kMaxLineLength) +
                                              " characters: not a text keyword deck");
    }
    check_bytes(buffer_, file);
    if (!buffer_.empty() && buffer_[0] == '$') continue;  // comment
    out.text = buffer_;
    out.file = &name;
    out.file_index = file.name_index;
    out.line = file.line;
    out.parameters = parameters_;
    return !out.text.empty() && out.text[0] == '*' ? LineKind::Keyword : LineKind::Card;
  }
}

DeckStream::LineKind DeckStream::next(Card& out) {
  if (pushed_back_) {
    pushed_back_ = false;
    out = last_;
    return last_kind_;
  }
  last_kind_ = read_raw(last_);
  out = last_;
  return last_kind_;
}

void DeckStream::include_all(const std::vector<std::pair<std::string, SourceLine>>& files) {
  if (files.empty()) return;
  open_.back().queued.assign(files.begin() + 1, files.end());
  include(files.front().first, files.front().second);
}

void DeckStream::include(const std::string& file, const SourceLine& from) {
  if (static_cast<int>(open_.size()) > kMaxIncludeDepth) {
    throw InputError(from, "*INCLUDE nested more than " + std::to_string(kMaxIncludeDepth) +
                               " files deep (an include cycle?)");
  }
  std::filesystem::path path(file);
  std::string looked_in;
  if (path.is_relative()) {
    path = open_.back().directory / file;
    looked_in = path.string();
    // Then *INCLUDE_PATH's directories, in the order given.
    std::error_code missing;
    for (std::size_t d = 0; d < include_paths_.size() && !std::filesystem::exists(path, missing); ++d) {
      const std::filesystem::path candidate = include_paths_[d] / file;
      looked_in += ", " + candidate.string();
      if (std::filesystem::exists(candidate, missing)) path = candidate;
    }
  } else {
    looked_in = path.string();
  }
  const std::string identity = identity_of(path);
  for (const auto& open : open_) {
    if (open.identity == identity) {
      std::string chain;
      for (const auto& link : open_) chain += names_[static_cast<std::size_t>(link.name_index)] + " -> ";
      throw InputError(from, "*INCLUDE cycle: '" + file + "' is already being read (" + chain +
                                 path.string() + ")");
    }
  }
  std::error_code error;
  const auto type = std::filesystem::status(path, error).type();
  if (type == std::filesystem::file_type::directory) {
    throw InputError(from, "*INCLUDE: '" + file + "' is a directory, not a deck file");
  }
  // A device or pipe (/dev/zero, /dev/stdin, a FIFO) may never end, or block.
  if (type != std::filesystem::file_type::regular && type != std::filesystem::file_type::not_found &&
      type != std::filesystem::file_type::none) {
    throw InputError(from, "*INCLUDE: '" + file + "' is not a regular file (a device or a pipe?)");
  }
  auto stream = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!stream->is_open()) {
    throw InputError(from, "*INCLUDE: cannot open '" + file + "' (looked for " + looked_in + ")");
  }
  // A line read ahead in the including file comes after the included one.
  if (pushed_back_) {
    pushed_back_ = false;
    open_.back().has_pending = true;
    open_.back().pending = last_;
    open_.back().pending_kind = last_kind_;
  }
  names_.push_back(path.lexically_normal().string());
  OpenFile opened;
  opened.in = std::move(stream);
  opened.name_index = static_cast<int>(names_.size() - 1);
  opened.directory = path.parent_path();
  opened.identity = identity;
  open_.push_back(std::move(opened));
}

void DeckStream::add_include_path(const std::string& directory) {
  std::filesystem::path path(directory);
  if (path.is_relative()) path = open_.front().directory / path;
  include_paths_.push_back(path);
}

KeywordCards::KeywordCards(DeckStream& stream, std::string keyword, const Card& keyword_line)
    : stream_(stream),
      keyword_(std::move(keyword)),
      file_(keyword_line.file),
      file_index_(keyword_line.file_index),
      keyword_line_(keyword_line.line),
      last_line_(keyword_line.line) {}

bool KeywordCards::read(Card& out) {
  if (ended_) return false;
  switch (stream_.next(out)) {
    case DeckStream::LineKind::Card:
      return true;
    case DeckStream::LineKind::Keyword:
      stream_.push_back();
      break;
    case DeckStream::LineKind::FileEnd:
    case DeckStream::LineKind::DeckEnd:
      break;
  }
  ended_ = true;
  return false;
}

const Card* KeywordCards::next() {
  if (next_blank_ < blank_lines_.size()) {
    current_.text.clear();
    current_.file = file_;
    current_.file_index = file_index_;
    current_.line = blank_lines_[next_blank_++];
    if (next_blank_ == blank_lines_.size()) {
      blank_lines_.clear();
      next_blank_ = 0;
    }
  } else if (has_lookahead_) {
    has_lookahead_ = false;
    std::swap(current_, lookahead_);
  } else if (!read(current_)) {
    return nullptr;
  }
  last_line_ = current_.line;
  return &current_;
}

bool KeywordCards::has_more() {
  if (has_lookahead_) return true;
  while (read(lookahead_)) {
    if (!lookahead_.blank()) {
      has_lookahead_ = true;
      return true;
    }
    blank_lines_.push_back(lookahead_.line);
  }
  return false;
}

bool KeywordCards::next_starts_with(char c) {
  if (!has_more() || next_blank_ < blank_lines_.size()) return false;
  const std::size_t first = lookahead_.text.find_first_not_of(" \t");
  return first != std::string::npos && lookahead_.text[first] == c;
}

const Card& KeywordCards::require(const std::string& what) {
  if (const Card* card = next()) return *card;
  throw InputError({*file_, last_line_}, keyword_ + " ends here, but " + what + " is missing");
}

void KeywordCards::expect_end() {
  if (!has_more()) return;
  throw InputError(lookahead_.where(), "unexpected card in " + keyword_ +
                                           " (a keyword line missing, or too many cards?)");
}

void KeywordCards::skip_rest() {
  while (next() != nullptr) {
  }
}

}  // namespace mc

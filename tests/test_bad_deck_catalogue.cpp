// The bad-deck catalogue through the reader alone (the ctest entries run the
// same decks through the minicrash program): each malformed deck must fail
// with an InputError whose message holds the catalogued "deck.k:LINE: ...".
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "io/deck/input_error.hpp"
#include "io/deck/keyword_reader.hpp"

namespace {

struct CatalogueEntry {
  std::string deck;
  int exit_code = 0;
  std::string message;
};

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

const std::string kDeckDir = std::string(MINICRASH_SOURCE_DIR) + "/tests/bad_decks/";

std::vector<CatalogueEntry> load_catalogue() {
  std::vector<CatalogueEntry> entries;
  std::ifstream in(kDeckDir + "catalogue.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto bar1 = line.find('|');
    const auto bar2 = line.find('|', bar1 + 1);
    if (bar1 == std::string::npos || bar2 == std::string::npos) continue;  // caught by CatalogueIsWellFormed
    entries.push_back({trimmed(line.substr(0, bar1)), std::stoi(line.substr(bar1 + 1, bar2 - bar1 - 1)),
                       trimmed(line.substr(bar2 + 1))});
  }
  return entries;
}

// Test names and failures show the deck, not the entry's bytes.
void PrintTo(const CatalogueEntry& entry, std::ostream* out) { *out << entry.deck; }

class BadDeckCatalogue : public ::testing::TestWithParam<CatalogueEntry> {};

TEST_P(BadDeckCatalogue, FailsWithCataloguedMessage) {
  const CatalogueEntry& entry = GetParam();
  EXPECT_EQ(entry.exit_code, mc::kExitInput) << "the reader only produces input errors";
  std::ostringstream warnings;
  try {
    mc::read_deck(kDeckDir + entry.deck, warnings);
    FAIL() << entry.deck << " was accepted";
  } catch (const mc::InputError& error) {
    EXPECT_NE(std::string(error.what()).find(entry.message), std::string::npos)
        << "message: " << error.what() << "\nexpected to contain: " << entry.message;
  }
}

std::string test_name(const ::testing::TestParamInfo<CatalogueEntry>& info) {
  std::string name;
  for (char c : info.param.deck) name.push_back(std::isalnum(static_cast<unsigned char>(c)) ? c : '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Decks, BadDeckCatalogue, ::testing::ValuesIn(load_catalogue()), test_name);

TEST(BadDeckCatalogueFile, ListsAtLeastEighteenDecksEachWithLinePrefixAndComment) {
  const auto entries = load_catalogue();
  EXPECT_GE(entries.size(), 18u);
  for (const auto& entry : entries) {
    EXPECT_EQ(entry.message.rfind(entry.deck + ":", 0), 0u) << entry.deck << ": message must start with deck:LINE:";
    std::ifstream deck(kDeckDir + entry.deck, std::ios::binary);
    std::string first_line;
    std::getline(deck, first_line);
    EXPECT_EQ(first_line.rfind("$", 0), 0u) << entry.deck << ": first line must be a $ comment saying what is wrong";
  }
}

}  // namespace

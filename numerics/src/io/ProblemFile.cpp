// Problem-kind detection and the generic problem reader (heuristic documented in
// ProblemFile.hpp and docs/numerics/file-format.md).
#include <moreau/numerics/io/ProblemFile.hpp>

#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/DatTokenizer.hpp>

#include "DatReaders.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace moreau::numerics {

namespace {

std::string lower(std::string_view s) {
  std::string r(s);
  std::transform(r.begin(), r.end(), r.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return r;
}

// Kind named by one word of a file or folder name; `fcAny` for a friction-contact
// word without dimension.
enum class Hint { None, Lcp, Mlcp, Relay, Fc2d, Fc3d, FcAny };

Hint hintOfWord(const std::string& w) {
  if (w == "lcp") return Hint::Lcp;
  if (w == "mlcp") return Hint::Mlcp;
  if (w == "relay") return Hint::Relay;
  if (w == "fc2d" || w == "frictioncontact2d") return Hint::Fc2d;
  if (w == "fc3d" || w == "frictioncontact3d") return Hint::Fc3d;
  if (w.rfind("frictioncontact", 0) == 0) return Hint::FcAny;
  return Hint::None;
}

// Hints of a name, split into words at every non-alphanumeric character.
std::vector<Hint> hintsOfName(const std::string& name) {
  std::vector<Hint> hints;
  std::string word;
  const auto flush = [&] {
    const Hint h = hintOfWord(lower(word));
    if (h != Hint::None) hints.push_back(h);
    word.clear();
  };
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      word += c;
    } else {
      flush();
    }
  }
  flush();
  return hints;
}

bool hintMatches(Hint h, ProblemKind k) {
  switch (h) {
    case Hint::Lcp:
      return k == ProblemKind::Lcp;
    case Hint::Mlcp:
      return k == ProblemKind::Mlcp;
    case Hint::Relay:
      return k == ProblemKind::Relay;
    case Hint::Fc2d:
      return k == ProblemKind::Fc2d;
    case Hint::Fc3d:
      return k == ProblemKind::Fc3d;
    case Hint::FcAny:
      return k == ProblemKind::Fc2d || k == ProblemKind::Fc3d;
    case Hint::None:
      break;
  }
  return false;
}

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open file");
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

ProblemFile parseAs(DatTokenizer& tok, ProblemKind kind) {
  switch (kind) {
    case ProblemKind::Lcp:
      return {kind, io_detail::readLcp(tok)};
    case ProblemKind::Mlcp:
      return {kind, io_detail::readMlcp(tok, MlcpFilePart::Preferred)};
    case ProblemKind::Relay:
      return {kind, io_detail::readRelay(tok)};
    case ProblemKind::Fc2d:
    case ProblemKind::Fc3d:
      break;
  }
  FrictionContactProblem fc = io_detail::readFrictionContact(tok);
  const ProblemKind actual = fc.dimension() == 2 ? ProblemKind::Fc2d : ProblemKind::Fc3d;
  return {actual, std::move(fc)};
}

struct Candidate {
  ProblemFile file;
  long leftover = 0;  // tokens after the problem
};

ProblemFile detectAndRead(const std::string& path) {
  const std::string text = readText(path);
  std::vector<Candidate> candidates;
  std::string reasons;
  // Order = tie-break order: fc, mlcp, relay, lcp.
  for (ProblemKind k :
       {ProblemKind::Fc3d, ProblemKind::Mlcp, ProblemKind::Relay, ProblemKind::Lcp}) {
    DatTokenizer tok(path, text);
    try {
      ProblemFile f = parseAs(tok, k);
      long leftover = 0;
      while (!tok.atEnd()) {
        (void)tok.next("trailing token");
        ++leftover;
      }
      candidates.push_back({std::move(f), leftover});
    } catch (const DatFormatError& e) {
      const char* name = k == ProblemKind::Fc3d ? "fc2d/fc3d" : problemKindName(k);
      reasons += std::string("\n  as ") + name + ": " + e.what();
    }
  }
  if (candidates.empty()) {
    throw DatFormatError(path +
                         ": not a readable lcp, mlcp, relay or friction-contact file:" + reasons);
  }
  const std::filesystem::path p(path);
  std::vector<Hint> hints = hintsOfName(p.stem().string());
  const std::vector<Hint> folder = hintsOfName(p.parent_path().filename().string());
  hints.insert(hints.end(), folder.begin(), folder.end());
  for (Hint h : hints) {
    for (auto& c : candidates) {
      if (hintMatches(h, c.file.kind)) return std::move(c.file);
    }
  }
  auto best = std::min_element(candidates.begin(), candidates.end(),
                               [](const Candidate& a, const Candidate& b) {
                                 return a.leftover < b.leftover;  // stable: first wins ties
                               });
  return std::move(best->file);
}

}  // namespace

const char* problemKindName(ProblemKind kind) {
  switch (kind) {
    case ProblemKind::Lcp:
      return "lcp";
    case ProblemKind::Mlcp:
      return "mlcp";
    case ProblemKind::Relay:
      return "relay";
    case ProblemKind::Fc2d:
      return "fc2d";
    case ProblemKind::Fc3d:
      return "fc3d";
  }
  return "unknown";
}

std::optional<ProblemKind> parseProblemKind(std::string_view name) {
  const std::string l = lower(name);
  for (ProblemKind k : {ProblemKind::Lcp, ProblemKind::Mlcp, ProblemKind::Relay, ProblemKind::Fc2d,
                        ProblemKind::Fc3d}) {
    if (l == problemKindName(k)) return k;
  }
  return std::nullopt;
}

ProblemKind detectProblemKind(const std::string& path) { return detectAndRead(path).kind; }

ProblemFile readProblemFile(const std::string& path, std::optional<ProblemKind> kind) {
  if (!kind) return detectAndRead(path);
  DatTokenizer tok = DatTokenizer::fromFile(path);
  ProblemFile f = parseAs(tok, *kind);
  if (f.kind != *kind) {
    tok.fail(std::string("the file is a ") + problemKindName(f.kind) +
             " problem (dimension token), not " + problemKindName(*kind));
  }
  return f;
}

}  // namespace moreau::numerics

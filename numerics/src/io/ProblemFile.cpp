// Problem-kind detection and the generic problem reader (heuristic documented in
// ProblemFile.hpp and docs/numerics/file-format.md).
#include <moreau/numerics/io/ProblemFile.hpp>

#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/DatTokenizer.hpp>

#include "DatReaders.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
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

// Tokens after the problem (counting them does not parse numbers).
long leftoverTokens(DatTokenizer tok) {
  long leftover = 0;
  while (!tok.atEnd()) {
    (void)tok.next("trailing token");
    ++leftover;
  }
  return leftover;
}

// Every reader tries the file once, on one shared copy of its text. The relay
// layout is the LCP layout (n, M, q) followed by lb and ub, so the relay candidate
// continues the LCP parse instead of parsing n, M and q again; the other readers
// reject a file of another kind within its first few tokens (and every declared
// size is checked against the file before anything is allocated).
ProblemFile detectAndParse(const DatTokenizer& file) {
  const std::string& path = file.name();
  std::string reasons;
  const auto attempt = [&](const char* name, auto&& parse) {
    try {
      parse();
      return true;
    } catch (const DatFormatError& e) {
      reasons += std::string("\n  as ") + name + ": " + e.what();
      return false;
    }
  };
  struct Candidate {
    ProblemKind kind;
    long leftover;  // tokens after the problem
  };
  std::vector<Candidate> candidates;  // in tie-break order: fc, mlcp, relay, lcp
  std::optional<FrictionContactProblem> fc;
  std::optional<MixedLinearComplementarityProblem> mlcp;
  std::optional<LinearComplementarityProblem> lcp;
  std::optional<RelayProblem> relay;  // its M stays in *lcp until relay is chosen

  attempt("fc2d/fc3d", [&] {
    DatTokenizer tok = file;
    fc = io_detail::readFrictionContact(tok);
    candidates.push_back(
        {fc->dimension() == 2 ? ProblemKind::Fc2d : ProblemKind::Fc3d, leftoverTokens(tok)});
  });
  attempt("mlcp", [&] {
    DatTokenizer tok = file;
    mlcp = io_detail::readMlcp(tok, MlcpFilePart::Preferred);
    candidates.push_back({ProblemKind::Mlcp, leftoverTokens(tok)});
  });
  DatTokenizer afterLcp = file;
  long lcpLeftover = 0;
  if (attempt("lcp/relay", [&] {
        lcp = io_detail::readLcp(afterLcp);
        lcpLeftover = leftoverTokens(afterLcp);
      })) {
    attempt("relay", [&] {
      DatTokenizer tok = afterLcp;
      auto [lb, ub] = io_detail::readRelayBounds(tok, lcp->size());
      // Validated by RelayProblem itself, with the LCP's matrix lent for the check.
      RelayProblem r;
      r.q() = lcp->q();
      r.lb() = std::move(lb);
      r.ub() = std::move(ub);
      r.M() = std::move(lcp->M());
      try {
        r.validate();
      } catch (const std::invalid_argument& e) {
        lcp->M() = std::move(r.M());
        tok.fail(e.what());
      }
      lcp->M() = std::move(r.M());
      relay = std::move(r);
      candidates.push_back({ProblemKind::Relay, leftoverTokens(tok)});
    });
    candidates.push_back({ProblemKind::Lcp, lcpLeftover});
  }
  if (candidates.empty()) {
    throw DatFormatError(path +
                         ": not a readable lcp, mlcp, relay or friction-contact file:" + reasons);
  }
  ProblemKind chosen = std::min_element(candidates.begin(), candidates.end(),
                                        [](const Candidate& a, const Candidate& b) {
                                          return a.leftover < b.leftover;  // first wins ties
                                        })
                           ->kind;
  const std::filesystem::path p(path);
  std::vector<Hint> hints = hintsOfName(p.stem().string());
  const std::vector<Hint> folder = hintsOfName(p.parent_path().filename().string());
  hints.insert(hints.end(), folder.begin(), folder.end());
  const auto hinted = std::find_if(hints.begin(), hints.end(), [&](Hint h) {
    return std::any_of(candidates.begin(), candidates.end(),
                       [&](const Candidate& c) { return hintMatches(h, c.kind); });
  });
  if (hinted != hints.end()) {
    chosen = std::find_if(candidates.begin(), candidates.end(), [&](const Candidate& c) {
               return hintMatches(*hinted, c.kind);
             })->kind;
  }
  switch (chosen) {
    case ProblemKind::Lcp:
      return {chosen, std::move(*lcp)};
    case ProblemKind::Mlcp:
      return {chosen, std::move(*mlcp)};
    case ProblemKind::Relay:
      relay->M() = std::move(lcp->M());
      return {chosen, std::move(*relay)};
    case ProblemKind::Fc2d:
    case ProblemKind::Fc3d:
      break;
  }
  return {chosen, std::move(*fc)};
}

ProblemFile detectAndRead(const std::string& path) {
  DatTokenizer file = DatTokenizer::fromFile(path);
  return io_detail::guardAllocation(file, [&] { return detectAndParse(std::as_const(file)); });
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
  ProblemFile f = io_detail::guardAllocation(tok, [&] { return parseAs(tok, *kind); });
  if (f.kind != *kind) {
    tok.fail(std::string("the file is a ") + problemKindName(f.kind) +
             " problem (dimension token), not " + problemKindName(*kind));
  }
  return f;
}

}  // namespace moreau::numerics

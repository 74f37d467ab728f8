#include <moreau/numerics/io/DatTokenizer.hpp>

#include <moreau/numerics/io/DatFile.hpp>

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace moreau::numerics {

DatTokenizer DatTokenizer::fromFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open file");
  std::ostringstream os;
  os << in.rdbuf();
  return DatTokenizer(path, os.str());
}

DatTokenizer::DatTokenizer(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {}

void DatTokenizer::skipSpace() {
  while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) {
    if (text_[pos_] == '\n') ++curLine_;
    ++pos_;
  }
}

bool DatTokenizer::atEnd() {
  skipSpace();
  return pos_ >= text_.size();
}

std::string_view DatTokenizer::next(const char* what) {
  skipSpace();
  if (pos_ >= text_.size()) {
    // Reported at the line of the last token (the file's last non-blank line).
    fail(std::string("unexpected end of file while reading ") + what);
  }
  const std::size_t start = pos_;
  while (pos_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  line_ = curLine_;
  return std::string_view(text_).substr(start, pos_ - start);
}

void DatTokenizer::expect(std::string_view expected) {
  const std::string what = "'" + std::string(expected) + "'";
  const std::string_view tok = next(what.c_str());
  if (tok != expected) failExpected(what.c_str(), tok);
}

long DatTokenizer::readInt(const char* what, long minValue, long maxValue) {
  const std::string tok(next(what));
  errno = 0;
  char* end = nullptr;
  const long v = std::strtol(tok.c_str(), &end, 10);
  if (end == tok.c_str() || *end != '\0' || errno == ERANGE) failExpected(what, tok);
  if (v < minValue || v > maxValue) {
    fail(std::string(what) + " = " + tok + " is out of range [" + std::to_string(minValue) + ", " +
         std::to_string(maxValue) + "]");
  }
  return v;
}

long DatTokenizer::readIndex(const char* what, long minValue, long maxValue) {
  const std::string tok(next(what));
  char* end = nullptr;
  const double v = std::strtod(tok.c_str(), &end);
  if (end == tok.c_str() || *end != '\0' || !std::isfinite(v) || v != std::floor(v)) {
    failExpected(what, tok);
  }
  if (v < static_cast<double>(minValue) || v > static_cast<double>(maxValue)) {
    fail(std::string(what) + " = " + tok + " is out of range [" + std::to_string(minValue) + ", " +
         std::to_string(maxValue) + "]");
  }
  return static_cast<long>(v);
}

double DatTokenizer::readDouble(const char* what) {
  const std::string tok(next(what));
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(tok.c_str(), &end);
  // ERANGE on underflow still gives the correctly rounded denormal/zero: accept it.
  if (end == tok.c_str() || *end != '\0' || !std::isfinite(v)) failExpected(what, tok);
  return v;
}

void DatTokenizer::skipLine() {
  while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
}

std::string DatTokenizer::restOfLine() {
  const std::size_t start = pos_;
  skipLine();
  return text_.substr(start, pos_ - start);
}

void DatTokenizer::failExpected(const char* what, std::string_view found) const {
  fail(std::string("expected ") + what + ", found '" + std::string(found) + "'");
}

void DatTokenizer::fail(const std::string& message) const {
  throw DatFormatError(name_ + ":" + std::to_string(line_) + ": " + message);
}

}  // namespace moreau::numerics

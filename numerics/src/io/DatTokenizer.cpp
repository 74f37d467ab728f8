#include <moreau/numerics/io/DatTokenizer.hpp>

#include <moreau/numerics/io/DatFile.hpp>

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <new>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace moreau::numerics {

DatTokenizer DatTokenizer::fromFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open file");
  try {
    // One allocation of the file's size when it is known (a regular file).
    std::string text;
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    in.seekg(0, std::ios::beg);
    if (size > 0 && in) {
      text.resize(static_cast<std::size_t>(size));
      in.read(text.data(), size);
      text.resize(static_cast<std::size_t>(in.gcount()));
      in.clear();
    }
    std::ostringstream rest;  // what follows (a growing or non-seekable file)
    rest << in.rdbuf();
    text += rest.str();
    return DatTokenizer(path, std::move(text));
  } catch (const std::bad_alloc&) {
    throw DatFormatError(path + ": the file is too large to be read into memory");
  } catch (const std::length_error&) {
    throw DatFormatError(path + ": the file is too large to be read into memory");
  }
}

DatTokenizer::DatTokenizer(std::string name, std::string text)
    : name_(std::move(name)), text_(std::make_shared<const std::string>(std::move(text))) {}

void DatTokenizer::skipSpace() {
  const std::string& text = *text_;
  while (pos_ < text.size() && std::isspace(static_cast<unsigned char>(text[pos_]))) {
    if (text[pos_] == '\n') ++curLine_;
    ++pos_;
  }
}

bool DatTokenizer::atEnd() {
  skipSpace();
  return pos_ >= text_->size();
}

long DatTokenizer::maxTokensLeft() const {
  return static_cast<long>((text_->size() - pos_ + 1) / 2);
}

void DatTokenizer::checkDeclared(long count, long tokensPerItem, const std::string& what) const {
  const long most = maxTokensLeft() / (tokensPerItem > 0 ? tokensPerItem : 1);
  if (count > most && count > kUncheckedCount) {
    fail("declared " + std::to_string(count) + " " + what + " but the file holds at most " +
         std::to_string(most));
  }
}

std::string_view DatTokenizer::next(const char* what) {
  skipSpace();
  const std::string& text = *text_;
  if (pos_ >= text.size()) {
    // Reported at the line of the last token (the file's last non-blank line).
    fail(std::string("unexpected end of file while reading ") + what);
  }
  const std::size_t start = pos_;
  while (pos_ < text.size() && !std::isspace(static_cast<unsigned char>(text[pos_]))) ++pos_;
  line_ = curLine_;
  return std::string_view(text).substr(start, pos_ - start);
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
  const std::string& text = *text_;
  while (pos_ < text.size() && text[pos_] != '\n') ++pos_;
}

std::string DatTokenizer::restOfLine() {
  const std::size_t start = pos_;
  skipLine();
  return text_->substr(start, pos_ - start);
}

void DatTokenizer::failExpected(const char* what, std::string_view found) const {
  fail(std::string("expected ") + what + ", found '" + std::string(found) + "'");
}

void DatTokenizer::fail(const std::string& message) const {
  throw DatFormatError(name_ + ":" + std::to_string(line_) + ": " + message);
}

}  // namespace moreau::numerics

#pragma once
// Whitespace tokenizer of the `.dat` text format that knows the line of every
// token, so readers can report "FILE:LINE: expected ...". See
// docs/numerics/file-format.md.

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace moreau::numerics {

/// Copies are cheap and share the text: a copy is a snapshot of the position
/// (the kind detection parses the same file from several positions).
class DatTokenizer {
 public:
  /// Reads the whole file; throws std::runtime_error when it cannot be opened,
  /// DatFormatError when it does not fit in memory.
  static DatTokenizer fromFile(const std::string& path);
  /// Tokenizes `text`; `name` is used in error messages.
  DatTokenizer(std::string name, std::string text);

  /// Name used in error messages (the file name).
  const std::string& name() const { return name_; }
  /// Line (1-based) of the last token returned (1 before the first).
  int line() const { return line_; }
  /// True when no token is left (skips white space).
  bool atEnd();

  /// Size of the whole text in bytes.
  std::size_t textSize() const { return text_->size(); }
  /// At most how many tokens are left after the current position: a token takes
  /// at least one character and is separated from the previous one by at least
  /// one, so N remaining bytes hold at most (N + 1) / 2 tokens.
  long maxTokensLeft() const;
  /// Counts up to this are not checked by checkDeclared: their allocation is
  /// negligible, and reading them reports where a truncated file ends.
  static constexpr long kUncheckedCount = 4096;
  /// To call before allocating room for `count` items of `tokensPerItem` tokens
  /// each (declared by the token just read): throws DatFormatError
  /// "NAME:LINE: declared COUNT WHAT but the file holds at most M" when the rest
  /// of the file cannot hold them (M = maxTokensLeft() / tokensPerItem) and
  /// count > kUncheckedCount.
  void checkDeclared(long count, long tokensPerItem, const std::string& what) const;

  /// Next token; throws DatFormatError "unexpected end of file while reading <what>".
  std::string_view next(const char* what);
  /// Next token, which must equal `expected` (e.g. "col", ":").
  void expect(std::string_view expected);
  /// Integer token (decimal, whole token) in [minValue, maxValue].
  long readInt(const char* what, long minValue = 0, long maxValue = 1L << 40);
  /// Index written with %g by CSparse (e.g. "1e+06"): an integral double.
  long readIndex(const char* what, long minValue, long maxValue);
  /// Finite double (whole token, strtod syntax).
  double readDouble(const char* what);
  /// Skips the rest of the current line (the token after is on a later line).
  void skipLine();
  /// The remaining tokens of the current line (after the last token returned).
  std::string restOfLine();

  /// Throws DatFormatError "NAME:LINE: expected <what>, found '<token>'".
  [[noreturn]] void failExpected(const char* what, std::string_view found) const;
  /// Throws DatFormatError "NAME:LINE: <message>".
  [[noreturn]] void fail(const std::string& message) const;

 private:
  void skipSpace();

  std::string name_;
  std::shared_ptr<const std::string> text_;
  std::size_t pos_ = 0;
  int line_ = 1;     // line of the last token returned
  int curLine_ = 1;  // line at pos_
};

}  // namespace moreau::numerics

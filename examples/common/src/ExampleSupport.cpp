#include "moreau/examples/ExampleSupport.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace moreau::examples {

// ---- CommandLine -----------------------------------------------------------------------

CommandLine::CommandLine(std::string program, std::string description, std::string defaultOutput)
    : program_(std::move(program)),
      description_(std::move(description)),
      output_(std::move(defaultOutput)) {}

void CommandLine::addNumber(const std::string& name, double defaultValue, const std::string& help,
                            bool positive) {
  numbers_.push_back(Number{name, defaultValue, help, positive});
}

void CommandLine::addInteger(const std::string& name, long defaultValue, const std::string& help,
                             long minimum, long maximum) {
  Number n{name, static_cast<double>(defaultValue), help, false};
  n.integer = true;
  n.minimum = minimum;
  n.maximum = maximum;
  numbers_.push_back(n);
}

void CommandLine::addWord(const std::string& name, const std::string& defaultValue,
                          const std::string& help, std::vector<std::string> choices) {
  words_.push_back(Word{name, defaultValue, help, std::move(choices)});
}

CommandLine::Word* CommandLine::findWord(const std::string& name) {
  for (auto& w : words_) {
    if (w.name == name) return &w;
  }
  return nullptr;
}

long CommandLine::integer(const std::string& name) const {
  for (const auto& n : numbers_) {
    if (n.name == name && n.integer) return static_cast<long>(n.value);
  }
  throw std::logic_error(program_ + ": integer option --" + name + " was never declared");
}

const std::string& CommandLine::word(const std::string& name) const {
  for (const auto& w : words_) {
    if (w.name == name) return w.value;
  }
  throw std::logic_error(program_ + ": option --" + name + " was never declared");
}

CommandLine::Number* CommandLine::find(const std::string& name) {
  for (auto& n : numbers_) {
    if (n.name == name) return &n;
  }
  return nullptr;
}

double CommandLine::number(const std::string& name) const {
  for (const auto& n : numbers_) {
    if (n.name == name) return n.value;
  }
  throw std::logic_error(program_ + ": option --" + name + " was never declared");
}

std::string CommandLine::usage() const {
  std::ostringstream os;
  os << "Usage: " << program_ << " [options]\n" << description_ << "\n\nOptions:\n";
  os << "  --output FILE   result file (default: " << output_
     << "; 'none': no result file, no row formatting)\n";
  for (const auto& n : numbers_) {
    char buffer[64];
    if (n.integer) {
      std::snprintf(buffer, sizeof buffer, "%ld", static_cast<long>(n.value));
    } else {
      std::snprintf(buffer, sizeof buffer, "%g", n.value);
    }
    std::string flag = "--" + n.name + (n.integer ? " N" : " X");
    flag.resize(std::max<std::size_t>(flag.size(), 14), ' ');
    os << "  " << flag << "  " << n.help << " (default: " << buffer << ")\n";
  }
  for (const auto& w : words_) {
    std::string flag = "--" + w.name + " NAME";
    flag.resize(std::max<std::size_t>(flag.size(), 14), ' ');
    os << "  " << flag << "  " << w.help << " (default: " << w.value << ")";
    if (!w.choices.empty()) {
      os << "; one of:";
      for (const auto& c : w.choices) os << " " << c;
    }
    os << "\n";
  }
  os << "  --help          print this message\n";
  return os.str();
}

void CommandLine::fail(const std::string& message) const {
  std::fprintf(stderr, "%s: error: %s\nRun '%s --help' for the list of options.\n",
               program_.c_str(), message.c_str(), program_.c_str());
  std::exit(kBadOptionExitCode);
}

namespace {

// Parses a whole string as a finite double; false on any trailing character or overflow.
bool parseNumber(const std::string& text, double& value) {
  if (text.empty()) return false;
  const char* begin = text.c_str();
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(begin, &end);
  if (end == begin || *end != '\0' || errno == ERANGE || !std::isfinite(v)) return false;
  value = v;
  return true;
}

}  // namespace

void CommandLine::parse(int argc, const char* const* argv) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(usage().c_str(), stdout);
      std::exit(0);
    }
    if (arg.rfind("--", 0) != 0 || arg.size() == 2) {
      fail("unexpected argument '" + arg + "'");
    }
    std::string name = arg.substr(2);
    std::string value;
    bool hasValue = false;
    if (const auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      hasValue = true;
    }
    Number* number = name == "output" ? nullptr : find(name);
    Word* word = name == "output" || number != nullptr ? nullptr : findWord(name);
    if (name != "output" && number == nullptr && word == nullptr) {
      fail("unknown option '--" + name + "'");
    }
    if (!hasValue) {
      if (i + 1 >= argc) fail("option '--" + name + "' needs a value");
      value = argv[++i];
    }
    if (name == "output") {
      if (value.empty()) fail("option '--output' needs a non-empty file name");
      output_ = value;
      continue;
    }
    if (word != nullptr) {
      if (!word->choices.empty() &&
          std::find(word->choices.begin(), word->choices.end(), value) == word->choices.end()) {
        std::string list;
        for (const auto& c : word->choices) list += (list.empty() ? "" : ", ") + c;
        fail("option '--" + name + "' expects one of " + list + ", got '" + value + "'");
      }
      word->value = value;
      continue;
    }
    double v = 0;
    if (!parseNumber(value, v)) {
      fail("option '--" + name + "' expects " + (number->integer ? "an integer" : "a number") +
           ", got '" + value + "'");
    }
    if (number->integer) {
      if (v != std::floor(v) || v < static_cast<double>(number->minimum) ||
          v > static_cast<double>(number->maximum)) {
        fail("option '--" + name + "' expects an integer in [" + std::to_string(number->minimum) +
             ", " + std::to_string(number->maximum) + "], got '" + value + "'");
      }
    }
    if (number->positive && !(v > 0)) {
      fail("option '--" + name + "' must be positive, got '" + value + "'");
    }
    number->value = v;
  }
}

// ---- RowWriter -------------------------------------------------------------------------

char* formatScientific(double value, char* out) {
  // Same text as printf("%.15e"): std::to_chars with chars_format::scientific and a
  // precision is specified as printf's %.*e in the "C" locale (both correctly rounded).
  return std::to_chars(out, out + kScientificMaxChars, value, std::chars_format::scientific, 15)
      .ptr;
}

RowWriter::RowWriter(const std::string& path, std::size_t columns)
    : path_(path), columns_(columns) {
  const Stopwatch clock;
  file_ = std::fopen(path.c_str(), "w");
  if (file_ == nullptr) {
    throw std::runtime_error("cannot open '" + path + "' for writing: " + std::strerror(errno));
  }
  pending_.reserve(kBlockRows * columns_);
  text_.resize(kBlockRows * (columns_ * (kScientificMaxChars + 1) + 1));
  seconds_ += clock.seconds();
}

RowWriter::~RowWriter() {
  try {
    close();
  } catch (const std::exception&) {
    // errors are reported by an explicit close()
  }
}

void RowWriter::write(std::initializer_list<double> values) {
  write(values.begin(), values.size());
}

void RowWriter::write(const double* values, std::size_t count) {
  if (file_ == nullptr) throw std::logic_error("RowWriter: write after close of '" + path_ + "'");
  if (count != columns_) {
    throw std::logic_error("RowWriter: " + std::to_string(count) + " values for " +
                           std::to_string(columns_) + " columns in '" + path_ + "'");
  }
  pending_.insert(pending_.end(), values, values + count);
  ++rows_;
  if (pending_.size() >= kBlockRows * columns_) flush();
}

void RowWriter::setRowCompletion(std::function<void(double* row)> complete) {
  complete_ = std::move(complete);
}

void RowWriter::flush() {
  if (pending_.empty() || file_ == nullptr) return;
  const Stopwatch clock;
  char* out = text_.data();
  for (std::size_t first = 0; first < pending_.size(); first += columns_) {
    double* row = pending_.data() + first;
    if (complete_) complete_(row);
    for (std::size_t j = 0; j < columns_; ++j) {
      if (j > 0) *out++ = ' ';
      out = formatScientific(row[j], out);
    }
    *out++ = '\n';
  }
  pending_.clear();
  const auto size = static_cast<std::size_t>(out - text_.data());
  const bool failed = std::fwrite(text_.data(), 1, size, file_) != size;
  seconds_ += clock.seconds();
  if (failed) throw std::runtime_error("error while writing '" + path_ + "'");
}

void RowWriter::close() {
  if (file_ == nullptr) return;
  bool bad = false;
  try {
    flush();  // timed by itself
  } catch (const std::runtime_error&) {
    bad = true;
  }
  const Stopwatch clock;
  bad = bad || std::ferror(file_) != 0;
  const bool closeFailed = std::fclose(file_) != 0;
  file_ = nullptr;
  seconds_ += clock.seconds();
  if (bad || closeFailed) throw std::runtime_error("error while writing '" + path_ + "'");
}

void printSummary(const char* program, long steps, long eventCount, const char* events,
                  std::size_t solverFailures, double simulationSeconds, const RowWriter* writer) {
  std::printf("%s: %ld steps, %ld %s, %zu solver failures, simulation %.3f s, ", program, steps,
              eventCount, events, solverFailures, simulationSeconds);
  if (writer != nullptr) {
    std::printf("output %.3f s -> %s\n", writer->seconds(), writer->path().c_str());
  } else {
    std::printf("output none\n");
  }
}

// ---- ProgressBar -----------------------------------------------------------------------

ProgressBar::ProgressBar(std::string label, long total)
    : label_(std::move(label)), total_(total), enabled_(isatty(fileno(stderr)) == 1) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::update(long done) {
  if (!enabled_ || finished_ || total_ <= 0) return;
  const int percent = static_cast<int>(100 * std::min(done, total_) / total_);
  if (percent == lastPercent_) return;
  lastPercent_ = percent;
  constexpr int kWidth = 40;
  const int filled = percent * kWidth / 100;
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.resize(kWidth, '.');
  std::fprintf(stderr, "\r%s [%s] %3d%%", label_.c_str(), bar.c_str(), percent);
  std::fflush(stderr);
}

void ProgressBar::finish() {
  if (!enabled_ || finished_) return;
  finished_ = true;
  if (lastPercent_ >= 0) {
    std::fputc('\n', stderr);
    std::fflush(stderr);
  }
}

}  // namespace moreau::examples

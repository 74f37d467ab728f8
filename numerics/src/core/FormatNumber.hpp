#pragma once
// Internal (not installed): short decimal form of a double for solver messages
// and "auto" chain logs, without an ostringstream (no locale, no stream state,
// no allocation beyond the returned string). Same text as an ostream with
// precision `digits` in the default float format ("%.*g").

#include <cstdio>
#include <string>

namespace moreau::numerics::format_detail {

inline std::string formatNumber(double value, int digits) {
  char buffer[40];  // "%.17g" of any double fits in 24 characters
  const int n = std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
  return std::string(buffer, n > 0 ? static_cast<std::size_t>(n) : 0U);
}

}  // namespace moreau::numerics::format_detail

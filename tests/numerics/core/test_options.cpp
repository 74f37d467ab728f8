#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>

namespace mn = moreau::numerics;

namespace {

std::string validationMessage(const mn::SolverOptions& o) {
  try {
    o.validate();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(SolverOptions, DefaultsAreValid) { EXPECT_NO_THROW(mn::SolverOptions{}.validate()); }

TEST(SolverOptions, RejectsBadFieldsNamingThem) {
  mn::SolverOptions o;
  o.tolerance = 0.0;
  EXPECT_NE(validationMessage(o).find("tolerance"), std::string::npos);
  o.tolerance = std::numeric_limits<double>::quiet_NaN();
  EXPECT_NE(validationMessage(o).find("tolerance"), std::string::npos);
  o.tolerance = std::numeric_limits<double>::infinity();
  EXPECT_NE(validationMessage(o).find("tolerance"), std::string::npos);
  o = {};
  o.maxIterations = 0;
  EXPECT_NE(validationMessage(o).find("maxIterations"), std::string::npos);
  o = {};
  for (double r : {0.0, 2.0, -1.0, 2.5}) {
    o.relaxation = r;
    EXPECT_NE(validationMessage(o).find("relaxation"), std::string::npos) << r;
  }
  o.relaxation = 1.9;
  EXPECT_EQ(validationMessage(o), "");
}

TEST(SolverResult, StatusNames) {
  EXPECT_STREQ(mn::toString(mn::SolverStatus::Converged), "converged");
  EXPECT_STREQ(mn::toString(mn::SolverStatus::MaxIterations), "max-iterations");
  EXPECT_STREQ(mn::toString(mn::SolverStatus::Failed), "failed");
}

}  // namespace

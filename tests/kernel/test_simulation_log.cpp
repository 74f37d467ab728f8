// SimulationLog: interned solver names, failure bookkeeping, statistics and
// the printed table.
#include <moreau/kernel/simulation/SimulationLog.hpp>

#include <gtest/gtest.h>

#include <algorithm>

#include <sstream>
#include <string>

namespace moreau {
namespace {

StepRecord record(std::size_t step, ProblemRole role, numerics::SolverStatus status, int iterations,
                  Eigen::Index size = 3) {
  StepRecord r;
  r.step = step;
  r.time = 0.1 * static_cast<double>(step + 1);
  r.role = role;
  r.size = size;
  r.status = status;
  r.iterations = iterations;
  r.assemblySeconds = 1e-6;
  r.solveSeconds = 2e-6;
  return r;
}

TEST(SimulationLog, CapacityKeepsTheMostRecentRecordsAndTotalsCountEveryRecord) {
  SimulationLog log;
  EXPECT_EQ(log.capacity(), SimulationLog::kDefaultCapacity);
  log.setCapacity(4);
  log.reserve(1000);  // at most the capacity
  using S = numerics::SolverStatus;
  for (std::size_t k = 0; k < 10; ++k)
    log.append(record(k, ProblemRole::Velocity, k == 1 || k == 8 ? S::Failed : S::Converged,
                      static_cast<int>(k)));
  // Full at 4 records: the oldest half is dropped, so 2..4 records are kept, the latest in order.
  ASSERT_GE(log.size(), 2u);
  ASSERT_LE(log.size(), 4u);
  for (std::size_t i = 0; i < log.size(); ++i)
    EXPECT_EQ(log.records()[i].step, 10 - log.size() + i);
  EXPECT_EQ(log.totalRecords(), 10u);
  EXPECT_EQ(log.droppedRecords(), 10u - log.size());
  // Totals over all ten records, dropped ones included.
  EXPECT_EQ(log.numberOfFailures(), 2u);
  EXPECT_EQ(log.failedSteps(), (std::vector<std::size_t>{1, 8}));
  EXPECT_DOUBLE_EQ(log.meanIterations(ProblemRole::Velocity), 45.0 / 10.0);
  EXPECT_NEAR(log.totalSolveSeconds(), 20e-6, 1e-18);
  // Shrinking keeps the newest; 0 = no limit.
  log.setCapacity(1);
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log.records()[0].step, 9u);
  log.setCapacity(0);
  for (std::size_t k = 10; k < 20; ++k)
    log.append(record(k, ProblemRole::Velocity, S::Converged, 1));
  EXPECT_EQ(log.size(), 11u);
  log.clear();
  EXPECT_EQ(log.totalRecords(), 0u);
  EXPECT_TRUE(log.failedSteps().empty());
}

TEST(SimulationLog, InternsSolverNamesOnce) {
  SimulationLog log;
  const auto lemke = log.solverId("lemke");
  const auto pgs = log.solverId("pgs");
  EXPECT_NE(lemke, pgs);
  EXPECT_EQ(log.solverId("lemke"), lemke);
  EXPECT_EQ(log.solverName(lemke), "lemke");
  EXPECT_EQ(log.solverName(pgs), "pgs");
  EXPECT_EQ(log.solverName(999), "?");
}

TEST(SimulationLog, CountsFailuresAndFailedSteps) {
  SimulationLog log;
  using S = numerics::SolverStatus;
  log.append(record(0, ProblemRole::Velocity, S::Converged, 4));
  log.append(record(1, ProblemRole::Velocity, S::MaxIterations, 100));
  log.append(record(1, ProblemRole::Position, S::Failed, 7));
  log.append(record(2, ProblemRole::Velocity, S::Converged, 6));
  log.append(record(3, ProblemRole::Velocity, S::Failed, 1));
  EXPECT_EQ(log.size(), 5u);
  EXPECT_EQ(log.numberOfFailures(), 3u);
  EXPECT_EQ(log.failedSteps(), (std::vector<std::size_t>{1, 3}));
  // Mean over the velocity records: (4 + 100 + 6 + 1) / 4.
  EXPECT_DOUBLE_EQ(log.meanIterations(ProblemRole::Velocity), 111.0 / 4.0);
  EXPECT_DOUBLE_EQ(log.meanIterations(ProblemRole::Position), 7.0);
  EXPECT_DOUBLE_EQ(log.meanIterations(ProblemRole::Acceleration), 0.0);
  EXPECT_NEAR(log.totalAssemblySeconds(), 5e-6, 1e-18);
  EXPECT_NEAR(log.totalSolveSeconds(), 10e-6, 1e-18);
  log.clear();
  EXPECT_TRUE(log.empty());
  EXPECT_EQ(log.numberOfFailures(), 0u);
}

TEST(SimulationLog, EmptyProblemsDoNotCountInMeans) {
  SimulationLog log;
  log.append(record(0, ProblemRole::Velocity, numerics::SolverStatus::Converged, 0, 0));
  log.append(record(1, ProblemRole::Velocity, numerics::SolverStatus::Converged, 10, 2));
  EXPECT_DOUBLE_EQ(log.meanIterations(), 10.0);
}

TEST(SimulationLog, DisabledLogKeepsNothing) {
  SimulationLog log;
  log.setEnabled(false);
  log.append(record(0, ProblemRole::Velocity, numerics::SolverStatus::Failed, 1));
  EXPECT_TRUE(log.empty());
  EXPECT_EQ(log.numberOfFailures(), 0u);
}

TEST(SimulationLog, PrintsHeaderAndOneRowPerRecord) {
  SimulationLog log;
  auto r = record(4, ProblemRole::Velocity, numerics::SolverStatus::MaxIterations, 12);
  r.solver = log.solverId("nsgs");
  log.append(r);
  log.append(record(5, ProblemRole::Position, numerics::SolverStatus::Converged, 3));
  std::ostringstream os;
  log.print(os);
  const std::string text = os.str();
  std::istringstream lines(text);
  std::string header, row1, row2, extra;
  ASSERT_TRUE(std::getline(lines, header));
  ASSERT_TRUE(std::getline(lines, row1));
  ASSERT_TRUE(std::getline(lines, row2));
  EXPECT_FALSE(std::getline(lines, extra));
  EXPECT_NE(header.find("solver"), std::string::npos);
  EXPECT_NE(row1.find("nsgs"), std::string::npos);
  EXPECT_NE(row1.find("max-iterations"), std::string::npos);
  EXPECT_NE(row2.find("position"), std::string::npos);
  std::ostringstream first;
  log.print(first, 1);
  const std::string firstText = first.str();
  EXPECT_EQ(std::count(firstText.begin(), firstText.end(), '\n'), 2);
}

TEST(SimulationLog, RoleAndPolicyNames) {
  EXPECT_STREQ(toString(ProblemRole::Velocity), "velocity");
  EXPECT_STREQ(toString(ProblemRole::Position), "position");
  EXPECT_STREQ(toString(ProblemRole::Acceleration), "acceleration");
  EXPECT_STREQ(toString(FailurePolicy::Throw), "throw");
  EXPECT_STREQ(toString(FailurePolicy::Warn), "warn");
  EXPECT_STREQ(toString(FailurePolicy::Continue), "continue");
}

}  // namespace
}  // namespace moreau

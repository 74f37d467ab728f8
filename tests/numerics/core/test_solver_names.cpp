// Solver names: every driver (solveLcp, solveMlcp, solveRelay,
// solveFrictionContact in 2D and 3D, solveFrictionContactGlobal) accepts every
// one of its names in any ASCII case and gives exactly the answer of the
// canonical name; an unknown name is a std::invalid_argument that names the
// driver, quotes the name and lists every valid name.
#include "MlcpRelayTestUtils.hpp"
#include "NumericsTestUtils.hpp"

#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/GlobalSolvers.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>
#include <moreau/numerics/relay/RelaySolvers.hpp>

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace mn = moreau::numerics;

namespace {

using Solve =
    std::function<mn::SolverResult(Eigen::VectorXd&, Eigen::VectorXd&, const mn::SolverOptions&)>;

// "newton-fb" -> "NeWtOn-Fb": differs from the canonical name in every letter pair.
std::string mixedCase(const std::string& name) {
  std::string s = name;
  for (std::size_t i = 0; i < s.size(); i += 2)
    if (s[i] >= 'a' && s[i] <= 'z') s[i] = static_cast<char>(s[i] - 'a' + 'A');
  return s;
}

mn::SolverOptions named(const std::string& name) {
  mn::SolverOptions o;
  o.solver = name;
  o.maxIterations = 500;
  return o;
}

// Two contacts, W = A Aᵀ + I (positive definite), bodies pushed into contact.
mn::FrictionContactProblem smallFrictionContact(int d, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const int n = 2 * d;
  Eigen::MatrixXd A(n, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) A(i, j) = u(gen);
  Eigen::MatrixXd W = A * A.transpose() / n + Eigen::MatrixXd::Identity(n, n);
  Eigen::VectorXd q(n);
  for (int i = 0; i < n; ++i) q[i] = i % d == 0 ? -1.0 + 0.2 * u(gen) : 0.5 * u(gen);
  return mn::FrictionContactProblem(d, mn::Matrix(std::move(W)), std::move(q),
                                    Eigen::VectorXd::Constant(2, 0.5));
}

// Every name of `names`, in mixed case, gives the same result and vectors as
// the canonical name (bitwise: same dispatch, same solver).
void expectMixedCaseAccepted(const char* driver, const std::vector<std::string>& names,
                             const Solve& solve) {
  ASSERT_FALSE(names.empty()) << driver;
  for (const std::string& name : names) {
    const std::string mixed = mixedCase(name);
    ASSERT_NE(mixed, name) << driver;
    Eigen::VectorXd z1, w1, z2, w2;
    const mn::SolverResult a = solve(z1, w1, named(name));
    mn::SolverResult b;
    ASSERT_NO_THROW(b = solve(z2, w2, named(mixed))) << driver << " '" << mixed << "'";
    EXPECT_EQ(b.solver, a.solver) << driver << " " << mixed;
    EXPECT_EQ(b.status, a.status) << driver << " " << mixed;
    EXPECT_EQ(b.iterations, a.iterations) << driver << " " << mixed;
    EXPECT_EQ(z2, z1) << driver << " " << mixed;
    EXPECT_EQ(w2, w1) << driver << " " << mixed;
    // The reported name is canonical (lower case), whatever the spelling.
    EXPECT_EQ(mn::normalizeSolverName(b.solver), b.solver) << driver << " " << mixed;
  }
}

// An unknown name throws std::invalid_argument naming the driver, quoting the
// name as given and listing every valid name.
void expectUnknownRejected(const char* driver, const std::vector<std::string>& names,
                           const Solve& solve) {
  Eigen::VectorXd z, w;
  try {
    solve(z, w, named("No-Such-Solver"));
    ADD_FAILURE() << driver << ": no exception for an unknown name";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(driver, 0), 0u) << what;
    EXPECT_NE(what.find("unknown solver 'No-Such-Solver'"), std::string::npos) << what;
    for (const std::string& name : names)
      EXPECT_NE(what.find(name), std::string::npos) << driver << " does not list " << name;
  }
}

struct Driver {
  const char* name;
  std::vector<std::string> names;
  Solve solve;
};

std::vector<Driver> drivers() {
  const auto lcp = std::make_shared<mn::LinearComplementarityProblem>(mn::test::randomSpdLcp(6, 3));
  const auto mlcp =
      std::make_shared<mn::MixedLinearComplementarityProblem>(mn::test::randomSpdMlcp(6, 2, 5));
  const auto relay = std::make_shared<mn::RelayProblem>(mn::test::randomSpdRelay(6, 7));
  const auto fc2 = std::make_shared<mn::FrictionContactProblem>(smallFrictionContact(2, 11));
  const auto fc3 = std::make_shared<mn::FrictionContactProblem>(smallFrictionContact(3, 13));
  return {
      {"solveLcp", mn::lcpSolverNames(),
       [lcp](auto& z, auto& w, const auto& o) { return mn::solveLcp(*lcp, z, w, o); }},
      {"solveMlcp", mn::mlcpSolverNames(),
       [mlcp](auto& z, auto& w, const auto& o) { return mn::solveMlcp(*mlcp, z, w, o); }},
      {"solveRelay", mn::relaySolverNames(),
       [relay](auto& z, auto& w, const auto& o) { return mn::solveRelay(*relay, z, w, o); }},
      {"solveFrictionContact (dimension 2)", mn::frictionContactSolverNames(2),
       [fc2](auto& r, auto& u, const auto& o) { return mn::solveFrictionContact(*fc2, r, u, o); }},
      {"solveFrictionContact (dimension 3)", mn::frictionContactSolverNames(3),
       [fc3](auto& r, auto& u, const auto& o) { return mn::solveFrictionContact(*fc3, r, u, o); }},
      {"solveFrictionContactGlobal", mn::fcGlobalSolverNames(),
       [fc3](auto& r, auto& u, const auto& o) {
         return mn::solveFrictionContactGlobal(*fc3, r, u, o);
       }},
  };
}

TEST(SolverNames, EveryListedNameIsCanonical) {
  for (const Driver& d : drivers())
    for (const std::string& name : d.names)
      EXPECT_EQ(mn::normalizeSolverName(name), name) << d.name << " lists '" << name << "'";
}

TEST(SolverNames, NormalizationIsAsciiLowerCaseOnly) {
  EXPECT_EQ(mn::normalizeSolverName("NSGS-Projection"), "nsgs-projection");
  EXPECT_EQ(mn::normalizeSolverName("DeSaxce-FP"), "desaxce-fp");
  // Nothing else changes: no trimming, no '_' to '-', bytes >= 0x80 kept.
  EXPECT_EQ(mn::normalizeSolverName(" Lemke "), " lemke ");
  EXPECT_EQ(mn::normalizeSolverName("NEWTON_FB"), "newton_fb");
  EXPECT_EQ(mn::normalizeSolverName("\xC3\x89NUM"), "\xC3\x89num");
}

TEST(SolverNames, MixedCaseAcceptedByEveryDriver) {
  for (const Driver& d : drivers()) expectMixedCaseAccepted(d.name, d.names, d.solve);
}

TEST(SolverNames, UnknownNameRejectedWithTheListByEveryDriver) {
  for (const Driver& d : drivers()) expectUnknownRejected(d.name, d.names, d.solve);
}

TEST(SolverNames, NameOfAnotherKindIsUnknown) {
  // "murty" is an LCP solver only, "nsgs" a friction-contact one only.
  const Driver* mlcp = nullptr;
  const auto all = drivers();
  for (const Driver& d : all)
    if (std::string(d.name) == "solveMlcp") mlcp = &d;
  ASSERT_NE(mlcp, nullptr);
  Eigen::VectorXd z, w;
  EXPECT_THROW(mlcp->solve(z, w, named("Murty")), std::invalid_argument);
  EXPECT_THROW(all[0].solve(z, w, named("NSGS")), std::invalid_argument);  // solveLcp
  // 3D friction contact has no "lemke" (2D only).
  EXPECT_THROW(all[4].solve(z, w, named("Lemke")), std::invalid_argument);
}

TEST(SolverNames, UnknownSolverMessageFormat) {
  EXPECT_EQ(mn::unknownSolverMessage("LCP", "Foo", {"auto", "lemke"}),
            "LCP: unknown solver 'Foo' (known: auto, lemke)");
  EXPECT_EQ(mn::unknownSolverMessage("x", "", {}), "x: unknown solver '' (known: )");
}

}  // namespace

// First3DScene (examples/First3DScene, the program of docs/tutorial-first-3d-scene.md): a box
// and three spheres dropped on the ground, contacts from collision detection. Checked against
// the rest state (box centre at a_z, sphere on the box at 2 a_z + r, others at r, kinetic
// energy 0, 7 contacts: 4 box corners, sphere–box, 2 spheres–ground) and the free fall before
// the first contact; the tutorial's code blocks are verbatim parts of the example.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_FIRST3DSCENE_EXE;

enum Column { kT, kBox, kS1, kS2, kS3, kContacts, kEnergy, kIterations };

// The lines of text with their leading blanks removed, joined by '\n'.
std::string normalized(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) {
    const auto first = line.find_first_not_of(" \t");
    out += (first == std::string::npos ? std::string() : line.substr(first)) + '\n';
  }
  return out;
}

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST(First3DScene, BodiesComeToRestOnTheGroundAndOnTheBox) {
  const auto run = runExample(kExe, "", "First3DScene_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 1501u);
  const double g = 9.81, r = 0.1, az = 0.1, alert = 0.02;
  // Free fall of the box before any contact: z = 0.3 − g t²/2, exact at the grid points for the
  // Moreau–Jean θ = ½ scheme from rest (v_{k+1} = v_k − g h, q_{k+1} = q_k + h (v_k + v_{k+1})/2).
  std::size_t freeRows = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const double tk = t[k][kT];
    if (0.3 - az - 0.5 * g * tk * tk > alert + 0.01) {
      EXPECT_NEAR(t[k][kBox], 0.3 - 0.5 * g * tk * tk, 1e-12) << "t = " << tk;
      // Before sphere 3 (at 0.2 m) comes within the alert distance of the ground: no contact.
      if (0.2 - r - 0.5 * g * tk * tk > alert) {
        EXPECT_EQ(t[k][kContacts], 0.0) << "t = " << tk;
      }
      ++freeRows;
    }
  }
  EXPECT_GT(freeRows, 150u);
  const auto& last = t.back();
  // Moreau–Jean (θ = γ = ½, velocity level) keeps the penetration of the impact step, at most
  // h u (u the impact speed √(2 g fall)): the box falls 0.2 m, sphere 1 0.3 m onto the box
  // (whose penetration it adds), sphere 2 0.3 m, sphere 3 0.1 m; h = 1e-3.
  const double h = 1e-3;
  const auto impact = [&](double fall) { return h * std::sqrt(2 * g * fall); };
  EXPECT_NEAR(last[kBox], az, impact(0.2));
  EXPECT_NEAR(last[kS1], 2 * az + r, impact(0.2) + impact(0.3));
  EXPECT_NEAR(last[kS2], r, impact(0.3));
  EXPECT_NEAR(last[kS3], r, impact(0.1));
  EXPECT_LE(last[kBox], az);  // a small penetration, never above
  EXPECT_LE(last[kS3], r);
  EXPECT_LT(last[kEnergy], 1e-12);
  EXPECT_EQ(last[kContacts], 7.0);
}

TEST(First3DScene, TutorialCodeBlocksAreInTheExample) {
  const std::string source = normalized(
      readFile(std::string(MOREAU_SOURCE_DIR) + "/examples/First3DScene/First3DScene.cpp"));
  const std::string doc =
      readFile(std::string(MOREAU_SOURCE_DIR) + "/docs/tutorial-first-3d-scene.md");
  ASSERT_FALSE(source.empty());
  std::size_t blocks = 0, at = 0;
  while ((at = doc.find("```cpp\n", at)) != std::string::npos) {
    const std::size_t begin = at + 7, end = doc.find("```", begin);
    ASSERT_NE(end, std::string::npos);
    const std::string block = normalized(doc.substr(begin, end - begin));
    EXPECT_NE(source.find(block), std::string::npos) << "not in First3DScene.cpp:\n" << block;
    ++blocks;
    at = end + 3;
  }
  EXPECT_EQ(blocks, 5u);
}

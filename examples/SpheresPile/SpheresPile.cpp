// SpheresPile: N spheres dropped into a square box (ground and four walls, planes) with Coulomb
// friction μ = 0.3 and e = 0. The contacts are not given by hand: a ContactManager (uniform-grid
// broad phase, sphere–sphere and sphere–plane narrow phase) creates an interaction for every
// pair closer than the alert distance before each step and removes those that separate. One
// FrictionContact(3) problem per step (NSGS), Moreau–Jean scheme for Newton–Euler bodies.
//
// Model (SpheresPileModel.hpp): r = 0.05, m = 1, I = (2/5) m r² I₃, g = 9.81; initial lattice of
// k = ⌈N^{1/3}⌉ spheres per row, spacing 2.2 r, jittered by ±0.05 r (fixed seed); box side
// W = 2.2 r k; alert distance 0.2 r.
//
// Output (one row per step, row 0 = initial state), 7 columns: t, contacts (linked
// interactions), solver iterations, kinetic energy, max penetration, active contacts (size of
// the FrictionContact problem), max sphere speed. With --vtk PREFIX, legacy VTK polydata frames
// PREFIX_NNNNN.vtk every --every steps and PREFIX.vtk.series (ParaView); with an output file,
// the final positions in <output>.xyz (x y z r) for the snapshot plot.
#include <moreau/Moreau.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "SpheresPileModel.hpp"
#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

namespace {

// One legacy VTK polydata frame: the centres as vertices, radius and velocity as point data.
void writeFrame(const std::string& path, double t, const examples::SpheresPile& pile) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("cannot write " + path);
  const std::size_t n = pile.spheres.size();
  out << "# vtk DataFile Version 3.0\nSpheresPile t = " << t << "\nASCII\nDATASET POLYDATA\n";
  out.precision(9);
  out << "POINTS " << n << " double\n";
  for (const auto& s : pile.spheres)
    out << s->q()(0) << ' ' << s->q()(1) << ' ' << s->q()(2) << '\n';
  out << "VERTICES " << n << ' ' << 2 * n << '\n';
  for (std::size_t i = 0; i < n; ++i) out << "1 " << i << '\n';
  out << "POINT_DATA " << n << "\nSCALARS radius double 1\nLOOKUP_TABLE default\n";
  for (std::size_t i = 0; i < n; ++i) out << pile.radius << '\n';
  out << "VECTORS velocity double\n";
  for (const auto& s : pile.spheres)
    out << s->twist()(0) << ' ' << s->twist()(1) << ' ' << s->twist()(2) << '\n';
  if (!out) throw std::runtime_error("error while writing " + path);
}

std::string baseName(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

int main(int argc, char** argv) {
  examples::CommandLine cli(
      "SpheresPile",
      "N spheres dropped into a box with Coulomb friction; contacts found\n"
      "by collision detection (ContactManager, uniform grid), NewtonEulerDS,\n"
      "FrictionContact(3) (NSGS), Moreau-Jean.",
      "SpheresPile.dat");
  cli.addInteger("spheres", 100, "number of spheres N", 1, 1000000);
  cli.addNumber("mu", 0.3, "friction coefficient");
  cli.addNumber("T", 1.0, "final time");
  cli.addNumber("h", 1e-3, "time step");
  cli.addWord("solver", "nsgs",
              "FrictionContact(3) solver: nsgs, auto, prox, newton-ac, ... (the numerics names)");
  cli.addNumber("tolerance", 1e-4, "FrictionContact(3) solver tolerance");
  cli.addInteger("iterations", 1000, "solver iteration budget per step", 1, 100000000);
  cli.addWord("vtk", "none", "prefix of the VTK frames (PREFIX_NNNNN.vtk, PREFIX.vtk.series)");
  cli.addInteger("every", 10, "write a VTK frame every k steps", 1, 1000000000);
  cli.addInteger("threads", 1, "threads of the simulation (same results for every count)", 1, 64);
  cli.addInteger("dormant", 1,
                 "1: far contacts dormant while provably inactive (same motion, faster); 0: off", 0,
                 1);
  cli.addInteger("adaptive", 0,
                 "1: NSGS chooses its relaxation factor (needs --anderson 0); 0: fixed ω = 1", 0,
                 1);
  cli.addInteger("anderson", 1,
                 "NSGS Anderson acceleration depth (0: off, plain NSGS unless --adaptive 1)", 0,
                 10);
  cli.parse(argc, argv);

  try {
    examples::SpheresPileParameters p;
    p.spheres = cli.integer("spheres");
    p.mu = cli.number("mu");
    p.T = cli.number("T");
    p.h = cli.number("h");
    p.solver = cli.word("solver");
    p.tolerance = cli.number("tolerance");
    p.maxIterations = static_cast<int>(cli.integer("iterations"));
    p.threads = static_cast<unsigned>(cli.integer("threads"));
    p.dormant = cli.integer("dormant") == 1;
    p.andersonDepth = static_cast<int>(cli.integer("anderson"));
    p.adaptiveRelaxation = cli.integer("adaptive") == 1;
    const examples::SpheresPile pile = examples::makeSpheresPile(p);
    TimeStepping& sim = *pile.simulation;
    sim.setFailurePolicy(FailurePolicy::Continue);  // counted in the summary line
    sim.initialize();

    const std::string vtk = cli.word("vtk");
    const long every = cli.integer("every");
    std::vector<std::pair<std::string, double>> frames;
    auto frame = [&](double t) {
      char name[32];
      std::snprintf(name, sizeof name, "_%05zu.vtk", frames.size());
      const std::string path = vtk + name;
      writeFrame(path, t, pile);
      frames.emplace_back(baseName(path), t);
    };

    auto maxSpeed = [&] {
      double v = 0;
      for (const auto& s : pile.spheres) v = std::max(v, s->twist().head<3>().norm());
      return v;
    };
    std::optional<examples::RowWriter> out;
    auto writeRow = [&](double t, double iterations, double active) {
      out->write({t, static_cast<double>(pile.nsds->numberOfInteractions()), iterations,
                  examples::kineticEnergy(pile), examples::maxPenetration(pile), active,
                  maxSpeed()});
    };
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 7);
      writeRow(0.0, 0, 0);
    }
    if (vtk != "none") frame(0.0);

    examples::ProgressBar progress("SpheresPile", static_cast<long>(sim.numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    double frameSeconds = 0, iterationSum = 0, worstPenetration = 0;
    long steps = 0, solves = 0;
    while (sim.hasNextEvent()) {
      sim.computeOneStep();
      const bool solved = pile.problem->size() > 0;
      const double iterations = solved ? pile.problem->lastResult().iterations : 0;
      if (solved) {
        iterationSum += iterations;
        ++solves;
      }
      if (out) writeRow(sim.nextTime(), iterations, static_cast<double>(pile.problem->size() / 3));
      sim.nextStep();
      ++steps;
      if (vtk != "none" && steps % every == 0) {
        const examples::Stopwatch frameClock;
        frame(sim.startingTime());
        frameSeconds += frameClock.seconds();
      }
      progress.update(steps);
    }
    worstPenetration = examples::maxPenetration(pile);
    const double simulation =
        clock.seconds() - frameSeconds - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) {
      out->close();
      std::ofstream xyz(cli.output() + ".xyz");
      xyz.precision(9);
      for (const auto& s : pile.spheres)
        xyz << s->q()(0) << ' ' << s->q()(1) << ' ' << s->q()(2) << ' ' << pile.radius << '\n';
      if (!xyz) throw std::runtime_error("cannot write " + cli.output() + ".xyz");
    }
    if (!frames.empty()) {
      std::ofstream series(vtk + ".vtk.series");
      series << "{\n  \"file-series-version\" : \"1.0\",\n  \"files\" : [\n";
      for (std::size_t i = 0; i < frames.size(); ++i)
        series << "    { \"name\" : \"" << frames[i].first << "\", \"time\" : " << frames[i].second
               << " }" << (i + 1 < frames.size() ? ",\n" : "\n");
      series << "  ]\n}\n";
    }

    std::printf(
        "SpheresPile: %ld spheres, box side %.4g, at T: kinetic energy %.3e, max penetration "
        "%.3e, %zu contacts (%ld active), mean solver iterations %.1f, %zu VTK frames\n",
        p.spheres, pile.width, examples::kineticEnergy(pile), worstPenetration,
        pile.nsds->numberOfInteractions(), static_cast<long>(pile.problem->size() / 3),
        solves > 0 ? iterationSum / static_cast<double>(solves) : 0.0, frames.size());
    examples::printSummary("SpheresPile", steps,
                           static_cast<long>(pile.nsds->numberOfInteractions()), "contacts at T",
                           sim.log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "SpheresPile: error: %s\n", error.what());
    return 1;
  }
  return 0;
}

// The settled SpheresPile step with an ideal data layout (issue 13, docs/kernel/performance.md,
// "Eleventh round"): the same per-contact and per-body work as the kernel's step on a pile at
// rest, written directly on a few contiguous arrays in the problem's row order, with the
// numerics' own FrictionContactSolver ("nsgs") for the solve. It answers one question: how much
// does the cost per active contact grow from N = 1000 to N = 10 000 on this machine when every
// pass streams compact arrays, the layout that the data-model redesign of the kernel would give?
// The kernel's own step is measured by moreau_bench_spheres_pile on the same piles; this driver
// uses no kernel class.
//
// The pile: k = ⌈N^{1/3}⌉ spheres per row and per column, layers of k² (the last one partial),
// as SpheresPile (r = 0.05 m, m = 1 kg, I = (2/5) m r², g = 9.81 m/s², μ = 0.3, e = 0,
// h = 1e-3 s). Horizontal spacing 2.002 r (the neighbours in a layer are 1e-4 m apart: linked
// but dormant contacts, checked at every step by their motion bound), vertical spacing 2 r −
// 1e-8 m (each sphere rests on the one below, the bottom layer on the ground): one active
// contact per sphere. Per step, as MoreauJeanNewtonEulerOSI (θ = ½) + FrictionContact(3):
//   1. bodies: v_free = v + h M⁻¹ F_ext;
//   2. dormant contacts: the motion bound (two bodies' travel) against the gap at sleep;
//   3. active contacts: gap, frame (n, t1, t2), H_a, H_b (3 × 6 each), the index-set rule
//      y + h/2 ẏ ≤ 0 and q = H v_free, in one record per contact;
//   4. assembly: W = Σ H_i M_i⁻¹ H_jᵀ into the SparseBlockMatrix of the problem (pattern built
//      once, values refilled row by row from a list of terms in row order);
//   5. solve: FrictionContactSolver("nsgs"), tolerance 1e-4, warm start from the last λ;
//   6. update: v = v_free + M⁻¹ Σ Hᵀ λ per body (its contacts in a CSR list), q_{k+1} with the
//      exponential map of the quaternion, the travel bound.
// Output per N: µs per step (wall and thread CPU), per phase, per active contact, mean NSGS
// sweeps, dN = max |λ_N − n_above m g h| / (n_above m g h) and the drift of the centres at the end
// (the pile must stay at rest: exit status 1 when dN ≥ 1e-2 or the drift ≥ 1e-5 m), a digest of
// the positions and the dormant contacts per step whose bound had to be refreshed.
//
//   moreau_bench_pile_ideal_layout [--spheres 1000,10000] [--measure 200] [--warmup 20]
//                                  [--threads 1] [--stride 1]
// (--stride S: the contact records S apart in their array, the slots in between never read, as
// the kernel's interaction arrays hold the dormant contacts between the active ones.)
#include <moreau/numerics/Matrix.hpp>
#include <moreau/numerics/ParallelFor.hpp>
#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/fc/FrictionContactProblem.hpp>
#include <moreau/numerics/fc/FrictionContactSolver.hpp>
#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>

#include <Eigen/Dense>
#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "BenchDriver.hpp"

namespace {

using moreau::bench::Clock;
using moreau::bench::seconds;
using Matrix36 = Eigen::Matrix<double, 3, 6>;
using Vector6 = Eigen::Matrix<double, 6, 1>;
namespace nm = moreau::numerics;

constexpr double kR = 0.05, kMass = 1.0, kG = 9.81, kMu = 0.3, kH = 1e-3, kTheta = 0.5;

// One sphere: what every pass reads, in one record (2 cache lines).
struct alignas(64) Body {
  Eigen::Vector3d x = Eigen::Vector3d::Zero();
  Eigen::Vector4d quat{1.0, 0.0, 0.0, 0.0};  // (w, x, y, z)
  Vector6 v = Vector6::Zero();               // (v_G, Ω)
  Vector6 vFree = Vector6::Zero();
  double travel = 0.0;  // Σ h (|v_G| + r |Ω|): bound of the motion since the start
};

// One active contact, in the problem's row order: body a (below; −1: the ground) and b (above).
struct Contact {
  Matrix36 Ha = Matrix36::Zero(), Hb = Matrix36::Zero();
  int a = -1, b = -1;
  double gap = 0.0;
  bool active = true;
};

// A linked, dormant contact: its bodies and the bound of its gap when it fell asleep.
struct Dormant {
  int a = 0, b = 0;
  double gap0 = 0.0, travel0 = 0.0;
};

// A body's contact: the row and which side (H_a or H_b) it is on.
struct Side {
  int contact = 0;
  bool isB = false;
};

// One term of the assembly: block k += H_row(side) M_body⁻¹ H_col(side)ᵀ.
struct Term {
  int block = 0, body = 0, row = 0, col = 0;
  bool rowB = false, colB = false;
};

constexpr double kInvMass = 1.0 / kMass, kInvInertia = 1.0 / (0.4 * kMass * kR * kR);

// H of the body whose contact point is at G + c (c = −r n for the sphere above, +r n for the
// sphere below), sign +1 for b and −1 for a: rows e_k (k = n, t1, t2) of u = v_b(P) − v_a(P).
void fillH(Matrix36& H, const Eigen::Vector3d e[3], const Eigen::Vector3d& c, double sign) {
  for (int k = 0; k < 3; ++k) {
    H.block<1, 3>(k, 0) = sign * e[k].transpose();
    H.block<1, 3>(k, 3) = sign * c.cross(e[k]).transpose();
  }
}

struct Pile {
  std::vector<Body> bodies;
  // The active contacts' records, contact c at contacts[c · stride] (stride 1: compact; the
  // slots in between stand for dormant contacts' records, never read: --stride).
  std::vector<Contact> contacts;
  std::size_t stride = 1, nc = 0;
  Contact& contact(std::size_t c) { return contacts[c * stride]; }
  const Contact& contact(std::size_t c) const { return contacts[c * stride]; }
  std::vector<Dormant> dormant;
  std::vector<int> sideStart;  // bodies.size() + 1
  std::vector<Side> sides;
  std::vector<int> termStart;  // nc + 1
  std::vector<Term> terms;
  std::vector<int> above;  // per contact: how many spheres rest on its upper body (and itself)
  nm::FrictionContactProblem problem;
  Eigen::VectorXd r, u;
};

Pile build(long n, std::size_t stride) {
  Pile p;
  p.stride = stride;
  p.nc = static_cast<std::size_t>(n);
  const long k = static_cast<long>(std::ceil(std::cbrt(static_cast<double>(n)) - 1e-9));
  const long layer = k * k;
  const double sx = 2.002 * kR, sz = 2.0 * kR - 1e-8;
  p.bodies.resize(static_cast<std::size_t>(n));
  for (long s = 0; s < n; ++s) {
    const long l = s / layer, j = (s % layer) / k, i = s % k;
    p.bodies[static_cast<std::size_t>(s)].x =
        Eigen::Vector3d(sx / 2 + i * sx, sx / 2 + j * sx, kR - 1e-8 + l * sz);
  }
  // Active contacts: contact s between sphere s and the one below it (or the ground).
  p.contacts.resize(static_cast<std::size_t>(n) * stride);
  p.above.resize(static_cast<std::size_t>(n));
  for (long s = 0; s < n; ++s) {
    Contact& c = p.contact(static_cast<std::size_t>(s));
    c.b = static_cast<int>(s);
    c.a = s >= layer ? static_cast<int>(s - layer) : -1;
    long count = 0;
    for (long t = s; t < n; t += layer) ++count;
    p.above[static_cast<std::size_t>(s)] = static_cast<int>(count);
  }
  // Dormant contacts: the next neighbours in the layer (i + 1, j + 1) and the walls.
  for (long s = 0; s < n; ++s) {
    const long j = (s % layer) / k, i = s % k;
    if (i + 1 < k && s + 1 < n) p.dormant.push_back({int(s), int(s + 1), sx - 2 * kR, 0.0});
    if (j + 1 < k && s + k < n) p.dormant.push_back({int(s), int(s + k), sx - 2 * kR, 0.0});
    const int walls = (i == 0) + (i == k - 1) + (j == 0) + (j == k - 1);
    for (int w = 0; w < walls; ++w) p.dormant.push_back({int(s), int(s), sx / 2 - kR, 0.0});
  }
  // Each body's contacts (CSR, in row order).
  std::vector<std::vector<Side>> perBody(p.bodies.size());
  for (std::size_t c = 0; c < p.nc; ++c) {
    if (p.contact(c).a >= 0) perBody[std::size_t(p.contact(c).a)].push_back({int(c), false});
    perBody[std::size_t(p.contact(c).b)].push_back({int(c), true});
  }
  p.sideStart.push_back(0);
  for (auto& list : perBody) {
    std::sort(list.begin(), list.end(), [](Side x, Side y) { return x.contact < y.contact; });
    p.sides.insert(p.sides.end(), list.begin(), list.end());
    p.sideStart.push_back(static_cast<int>(p.sides.size()));
  }
  // The pattern of W and the assembly's terms, row by row.
  const auto nc = static_cast<Eigen::Index>(p.nc);
  nm::SparseBlockMatrix W;
  W.beginPattern(nc, nc, 3);
  std::vector<std::vector<Term>> rowTerms(p.nc);
  for (std::size_t c = 0; c < p.nc; ++c) {
    const Contact& cc = p.contact(c);
    for (int side = 0; side < 2; ++side) {
      const int body = side == 0 ? cc.a : cc.b;
      if (body < 0) continue;
      for (int q = p.sideStart[std::size_t(body)]; q < p.sideStart[std::size_t(body) + 1]; ++q) {
        const Side& o = p.sides[std::size_t(q)];
        rowTerms[c].push_back({0, body, int(c), o.contact, side == 1, o.isB});
      }
    }
    std::vector<int> cols;
    for (const Term& t : rowTerms[c]) cols.push_back(t.col);
    std::sort(cols.begin(), cols.end());
    cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
    for (int col : cols) W.addBlock(static_cast<Eigen::Index>(c), col);
  }
  W.endPattern();
  p.termStart.push_back(0);
  for (std::size_t c = 0; c < rowTerms.size(); ++c) {
    auto& list = rowTerms[c];
    std::sort(list.begin(), list.end(), [](const Term& x, const Term& y) {
      return x.col != y.col ? x.col < y.col : x.body < y.body;
    });
    for (Term& t : list) t.block = static_cast<int>(W.findBlock(t.row, t.col));
    p.terms.insert(p.terms.end(), list.begin(), list.end());
    p.termStart.push_back(static_cast<int>(p.terms.size()));
  }
  p.problem = nm::FrictionContactProblem(3, nm::Matrix(std::move(W)), Eigen::VectorXd::Zero(3 * nc),
                                         Eigen::VectorXd::Constant(nc, kMu));
  p.r = Eigen::VectorXd::Zero(3 * nc);
  p.u = Eigen::VectorXd::Zero(3 * nc);
  return p;
}

struct Times {
  double free = 0, contacts = 0, solve = 0, update = 0, sweeps = 0;
  double woken = 0;  // dormant contacts whose bound no longer proves them open (summed)
};

// The phases of a step, one function each (profiles attribute their cost to them).
[[gnu::noinline]] void freeVelocities(Pile& p, unsigned threads) {
  nm::parallelFor(threads, p.bodies.size(), 256, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      Body& b = p.bodies[i];
      b.vFree = b.v;
      b.vFree(2) -= kH * kG;  // h M⁻¹ F_ext, F_ext = −m g e_z
    }
  });
}

// Returns the number of dormant contacts whose bound had to be refreshed.
[[gnu::noinline]] std::size_t dormantBounds(Pile& p) {
  // Still provably open (gap0 − motion > 0)?
  std::size_t woken = 0;
  for (Dormant& d : p.dormant) {
    const double moved = p.bodies[std::size_t(d.a)].travel + p.bodies[std::size_t(d.b)].travel;
    if (d.gap0 - (moved - d.travel0) <= 0.0) {
      // Not proved open any more: the kernel evaluates such a contact and puts it back to sleep
      // with a fresh bound (the lattice's neighbours stay 1e-4 m apart: gap0 is unchanged).
      d.travel0 = moved;
      ++woken;
    }
  }
  return woken;
}

[[gnu::noinline]] void contactsPass(Pile& p, unsigned threads) {
  // Geometry, H, the rule, q = H v_free.
  Eigen::VectorXd& q = p.problem.q();
  nm::parallelFor(threads, p.nc, 256, [&](std::size_t begin, std::size_t end) {
    for (std::size_t c = begin; c < end; ++c) {
      Contact& cc = p.contact(c);
      const Body& B = p.bodies[std::size_t(cc.b)];
      Eigen::Vector3d e[3];
      if (cc.a >= 0) {
        const Eigen::Vector3d d = B.x - p.bodies[std::size_t(cc.a)].x;
        const double dist = d.norm();
        e[0] = d / dist;
        cc.gap = dist - 2 * kR;
      } else {
        e[0] = Eigen::Vector3d::UnitZ();
        cc.gap = B.x(2) - kR;
      }
      e[1] = std::abs(e[0](0)) < 0.9 ? e[0].cross(Eigen::Vector3d::UnitX()).normalized()
                                     : e[0].cross(Eigen::Vector3d::UnitY()).normalized();
      e[2] = e[0].cross(e[1]);
      fillH(cc.Hb, e, -kR * e[0], 1.0);
      Eigen::Vector3d uf = cc.Hb * B.vFree;
      const Eigen::Vector3d y1 = cc.Hb * B.v;
      Eigen::Vector3d y1a = Eigen::Vector3d::Zero();
      if (cc.a >= 0) {
        const Body& A = p.bodies[std::size_t(cc.a)];
        fillH(cc.Ha, e, kR * e[0], -1.0);
        uf += cc.Ha * A.vFree;
        y1a = cc.Ha * A.v;
      }
      cc.active = cc.gap + 0.5 * kH * (y1(0) + y1a(0)) <= 0.0;
      q.segment<3>(static_cast<Eigen::Index>(3 * c)) = uf;
    }
  });
}

[[gnu::noinline]] void assemble(Pile& p, unsigned threads) {
  constexpr double iM = kInvMass, iI = kInvInertia;
  // W's blocks from the terms, row by row.
  nm::SparseBlockMatrix& W = p.problem.W().sparseBlock();
  double* values = W.values().data();
  nm::parallelFor(threads, p.nc, 256, [&](std::size_t begin, std::size_t end) {
    for (std::size_t c = begin; c < end; ++c) {
      const auto first = W.blockOffset(W.rowPointer()[c]);
      const auto last = W.blockOffset(W.rowPointer()[c + 1] - 1) + 9;
      std::fill(values + first, values + last, 0.0);
      for (int k = p.termStart[c]; k < p.termStart[c + 1]; ++k) {
        const Term& term = p.terms[std::size_t(k)];
        const Contact& rc = p.contact(std::size_t(term.row));
        const Contact& cc = p.contact(std::size_t(term.col));
        const Matrix36& Hr = term.rowB ? rc.Hb : rc.Ha;
        const Matrix36& Hc = term.colB ? cc.Hb : cc.Ha;
        Eigen::Map<Eigen::Matrix3d> block(values + W.blockOffset(term.block));
        block.noalias() += iM * Hr.leftCols<3>() * Hc.leftCols<3>().transpose();
        block.noalias() += iI * Hr.rightCols<3>() * Hc.rightCols<3>().transpose();
      }
    }
  });
}

[[gnu::noinline]] void update(Pile& p, unsigned threads) {
  constexpr double iM = kInvMass, iI = kInvInertia;
  // v = v_free + M⁻¹ Σ Hᵀ λ, q_{k+1}, the travel bound.
  nm::parallelFor(threads, p.bodies.size(), 256, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      Body& b = p.bodies[i];
      Vector6 impulse = Vector6::Zero();
      for (int k = p.sideStart[i]; k < p.sideStart[i + 1]; ++k) {
        const Side& s = p.sides[std::size_t(k)];
        const Contact& c = p.contact(std::size_t(s.contact));
        const auto lambda = p.r.segment<3>(3 * s.contact);
        impulse.noalias() += (s.isB ? c.Hb : c.Ha).transpose() * lambda;
      }
      const Vector6 vOld = b.v;
      b.v.head<3>() = b.vFree.head<3>() + iM * impulse.head<3>();
      b.v.tail<3>() = b.vFree.tail<3>() + iI * impulse.tail<3>();
      const Vector6 vTheta = kTheta * b.v + (1.0 - kTheta) * vOld;
      b.x += kH * vTheta.head<3>();
      const Eigen::Vector3d w = kH * vTheta.tail<3>();
      const double angle = w.norm();
      const Eigen::Quaterniond dq =
          angle > 1e-12 ? Eigen::Quaterniond(Eigen::AngleAxisd(angle, w / angle))
                        : Eigen::Quaterniond(1.0, 0.5 * w(0), 0.5 * w(1), 0.5 * w(2));
      Eigen::Quaterniond qq(b.quat(0), b.quat(1), b.quat(2), b.quat(3));
      qq = (dq * qq).normalized();
      b.quat = Eigen::Vector4d(qq.w(), qq.x(), qq.y(), qq.z());
      b.travel += kH * (vTheta.head<3>().norm() + kR * vTheta.tail<3>().norm());
    }
  });
}

void step(Pile& p, nm::FrictionContactSolver& solver, unsigned threads, Times& times) {
  auto t = Clock::now();
  freeVelocities(p, threads);
  times.woken += static_cast<double>(dormantBounds(p));
  times.free += seconds(t);
  t = Clock::now();
  contactsPass(p, threads);
  assemble(p, threads);
  times.contacts += seconds(t);
  t = Clock::now();
  // Warm start: p.r keeps the last λ.
  const nm::SolverResult result = solver.solve(p.problem, p.r, p.u);
  times.sweeps += result.iterations;
  times.solve += seconds(t);
  t = Clock::now();
  update(p, threads);
  times.update += seconds(t);
}

moreau::bench::DriverCommandLine commandLine() {
  return moreau::bench::DriverCommandLine(
      "moreau_bench_pile_ideal_layout",
      "[--spheres N,N,...] [--measure STEPS] [--warmup STEPS] [--threads N] [--stride S]");
}

// `text` as an integer >= 1, or the usage error naming `option`.
long count(const std::string& option, const std::string& text) {
  return commandLine().integer(option, text, 1, 1000000000);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::vector<long> sizes = {1000, 10000};
    long measure = 200, warmup = 20;
    unsigned threads = 1;
    std::size_t stride = 1;
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--help" || arg == "-h") commandLine().fail("");
      if (i + 1 >= argc) commandLine().fail("missing value after " + arg);
      const std::string value = argv[++i];
      if (arg == "--spheres") {
        sizes.clear();
        std::stringstream list(value);
        std::string item;
        while (std::getline(list, item, ',')) sizes.push_back(count(arg, item));
        if (sizes.empty()) commandLine().fail("--spheres expects a list of sizes");
      } else if (arg == "--measure") {
        measure = count(arg, value);
      } else if (arg == "--warmup") {
        warmup = count(arg, value);
      } else if (arg == "--stride") {
        stride = static_cast<std::size_t>(count(arg, value));
      } else if (arg == "--threads") {
        threads = static_cast<unsigned>(count(arg, value));
      } else {
        commandLine().fail("unknown option " + arg);
      }
    }
    std::printf(
        "# ideal layout (compact arrays in row order), settled lattice pile, NSGS tolerance "
        "1e-4, %u thread(s); us per step; phases: free (bodies + dormant bounds), contacts "
        "(geometry + H + q + assembly of W), solve, update\n",
        threads);
    std::printf("%7s %7s %8s %10s %10s %9s %9s %9s %9s %8s %10s %9s %10s %16s %8s\n", "N", "active",
                "dormant", "us/step", "cpu_us", "free", "contacts", "solve", "update", "mean_it",
                "us/active", "dN", "drift", "digest", "woken/st");
    for (long n : sizes) {
      Pile pile = build(n, stride);
      nm::SolverOptions options;
      options.tolerance = 1e-4;
      options.maxIterations = 1000;
      nm::FrictionContactSolver solver("nsgs", options);
      std::vector<Eigen::Vector3d> x0;
      for (const Body& b : pile.bodies) x0.push_back(b.x);
      Times ignored, times;
      for (long s = 0; s < warmup; ++s) step(pile, solver, threads, ignored);
      const auto start = Clock::now();
      const double cpuStart = moreau::bench::threadCpuSeconds();
      for (long s = 0; s < measure; ++s) step(pile, solver, threads, times);
      const double wall = seconds(start) / static_cast<double>(measure);
      const double cpu = (moreau::bench::threadCpuSeconds() - cpuStart) / double(measure);
      double dN = 0.0, drift = 0.0;
      for (std::size_t c = 0; c < pile.nc; ++c) {
        const double expected = pile.above[c] * kMass * kG * kH;
        dN = std::max(dN, std::abs(pile.r(Eigen::Index(3 * c)) - expected) / expected);
      }
      std::uint64_t digest = 14695981039346656037ULL;
      for (std::size_t i = 0; i < pile.bodies.size(); ++i) {
        drift = std::max(drift, (pile.bodies[i].x - x0[i]).norm());
        moreau::bench::addToDigest(digest, pile.bodies[i].x);
      }
      const auto m = static_cast<double>(measure);
      const auto nc = static_cast<double>(pile.nc);
      // The pile must stay at rest: a wrong H, W or update shows here, not as a fast step.
      if (!(dN < 1e-2) || !(drift < 1e-5))
        throw std::runtime_error("the pile of N = " + std::to_string(n) +
                                 " did not stay at rest (dN = " + std::to_string(dN) +
                                 ", drift = " + std::to_string(drift) + " m)");
      std::printf(
          "%7ld %7zu %8zu %10.1f %10.1f %9.1f %9.1f %9.1f %9.1f %8.2f %10.3f %9.1e %10.1e %016llx "
          "%8.2f\n",
          n, pile.nc, pile.dormant.size(), 1e6 * wall, 1e6 * cpu, 1e6 * times.free / m,
          1e6 * times.contacts / m, 1e6 * times.solve / m, 1e6 * times.update / m, times.sweeps / m,
          1e6 * wall / nc, dN, drift, static_cast<unsigned long long>(digest), times.woken / m);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "moreau_bench_pile_ideal_layout: %s\n", e.what());
    return 1;
  }
  return 0;
}

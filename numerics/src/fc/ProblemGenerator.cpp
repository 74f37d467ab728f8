#include <moreau/numerics/fc/ProblemGenerator.hpp>

#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace moreau::numerics {

void ProblemGeneratorOptions::validate() const {
  const std::string who = "ProblemGeneratorOptions: ";
  if (dimension != 2 && dimension != 3)
    throw std::invalid_argument(who + "dimension is " + std::to_string(dimension) +
                                ", must be 2 or 3");
  if (!(timeStep > 0.0) || !std::isfinite(timeStep))
    throw std::invalid_argument(who + "timeStep must be finite and > 0");
  if (!(gravity >= 0.0) || !std::isfinite(gravity))
    throw std::invalid_argument(who + "gravity must be finite and >= 0");
  if (!(muMin >= 0.0) || !(muMax >= muMin) || !std::isfinite(muMax))
    throw std::invalid_argument(who + "need 0 <= muMin <= muMax (finite)");
  if (!(initialVelocity >= 0.0) || !std::isfinite(initialVelocity))
    throw std::invalid_argument(who + "initialVelocity must be finite and >= 0");
  if (!(jitter >= 0.0 && jitter <= 0.2))
    throw std::invalid_argument(who + "jitter must be in [0, 0.2]");
}

namespace {

constexpr double kPi = 3.14159265358979323846;
using Vec3 = Eigen::Vector3d;
// Contact Jacobian block of one body: dimension rows (n, t1[, t2]) × body dofs
// (3D: v (3), ω (3); 2D: vx, vy, ω), padded to the 3×6 maximum.
using JacobianBlock = Eigen::Matrix<double, 3, 6>;

// Deterministic uniform draws (independent of the standard library's distributions).
class Random {
 public:
  explicit Random(std::uint64_t seed) : engine_(seed) {}
  double uniform() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
  double uniform(double a, double b) { return a + (b - a) * uniform(); }

 private:
  std::mt19937_64 engine_;
};

struct Body {
  Vec3 centre = Vec3::Zero();  // 2D: (x, y, 0)
  double mass = 1.0;
  Vec3 inertia = Vec3::Ones();  // principal moments (2D: inertia(2) is the one used)
  Eigen::Matrix<double, 6, 1> freeVelocity = Eigen::Matrix<double, 6, 1>::Zero();
};

struct Contact {
  int first = -1;  // body below (or -1: ground)
  int second = 0;  // body above
  Vec3 point = Vec3::Zero();
  Vec3 normal = Vec3::UnitZ();  // from first to second
};

// Orthonormal tangents of a unit normal (3D).
void tangents(const Vec3& n, Vec3& t1, Vec3& t2) {
  const Vec3 axis = std::abs(n.x()) < 0.6 ? Vec3::UnitX() : Vec3::UnitY();
  t1 = n.cross(axis).normalized();
  t2 = n.cross(t1);
}

class Assembler {
 public:
  Assembler(int dimension, const ProblemGeneratorOptions& options)
      : d_(dimension), options_(options), random_(options.seed) {}

  Random& random() { return random_; }

  int addBody(const Vec3& centre, double mass, const Vec3& inertia) {
    Body body;
    body.centre = centre;
    body.mass = mass;
    body.inertia = inertia;
    const double v0 = options_.initialVelocity;
    for (int k = 0; k < 6; ++k) body.freeVelocity[k] = random_.uniform(-v0, v0);
    if (d_ == 2) body.freeVelocity.tail<3>().setZero();
    // free velocity: v0 + h g (gravity along −z in 3D, −y in 2D)
    body.freeVelocity[d_ == 3 ? 2 : 1] -= options_.timeStep * options_.gravity;
    bodies_.push_back(body);
    return static_cast<int>(bodies_.size()) - 1;
  }

  void addContact(int first, int second, const Vec3& point, const Vec3& normal) {
    contacts_.push_back(Contact{first, second, point, normal.normalized()});
  }

  GeneratedProblem finish(std::string name) {
    const auto nc = static_cast<Eigen::Index>(contacts_.size());
    const int nb = d_ == 3 ? 6 : 3;  // dofs per body
    // Jacobian blocks: J[2 c + 0] for the first body (negated), J[2 c + 1] for the second.
    std::vector<JacobianBlock> jac(2 * contacts_.size(), JacobianBlock::Zero());
    std::vector<std::vector<int>> contactsOfBody(bodies_.size());
    for (std::size_t c = 0; c < contacts_.size(); ++c) {
      const Contact& contact = contacts_[c];
      Vec3 frame[3];
      frame[0] = contact.normal;
      if (d_ == 3) {
        tangents(contact.normal, frame[1], frame[2]);
      } else {
        frame[1] = Vec3(contact.normal.y(), -contact.normal.x(), 0.0);  // n rotated by −90°
      }
      const int ends[2] = {contact.first, contact.second};
      for (int side = 0; side < 2; ++side) {
        const int b = ends[side];
        if (b < 0) continue;
        const double sign = side == 0 ? -1.0 : 1.0;
        const Vec3 r = contact.point - bodies_[static_cast<std::size_t>(b)].centre;
        JacobianBlock& J = jac[2 * c + static_cast<std::size_t>(side)];
        for (int a = 0; a < d_; ++a) {
          const Vec3& e = frame[a];
          if (d_ == 3) {
            J.block<1, 3>(a, 0) = sign * e.transpose();
            J.block<1, 3>(a, 3) = sign * r.cross(e).transpose();
          } else {
            J(a, 0) = sign * e.x();
            J(a, 1) = sign * e.y();
            J(a, 2) = sign * (r.x() * e.y() - r.y() * e.x());
          }
        }
        contactsOfBody[static_cast<std::size_t>(b)].push_back(static_cast<int>(c));
      }
    }
    // Block pattern: (i, j) for every pair of contacts sharing a body.
    std::vector<std::pair<Eigen::Index, Eigen::Index>> pattern;
    for (const auto& list : contactsOfBody)
      for (int i : list)
        for (int j : list) pattern.emplace_back(i, j);
    std::sort(pattern.begin(), pattern.end());
    pattern.erase(std::unique(pattern.begin(), pattern.end()), pattern.end());
    const std::vector<Eigen::Index> sizes(static_cast<std::size_t>(nc), d_);
    SparseBlockMatrix W(sizes, sizes, pattern);

    Eigen::VectorXd q = Eigen::VectorXd::Zero(d_ * nc);
    Eigen::VectorXd mu(nc);
    for (std::size_t b = 0; b < bodies_.size(); ++b) {
      const Body& body = bodies_[b];
      Eigen::Matrix<double, 6, 1> inverseMass = Eigen::Matrix<double, 6, 1>::Zero();
      if (d_ == 3) {
        inverseMass.head<3>().setConstant(1.0 / body.mass);
        inverseMass.segment<3>(3) = body.inertia.cwiseInverse();
      } else {
        inverseMass.head<2>().setConstant(1.0 / body.mass);
        inverseMass[2] = 1.0 / body.inertia[2];
      }
      for (int i : contactsOfBody[b]) {
        const auto side = static_cast<std::size_t>(
            contacts_[static_cast<std::size_t>(i)].second == static_cast<int>(b) ? 1 : 0);
        const JacobianBlock& Ji = jac[2 * static_cast<std::size_t>(i) + side];
        q.segment(d_ * i, d_) += Ji.topLeftCorner(d_, nb) * body.freeVelocity.head(nb);
        for (int j : contactsOfBody[b]) {
          const auto sideJ = static_cast<std::size_t>(
              contacts_[static_cast<std::size_t>(j)].second == static_cast<int>(b) ? 1 : 0);
          const JacobianBlock& Jj = jac[2 * static_cast<std::size_t>(j) + sideJ];
          const Eigen::Index k = W.findBlock(i, j);
          W.block(k) += Ji.topLeftCorner(d_, nb) * inverseMass.head(nb).asDiagonal() *
                        Jj.topLeftCorner(d_, nb).transpose();
        }
      }
    }
    GeneratedProblem result;
    result.contactBodies.reserve(contacts_.size());
    for (Eigen::Index c = 0; c < nc; ++c) {
      mu[c] = random_.uniform(options_.muMin, options_.muMax);
      const Contact& contact = contacts_[static_cast<std::size_t>(c)];
      result.contactBodies.emplace_back(contact.first, contact.second);
    }
    // Global form: M diagonal, H = Jᵀ, q = M v_free, b = 0.
    {
      const auto n = static_cast<Eigen::Index>(nb) * static_cast<Eigen::Index>(bodies_.size());
      std::vector<Eigen::Triplet<double>> mEntries, hEntries;
      Eigen::VectorXd qGlobal(n);
      for (std::size_t b = 0; b < bodies_.size(); ++b) {
        const Body& body = bodies_[b];
        const auto offset = static_cast<Eigen::Index>(nb * b);
        for (int k = 0; k < nb; ++k) {
          const double mass = k < (d_ == 3 ? 3 : 2) ? body.mass : body.inertia[d_ == 3 ? k - 3 : 2];
          mEntries.emplace_back(offset + k, offset + k, mass);
          qGlobal[offset + k] = mass * body.freeVelocity[k];
        }
      }
      for (std::size_t c = 0; c < contacts_.size(); ++c) {
        const int ends[2] = {contacts_[c].first, contacts_[c].second};
        for (int side = 0; side < 2; ++side) {
          if (ends[side] < 0) continue;
          const JacobianBlock& J = jac[2 * c + static_cast<std::size_t>(side)];
          const auto offset = static_cast<Eigen::Index>(nb * ends[side]);
          for (int a = 0; a < d_; ++a)
            for (int k = 0; k < nb; ++k)
              if (J(a, k) != 0.0)
                hEntries.emplace_back(offset + k, d_ * static_cast<Eigen::Index>(c) + a, J(a, k));
        }
      }
      Eigen::SparseMatrix<double> Mg(n, n), Hg(n, d_ * nc);
      Mg.setFromTriplets(mEntries.begin(), mEntries.end());
      Hg.setFromTriplets(hEntries.begin(), hEntries.end());
      result.global.dimension = d_;
      result.global.M = Matrix(std::move(Mg));
      result.global.H = Matrix(std::move(Hg));
      result.global.q = std::move(qGlobal);
      result.global.b = Eigen::VectorXd::Zero(d_ * nc);
      result.global.mu = mu;
    }
    result.problem = FrictionContactProblem(d_, Matrix(std::move(W)), std::move(q), std::move(mu));
    result.numberOfBodies = static_cast<int>(bodies_.size());
    result.name = std::move(name);
    return result;
  }

 private:
  int d_;
  ProblemGeneratorOptions options_;
  Random random_;
  std::vector<Body> bodies_;
  std::vector<Contact> contacts_;
};

void checkCount(int value, const char* what) {
  if (value < 1)
    throw std::invalid_argument(std::string("problem generator: ") + what + " is " +
                                std::to_string(value) + ", must be >= 1");
}

}  // namespace

GeneratedProblem generateStack(StackShape shape, int bodies,
                               const ProblemGeneratorOptions& options) {
  options.validate();
  checkCount(bodies, "the number of bodies");
  const int d = options.dimension;
  Assembler assembler(d, options);
  Random& random = assembler.random();
  const double jitter = options.jitter;
  const Vec3 up = d == 3 ? Vec3::UnitZ() : Vec3::UnitY();
  if (shape == StackShape::Box) {
    // unit boxes (squares in 2D), horizontal offsets of up to `jitter`
    double base = 0.0;
    Vec3 previousOffset = Vec3::Zero();
    for (int k = 0; k < bodies; ++k) {
      Vec3 offset = Vec3::Zero();
      offset.x() = random.uniform(-jitter, jitter);
      if (d == 3) offset.y() = random.uniform(-jitter, jitter);
      const double mass = random.uniform(0.5, 2.0);
      const Vec3 centre = offset + (base + 0.5) * up;
      const int body = assembler.addBody(centre, mass, Vec3::Constant(mass / 6.0));
      // footprint overlap with the body below (the ground is unbounded)
      const int below = k == 0 ? -1 : body - 1;
      const double lx0 = k == 0 ? offset.x() - 0.5 : std::max(offset.x(), previousOffset.x()) - 0.5;
      const double lx1 = k == 0 ? offset.x() + 0.5 : std::min(offset.x(), previousOffset.x()) + 0.5;
      if (d == 3) {
        const double ly0 =
            k == 0 ? offset.y() - 0.5 : std::max(offset.y(), previousOffset.y()) - 0.5;
        const double ly1 =
            k == 0 ? offset.y() + 0.5 : std::min(offset.y(), previousOffset.y()) + 0.5;
        for (double x : {lx0, lx1})
          for (double y : {ly0, ly1}) assembler.addContact(below, body, Vec3(x, y, base), up);
      } else {
        for (double x : {lx0, lx1}) assembler.addContact(below, body, Vec3(x, base, 0.0), up);
      }
      previousOffset = offset;
      base += 1.0;
    }
    return assembler.finish("box-stack-" + std::to_string(d) + "d-" + std::to_string(bodies));
  }
  // spheres (disks in 2D) of radius in [0.4, 0.5], centres offset horizontally
  Vec3 previousCentre = Vec3::Zero();
  double previousRadius = 0.0;
  for (int k = 0; k < bodies; ++k) {
    const double radius = random.uniform(0.4, 0.5);
    Vec3 offset = Vec3::Zero();
    offset.x() = random.uniform(-jitter, jitter) * radius;
    if (d == 3) offset.y() = random.uniform(-jitter, jitter) * radius;
    Vec3 centre;
    Vec3 normal = up;
    if (k == 0) {
      centre = offset + radius * up;
    } else {
      // touching the sphere below along the direction (offset, vertical)
      const double horizontal = (offset - previousCentre.cwiseProduct(Vec3::Ones() - up)).norm();
      const double distance = previousRadius + radius;
      const double vertical = std::sqrt(
          std::max(distance * distance - horizontal * horizontal, 0.25 * distance * distance));
      centre = offset + (previousCentre.dot(up) + vertical) * up;
      normal = (centre - previousCentre).normalized();
    }
    const double volumeFactor =
        d == 3 ? 4.0 / 3.0 * kPi * radius * radius * radius : kPi * radius * radius;
    const double mass = 1000.0 * volumeFactor;
    const double inertia = (d == 3 ? 0.4 : 0.5) * mass * radius * radius;
    const int body = assembler.addBody(centre, mass, Vec3::Constant(inertia));
    if (k == 0) {
      assembler.addContact(-1, body, centre - radius * up, up);
    } else {
      assembler.addContact(body - 1, body, previousCentre + previousRadius * normal, normal);
    }
    previousCentre = centre;
    previousRadius = radius;
  }
  return assembler.finish("sphere-stack-" + std::to_string(d) + "d-" + std::to_string(bodies));
}

GeneratedProblem generateSingleBody(int contacts, const ProblemGeneratorOptions& options) {
  options.validate();
  checkCount(contacts, "the number of contacts");
  const int d = options.dimension;
  Assembler assembler(d, options);
  Random& random = assembler.random();
  const double jitter = options.jitter;
  const Vec3 up = d == 3 ? Vec3::UnitZ() : Vec3::UnitY();
  // box 2×2×1 (rectangle 2×1) with its bottom face on the ground, centre 0.5 above it
  const double mass = random.uniform(0.5, 2.0);
  const Vec3 inertia = d == 3 ? Vec3(5.0 * mass / 12.0, 5.0 * mass / 12.0, 8.0 * mass / 12.0)
                              : Vec3::Constant(5.0 * mass / 12.0);
  const int body = assembler.addBody(0.5 * up, mass, inertia);
  // grid of gx (× gy) cells over [−1, 1]², one point per cell, jittered inside it
  const int gx =
      d == 3 ? static_cast<int>(std::ceil(std::sqrt(static_cast<double>(contacts)))) : contacts;
  const double cell = 2.0 / static_cast<double>(gx);
  for (int c = 0; c < contacts; ++c) {
    const int i = c % gx;
    const int j = c / gx;
    Vec3 point = Vec3::Zero();
    point.x() = -1.0 + (i + 0.5 + random.uniform(-0.4, 0.4)) * cell;
    if (d == 3) point.y() = -1.0 + (j + 0.5 + random.uniform(-0.4, 0.4)) * cell;
    Vec3 normal = up;
    normal.x() += random.uniform(-jitter, jitter);
    if (d == 3) normal.y() += random.uniform(-jitter, jitter);
    assembler.addContact(-1, body, point, normal);
  }
  return assembler.finish("single-body-" + std::to_string(d) + "d-" + std::to_string(contacts));
}

long pileContactCount(int nx, int ny, int nz, int dimension) {
  const long x = nx, y = ny, z = nz;
  if (dimension == 2) return x + x * (y - 1) + (x - 1) * y;
  return x * y + x * y * (z - 1) + (x - 1) * y * z + x * (y - 1) * z;
}

GeneratedProblem generatePile(int nx, int ny, int nz, const ProblemGeneratorOptions& options) {
  options.validate();
  const int d = options.dimension;
  checkCount(nx, "nx");
  checkCount(ny, "ny");
  if (d == 3) checkCount(nz, "nz");
  const int layers = d == 3 ? nz : ny;
  const int rows = d == 3 ? ny : 1;
  Assembler assembler(d, options);
  Random& random = assembler.random();
  const Vec3 up = d == 3 ? Vec3::UnitZ() : Vec3::UnitY();
  const Vec3 across = d == 3 ? Vec3(Vec3::UnitY()) : Vec3(Vec3::Zero());
  std::vector<double> radius;
  std::vector<Vec3> centre;
  // body index of grid cell (i, j, k): (k * rows + j) * nx + i
  for (int k = 0; k < layers; ++k) {
    for (int j = 0; j < rows; ++j) {
      for (int i = 0; i < nx; ++i) {
        const double r = random.uniform(0.4, 0.5);
        Vec3 c = static_cast<double>(i) * Vec3::UnitX() + static_cast<double>(j) * across +
                 (static_cast<double>(k) + 0.5) * up;
        c.x() += random.uniform(-options.jitter, options.jitter);
        if (d == 3) c.y() += random.uniform(-options.jitter, options.jitter);
        // the lowest layer rests on the ground
        if (k == 0) c += (r - 0.5) * up;
        const double volume = d == 3 ? 4.0 / 3.0 * kPi * r * r * r : kPi * r * r;
        const double mass = 1000.0 * volume;
        assembler.addBody(c, mass, Vec3::Constant((d == 3 ? 0.4 : 0.5) * mass * r * r));
        radius.push_back(r);
        centre.push_back(c);
      }
    }
  }
  auto index = [&](int i, int j, int k) { return (k * rows + j) * nx + i; };
  auto link = [&](int a, int b) {
    const auto ua = static_cast<std::size_t>(a);
    const Vec3 n = (centre[static_cast<std::size_t>(b)] - centre[ua]).normalized();
    assembler.addContact(a, b, centre[ua] + radius[ua] * n, n);
  };
  for (int k = 0; k < layers; ++k) {
    for (int j = 0; j < rows; ++j) {
      for (int i = 0; i < nx; ++i) {
        const int b = index(i, j, k);
        const auto ub = static_cast<std::size_t>(b);
        if (k == 0) {
          assembler.addContact(-1, b, centre[ub] - radius[ub] * up, up);
        } else {
          link(index(i, j, k - 1), b);
        }
        if (i > 0) link(index(i - 1, j, k), b);
        if (j > 0) link(index(i, j - 1, k), b);
      }
    }
  }
  const std::string dims =
      d == 3 ? std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz)
             : std::to_string(nx) + "x" + std::to_string(ny);
  return assembler.finish("sphere-pile-" + std::to_string(d) + "d-" + dims);
}

GeneratedProblem generatePileWithContacts(long contacts, const ProblemGeneratorOptions& options) {
  options.validate();
  if (contacts < 1)
    throw std::invalid_argument("problem generator: the number of contacts is " +
                                std::to_string(contacts) + ", must be >= 1");
  const int d = options.dimension;
  // n (x n) base and k layers with n/2 <= k <= 2n (a compact pile, not a column):
  // the closest count, then the most regular grid
  const double perCell = d == 3 ? 3.0 : 2.0;
  const int n0 = std::max(
      1, static_cast<int>(std::lround(std::pow(static_cast<double>(contacts) / perCell, 1.0 / d))));
  long bestError = -1;
  int bestN = 1;
  int bestK = 1;
  for (int n = std::max(1, n0 - 3); n <= n0 + 3; ++n) {
    for (int k = std::max(1, n / 2); k <= 2 * n; ++k) {
      const long count = d == 3 ? pileContactCount(n, n, k, 3) : pileContactCount(n, k, 1, 2);
      const long error = std::labs(count - contacts);
      if (bestError < 0 || error < bestError ||
          (error == bestError && std::abs(n - k) < std::abs(bestN - bestK))) {
        bestError = error;
        bestN = n;
        bestK = k;
      }
    }
  }
  return d == 3 ? generatePile(bestN, bestN, bestK, options)
                : generatePile(bestN, bestK, 1, options);
}

}  // namespace moreau::numerics

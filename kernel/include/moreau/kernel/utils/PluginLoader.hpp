#pragma once
// Siconos-style C plug-ins: "library:symbol" strings (or the two-argument
// setters ("library", "symbol")) resolved with dlopen/dlsym. Library
// resolution (PluginLoader::openLibrary), as in Siconos:
//   - a name with a '/' is a path (relative to the working directory), used
//     as is;
//   - a bare name: "Plugin" is searched as libPlugin.so then Plugin.so (a
//     name already ending in .so, or with ".so.", as is), first in the
//     working directory, then next to the executable (/proc/self/exe), then
//     on the dynamic loader's path (LD_LIBRARY_PATH, RUNPATH, ld.so.cache,
//     system directories);
//   - not found: ModelError naming every path searched; a file found but not
//     loadable, or a missing symbol: ModelError with the dlerror() text.
// The symbol must have C linkage (extern "C"). The returned std::functions
// own a shared RAII handle, so the library stays loaded while any of them is
// alive and is dlclose'd with the last one. No global state: two loads of the same library
// share the loader's own reference count.
//
// Output arrays are pre-sized by the caller; matrices are column-major
// (Eigen's default), as in Siconos. z is the DS parameter vector (sizeZ = 0
// and a null pointer when empty).

#include <Eigen/Dense>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace moreau {

/// The Siconos C signatures.
namespace plugin {
extern "C" {
/// FExt(time, sizeOfq, fExt, sizeZ, z)
using FExt = void (*)(double, unsigned, double*, unsigned, double*);
/// Mass(sizeOfq, q, mass, sizeZ, z)
using Mass = void (*)(unsigned, const double*, double*, unsigned, double*);
/// FInt(time, sizeOfq, q, velocity, fInt, sizeZ, z); also ∇_q FInt, ∇_v FInt
using FInt = void (*)(double, unsigned, const double*, const double*, double*, unsigned, double*);
/// NNL(sizeOfq, q, velocity, N, sizeZ, z); also ∇_q N, ∇_v N
using NNL = void (*)(unsigned, const double*, const double*, double*, unsigned, double*);
/// f(time, n, x, f, sizeZ, z); also jacobianfx(time, n, x, jacob, sizeZ, z)
using FirstOrderF = void (*)(double, unsigned, const double*, double*, unsigned, double*);
/// A(time, rowA, colA, A, sizeZ, z)
using MatrixOfTime = void (*)(double, unsigned, unsigned, double*, unsigned, double*);
/// b(time, sizeOfB, b, sizeZ, z)
using VectorOfTime = void (*)(double, unsigned, double*, unsigned, double*);
/// first-order M(time, n, x, M, sizeZ, z) (Moreau's choice of signature)
using FirstOrderMass = FirstOrderF;
/// BoundaryCondition prescribed velocity v̄(time, sizeOfIndices, v̄) (no z).
using PrescribedVelocity = void (*)(double, unsigned, double*);

// Relations (Siconos 4.4 signatures; matrix outputs column-major, the size
// argument before a matrix output is its number of rows).
/// LagrangianScleronomousR h(sizeOfq, q, sizeOfy, y, sizeZ, z) and
/// G0 = ∇_q h (sizeOfq, q, rowsOfG, G, sizeZ, z); FirstOrderType1R
/// h(sizeOfx, x, sizeOfy, y, sizeZ, z), jachx(sizeOfx, x, rowsOfC, C, sizeZ, z),
/// g(sizeOfLambda, λ, sizeOfr, r, sizeZ, z) and
/// jacglambda(sizeOfLambda, λ, rowsOfB, B, sizeZ, z).
using StateOutput = void (*)(unsigned, const double*, unsigned, double*, unsigned, double*);
/// LagrangianScleronomousR dotG(sizeOfq, q, sizeOfqdot, qdot, dotG, sizeZ, z);
/// LagrangianCompliantR h(sizeOfq, q, sizeOfy, λ, y, sizeZ, z) and its
/// Jacobians G0, G1 (sizeOfq, q, sizeOfLambda, λ, G, sizeZ, z).
using TwoVectorsOutput = void (*)(unsigned, const double*, unsigned, const double*, double*,
                                  unsigned, double*);
/// LagrangianRheonomousR h, G0 and hDot (sizeOfq, q, time, sizeOfy|rowsOfG, out,
/// sizeZ, z): time is the THIRD argument.
using RheonomousOutput = void (*)(unsigned, const double*, double, unsigned, double*, unsigned,
                                  double*);
/// FirstOrderType2R h(sizeOfx, x, sizeOfLambda, λ, sizeOfy, y) (no time, no z);
/// Moreau also calls jachx and jachlambda with this signature (rowsOfC|D, C|D).
using Type2Output = void (*)(unsigned, const double*, unsigned, const double*, unsigned, double*);
/// FirstOrderType2R g(sizeOfLambda, λ, sizeOfr, r) (no time, no z); Moreau also
/// calls jacglambda with it (rowsOfB, B).
using Type2Input = void (*)(unsigned, const double*, unsigned, double*);
/// FirstOrderNonLinearR h, g and the four Jacobians
/// (time, sizeOfx, x, sizeOfLambda, λ, out, sizeZ, z).
using NonLinearROutput = void (*)(double, unsigned, const double*, unsigned, const double*, double*,
                                  unsigned, double*);
}

/// Size argument of a plug-in call.
inline unsigned size(Eigen::Index n) { return static_cast<unsigned>(n); }
/// z argument of a plug-in call: null when empty. z is passed as double*
/// (Siconos signature); the objects passed are non-const (the DS's z, or the
/// relation workspace's copy), so a plug-in writing into it is well defined.
inline double* zData(const Eigen::VectorXd& z) {
  return z.size() ? const_cast<double*>(z.data()) : nullptr;
}
}  // namespace plugin

/// RAII handle of a dlopen'ed library (dlclose on destruction).
class SharedLibrary {
 public:
  /// dlopen(path, RTLD_NOW | RTLD_LOCAL); ModelError with the dlerror() text
  /// when it fails.
  explicit SharedLibrary(const std::string& path);
  ~SharedLibrary();
  SharedLibrary(const SharedLibrary&) = delete;
  SharedLibrary& operator=(const SharedLibrary&) = delete;

  /// Path given to dlopen.
  const std::string& path() const { return path_; }
  /// dlsym; ModelError with the dlerror() text when the symbol is missing.
  void* symbol(const std::string& name) const;

 private:
  std::string path_;
  void* handle_ = nullptr;
};

/// A resolved C function and the library that keeps it alive.
template <class FunctionPointer>
struct Plugin {
  /// Keeps the library loaded while the function is used.
  std::shared_ptr<const SharedLibrary> library;
  /// The resolved C function.
  FunctionPointer function = nullptr;
};

/// Siconos-style C plug-ins: "library:symbol" strings resolved with dlopen/dlsym, wrapped into the
/// std::functions the systems and relations use. A bare library name "Plugin" is searched as
/// libPlugin.so then Plugin.so, in the working directory, next to the executable, then on the
/// dynamic loader's path; a name with a '/' is a path. The symbol must have C linkage; matrices
/// are column-major. The returned functions keep the library loaded. Errors: ModelError naming
/// the paths searched or the dlerror() text.
class PluginLoader {
 public:
  /// Splits "library:symbol" at the LAST ':'; ModelError when either part
  /// is empty or there is no ':'.
  static void split(const std::string& spec, std::string& library, std::string& symbol);
  /// The file names tried for a library name: {name} for a path or a name
  /// ending in .so; {"lib<name>.so", "<name>.so"} for a bare name.
  static std::vector<std::string> candidateFileNames(const std::string& library);
  /// Resolves and opens a library (search order in the file comment).
  static std::shared_ptr<const SharedLibrary> openLibrary(const std::string& library);
  /// Opens the library (openLibrary) and resolves the symbol.
  static std::pair<std::shared_ptr<const SharedLibrary>, void*> open(const std::string& spec);
  /// Typed version, for any C signature (relations use it too).
  template <class FunctionPointer>
  static Plugin<FunctionPointer> load(const std::string& spec) {
    auto [library, address] = open(spec);
    Plugin<FunctionPointer> p;
    p.library = std::move(library);
    p.function = reinterpret_cast<FunctionPointer>(address);
    return p;
  }

  // std::function adapters with the signatures of the DS classes (identical
  // std::function types to LagrangianDS::MassFunction etc.).
  /// FExt: the DS passes its z through the returned function.
  static std::function<void(double, const Eigen::VectorXd&, Eigen::VectorXd&)> fext(
      const std::string& spec);
  /// Mass: M(q, z, M).
  ///@{
  static std::function<void(const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd&)> mass(
      const std::string& spec);
  ///@}
  /// FInt and its Jacobians (matrix outputs column-major).
  ///@{
  static std::function<void(double, const Eigen::VectorXd&, const Eigen::VectorXd&,
                            const Eigen::VectorXd&, Eigen::VectorXd&)>
  fint(const std::string& spec);
  static std::function<void(double, const Eigen::VectorXd&, const Eigen::VectorXd&,
                            const Eigen::VectorXd&, Eigen::MatrixXd&)>
  fintJacobian(const std::string& spec);
  ///@}
  /// NNL and its Jacobians.
  ///@{
  static std::function<void(const Eigen::VectorXd&, const Eigen::VectorXd&, const Eigen::VectorXd&,
                            Eigen::VectorXd&)>
  nnl(const std::string& spec);
  static std::function<void(const Eigen::VectorXd&, const Eigen::VectorXd&, const Eigen::VectorXd&,
                            Eigen::MatrixXd&)>
  nnlJacobian(const std::string& spec);
  ///@}
  /// First-order f(t, x, z, f), jacobianfx(t, x, z, J) and M(t, x, z, M).
  ///@{
  static std::function<void(double, const Eigen::VectorXd&, const Eigen::VectorXd&,
                            Eigen::VectorXd&)>
  firstOrderF(const std::string& spec);
  static std::function<void(double, const Eigen::VectorXd&, const Eigen::VectorXd&,
                            Eigen::MatrixXd&)>
  firstOrderJacobian(const std::string& spec);
  ///@}
  /// A(t, z, A) and b(t, z, b) of FirstOrderLinearDS.
  ///@{
  static std::function<void(double, const Eigen::VectorXd&, Eigen::MatrixXd&)> matrixOfTime(
      const std::string& spec);
  static std::function<void(double, const Eigen::VectorXd&, Eigen::VectorXd&)> vectorOfTime(
      const std::string& spec);
  ///@}
  /// BoundaryCondition v̄(t, v̄) (BoundaryCondition::VelocityFunction): the C function gets
  /// (time, v̄.size(), v̄.data()).
  static std::function<void(double, Eigen::Ref<Eigen::VectorXd>)> prescribedVelocity(
      const std::string& spec);
};

}  // namespace moreau

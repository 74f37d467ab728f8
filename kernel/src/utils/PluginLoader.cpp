#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/utils/PluginLoader.hpp>

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <utility>
#include <vector>

namespace moreau {

namespace {
std::string lastDlError() {
  const char* e = dlerror();
  return e ? std::string(e) : std::string("unknown dlerror");
}
bool hasSharedLibrarySuffix(const std::string& name) {
  const auto n = name.size();
  return (n > 3 && name.compare(n - 3, 3, ".so") == 0) || name.find(".so.") != std::string::npos;
}
unsigned u(Eigen::Index n) { return static_cast<unsigned>(n); }
// z is passed as double* (Siconos signature); the DS's z is a non-const
// object, so a plug-in writing into it is well defined.
double* zPtr(const Eigen::VectorXd& z) {
  return z.size() ? const_cast<double*>(z.data()) : nullptr;
}
}  // namespace

SharedLibrary::SharedLibrary(const std::string& path) : path_(path) {
  dlerror();  // clear
  handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle_) throw ModelError("plug-in: cannot load library '" + path + "': " + lastDlError());
}

SharedLibrary::~SharedLibrary() {
  if (handle_) dlclose(handle_);
}

void* SharedLibrary::symbol(const std::string& name) const {
  dlerror();  // clear
  void* address = dlsym(handle_, name.c_str());
  if (!address)
    throw ModelError("plug-in: symbol '" + name + "' not found in '" + path_ +
                     "': " + lastDlError());
  return address;
}

void PluginLoader::split(const std::string& spec, std::string& library, std::string& symbol) {
  const auto colon = spec.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == spec.size())
    throw ModelError("plug-in: '" + spec +
                     "' is not of the form \"library:symbol\" (e.g. \"libmyplugin.so:myFExt\")");
  library = spec.substr(0, colon);
  symbol = spec.substr(colon + 1);
}

std::vector<std::string> PluginLoader::candidateFileNames(const std::string& library) {
  if (library.find('/') != std::string::npos || hasSharedLibrarySuffix(library)) return {library};
  return {"lib" + library + ".so", library + ".so"};
}

std::shared_ptr<const SharedLibrary> PluginLoader::openLibrary(const std::string& library) {
  namespace fs = std::filesystem;
  if (library.empty()) throw ModelError("plug-in: empty library name");
  // A path (with a '/'): exactly that file, relative to the working
  // directory; dlerror() names it when it is missing.
  if (library.find('/') != std::string::npos) return std::make_shared<const SharedLibrary>(library);
  const std::vector<std::string> names = candidateFileNames(library);
  std::vector<fs::path> dirs;
  std::error_code ec;
  const fs::path cwd = fs::current_path(ec);
  if (!ec) dirs.push_back(cwd);
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec && exe.has_parent_path() &&
      (dirs.empty() || !fs::equivalent(dirs[0], exe.parent_path(), ec)))
    dirs.push_back(exe.parent_path());
  std::string searched;
  for (const auto& dir : dirs)
    for (const auto& name : names) {
      const fs::path candidate = dir / name;
      searched += (searched.empty() ? "" : ", ") + candidate.string();
      if (fs::exists(candidate, ec))  // found: a load failure is the answer
        return std::make_shared<const SharedLibrary>(candidate.string());
    }
  // The dynamic loader's own search (LD_LIBRARY_PATH, RUNPATH, ld.so.cache,
  // system directories).
  std::string loaderErrors;
  for (const auto& name : names) {
    dlerror();
    if (void* handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL)) {
      dlclose(handle);  // reopened (reference counted) by SharedLibrary
      return std::make_shared<const SharedLibrary>(name);
    }
    loaderErrors += (loaderErrors.empty() ? "" : "; ") + lastDlError();
  }
  const char* ldPath = std::getenv("LD_LIBRARY_PATH");
  std::string loaderNames;
  for (const auto& name : names) loaderNames += (loaderNames.empty() ? "" : ", ") + name;
  throw ModelError("plug-in: library '" + library + "' not found; searched: " + searched +
                   "; then the loader path for " + loaderNames +
                   " (LD_LIBRARY_PATH=" + (ldPath ? ldPath : "") +
                   ", RUNPATH, ld.so.cache, system directories): " + loaderErrors);
}

std::pair<std::shared_ptr<const SharedLibrary>, void*> PluginLoader::open(const std::string& spec) {
  std::string library, symbol;
  split(spec, library, symbol);
  auto lib = openLibrary(library);
  void* address = lib->symbol(symbol);
  return {std::move(lib), address};
}

std::function<void(double, const Eigen::VectorXd&, Eigen::VectorXd&)> PluginLoader::fext(
    const std::string& spec) {
  auto p = load<plugin::FExt>(spec);
  return [p](double t, const Eigen::VectorXd& z, Eigen::VectorXd& f) {
    p.function(t, u(f.size()), f.data(), u(z.size()), zPtr(z));
  };
}

std::function<void(const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd&)>
PluginLoader::mass(const std::string& spec) {
  auto p = load<plugin::Mass>(spec);
  return [p](const Eigen::VectorXd& q, const Eigen::VectorXd& z, Eigen::MatrixXd& M) {
    p.function(u(q.size()), q.data(), M.data(), u(z.size()), zPtr(z));
  };
}

std::function<void(double, const Eigen::VectorXd&, const Eigen::VectorXd&, const Eigen::VectorXd&,
                   Eigen::VectorXd&)>
PluginLoader::fint(const std::string& spec) {
  auto p = load<plugin::FInt>(spec);
  return [p](double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v, const Eigen::VectorXd& z,
             Eigen::VectorXd& out) {
    p.function(t, u(q.size()), q.data(), v.data(), out.data(), u(z.size()), zPtr(z));
  };
}

std::function<void(double, const Eigen::VectorXd&, const Eigen::VectorXd&, const Eigen::VectorXd&,
                   Eigen::MatrixXd&)>
PluginLoader::fintJacobian(const std::string& spec) {
  auto p = load<plugin::FInt>(spec);
  return [p](double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v, const Eigen::VectorXd& z,
             Eigen::MatrixXd& out) {
    p.function(t, u(q.size()), q.data(), v.data(), out.data(), u(z.size()), zPtr(z));
  };
}

std::function<void(const Eigen::VectorXd&, const Eigen::VectorXd&, const Eigen::VectorXd&,
                   Eigen::VectorXd&)>
PluginLoader::nnl(const std::string& spec) {
  auto p = load<plugin::NNL>(spec);
  return [p](const Eigen::VectorXd& q, const Eigen::VectorXd& v, const Eigen::VectorXd& z,
             Eigen::VectorXd& out) {
    p.function(u(q.size()), q.data(), v.data(), out.data(), u(z.size()), zPtr(z));
  };
}

std::function<void(const Eigen::VectorXd&, const Eigen::VectorXd&, const Eigen::VectorXd&,
                   Eigen::MatrixXd&)>
PluginLoader::nnlJacobian(const std::string& spec) {
  auto p = load<plugin::NNL>(spec);
  return [p](const Eigen::VectorXd& q, const Eigen::VectorXd& v, const Eigen::VectorXd& z,
             Eigen::MatrixXd& out) {
    p.function(u(q.size()), q.data(), v.data(), out.data(), u(z.size()), zPtr(z));
  };
}

std::function<void(double, const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::VectorXd&)>
PluginLoader::firstOrderF(const std::string& spec) {
  auto p = load<plugin::FirstOrderF>(spec);
  return [p](double t, const Eigen::VectorXd& x, const Eigen::VectorXd& z, Eigen::VectorXd& out) {
    p.function(t, u(x.size()), x.data(), out.data(), u(z.size()), zPtr(z));
  };
}

std::function<void(double, const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd&)>
PluginLoader::firstOrderJacobian(const std::string& spec) {
  auto p = load<plugin::FirstOrderF>(spec);
  return [p](double t, const Eigen::VectorXd& x, const Eigen::VectorXd& z, Eigen::MatrixXd& out) {
    p.function(t, u(x.size()), x.data(), out.data(), u(z.size()), zPtr(z));
  };
}

std::function<void(double, const Eigen::VectorXd&, Eigen::MatrixXd&)> PluginLoader::matrixOfTime(
    const std::string& spec) {
  auto p = load<plugin::MatrixOfTime>(spec);
  return [p](double t, const Eigen::VectorXd& z, Eigen::MatrixXd& out) {
    p.function(t, u(out.rows()), u(out.cols()), out.data(), u(z.size()), zPtr(z));
  };
}

std::function<void(double, const Eigen::VectorXd&, Eigen::VectorXd&)> PluginLoader::vectorOfTime(
    const std::string& spec) {
  auto p = load<plugin::VectorOfTime>(spec);
  return [p](double t, const Eigen::VectorXd& z, Eigen::VectorXd& out) {
    p.function(t, u(out.size()), out.data(), u(z.size()), zPtr(z));
  };
}

std::function<void(double, Eigen::Ref<Eigen::VectorXd>)> PluginLoader::prescribedVelocity(
    const std::string& spec) {
  auto p = load<plugin::PrescribedVelocity>(spec);
  return [p](double t, Eigen::Ref<Eigen::VectorXd> v) { p.function(t, u(v.size()), v.data()); };
}

}  // namespace moreau

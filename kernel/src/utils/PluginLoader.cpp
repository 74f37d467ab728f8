#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/utils/PluginLoader.hpp>

#include <dlfcn.h>

#include <utility>

namespace moreau {

namespace {
std::string lastDlError() {
  const char* e = dlerror();
  return e ? std::string(e) : std::string("unknown dlerror");
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

std::pair<std::shared_ptr<const SharedLibrary>, void*> PluginLoader::open(const std::string& spec) {
  std::string library, symbol;
  split(spec, library, symbol);
  auto lib = std::make_shared<const SharedLibrary>(library);
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

}  // namespace moreau

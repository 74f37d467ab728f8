#include <moreau/numerics/io/FclibFile.hpp>

#include <hdf5.h>

#include <Eigen/SparseCore>
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <functional>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace moreau::numerics {

namespace {

// ---- HDF5 plumbing ---------------------------------------------------------

// Silences HDF5's automatic error-stack printing for the lifetime of the object
// (errors are reported through FclibFormatError instead) and restores it after.
class Hdf5ErrorSilencer {
 public:
  Hdf5ErrorSilencer() {
    H5Eget_auto2(H5E_DEFAULT, &function_, &data_);
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  }
  ~Hdf5ErrorSilencer() { H5Eset_auto2(H5E_DEFAULT, function_, data_); }
  Hdf5ErrorSilencer(const Hdf5ErrorSilencer&) = delete;
  Hdf5ErrorSilencer& operator=(const Hdf5ErrorSilencer&) = delete;

 private:
  H5E_auto2_t function_ = nullptr;
  void* data_ = nullptr;
};

// Owns an HDF5 identifier and closes it with the matching H5?close.
class Handle {
 public:
  using Closer = herr_t (*)(hid_t);
  Handle() = default;
  Handle(hid_t id, Closer closer) : id_(id), closer_(closer) {}
  Handle(Handle&& other) noexcept : id_(other.id_), closer_(other.closer_) { other.id_ = -1; }
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = other.id_;
      closer_ = other.closer_;
      other.id_ = -1;
    }
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  ~Handle() { reset(); }
  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }
  // Closes now and reports whether closing worked (for files being written).
  bool close() {
    const bool ok = id_ < 0 || closer_(id_) >= 0;
    id_ = -1;
    return ok;
  }

 private:
  void reset() {
    if (id_ >= 0 && closer_ != nullptr) closer_(id_);
    id_ = -1;
  }
  hid_t id_ = -1;
  Closer closer_ = nullptr;
};

// Context of one file: its name (for the messages), its open identifier and its
// size in bytes (what a dataset of the file can hold).
struct File {
  std::string path;
  Handle handle;
  std::uint64_t size = 0;

  [[noreturn]] void fail(const std::string& what) const {
    throw FclibFormatError(path + ": FCLIB: " + what);
  }
};

bool linkExists(hid_t location, const std::string& name) {
  return H5Lexists(location, name.c_str(), H5P_DEFAULT) > 0;
}

Handle openGroup(const File& file, hid_t location, const std::string& name,
                 const std::string& fullName) {
  if (!linkExists(location, name)) file.fail("missing group " + fullName);
  Handle group(H5Gopen2(location, name.c_str(), H5P_DEFAULT), &H5Gclose);
  if (!group.valid()) file.fail(fullName + " is not a group");
  return group;
}

// Largest expansion of compressed data (deflate's limit is about 1032:1): a
// filtered dataset may declare at most this many times the bytes it stores.
constexpr std::uint64_t kMaxCompressionRatio = 1032;

// Number of elements of a dataspace (product of the dimensions, checked for
// overflow); fails for an unreadable or absurd dataspace.
std::uint64_t spaceElements(const File& file, hid_t dataset, const std::string& fullName) {
  Handle space(H5Dget_space(dataset), &H5Sclose);
  if (!space.valid()) file.fail(fullName + ": unreadable dataspace");
  switch (H5Sget_simple_extent_type(space.get())) {
    case H5S_SCALAR:
      return 1;
    case H5S_NULL:
      return 0;
    case H5S_SIMPLE:
      break;
    default:
      file.fail(fullName + ": unreadable dataspace");
  }
  const int rank = H5Sget_simple_extent_ndims(space.get());
  if (rank < 0 || rank > H5S_MAX_RANK) file.fail(fullName + ": unreadable dataspace");
  hsize_t dims[H5S_MAX_RANK] = {};
  if (H5Sget_simple_extent_dims(space.get(), dims, nullptr) != rank)
    file.fail(fullName + ": unreadable dataspace");
  std::uint64_t count = 1;
  for (int k = 0; k < rank; ++k) {
    if (dims[k] != 0 && count > UINT64_MAX / dims[k])
      file.fail(fullName + ": dataspace dimensions overflow");
    count *= dims[k];
  }
  return count;
}

// Checks the dataset's declared size against what the file can hold, before
// anything is allocated for it: an uncompressed dataset must fit in the file, a
// compressed one in kMaxCompressionRatio times the bytes it stores. External and
// virtual storage (data in other files) are refused.
void checkExtent(const File& file, hid_t dataset, hid_t type, std::uint64_t count,
                 const std::string& fullName) {
  const std::uint64_t elementSize = std::max<std::uint64_t>(H5Tget_size(type), 1);
  Handle plist(H5Dget_create_plist(dataset), &H5Pclose);
  if (!plist.valid()) file.fail(fullName + ": unreadable dataset creation properties");
  const H5D_layout_t layout = H5Pget_layout(plist.get());
  if (layout == H5D_VIRTUAL || H5Pget_external_count(plist.get()) != 0)
    file.fail(fullName + " is stored outside the file (external or virtual storage)");
  std::uint64_t capacity = file.size;  // bytes available to the dataset
  if (layout == H5D_CHUNKED && H5Pget_nfilters(plist.get()) > 0) {
    const std::uint64_t stored = std::min<std::uint64_t>(H5Dget_storage_size(dataset), file.size);
    capacity = stored * kMaxCompressionRatio;
  }
  const std::uint64_t most = capacity / elementSize;
  if (count > most) {
    file.fail(fullName + " declares " + std::to_string(count) + " values of " +
              std::to_string(elementSize) + " bytes but the file holds at most " +
              std::to_string(most));
  }
}

// Opens a dataset and returns its number of elements (checks it is a numeric
// array of integer or floating-point values that the file can hold).
Handle openNumericDataset(const File& file, hid_t group, const std::string& name,
                          const std::string& fullName, bool integral, std::size_t& count) {
  if (!linkExists(group, name)) file.fail("missing dataset " + fullName);
  Handle dataset(H5Dopen2(group, name.c_str(), H5P_DEFAULT), &H5Dclose);
  if (!dataset.valid()) file.fail(fullName + " is not a dataset");
  Handle type(H5Dget_type(dataset.get()), &H5Tclose);
  const H5T_class_t typeClass = type.valid() ? H5Tget_class(type.get()) : H5T_NO_CLASS;
  if (integral ? typeClass != H5T_INTEGER : (typeClass != H5T_INTEGER && typeClass != H5T_FLOAT)) {
    file.fail(fullName + (integral ? " does not hold integers" : " does not hold numbers"));
  }
  const std::uint64_t points = spaceElements(file, dataset.get(), fullName);
  checkExtent(file, dataset.get(), type.get(), points, fullName);
  count = static_cast<std::size_t>(points);
  return dataset;
}

// Number of elements of a numeric dataset (opened and checked, not read).
std::size_t datasetCount(const File& file, hid_t group, const std::string& name,
                         const std::string& fullName) {
  std::size_t count = 0;
  (void)openNumericDataset(file, group, name, fullName, false, count);
  return count;
}

std::vector<int> readInts(const File& file, hid_t group, const std::string& name,
                          const std::string& fullName, std::size_t expected = SIZE_MAX) {
  std::size_t count = 0;
  Handle dataset = openNumericDataset(file, group, name, fullName, true, count);
  if (expected != SIZE_MAX && count != expected)
    file.fail(fullName + " has " + std::to_string(count) + " values, expected " +
              std::to_string(expected));
  std::vector<int> values(count);
  if (count > 0 &&
      H5Dread(dataset.get(), H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) < 0) {
    file.fail("cannot read " + fullName + " as int");
  }
  return values;
}

int readInt(const File& file, hid_t group, const std::string& name, const std::string& fullName) {
  return readInts(file, group, name, fullName, 1)[0];  // the count is checked before reading
}

Eigen::VectorXd readDoubles(const File& file, hid_t group, const std::string& name,
                            const std::string& fullName) {
  std::size_t count = 0;
  Handle dataset = openNumericDataset(file, group, name, fullName, false, count);
  Eigen::VectorXd values(static_cast<Eigen::Index>(count));
  if (count > 0 &&
      H5Dread(dataset.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) < 0) {
    file.fail("cannot read " + fullName + " as double");
  }
  if (!values.allFinite()) file.fail(fullName + " has a non-finite value");
  return values;
}

Eigen::VectorXd readVector(const File& file, hid_t group, const std::string& name,
                           const std::string& fullName, Eigen::Index expected,
                           const std::string& why) {
  Eigen::VectorXd values = readDoubles(file, group, name, fullName);
  if (values.size() != expected)
    file.fail(fullName + " has " + std::to_string(values.size()) + " values, expected " +
              std::to_string(expected) + " (" + why + ")");
  return values;
}

// Reads a fixed- or variable-length string dataset; empty when absent or of
// another type (the info strings are informative only).
std::string readOptionalString(const File& file, hid_t group, const std::string& name) {
  if (!linkExists(group, name)) return {};
  Handle dataset(H5Dopen2(group, name.c_str(), H5P_DEFAULT), &H5Dclose);
  if (!dataset.valid()) return {};
  Handle type(H5Dget_type(dataset.get()), &H5Tclose);
  if (!type.valid() || H5Tget_class(type.get()) != H5T_STRING) return {};
  Handle space(H5Dget_space(dataset.get()), &H5Sclose);
  if (!space.valid() || H5Sget_simple_extent_npoints(space.get()) != 1) return {};
  if (H5Tis_variable_str(type.get()) > 0) {
    Handle memType(H5Tcopy(H5T_C_S1), &H5Tclose);
    H5Tset_size(memType.get(), H5T_VARIABLE);
    char* text = nullptr;
    if (H5Dread(dataset.get(), memType.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, &text) < 0 ||
        text == nullptr) {
      return {};
    }
    std::string result(text);
    H5free_memory(text);
    return result;
  }
  const std::size_t size = H5Tget_size(type.get());
  if (size == 0 || size > (std::size_t{1} << 24) || size > file.size) return {};
  Handle memType(H5Tcopy(H5T_C_S1), &H5Tclose);
  H5Tset_size(memType.get(), size + 1);
  std::vector<char> buffer(size + 1, '\0');
  if (H5Dread(dataset.get(), memType.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, buffer.data()) < 0)
    return {};
  return std::string(buffer.data());
}

FclibInfo readInfo(const File& file, hid_t problemGroup) {
  FclibInfo info;
  if (!linkExists(problemGroup, "info")) return info;
  Handle group(H5Gopen2(problemGroup, "info", H5P_DEFAULT), &H5Gclose);
  if (!group.valid()) return info;
  info.title = readOptionalString(file, group.get(), "title");
  info.description = readOptionalString(file, group.get(), "description");
  info.mathInfo = readOptionalString(file, group.get(), "math_info");
  return info;
}

File openForReading(const std::string& path) {
  File file{path, {}};
  {
    std::ifstream probe(path, std::ios::binary);
    if (!probe) file.fail("cannot open the file for reading");
  }
  if (!isHdf5File(path)) file.fail("not an HDF5 file (no HDF5 signature)");
  file.handle = Handle(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), &H5Fclose);
  if (!file.handle.valid()) file.fail("HDF5 cannot open the file (corrupted or truncated?)");
  hsize_t size = 0;
  if (H5Fget_filesize(file.handle.get(), &size) < 0) file.fail("cannot get the file size");
  file.size = size;
  return file;
}

// ---- matrices ----------------------------------------------------------------

using SparseMatrix = Eigen::SparseMatrix<double>;

// Called with a matrix's declared sizes m x n before anything is allocated for
// it: the problem reader checks them against the problem's vectors.
using ShapeCheck = std::function<void(int m, int n)>;

// Reads a cs-style matrix group (m, n, nz, nzmax, p, i, x). `name` is the full name.
// The sizes are checked (checkShape, then the arrays' real extents against n, nz
// and p) before the arrays are read.
SparseMatrix readMatrix(const File& file, hid_t parent, const std::string& groupName,
                        const std::string& name, const ShapeCheck& checkShape) {
  Handle group = openGroup(file, parent, groupName, name);
  const hid_t g = group.get();
  const int m = readInt(file, g, "m", name + "/m");
  const int n = readInt(file, g, "n", name + "/n");
  const int nz = readInt(file, g, "nz", name + "/nz");
  const int nzmax = readInt(file, g, "nzmax", name + "/nzmax");
  if (m < 0 || n < 0) {
    file.fail(name + " has negative sizes " + std::to_string(m) + "x" + std::to_string(n));
  }
  if (nzmax < 0) file.fail(name + "/nzmax = " + std::to_string(nzmax) + " is negative");
  if (nz < -2) {
    file.fail(name + "/nz = " + std::to_string(nz) +
              " (must be -1 compressed columns, -2 compressed rows or >= 0 triplets)");
  }
  // Eigen's compressed columns take a pointer per column, even when empty: every
  // caller checks m and n against the extents of the problem's vectors.
  checkShape(m, n);
  auto needAtLeast = [&](std::size_t have, std::size_t want, const std::string& what,
                         const std::string& why) {
    if (have < want) {
      file.fail(name + "/" + what + " has " + std::to_string(have) + " values, expected " +
                std::to_string(want) + " (" + why + ")");
    }
  };
  const bool columns = nz == -1;
  const std::size_t outer = static_cast<std::size_t>(columns ? n : m);
  // Extents first: p's against n (m) or nz, then i's and x's against nz.
  const std::size_t pCount = datasetCount(file, g, "p", name + "/p");
  if (nz >= 0) {
    const auto count = static_cast<std::size_t>(nz);
    needAtLeast(pCount, count, "p", "nz triplet row indices");
    needAtLeast(datasetCount(file, g, "i", name + "/i"), count, "i", "nz triplet column indices");
    needAtLeast(datasetCount(file, g, "x", name + "/x"), count, "x", "nz triplet values");
  } else {
    needAtLeast(pCount, outer + 1, "p", columns ? "n+1 column pointers" : "m+1 row pointers");
  }
  const std::vector<int> p = readInts(file, g, "p", name + "/p");
  const std::vector<int> idx = readInts(file, g, "i", name + "/i");
  const Eigen::VectorXd x = readDoubles(file, g, "x", name + "/x");

  std::vector<Eigen::Triplet<double>> entries;
  auto checkIndex = [&](long value, long bound, const std::string& what, std::size_t k) {
    if (value < 0 || value >= bound) {
      file.fail(name + "/" + what + "[" + std::to_string(k) + "] = " + std::to_string(value) +
                " is out of range [0, " + std::to_string(bound) + ")");
    }
  };
  if (nz >= 0) {  // triplets: p = rows, i = columns
    const auto count = static_cast<std::size_t>(nz);
    entries.reserve(count);
    for (std::size_t k = 0; k < count; ++k) {
      checkIndex(p[k], m, "p", k);
      checkIndex(idx[k], n, "i", k);
      entries.emplace_back(p[k], idx[k], x[static_cast<Eigen::Index>(k)]);
    }
  } else {  // compressed columns (nz = -1) or rows (nz = -2)
    const int inner = columns ? m : n;
    for (std::size_t k = 0; k < outer; ++k) {
      if (p[k] < 0 || p[k + 1] < p[k]) {
        file.fail(name + "/p is not a non-decreasing sequence of non-negative pointers (at " +
                  std::to_string(k) + ")");
      }
    }
    const auto total = static_cast<std::size_t>(p[static_cast<std::size_t>(outer)]);
    if (total > static_cast<std::size_t>(nzmax)) {
      file.fail(name + "/p ends at " + std::to_string(total) +
                " > nzmax = " + std::to_string(nzmax));
    }
    needAtLeast(idx.size(), total, "i", "one index per stored entry");
    needAtLeast(static_cast<std::size_t>(x.size()), total, "x", "one value per stored entry");
    entries.reserve(total);
    for (std::size_t k = 0; k < outer; ++k) {
      const auto ko = static_cast<int>(k);
      for (int e = p[k]; e < p[k + 1]; ++e) {
        const auto ue = static_cast<std::size_t>(e);
        checkIndex(idx[ue], inner, "i", ue);
        if (columns) {
          entries.emplace_back(idx[ue], ko, x[e]);
        } else {
          entries.emplace_back(ko, idx[ue], x[e]);
        }
      }
    }
  }
  SparseMatrix A(m, n);
  A.setFromTriplets(entries.begin(), entries.end());  // duplicates are summed (cs semantics)
  A.makeCompressed();
  return A;
}

// Sparse-block storage with d×d blocks when the stored entries fill at least a
// quarter of the touched blocks, sparse storage otherwise.
Matrix localMatrix(SparseMatrix A, int dimension) {
  const Eigen::Index blocks = A.rows() / dimension;
  std::vector<std::int64_t> keys;
  keys.reserve(static_cast<std::size_t>(A.nonZeros()));
  for (Eigen::Index c = 0; c < A.outerSize(); ++c)
    for (SparseMatrix::InnerIterator it(A, c); it; ++it)
      keys.push_back(static_cast<std::int64_t>(it.row() / dimension) * blocks + c / dimension);
  std::sort(keys.begin(), keys.end());
  const auto touched = static_cast<double>(std::unique(keys.begin(), keys.end()) - keys.begin());
  if (4.0 * static_cast<double>(A.nonZeros()) >= touched * dimension * dimension) {
    const std::vector<Eigen::Index> sizes(static_cast<std::size_t>(blocks), dimension);
    return Matrix(SparseBlockMatrix::fromSparse(A, sizes, sizes));
  }
  return Matrix(std::move(A));
}

int spaceDimension(const File& file, hid_t group, const std::string& name) {
  const int d = readInt(file, group, "spacedim", name + "/spacedim");
  if (d != 2 && d != 3) file.fail(name + "/spacedim = " + std::to_string(d) + ", must be 2 or 3");
  return d;
}

// ---- writing -------------------------------------------------------------------

class Writer {
 public:
  explicit Writer(const std::string& path) : file_{path, {}} {
    file_.handle =
        Handle(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), &H5Fclose);
    if (!file_.handle.valid()) file_.fail("cannot create the file for writing");
  }

  hid_t root() const { return file_.handle.get(); }

  Handle group(hid_t parent, const std::string& name) {
    Handle g(H5Gcreate2(parent, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), &H5Gclose);
    if (!g.valid()) file_.fail("cannot create group " + name);
    return g;
  }

  void ints(hid_t parent, const std::string& name, const int* data, std::size_t count) {
    write(parent, name, H5T_NATIVE_INT, data, count);
  }
  void doubles(hid_t parent, const std::string& name, const double* data, std::size_t count) {
    write(parent, name, H5T_NATIVE_DOUBLE, data, count);
  }
  void vector(hid_t parent, const std::string& name, const Eigen::VectorXd& v) {
    doubles(parent, name, v.data(), static_cast<std::size_t>(v.size()));
  }
  void integer(hid_t parent, const std::string& name, int value) { ints(parent, name, &value, 1); }

  void string(hid_t parent, const std::string& name, const std::string& text) {
    Handle type(H5Tcopy(H5T_C_S1), &H5Tclose);
    Handle space(H5Screate(H5S_SCALAR), &H5Sclose);
    if (!type.valid() || !space.valid() || H5Tset_size(type.get(), text.size() + 1) < 0)
      file_.fail("cannot write string " + name);
    Handle dataset(H5Dcreate2(parent, name.c_str(), type.get(), space.get(), H5P_DEFAULT,
                              H5P_DEFAULT, H5P_DEFAULT),
                   &H5Dclose);
    if (!dataset.valid() ||
        H5Dwrite(dataset.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, text.c_str()) < 0) {
      file_.fail("cannot write string " + name);
    }
  }

  // Writes A in compressed columns (nz = -1) under parent/name.
  void matrix(hid_t parent, const std::string& name, const Matrix& A) {
    SparseMatrix S = A.isSparse() ? A.sparse() : A.toSparse();
    S.makeCompressed();
    if (S.rows() > INT_MAX || S.cols() > INT_MAX || S.nonZeros() > INT_MAX)
      throw std::invalid_argument(file_.path + ": FCLIB: matrix " + name +
                                  " is too large for the FCLIB int indices");
    Handle g = group(parent, name);
    integer(g.get(), "m", static_cast<int>(S.rows()));
    integer(g.get(), "n", static_cast<int>(S.cols()));
    integer(g.get(), "nz", -1);
    integer(g.get(), "nzmax", static_cast<int>(S.nonZeros()));
    std::vector<int> p(S.outerIndexPtr(), S.outerIndexPtr() + S.cols() + 1);
    std::vector<int> i(S.innerIndexPtr(), S.innerIndexPtr() + S.nonZeros());
    ints(g.get(), "p", p.data(), p.size());
    ints(g.get(), "i", i.data(), i.size());
    doubles(g.get(), "x", S.valuePtr(), static_cast<std::size_t>(S.nonZeros()));
  }

  void info(hid_t problemGroup, const FclibInfo& info) {
    if (info.empty()) return;
    Handle g = group(problemGroup, "info");
    string(g.get(), "title", info.title);
    string(g.get(), "description", info.description);
    string(g.get(), "math_info", info.mathInfo);
  }

  void solution(const FclibSolution& solution) {
    if (solution.v.size() == 0 && solution.u.size() == 0 && solution.r.size() == 0 &&
        solution.l.size() == 0) {
      return;
    }
    Handle g = group(root(), "solution");
    if (solution.v.size() > 0) vector(g.get(), "v", solution.v);
    if (solution.u.size() > 0) vector(g.get(), "u", solution.u);
    if (solution.r.size() > 0) vector(g.get(), "r", solution.r);
    if (solution.l.size() > 0) vector(g.get(), "l", solution.l);
  }

  void finish() {
    if (H5Fflush(file_.handle.get(), H5F_SCOPE_GLOBAL) < 0 || !file_.handle.close())
      file_.fail("write error when closing the file");
  }

 private:
  void write(hid_t parent, const std::string& name, hid_t type, const void* data,
             std::size_t count) {
    const hsize_t dims[1] = {static_cast<hsize_t>(count)};
    Handle space(H5Screate_simple(1, dims, nullptr), &H5Sclose);
    if (!space.valid()) file_.fail("cannot create the dataspace of " + name);
    Handle dataset(
        H5Dcreate2(parent, name.c_str(), type, space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
        &H5Dclose);
    if (!dataset.valid()) file_.fail("cannot create dataset " + name);
    if (count > 0 && H5Dwrite(dataset.get(), type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data) < 0)
      file_.fail("cannot write dataset " + name);
  }

  File file_;
};

void checkSolutionSize(const Eigen::VectorXd& v, Eigen::Index expected, const char* name,
                       const std::string& path) {
  if (v.size() != 0 && v.size() != expected)
    throw std::invalid_argument(path + ": FCLIB: solution vector " + name + " has " +
                                std::to_string(v.size()) + " entries, expected " +
                                std::to_string(expected));
}

// Runs a reader; an allocation failure (every declared size is checked first, so
// only a genuinely large problem gets there) becomes an FclibFormatError naming
// the file.
template <class Read>
auto guardAllocation(const std::string& path, Read&& read) -> decltype(read()) {
  try {
    return read();
  } catch (const std::bad_alloc&) {
    throw FclibFormatError(path + ": FCLIB: out of memory while reading the file (std::bad_alloc)");
  } catch (const std::length_error& e) {
    throw FclibFormatError(path + ": FCLIB: out of memory while reading the file (" + e.what() +
                           ")");
  }
}

// ---- reading problems -----------------------------------------------------------

FrictionContactProblem readLocal(const std::string& path, FclibInfo* info) {
  Hdf5ErrorSilencer silencer;
  File file = openForReading(path);
  Handle problem = openGroup(file, file.handle.get(), "fclib_local", "/fclib_local");
  const hid_t g = problem.get();
  const int d = spaceDimension(file, g, "/fclib_local");
  SparseMatrix W = readMatrix(file, g, "W", "/fclib_local/W", [&](int rows, int cols) {
    if (rows != cols || rows % d != 0) {
      file.fail("/fclib_local/W is " + std::to_string(rows) + "x" + std::to_string(cols) +
                ", must be square with a size multiple of spacedim = " + std::to_string(d));
    }
    Handle vectors = openGroup(file, g, "vectors", "/fclib_local/vectors");
    const std::size_t qCount = datasetCount(file, vectors.get(), "q", "/fclib_local/vectors/q");
    if (qCount != static_cast<std::size_t>(rows))
      file.fail("/fclib_local/vectors/q has " + std::to_string(qCount) + " values, expected " +
                std::to_string(rows) + " (rows of W)");
  });
  if (linkExists(g, "R")) {
    file.fail("the problem has an equality block (/fclib_local/V, R), which is not supported");
  }
  if (linkExists(g, "V")) {  // an empty V (no column) is accepted
    Handle V = openGroup(file, g, "V", "/fclib_local/V");
    if (readInt(file, V.get(), "n", "/fclib_local/V/n") != 0)
      file.fail("the problem has an equality block (/fclib_local/V, R), which is not supported");
  }
  const Eigen::Index m = W.rows();
  Handle vectors = openGroup(file, g, "vectors", "/fclib_local/vectors");
  Eigen::VectorXd q =
      readVector(file, vectors.get(), "q", "/fclib_local/vectors/q", m, "rows of W");
  Eigen::VectorXd mu = readVector(file, vectors.get(), "mu", "/fclib_local/vectors/mu", m / d,
                                  "one per contact: rows of W / spacedim");
  for (Eigen::Index i = 0; i < mu.size(); ++i)
    if (mu[i] < 0.0)
      file.fail("/fclib_local/vectors/mu[" + std::to_string(i) + "] = " + std::to_string(mu[i]) +
                " is negative");
  if (info != nullptr) *info = readInfo(file, g);
  try {
    return FrictionContactProblem(d, localMatrix(std::move(W), d), std::move(q), std::move(mu));
  } catch (const std::invalid_argument& e) {
    file.fail(e.what());
  }
}

GlobalFrictionContactProblem readGlobal(const std::string& path, FclibInfo* info) {
  Hdf5ErrorSilencer silencer;
  File file = openForReading(path);
  Handle problem = openGroup(file, file.handle.get(), "fclib_global", "/fclib_global");
  const hid_t g = problem.get();
  GlobalFrictionContactProblem result;
  result.dimension = spaceDimension(file, g, "/fclib_global");
  const int d = result.dimension;
  // Declared sizes are checked against the vectors' extents before the matrices
  // are read (f has a value per row of M, w per column of H).
  const auto vectorCount = [&](const char* name) {
    Handle vectors = openGroup(file, g, "vectors", "/fclib_global/vectors");
    return datasetCount(file, vectors.get(), name, std::string("/fclib_global/vectors/") + name);
  };
  SparseMatrix M = readMatrix(file, g, "M", "/fclib_global/M", [&](int rows, int cols) {
    if (rows != cols)
      file.fail("/fclib_global/M is " + std::to_string(rows) + "x" + std::to_string(cols) +
                ", must be square");
    const std::size_t f = vectorCount("f");
    if (f != static_cast<std::size_t>(rows))
      file.fail("/fclib_global/vectors/f has " + std::to_string(f) + " values, expected " +
                std::to_string(rows) + " (rows of M)");
  });
  SparseMatrix H = readMatrix(file, g, "H", "/fclib_global/H", [&](int rows, int cols) {
    if (rows != M.rows() || cols % d != 0)
      file.fail("/fclib_global/H is " + std::to_string(rows) + "x" + std::to_string(cols) +
                ", must have the " + std::to_string(M.rows()) +
                " rows of M and a number of columns multiple of spacedim = " + std::to_string(d));
    const std::size_t w = vectorCount("w");
    if (w != static_cast<std::size_t>(cols))
      file.fail("/fclib_global/vectors/w has " + std::to_string(w) + " values, expected " +
                std::to_string(cols) + " (columns of H)");
  });
  if (linkExists(g, "G")) {  // an empty G (no column) is accepted
    Handle G = openGroup(file, g, "G", "/fclib_global/G");
    if (readInt(file, G.get(), "n", "/fclib_global/G/n") != 0)
      file.fail("the problem has equality constraints (/fclib_global/G), which are not supported");
  }
  const Eigen::Index n = M.rows();
  const Eigen::Index m = H.cols();
  Handle vectors = openGroup(file, g, "vectors", "/fclib_global/vectors");
  result.q = readVector(file, vectors.get(), "f", "/fclib_global/vectors/f", n, "rows of M");
  result.b = readVector(file, vectors.get(), "w", "/fclib_global/vectors/w", m, "columns of H");
  result.mu = readVector(file, vectors.get(), "mu", "/fclib_global/vectors/mu", m / d,
                         "one per contact: columns of H / spacedim");
  result.M = Matrix(std::move(M));
  result.H = Matrix(std::move(H));
  if (info != nullptr) *info = readInfo(file, g);
  try {
    result.validate();
  } catch (const std::invalid_argument& e) {
    file.fail(e.what());
  }
  return result;
}

std::optional<FclibSolution> readSolution(const std::string& path) {
  Hdf5ErrorSilencer silencer;
  File file = openForReading(path);
  if (!linkExists(file.handle.get(), "solution")) return std::nullopt;
  Handle group = openGroup(file, file.handle.get(), "solution", "/solution");
  FclibSolution solution;
  const std::pair<const char*, Eigen::VectorXd*> members[] = {
      {"v", &solution.v}, {"u", &solution.u}, {"r", &solution.r}, {"l", &solution.l}};
  for (const auto& [name, vector] : members)
    if (linkExists(group.get(), name))
      *vector = readDoubles(file, group.get(), name, std::string("/solution/") + name);
  return solution;
}

}  // namespace

// ---- public API ------------------------------------------------------------------

bool isHdf5File(const std::string& path) {
  static const char signature[8] = {'\x89', 'H', 'D', 'F', '\r', '\n', '\x1a', '\n'};
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  for (std::streamoff offset = 0; offset + 8 <= size; offset = offset == 0 ? 512 : 2 * offset) {
    char buffer[8] = {};
    in.seekg(offset);
    if (!in.read(buffer, 8)) return false;
    if (std::equal(buffer, buffer + 8, signature)) return true;
  }
  return false;
}

FclibForm fclibProblemForm(const std::string& path) {
  Hdf5ErrorSilencer silencer;
  File file = openForReading(path);
  if (linkExists(file.handle.get(), "fclib_local")) return FclibForm::Local;
  if (linkExists(file.handle.get(), "fclib_global")) return FclibForm::Global;
  file.fail("neither /fclib_local nor /fclib_global is present");
}

FrictionContactProblem readFclibLocal(const std::string& path, FclibInfo* info) {
  return guardAllocation(path, [&] { return readLocal(path, info); });
}

void writeFclibLocal(const FrictionContactProblem& problem, const std::string& path,
                     const FclibSolution& solution, const FclibInfo& info) {
  problem.validate();
  const Eigen::Index m = problem.size();
  checkSolutionSize(solution.u, m, "u", path);
  checkSolutionSize(solution.r, m, "r", path);
  Hdf5ErrorSilencer silencer;
  Writer out(path);
  Handle g = out.group(out.root(), "fclib_local");
  out.integer(g.get(), "spacedim", problem.dimension());
  out.matrix(g.get(), "W", problem.W());
  {
    Handle vectors = out.group(g.get(), "vectors");
    out.vector(vectors.get(), "q", problem.q());
    out.vector(vectors.get(), "mu", problem.mu());
  }
  out.info(g.get(), info);
  g.close();
  out.solution(solution);
  out.finish();
}

GlobalFrictionContactProblem readFclibGlobal(const std::string& path, FclibInfo* info) {
  return guardAllocation(path, [&] { return readGlobal(path, info); });
}

void writeFclibGlobal(const GlobalFrictionContactProblem& problem, const std::string& path,
                      const FclibSolution& solution, const FclibInfo& info) {
  problem.validate();
  checkSolutionSize(solution.v, problem.numberOfDofs(), "v", path);
  checkSolutionSize(solution.u, problem.localSize(), "u", path);
  checkSolutionSize(solution.r, problem.localSize(), "r", path);
  Hdf5ErrorSilencer silencer;
  Writer out(path);
  Handle g = out.group(out.root(), "fclib_global");
  out.integer(g.get(), "spacedim", problem.dimension);
  out.matrix(g.get(), "M", problem.M);
  out.matrix(g.get(), "H", problem.H);
  {
    Handle vectors = out.group(g.get(), "vectors");
    out.vector(vectors.get(), "f", problem.q);
    out.vector(vectors.get(), "w", problem.b);
    out.vector(vectors.get(), "mu", problem.mu);
  }
  out.info(g.get(), info);
  g.close();
  out.solution(solution);
  out.finish();
}

std::optional<FclibSolution> readFclibSolution(const std::string& path) {
  return guardAllocation(path, [&] { return readSolution(path); });
}

}  // namespace moreau::numerics

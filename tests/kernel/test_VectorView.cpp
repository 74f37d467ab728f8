// VectorView / ConstVectorView (kernel/include/moreau/kernel/utils/VectorView.hpp): views of a
// slice of a store, with the size checks that a plain Eigen::Map lacks in Release builds.
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/utils/VectorView.hpp>

#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using moreau::ConstVectorView;
using moreau::ModelError;
using moreau::VectorView;
using moreau::ViewOwner;

template <typename T, typename = void>
struct HasResize : std::false_type {};
template <typename T>
struct HasResize<T, std::void_t<decltype(std::declval<T&>().resize(Eigen::Index{3}))>>
    : std::true_type {};

// The trap the class closes: resize compiles on a Map, and not on a view.
static_assert(HasResize<Eigen::Map<Eigen::VectorXd>>::value);
static_assert(!HasResize<VectorView>::value);
static_assert(!HasResize<ConstVectorView>::value);
// A read-only view's elements are not assignable; a writable view's are.
static_assert(!std::is_assignable_v<decltype(std::declval<ConstVectorView&>()(0)), double>);
static_assert(std::is_assignable_v<decltype(std::declval<VectorView&>()(0)), double>);

// A store of 10 values 0, 1, …, 9 and a view of [2, 5).
struct Store {
  std::vector<double> values = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  VectorView view() {
    return VectorView(values.data() + 2, 3, ViewOwner{"Interaction", "y(1)", 12});
  }
  // Every value outside [2, 5) still has its initial value.
  bool outsideUntouched() const {
    for (std::size_t k = 0; k < values.size(); ++k)
      if ((k < 2 || k >= 5) && values[k] != static_cast<double>(k)) return false;
    return true;
  }
};

void twice(Eigen::Ref<Eigen::VectorXd> x) { x *= 2.0; }
const double* address(const Eigen::Ref<const Eigen::VectorXd>& x) { return x.data(); }

TEST(VectorView, ReadsAndWritesTheStore) {
  Store s;
  VectorView v = s.view();
  EXPECT_EQ(v.size(), 3);
  EXPECT_EQ(v(0), 2.0);
  EXPECT_EQ(v.sum(), 9.0);
  v(1) = -1.0;
  EXPECT_EQ(s.values[3], -1.0);
  v = Eigen::Vector3d(10, 20, 30);
  EXPECT_EQ(s.values[2], 10.0);
  EXPECT_EQ(s.values[4], 30.0);
  v += Eigen::Vector3d::Ones();
  v -= 2.0 * Eigen::Vector3d::UnitX();
  v *= 2.0;
  EXPECT_EQ(s.values[2], 18.0);
  EXPECT_EQ(s.values[3], 42.0);
  v.noalias() = Eigen::Matrix3d::Identity() * Eigen::Vector3d(1, 2, 3);
  v.noalias() += Eigen::Matrix3d::Identity() * Eigen::Vector3d(1, 1, 1);
  v.noalias() -= Eigen::Matrix3d::Identity() * Eigen::Vector3d(0, 0, 1);
  EXPECT_EQ(s.values[2], 2.0);
  EXPECT_EQ(s.values[4], 3.0);
  v = Eigen::RowVector3d(7, 8, 9);  // a row vector type: Eigen transposes, as for a VectorXd
  EXPECT_EQ(s.values[3], 8.0);
  v.head<2>().setZero();
  EXPECT_EQ(s.values[2], 0.0);
  EXPECT_EQ(s.values[3], 0.0);
  EXPECT_TRUE(s.outsideUntouched());
}

TEST(VectorView, PassesToRefParametersWithoutACopy) {
  Store s;
  VectorView v = s.view();
  twice(v);
  EXPECT_EQ(s.values[2], 4.0);
  EXPECT_EQ(s.values[4], 8.0);
  EXPECT_EQ(address(v), s.values.data() + 2);
  const ConstVectorView c = v;
  EXPECT_EQ(address(c), s.values.data() + 2);
  EXPECT_EQ(c(2), 8.0);
  EXPECT_TRUE(s.outsideUntouched());
}

TEST(VectorView, CopyIsASecondViewAndAssignmentCopiesValues) {
  Store s;
  VectorView a = s.view();
  VectorView b = a;  // same slice
  b(0) = 100.0;
  EXPECT_EQ(a(0), 100.0);
  VectorView other(s.values.data() + 6, 3, ViewOwner{"Interaction", "y(0)", 13});
  a = other;  // values 6, 7, 8 copied into [2, 5); `a` still views [2, 5)
  EXPECT_EQ(a.data(), s.values.data() + 2);
  EXPECT_EQ(s.values[2], 6.0);
  EXPECT_EQ(s.values[4], 8.0);
  EXPECT_EQ(s.values[6], 6.0);
  a(0) = -5.0;
  EXPECT_EQ(s.values[6], 6.0);
  VectorView c(s.values.data() + 5, 3, ViewOwner{"Interaction", "y(0)", 14});
  s.values[5] = 50.0;
  a.swap(c);
  EXPECT_EQ(s.values[2], 50.0);
  EXPECT_EQ(s.values[5], -5.0);
}

// Every whole-vector operation of the wrong size throws, names the owner and both sizes, and
// writes nothing.
TEST(VectorView, WrongSizesThrowAndWriteNothing) {
  Store s;
  VectorView v = s.view();
  const Eigen::VectorXd four = Eigen::VectorXd::Constant(4, -7.0);
  const Eigen::VectorXd two = Eigen::VectorXd::Constant(2, -7.0);
  try {
    v = four;
    ADD_FAILURE() << "no exception";
  } catch (const ModelError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("Interaction 12: y(1): assigned a vector of size 4, the view has size 3"),
              std::string::npos)
        << m;
  }
  EXPECT_THROW(v = two, ModelError);
  EXPECT_THROW(v += four, ModelError);
  EXPECT_THROW(v -= two, ModelError);
  EXPECT_THROW(v.noalias() = Eigen::MatrixXd::Identity(4, 4) * four, ModelError);
  EXPECT_THROW(v.noalias() += Eigen::MatrixXd::Identity(2, 2) * two, ModelError);
  EXPECT_THROW(v.noalias() -= Eigen::MatrixXd::Identity(4, 4) * four, ModelError);
  EXPECT_THROW(v = Eigen::MatrixXd::Zero(3, 2), ModelError);
  EXPECT_THROW(v = Eigen::RowVector4d::Zero(), ModelError);
  // A 1 x 3 matrix of dynamic rows: Eigen does not transpose it, so it is refused.
  try {
    v = Eigen::MatrixXd::Zero(1, 3);
    ADD_FAILURE() << "no exception";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("assigned a 1 x 3 expression"), std::string::npos)
        << e.what();
  }
  VectorView longer(s.values.data() + 5, 4, ViewOwner{"NewtonEulerDS", "q", 3});
  EXPECT_THROW(v = longer, ModelError);
  try {
    longer.swap(v);
    ADD_FAILURE() << "no exception";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("NewtonEulerDS 3: q: swapped with a vector of size 3"),
              std::string::npos)
        << e.what();
  }
  for (std::size_t k = 0; k < s.values.size(); ++k)
    EXPECT_EQ(s.values[k], static_cast<double>(k)) << k;
}

TEST(VectorView, MessageWithoutNumberOrField) {
  std::vector<double> data(2, 0.0);
  VectorView v(data.data(), 2);
  try {
    v = Eigen::Vector3d::Zero();
    ADD_FAILURE() << "no exception";
  } catch (const ModelError& e) {
    EXPECT_EQ(std::string(e.what()),
              "vector view: assigned a vector of size 3, the view has size 2 (a view into the "
              "model's store has a fixed size)");
  }
}

// The trap a class cannot close (docs/architecture.md): binding a view to a
// `const Eigen::VectorXd&` makes a copy, which later writes through the view do not change.
TEST(VectorView, BindingToConstVectorReferenceCopies) {
  Store s;
  VectorView v = s.view();
  const Eigen::VectorXd& copy = v;
  const auto& same = v;
  v(0) = 42.0;
  EXPECT_EQ(copy(0), 2.0);
  EXPECT_EQ(same(0), 42.0);
  EXPECT_NE(copy.data(), s.values.data() + 2);
}

}  // namespace

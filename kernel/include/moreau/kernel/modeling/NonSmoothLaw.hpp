#pragma once
// Abstract nonsmooth law (Siconos NonSmoothLaw). size() is the size of one
// law; an interaction of dimension m holds m / size() laws (dev-notes §1.4).

namespace moreau {

class NonSmoothLaw {
 public:
  virtual ~NonSmoothLaw();
  NonSmoothLaw(const NonSmoothLaw&) = delete;
  NonSmoothLaw& operator=(const NonSmoothLaw&) = delete;

  virtual const char* typeName() const = 0;
  unsigned size() const { return size_; }

 protected:
  explicit NonSmoothLaw(unsigned size) : size_(size) {}

 private:
  unsigned size_;
};

}  // namespace moreau

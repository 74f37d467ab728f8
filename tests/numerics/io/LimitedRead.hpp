#pragma once
// Runs a file read in a forked child whose address space is limited
// (setrlimit(RLIMIT_AS)) to what it uses already plus a budget, and reports how
// the read ended. A reader that allocates what a hostile header declares gets
// std::bad_alloc there instead of taking gigabytes from the machine; a
// conforming reader throws its format error before allocating.
//
// Under AddressSanitizer (which reserves terabytes of shadow address space) the
// limit cannot be applied: the read still runs in a child, unlimited.

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <new>
#include <string>

#if defined(__SANITIZE_ADDRESS__)
#define MOREAU_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MOREAU_TEST_ASAN 1
#endif
#endif

namespace moreau::numerics::test {

/// Address space budget of the child above its size at fork time.
constexpr std::size_t kReadBudgetBytes = std::size_t{512} << 20;

/// How a limited read ended: "error: <what()>" for an exception of type Error,
/// "bad_alloc", "exception: <what()>" for another exception, "no exception",
/// or "child ended abnormally (...)" (crash, or the 120 s watchdog).
template <class Error, class Read>
std::string limitedReadOutcome(Read&& read, std::size_t budget = kReadBudgetBytes) {
  int fds[2];
  if (::pipe(fds) != 0) return "pipe failed";
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) return "fork failed";
  if (pid == 0) {
    ::close(fds[0]);
    ::alarm(120);  // a hang shows as an abnormal end, not as a stuck test
#ifndef MOREAU_TEST_ASAN
    std::size_t used = 0;
    {
      std::ifstream status("/proc/self/status");
      std::string key;
      while (status >> key) {
        if (key == "VmSize:") {
          status >> used;  // kB
          used *= 1024;
          break;
        }
      }
    }
    const rlimit limit{used + budget, used + budget};
    ::setrlimit(RLIMIT_AS, &limit);
#else
    (void)budget;
#endif
    std::string outcome;
    try {
      read();
      outcome = "no exception";
    } catch (const Error& e) {
      outcome = std::string("error: ") + e.what();
    } catch (const std::bad_alloc&) {
      outcome = "bad_alloc";
    } catch (const std::exception& e) {
      outcome = std::string("exception: ") + e.what();
    }
    const char* data = outcome.c_str();
    std::size_t left = outcome.size();
    while (left > 0) {
      const ssize_t n = ::write(fds[1], data, left);
      if (n <= 0) break;
      data += n;
      left -= static_cast<std::size_t>(n);
    }
    ::close(fds[1]);
    std::_Exit(0);  // no static destructors, no gtest teardown in the child
  }
  ::close(fds[1]);
  std::string outcome;
  char buffer[4096];
  for (;;) {
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n <= 0) break;
    outcome.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return "child ended abnormally (status " + std::to_string(status) + ") after: " + outcome;
  }
  return outcome;
}

}  // namespace moreau::numerics::test

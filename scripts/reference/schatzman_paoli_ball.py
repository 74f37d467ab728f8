#!/usr/bin/env python3
"""Independent pure-Python reference of the Schatzman--Paoli scheme on the bouncing ball.

Written from the specification (dev-notes.md Sec. 2.5 with the errata A9 and A10 of its
Appendix A; tutorial-models.md Sec. 21 and the shared model BB), not from Moreau's C++ sources.
Standard library only.

Model BB: only the height moves (H = [1 0 0], diagonal M, the other dof have zero force), so
the scheme is scalar, with K = C = 0:

    m (q_{k+1} - 2 q_k + q_{k-1}) = h^2 (theta F_{k+1} + (1 - theta) F_k) + p,  F = -m g
    q_free = 2 q_k - q_{k-1} - h^2 g
    LCP:  w = (1/m) lam + q_free + e q_{k-1},  0 <= w  _|_  lam >= 0
          -> lam = max(0, -m (q_free + e q_{k-1}))      (y = q, so y_{k-1} = q_{k-1})
    q_{k+1} = q_free + lam / m,   p(0) = lam,   v_{k+1} = (q_{k+1} - q_{k-1}) / (2 h)
    start-up: q_{-1} = q0, q_0* = q0 + h v0 (v0 = 0 here).

Output rows: t, q0, v0, p(0)_0, lambda(0)_0 ("%.15e"), row 0 = the initial state with zeros.

Usage: schatzman_paoli_ball.py [--T 10] [--h 0.005] --output X.ref
"""

import argparse
import math

M_BALL, G, E, THETA = 1.0, 9.81, 0.9, 0.5


def number_of_steps(t0, T, h):
    n = (T - t0) / h
    r = round(n)
    if abs(n - r) <= 1e-10 * max(1.0, abs(n)):
        return int(r)
    return int(math.ceil(n))


def run(T, h):
    t0, q0, v0 = 0.0, 1.0, 0.0
    q_prev = q0
    q = q0 + h * v0
    v = v0
    rows = [(t0, q, v, 0.0, 0.0)]
    impacts = 0
    lowest = q
    force = -M_BALL * G
    for k in range(number_of_steps(t0, T, h)):
        # the force terms are summed first, then added (the order fixes the last bit)
        rhs = M_BALL * (2.0 * q - q_prev) + (h * h * THETA * force + h * h * (1.0 - THETA) * force)
        q_free = rhs / M_BALL
        lam = max(0.0, -M_BALL * (q_free + E * q_prev))
        q_new = q_free + lam / M_BALL
        v = (q_new - q_prev) / (2.0 * h)
        q_prev, q = q, q_new
        if lam > 0:
            impacts += 1
        lowest = min(lowest, q)
        rows.append((t0 + (k + 1) * h, q, v, lam, lam))
    return rows, impacts, lowest


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--T", type=float, default=10.0)
    parser.add_argument("--h", type=float, default=0.005)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    rows, impacts, lowest = run(args.T, args.h)
    with open(args.output, "w") as f:
        for r in rows:
            f.write(" ".join("%.15e" % x for x in r) + "\n")
    print("%d steps, %d impacts, lowest height %.3e" % (len(rows) - 1, impacts, lowest))


if __name__ == "__main__":
    main()

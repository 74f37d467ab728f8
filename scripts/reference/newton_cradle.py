#!/usr/bin/env python3
"""Independent pure-Python reference of examples/NewtonCradle (standard library only).

Written from the formulas (tutorial-models.md Sec. 0.1, Moreau--Jean theta = 1/2 with the
index-set prediction y~ + (h/2) ydot~ <= 0 at the predicted state, NewtonImpactNSL), not from
Moreau's C++ code.
N balls of mass m = 1 on a line, no force, ball i at x_i = i (2R + gap), R = 0.0625, ball 0 at
velocity v0; contact i (1 <= i < N) between balls i-1 and i: y_i = x_i - x_{i-1} - 2R.

One step (no force, so v_free = v_k):
    predicted state x~ = x_k + h (theta v_k + (1 - theta) v_k), per ball in this order:
        ((h theta) v_k + (h (1 - theta)) v_k) + x_k
    active contacts A: y~_i + (h/2) ydot~_i <= 0, y~ = y(x~), ydot~ = H v_k
    LCP on A:  w = W lam + q,  W = H M^-1 H^T (tridiagonal 2/m, -1/m),
               q = H v_free + e H v_k,   0 <= w  _|_  lam >= 0,
    solved by ENUMERATION of the complementary bases (2^|A| sign patterns; each basis solved by
    Gaussian elimination with partial pivoting; the first pattern with lam >= 0 and w >= 0
    within 1e-12 is taken: W is positive definite, so the solution is unique)
    v_{k+1} = v_free + M^-1 H^T lam,   x_{k+1} = x_k + h (theta v_{k+1} + (1 - theta) v_k)

Rows (%.15e): t, x_0..x_{N-1}, v_0..v_{N-1}, lam_1..lam_{N-1}, momentum, kinetic energy;
row 0 = initial state with lam = 0.

Usage: newton_cradle.py [--balls 5] [--e 1] [--gap 0.015625] [--v0 1] [--T 0.1] [--h 1e-4]
                        --output FILE
"""

import argparse
import itertools
import math

M, R, THETA = 1.0, 0.0625, 0.5


def number_of_steps(t0, T, h):
    x = (T - t0) / h
    n = round(x)
    if abs(x - n) <= 1e-10 * max(1.0, abs(x)):
        return int(n)
    return int(math.ceil(x))


def solve_linear(a, b):
    """Gaussian elimination with partial pivoting (a: list of rows, b: list)."""
    n = len(b)
    a = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            for c in range(col, n + 1):
                a[r][c] -= f * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def solve_lcp(W, q):
    n = len(q)
    if all(qi >= 0.0 for qi in q):
        return [0.0] * n
    for size in range(1, n + 1):
        for basis in itertools.combinations(range(n), size):
            sub = [[W[i][j] for j in basis] for i in basis]
            z = solve_linear(sub, [-q[i] for i in basis])
            lam = [0.0] * n
            for k, i in enumerate(basis):
                lam[i] = z[k]
            w = [sum(W[i][j] * lam[j] for j in range(n)) + q[i] for i in range(n)]
            if all(l >= -1e-12 for l in lam) and all(
                    w[i] >= -1e-12 for i in range(n) if i not in basis):
                return lam
    raise RuntimeError("no complementary basis solves the LCP")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--balls", type=int, default=5)
    parser.add_argument("--e", type=float, default=1.0)
    parser.add_argument("--gap", type=float, default=0.015625)
    parser.add_argument("--v0", type=float, default=1.0)
    parser.add_argument("--T", type=float, default=0.1)
    parser.add_argument("--h", type=float, default=1e-4)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    n, e, h = args.balls, args.e, args.h
    x = [i * (2 * R + args.gap) for i in range(n)]
    v = [args.v0] + [0.0] * (n - 1)

    def row(t, lam):
        p = sum(M * vi for vi in v)
        k = sum(0.5 * M * vi * vi for vi in v)
        return [t] + x + v + lam + [p, k]

    rows = [row(0.0, [0.0] * (n - 1))]
    for step in range(number_of_steps(0.0, args.T, h)):
        xp = []
        for xi, vi in zip(x, v):
            d = (h * THETA) * vi
            d += (h * (1 - THETA)) * vi
            xp.append(d + xi)
        y = [xp[i] - xp[i - 1] - 2 * R for i in range(1, n)]
        yd = [v[i] - v[i - 1] for i in range(1, n)]
        active = [i for i in range(n - 1) if y[i] + 0.5 * h * yd[i] <= 0.0]
        lam_all = [0.0] * (n - 1)
        if active:
            # W_ij = (H M^-1 H^T)_ij for contacts i, j: 2/m on the diagonal, -1/m for
            # neighbouring contacts (they share a ball).
            W = [[(2.0 / M if i == j else (-1.0 / M if abs(i - j) == 1 else 0.0))
                  for j in active] for i in active]
            q = [yd[i] + e * yd[i] for i in active]  # H v_free + e H v_k, v_free = v_k
            lam = solve_lcp(W, q)
            for k, i in enumerate(active):
                lam_all[i] = lam[k]
        v_new = v[:]
        for i, l in enumerate(lam_all):  # contact i acts on balls i (-l) and i+1 (+l)
            v_new[i] -= l / M
            v_new[i + 1] += l / M
        x = [x[i] + h * (THETA * v_new[i] + (1 - THETA) * v[i]) for i in range(n)]
        v = v_new
        rows.append(row((step + 1) * h, lam_all))
    with open(args.output, "w", encoding="ascii") as out:
        for r in rows:
            out.write(" ".join("%.15e" % val for val in r) + "\n")
    print("final velocities: " + " ".join("%.12g" % vi for vi in v))


if __name__ == "__main__":
    main()

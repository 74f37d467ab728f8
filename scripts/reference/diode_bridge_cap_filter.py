#!/usr/bin/env python3
"""Independent pure-Python reference of the DiodeBridgeCapFilter example (tutorial-models.md Sec. 3).

Written from the formulas of the specification (tutorial-models.md Sec. 0.1 "EulerMoreauOSI" and
Sec. 3), not from Moreau's C++ sources, so that its output can serve as golden data for
examples/DiodeBridgeCapFilter. Standard library only.

Model: two first-order linear systems, the LC tank x1 = (v_C, i_L), x1' = A1 x1 + r1 with
A1 = [[0, -1/C], [1/L, 0]], x1(0) = (10, 0), and the filter x2 = (v_f), x2' = A2 x2 + r2 with
A2 = [-1/(R Cf)], x2(0) = 0. One interaction on the stacked state X = (v_C, i_L, v_f):
y = C X + D lam, r = B lam, 0 <= y _|_ lam >= 0 (size 4), with the nonzero entries
    C: C02 = 1, C20 = -1, C22 = 1, C30 = 1
    D: D01 = -1, D10 = 1, D12 = 1, D13 = -1, D21 = -1, D31 = 1
    B: B02 = -1/C, B03 = 1/C, B20 = 1/Cf, B22 = 1/Cf.

Scheme (theta = 1, r implicit; W block diagonal, one block per system):
    W      = I - h*theta*A,  A = diag(A1, A2)                 (3x3, Gaussian elimination)
    x_free = W^-1 (I + h*(1-theta)*A) X_k
    LCP    : w = (D + h C W^-1 B) lam + C x_free,  0 <= w _|_ lam >= 0   (size 4)
             solved by enumeration of the 16 complementary bases (the first feasible one)
    update : X_{k+1} = x_free + h W^-1 B lam,  y = C X_{k+1} + D lam

The LCP solution is not unique in lam1 (a node voltage: column 1 of M is that of D, and y1 is
the current of the diode whose voltage is lam1) while the bridge is blocked: lam1 may then be
anything in an interval. The state, the currents lam0, lam2, lam3 and v_f = -(col4 + col5) are
unique. This script picks the first feasible basis in the order (subset size, lexicographic),
or with --lcp lexicolemke the solution of Siconos's LCP_LEMKE pivoting rules
(siconos_lexicolemke.py): the vertex that the original program gets.

Rows ("%.15e", single spaces): row 0 = the initial state (y = lam = 0), then one row per step.
Columns: t, x0, x1, lam0, -y0, -lam1, lam2.

Usage: diode_bridge_cap_filter.py [--T 5e-3] [--h 1e-6] [--lcp enum|lexicolemke] --output FILE
"""
import argparse
import itertools
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from siconos_lexicolemke import lexicolemke  # noqa: E402


def number_of_steps(T, h):
    ratio = T / h
    nearest = round(ratio)
    return int(nearest) if abs(ratio - nearest) <= 1e-10 * ratio else int(math.ceil(ratio))


def solve(M, b):
    """Gaussian elimination with partial pivoting; None when singular."""
    n = len(b)
    a = [row[:] + [b[i]] for i, row in enumerate(M)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        if abs(a[p][c]) < 1e-300:
            return None
        a[c], a[p] = a[p], a[c]
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            for j in range(c, n + 1):
                a[r][j] -= f * a[c][j]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (a[r][n] - sum(a[r][j] * x[j] for j in range(r + 1, n))) / a[r][r]
    return x


def lcp_enum(M, q, tol=1e-12):
    n = len(q)
    scale = max(1.0, max(abs(v) for v in q))
    for k in range(n + 1):
        for active in itertools.combinations(range(n), k):
            lam = [0.0] * n
            if active:
                sub = [[M[i][j] for j in active] for i in active]
                sol = solve(sub, [-q[i] for i in active])
                if sol is None:
                    continue
                for idx, i in enumerate(active):
                    lam[i] = sol[idx]
            w = [sum(M[i][j] * lam[j] for j in range(n)) + q[i] for i in range(n)]
            if min(lam) >= -tol * scale and min(w) >= -tol * scale:
                return [max(v, 0.0) for v in lam]
    raise RuntimeError("no LCP solution found")


def matmul(A, B):
    return [[sum(A[i][k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))]
            for i in range(len(A))]


def matvec(A, x):
    return [sum(A[i][j] * x[j] for j in range(len(x))) for i in range(len(A))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--T", type=float, default=5e-3)
    parser.add_argument("--h", type=float, default=1e-6)
    parser.add_argument("--output", required=True)
    parser.add_argument("--lcp", choices=["enum", "lexicolemke"], default="enum",
                        help="enum: the first feasible basis; lexicolemke: Siconos's Lemke rules")
    args = parser.parse_args()
    L, Cap, R, Cf, theta, h = 1e-2, 1e-6, 1e3, 300e-9, 1.0, args.h
    A = [[0.0, -1.0 / Cap, 0.0], [1.0 / L, 0.0, 0.0], [0.0, 0.0, -1.0 / (R * Cf)]]
    C = [[0.0] * 3 for _ in range(4)]
    C[0][2], C[2][0], C[2][2], C[3][0] = 1.0, -1.0, 1.0, 1.0
    D = [[0.0] * 4 for _ in range(4)]
    D[0][1], D[1][0], D[1][2], D[1][3], D[2][1], D[3][1] = -1.0, 1.0, 1.0, -1.0, -1.0, 1.0
    B = [[0.0] * 4 for _ in range(3)]
    B[0][2], B[0][3], B[2][0], B[2][2] = -1.0 / Cap, 1.0 / Cap, 1.0 / Cf, 1.0 / Cf
    W = [[(1.0 if i == j else 0.0) - h * theta * A[i][j] for j in range(3)] for i in range(3)]
    P = [[(1.0 if i == j else 0.0) + h * (1 - theta) * A[i][j] for j in range(3)] for i in range(3)]
    cols = [solve(W, [1.0 if i == j else 0.0 for i in range(3)]) for j in range(3)]
    Winv = [[cols[j][i] for j in range(3)] for i in range(3)]
    WinvB = matmul(Winv, B)
    CWB = matmul(C, WinvB)
    Mlcp = [[D[i][j] + h * CWB[i][j] for j in range(4)] for i in range(4)]
    steps = number_of_steps(args.T, h)
    x = [10.0, 0.0, 0.0]
    rows = [[0.0, x[0], x[1], 0.0, 0.0, 0.0, 0.0]]
    conducting = 0
    for k in range(steps):
        xfree = matvec(Winv, matvec(P, x))
        q = matvec(C, xfree)
        if args.lcp == "enum":
            lam = lcp_enum(Mlcp, q)
        else:
            lam, _, solved, _ = lexicolemke(Mlcp, q)
            if not solved:
                raise RuntimeError("lexicolemke failed at step %d" % (k + 1))
        dx = matvec(WinvB, lam)
        x = [xfree[i] + h * dx[i] for i in range(3)]
        y = [sum(C[i][j] * x[j] for j in range(3)) + sum(D[i][j] * lam[j] for j in range(4))
             for i in range(4)]
        if lam[0] + lam[2] > 1e-12:  # charging current above round-off
            conducting += 1
        rows.append([(k + 1) * h, x[0], x[1], lam[0], -y[0], -lam[1], lam[2]])
    with open(args.output, "w") as f:
        for r in rows:
            f.write(" ".join("%.15e" % v for v in r) + "\n")
    print("DiodeBridgeCapFilter: %d steps, %d conducting, v_C(T) = %.12e, i_L(T) = %.12e, "
          "v_f(T) = %.12e" % (steps, conducting, x[0], x[1], x[2]))


if __name__ == "__main__":
    main()

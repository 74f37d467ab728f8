#!/usr/bin/env python3
"""Independent pure-Python reference of the Euler--Moreau scheme on the DiodeBridge circuit.

Written from the formulas of the specification (dev-notes.md Sec. 2.2.9 and Sec. 3.2 with the
errata, simulation.md Sec. 2.2.3 and Sec. 2.3.4; model of tutorial-models.md Sec. 1), not from
Moreau's C++ sources, so that its output can serve as golden data for examples/DiodeBridge.
Standard library only.

Scheme (FirstOrderLinearDS x' = A x + r, FirstOrderLinearTIR y = C x + D lam, r = B lam,
theta-method on A x, r implicit (gamma = 1)):

    W      = I - h*theta*A                                   (2x2, inverted in closed form)
    x_free = W^-1 (I + h*(1-theta)*A) x_k
    LCP    : w = (D + h C W^-1 B) lam + C x_free,  0 <= w _|_ lam >= 0   (size 4)
             solved by enumeration of the 16 complementary bases (the first feasible one)
    update : x_{k+1} = x_free + h W^-1 B lam,  y = C x_{k+1} + D lam

Usage:
    euler_moreau_diode_bridge.py [--T 5e-3] [--h 1e-6] --output DiodeBridge.ref

Rows: "%.15e" values separated by single spaces; row 0 = the initial state (y = lam = 0),
then one row per step. Columns: t, x0, x1, y0, -lam0, -lam1, lam2, y0 + lam2.
"""
import argparse
import itertools


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
            # w_i = 0 for i in active (lam_i unknown), lam_i = 0 otherwise.
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
    args = parser.parse_args()
    L, Cap, R, theta, h = 1e-2, 1e-6, 1e3, 0.5, args.h
    A = [[0.0, -1.0 / Cap], [1.0 / L, 0.0]]
    C = [[0.0, 0.0], [0.0, 0.0], [-1.0, 0.0], [1.0, 0.0]]
    D = [[1 / R, 1 / R, -1.0, 0.0], [1 / R, 1 / R, 0.0, -1.0], [1.0, 0.0, 0.0, 0.0],
         [0.0, 1.0, 0.0, 0.0]]
    B = [[0.0, 0.0, -1.0 / Cap, 1.0 / Cap], [0.0, 0.0, 0.0, 0.0]]
    W = [[1.0 - h * theta * A[0][0], -h * theta * A[0][1]],
         [-h * theta * A[1][0], 1.0 - h * theta * A[1][1]]]
    det = W[0][0] * W[1][1] - W[0][1] * W[1][0]
    Winv = [[W[1][1] / det, -W[0][1] / det], [-W[1][0] / det, W[0][0] / det]]
    P = [[1.0 + h * (1 - theta) * A[0][0], h * (1 - theta) * A[0][1]],
         [h * (1 - theta) * A[1][0], 1.0 + h * (1 - theta) * A[1][1]]]
    WinvB = matmul(Winv, B)
    CWB = matmul(C, WinvB)
    Mlcp = [[D[i][j] + h * CWB[i][j] for j in range(4)] for i in range(4)]
    # Number of steps: the grid t_k = k h up to T (same rule as TimeDiscretisation for
    # T/h an integer up to rounding).
    steps = int(round(args.T / h))
    x = [10.0, 0.0]
    rows = [[0.0, x[0], x[1], 0.0, 0.0, 0.0, 0.0, 0.0]]
    conducting = 0
    for k in range(steps):
        xfree = matvec(Winv, matvec(P, x))
        q = matvec(C, xfree)
        lam = lcp_enum(Mlcp, q)
        dx = matvec(WinvB, lam)
        x = [xfree[i] + h * dx[i] for i in range(2)]
        y = [sum(C[i][j] * x[j] for j in range(2)) + sum(D[i][j] * lam[j] for j in range(4))
             for i in range(4)]
        if lam[2] > 0 or lam[3] > 0:
            conducting += 1
        rows.append([(k + 1) * h, x[0], x[1], y[0], -lam[0], -lam[1], lam[2], y[0] + lam[2]])
    with open(args.output, "w") as f:
        for r in rows:
            f.write(" ".join("%.15e" % v for v in r) + "\n")
    print("diode bridge: %d steps, %d conducting" % (steps, conducting))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Independent pure-Python reference of the NonLinearSwitch model (Euler--Moreau + Newton).

Written from the specification (model: tutorial-models.md Sec. 7; scheme: dev-notes.md
Sec. 2.2.2-2.2.7 with the errata A2-A4, simulation.md Sec. 2.3), not from Moreau's C++ sources,
so that its output can serve as golden data for examples/NonLinearSwitch. Standard library only.

Model: x = inductor current, FirstOrderNonLinearDS n = 1, M = 1, f = 0; FirstOrderType2R with
lam in R^9, y = h(t, x, lam) (table of tutorial-models.md Sec. 7), r = g(lam) = (lam2 - lam3)/L;
mixed law: y0..y4 = 0 (lam0..lam4 free), 0 <= y_i _|_ lam_i >= 0 for i = 5..8.

Scheme (theta = 1/2, gamma = 1; f = 0 so theta plays no role): at step k -> k+1, t = t_{k+1},

    x_{k+1} = x_k + h g(lam_{k+1}),   y(t, x_{k+1}, lam_{k+1}) in the mixed law.

Newton on (x, lam) from (x_k, lam_k) (lam NOT reset between steps): at the iterate (xa, la),
C = dh/dx, D = dh/dlam (exact), B = dg/dlam, g linear so x = x_k + h B lam exactly and

    y_lin(lam) = h(t, xa, la) + C (x_k + h B lam - xa) + D (lam - la) = (D + h C B) lam + q,
    q = h(t, xa, la) + C (x_k - xa) - D la.

The MLCP [y_lin = M lam + q] is solved by enumerating the 16 complementarity cases (first
feasible case, the previous one tried first). Stop when |h(t, x, lam) - y_lin(lam)|_inf <= 1e-11
(the state residual x - x_k - h g(lam) is zero up to rounding, since g is linear), at most 20
iterations.

Usage:
    nonlinear_switch.py [--steps 2000] [--output FILE] [--compare CXX_OUTPUT]

Rows (as the C++ example): "%.15e" values separated by single spaces, one row per step, no
initial row; columns: step counter (1..N), x, lam0, lam1, lam2, lam3, lam4, lam5.
--compare prints the maximum absolute difference per column against another file.
"""
import argparse
import math

R, R1s, R1d, R2 = 1.0, 1e-3, 1e-3, 1000.0
L, Tper, h = 200e-6, 20e-6, 0.1e-6
Ep, Em, A = 7.5, -2.5, 100.0
NEQ, NCOMP = 5, 4


def source(t):
    return Ep - (Ep - Em) * t / Tper + (Ep - Em) * math.floor(t / Tper)


def hfun(t, x, l):
    return [
        l[4] - source(t),
        x - l[3] / R,
        l[2] - 20.0 + l[0] * (l[6] + R1s),
        l[2] + l[1] * (l[8] + R1d),
        x - l[0] - l[1],
        R2 - l[6] - R1s,
        A * (l[4] - l[3]) + l[5],
        R2 - l[8] - R1d,
        -l[2] + l[7],
    ]


def jacobians(x, l):
    C = [0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0]
    D = [[0.0] * 9 for _ in range(9)]
    D[0][4] = 1.0
    D[1][3] = -1.0 / R
    D[2][2] = 1.0
    D[2][0] = l[6] + R1s
    D[2][6] = l[0]
    D[3][2] = 1.0
    D[3][1] = l[8] + R1d
    D[3][8] = l[1]
    D[4][0] = -1.0
    D[4][1] = -1.0
    D[5][6] = -1.0
    D[6][4] = A
    D[6][3] = -A
    D[6][5] = 1.0
    D[7][8] = -1.0
    D[8][2] = -1.0
    D[8][7] = 1.0
    return C, D


Bg = [0.0, 0.0, 1.0 / L, -1.0 / L, 0.0, 0.0, 0.0, 0.0, 0.0]


def g(l):
    return (l[2] - l[3]) / L


def solve(M, b):
    """Gaussian elimination with partial pivoting; None when (numerically) singular."""
    n = len(b)
    a = [row[:] + [b[i]] for i, row in enumerate(M)]
    scale = max(max(abs(v) for v in row) for row in M) if n else 1.0
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        if abs(a[p][c]) <= 1e-14 * scale:
            return None
        a[c], a[p] = a[p], a[c]
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            if f != 0.0:
                for j in range(c, n + 1):
                    a[r][j] -= f * a[c][j]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (a[r][n] - sum(a[r][j] * x[j] for j in range(r + 1, n))) / a[r][r]
    return x


def mlcp_enum(M, q, previous):
    """w = M z + q; w_i = 0 for i < NEQ; 0 <= w_i _|_ z_i >= 0 for the others."""
    n = NEQ + NCOMP
    tol = 1e-9
    order = [previous] + [m for m in range(1 << NCOMP) if m != previous]
    for mask in order:
        basic = list(range(NEQ)) + [NEQ + i for i in range(NCOMP) if mask >> i & 1]
        sub = [[M[i][j] for j in basic] for i in basic]
        sol = solve(sub, [-q[i] for i in basic])
        if sol is None:
            continue
        z = [0.0] * n
        for idx, j in enumerate(basic):
            z[j] = sol[idx]
        w = [q[i] + sum(M[i][j] * z[j] for j in range(n)) for i in range(n)]
        ok = all(z[NEQ + i] >= -tol for i in range(NCOMP) if mask >> i & 1) and all(
            w[NEQ + i] >= -tol for i in range(NCOMP) if not mask >> i & 1)
        if ok:
            return z, mask
    raise RuntimeError("no feasible complementarity case")


def run(steps, tol=1e-11, max_iter=20):
    x = 0.0
    lam = [0.0] * 9
    mask = 0
    rows, iterations = [], []
    for k in range(steps):
        t = (k + 1) * h  # t_{k+1} = t0 + (k+1) h
        xk = x
        xa, la = x, lam[:]
        for it in range(1, max_iter + 1):
            ya = hfun(t, xa, la)
            C, D = jacobians(xa, la)
            M = [[D[i][j] + h * C[i] * Bg[j] for j in range(9)] for i in range(9)]
            q = [ya[i] + C[i] * (xk - xa) - sum(D[i][j] * la[j] for j in range(9))
                 for i in range(9)]
            z, mask = mlcp_enum(M, q, mask)
            xn = xk + h * g(z)
            ylin = [q[i] + sum(M[i][j] * z[j] for j in range(9)) for i in range(9)]
            yn = hfun(t, xn, z)
            res = max(abs(yn[i] - ylin[i]) for i in range(9))
            xa, la = xn, z
            if res <= tol:
                break
        iterations.append(it)
        x, lam = xa, la
        rows.append([float(k + 1), x] + lam[:6])
    return rows, iterations


def read(path):
    with open(path) as f:
        return [[float(v) for v in line.split()] for line in f if line.strip()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--output")
    ap.add_argument("--compare")
    args = ap.parse_args()
    rows, iterations = run(args.steps)
    if args.output:
        with open(args.output, "w") as f:
            for r in rows:
                f.write(" ".join("%.15e" % v for v in r) + "\n")
    hist = {}
    for it in iterations:
        hist[it] = hist.get(it, 0) + 1
    print("%d steps, Newton iterations per step: min %d, max %d, mean %.3f, histogram %s" %
          (len(rows), min(iterations), max(iterations), sum(iterations) / len(iterations),
           dict(sorted(hist.items()))))
    print("final x = %.15e" % rows[-1][1])
    if args.compare:
        other = read(args.compare)
        n = min(len(other), len(rows))
        if len(other) != len(rows):
            print("row counts differ: %d (reference) vs %d" % (len(rows), len(other)))
        diffs = [max(abs(rows[i][c] - other[i][c]) for i in range(n)) for c in range(8)]
        print("max |difference| per column: " + " ".join("%.2e" % d for d in diffs))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Independent pure-Python reference of ColumnOfBeadsTS (tutorial-models.md Sec. 8).

Written from the formulas of the specification (Sec. 0.1 and Sec. 8), not from Moreau's C++
sources; standard library only (no numpy).

Model: ten beads i = 0..9, each a LagrangianLinearTIDS with q = (height, horizontal, angle),
M = diag(m, m, 3/5 m R^2), F_ext = (-m g, 0, 0), q0 = (1 + 0.25 i, 0, 0), v0 = 0. Every
contact acts on the height only (H has zeros on the two other dofs, M is diagonal, no force on
them), so the horizontal position and the angle stay exactly 0 and only the heights x_i are
integrated here.

Contacts, created before each step (i = 0..8, in this order) from the current heights:
  * floor (once): when |x_i - R| < alert, y = x_0 - R (made with bead 0, as the tutorial does);
  * pair i (once): when |x_{i+1} - x_i - 2R| < alert, y = x_{i+1} - x_i - 2R.
A contact created before step k enters the index-set rule of step k (below) like the others.

Moreau--Jean, theta = 1/2, K = C = 0, constant F_ext:
  v_free = v_k - g h                       (Mhat = M, h (theta F + (1-theta) F) / m = -g h)
  index set: the created contacts with y~ + (h/2) ydot~ <= 0   (gamma = 1/2, not given), the
             outputs at the predicted state x~ = x_k + h (theta v_k + (1 - theta) v_k), computed
             per bead as ((h theta) v_k + (h (1 - theta)) v_k) + x_k: y~ = y(x~), ydot~ = H v_k
  LCP:   w = A lam + qv,  A = H M^-1 H^T (rows of the active contacts), qv = H v_free + e H v_k
         0 <= w  _|_  lam >= 0
  solved exactly by Murty's least-index principal pivoting (finite for the positive definite A:
  H has full row rank), each basis by Gaussian elimination with partial pivoting;
  v_{k+1} = v_free + M^-1 H^T lam,  x_{k+1} = x_k + h (v_k + v_{k+1}) / 2.

Output: the example's 41 columns (t, then x_i, v_i for i = 0..9, then 20 zeros), row 0 = the
initial state, "%.15e" separated by single spaces. Summary on stdout: steps, impacts (pairs
(step, contact) with lam > 0), contacts created.

Usage: column_of_beads_ts.py [--T 2] [--h 5e-4] --output FILE
"""

import argparse
import math

N_BEADS = 10
M_BEAD, R, G, GAP0, ALERT, E = 1.0, 0.1, 9.81, 0.25, 0.02, 0.9


def number_of_steps(t0, T, h):
    x = (T - t0) / h
    n = round(x)
    if abs(x - n) <= 1e-10 * max(1.0, abs(x)):
        return int(n)
    return int(math.ceil(x))


def predicted(x, v, h, theta=0.5):
    """x~ = x_k + h (theta v_k + (1 - theta) v_k), per coordinate in this order."""
    out = []
    for xi, vi in zip(x, v):
        s = (h * theta) * vi
        s += (h * (1.0 - theta)) * vi
        out.append(s + xi)
    return out


def solve(a, b):
    """Gaussian elimination with partial pivoting (a: list of rows, copied)."""
    n = len(b)
    a = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            if f != 0.0:
                for j in range(c, n + 1):
                    a[r][j] -= f * a[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        s = a[r][n] - sum(a[r][j] * x[j] for j in range(r + 1, n))
        x[r] = s / a[r][r]
    return x


def lcp_murty(A, q):
    """0 <= A lam + q _|_ lam >= 0, A positive definite: Murty's least-index method."""
    n = len(q)
    basis = [False] * n  # True: lam_i basic (w_i = 0)
    for _ in range(1 << 20):
        idx = [i for i in range(n) if basis[i]]
        lam = [0.0] * n
        if idx:
            sol = solve([[A[i][j] for j in idx] for i in idx], [-q[i] for i in idx])
            for i, s in zip(idx, sol):
                lam[i] = s
        w = [q[i] + sum(A[i][j] * lam[j] for j in idx) for i in range(n)]
        bad = -1
        for i in range(n):
            if (basis[i] and lam[i] < 0.0) or (not basis[i] and w[i] < 0.0):
                bad = i
                break
        if bad < 0:
            return lam
        basis[bad] = not basis[bad]
    raise RuntimeError("Murty: no convergence")


def run(T, h, out):
    t0 = 0.0
    n = number_of_steps(t0, T, h)
    x = [1.0 + GAP0 * i for i in range(N_BEADS)]
    v = [0.0] * N_BEADS
    # A contact: list of (bead, coefficient) and the constant b; y = sum c x_b + b.
    floor = None
    pairs = [None] * (N_BEADS - 1)
    contacts = []

    def y_of(c, xs):
        return sum(coef * xs[b] for b, coef in c[0]) + c[1]

    def write(t):
        vals = [t]
        for i in range(N_BEADS):
            vals += [x[i], v[i]]
        vals += [0.0] * 20
        out.write(" ".join("%.15e" % z for z in vals) + "\n")

    write(t0)
    impacts = 0
    for k in range(n):
        for i in range(N_BEADS - 1):
            if floor is None and abs(x[i] - R) < ALERT:
                floor = ([(0, 1.0)], -R)
                contacts.append(floor)
            if pairs[i] is None and abs(x[i + 1] - x[i] - 2 * R) < ALERT:
                pairs[i] = ([(i, -1.0), (i + 1, 1.0)], -2 * R)
                contacts.append(pairs[i])
        vfree = [vi - G * h for vi in v]
        xp = predicted(x, v, h)
        active = [c for c in contacts if y_of(c, xp) + 0.5 * h * y_of((c[0], 0.0), v) <= 0.0]
        vnew = vfree[:]
        if active:
            A = [[sum(ca * cb / M_BEAD for ba, ca in a[0] for bb, cb in b[0] if ba == bb)
                  for b in active] for a in active]
            q = [y_of((c[0], 0.0), vfree) + E * y_of((c[0], 0.0), v) for c in active]
            lam = lcp_murty(A, q)
            for c, l in zip(active, lam):
                if l > 0.0:
                    impacts += 1
                for b, coef in c[0]:
                    vnew[b] += coef * l / M_BEAD
        x = [x[i] + h * 0.5 * (v[i] + vnew[i]) for i in range(N_BEADS)]
        v = vnew
        write(t0 + (k + 1) * h)
    return n, impacts, len(contacts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--T", type=float, default=2.0)
    ap.add_argument("--h", type=float, default=5e-4)
    ap.add_argument("--output", required=True)
    a = ap.parse_args()
    with open(a.output, "w") as out:
        n, impacts, created = run(a.T, a.h, out)
    print("ColumnOfBeadsTS reference: %d steps, %d impacts, %d contacts created" % (n, impacts, created))


if __name__ == "__main__":
    main()

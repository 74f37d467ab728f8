#!/usr/bin/env python3
"""Independent pure-Python reference of ColumnOfBeadsCombinedProjection (tutorial-models.md Sec. 22).

Written from the specification (tutorial-models.md Sec. 0.1 "Projection defaults", Sec. 8 and
Sec. 22; dev-notes.md Sec. 2.9, projection onto constraints) and from the activation rule and the
combined algorithm documented in docs/theory/projection.md Sec. 2.1-2.2, not from Moreau's C++
sources. Standard library only; the model, the contact creation rule, the Moreau--Jean step and
the LCP solver (Murty) are those of column_of_beads_ts.py (imported from it).

Only the heights x_i move (see column_of_beads_ts.py). One step k (t_k -> t_k+1), Siconos's
TimeSteppingCombinedProjection as docs/theory/projection.md Sec. 2.2 states it:
  0. contacts created from the current heights as in Sec. 8;
  1. index set I starts empty (no predictor, nothing kept from the previous step);
  2. repeat (at most 50 index-set iterations):
       a. Moreau--Jean step from (x_k, v_k) with the velocity LCP on I (as column_of_beads_ts.py);
       b. every created contact outside I with y(x_k+1) <= 0 is added to I; if none was
          added, stop; otherwise compute the step again from (x_k, v_k);
  3. projection on equalities (doCombinedProjOnEquality), while max over I of |y| >= 1e-8 and
     fewer than 10 iterations:
            A Lam = -y(x~),  A = H H^T (rows of I; identity metric, as Siconos's
            MLCPProjectOnConstraints; Gaussian elimination with partial pivoting)
            x <- x~ + H^T Lam          (velocity unchanged)
     (the beads' mass is 1, so this equals the mass-weighted H M^-1 H^T, x~ + M^-1 H^T Lam).

Output: the example's 41 columns (t, then x_i, v_i for i = 0..9, then 20 zeros), row 0 = the
initial state, "%.15e" separated by single spaces. Summary on stdout: steps, impacts (pairs
(step, contact) with lam > 0 in the final computation of the step), contacts created,
projection iterations (over the final computations of the steps and the discarded ones),
index-set iterations, largest penetration at the end of the steps.

Usage: column_of_beads_combined_projection.py [--T 2] [--h 5e-4] --output FILE
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from column_of_beads_ts import (ALERT, E, G, GAP0, M_BEAD, N_BEADS, R,  # noqa: E402
                                lcp_murty, number_of_steps)
from relay_oscillator import solve  # noqa: E402  (Gaussian elimination, partial pivoting)

GAMMA = 0.5
ACT_POS, ACT_VEL, DEACT_POS, DEACT_VEL = 1e-7, 0.0, 1e-7, 0.0
TOL_UNILATERAL, MAX_PROJECTION, MAX_INDEX_SET = 1e-8, 10, 50


def y_of(c, xs):
    return sum(coef * xs[b] for b, coef in c[0]) + c[1]


def ydot_of(c, vs):
    return sum(coef * vs[b] for b, coef in c[0])


def delassus(active):
    return [[sum(ca * cb / M_BEAD for ba, ca in a[0] for bb, cb in b[0] if ba == bb)
             for b in active] for a in active]


def gram(active):
    """H H^T: the projection's matrix (identity metric)."""
    return [[sum(ca * cb for ba, ca in a[0] for bb, cb in b[0] if ba == bb)
             for b in active] for a in active]


def run(T, h, out):
    t0 = 0.0
    n = number_of_steps(t0, T, h)
    x = [1.0 + GAP0 * i for i in range(N_BEADS)]
    v = [0.0] * N_BEADS
    floor = None
    pairs = [None] * (N_BEADS - 1)
    contacts = []   # in order of creation

    def write(t):
        vals = [t]
        for i in range(N_BEADS):
            vals += [x[i], v[i]]
        vals += [0.0] * 20
        out.write(" ".join("%.15e" % z for z in vals) + "\n")

    write(t0)
    impacts = projections = index_set_iterations = 0
    worst = 0.0
    for k in range(n):
        for i in range(N_BEADS - 1):
            if floor is None and abs(x[i] - R) < ALERT:
                floor = ([(0, 1.0)], -R)
                contacts.append(floor)
            if pairs[i] is None and abs(x[i + 1] - x[i] - 2 * R) < ALERT:
                pairs[i] = ([(i, -1.0), (i + 1, 1.0)], -2 * R)
                contacts.append(pairs[i])
        active = set()
        passes = 0
        while True:
            passes += 1
            index_set_iterations += 1
            rows = sorted(active)
            cs = [contacts[j] for j in rows]
            vfree = [vi - G * h for vi in v]
            vnew = vfree[:]
            lam = []
            if cs:
                q = [ydot_of(c, vfree) + E * ydot_of(c, v) for c in cs]
                lam = lcp_murty(delassus(cs), q)
                for c, l in zip(cs, lam):
                    for b, coef in c[0]:
                        vnew[b] += coef * l / M_BEAD
            xn = [x[i] + h * 0.5 * (v[i] + vnew[i]) for i in range(N_BEADS)]
            if passes >= MAX_INDEX_SET:
                break
            added = [j for j, c in enumerate(contacts) if j not in active and y_of(c, xn) <= 0.0]
            if not added:
                break
            active.update(added)
        iterations = 0
        while cs and iterations < MAX_PROJECTION and \
                max(abs(y_of(c, xn)) for c in cs) >= TOL_UNILATERAL:
            lam0 = solve(gram(cs), [-y_of(c, xn) for c in cs])
            for c, l in zip(cs, lam0):
                for b, coef in c[0]:
                    xn[b] += coef * l
            iterations += 1
        projections += iterations
        impacts += sum(1 for l in lam if l > 0.0)
        x, v = xn, vnew
        worst = max([worst] + [-y_of(c, x) for c in contacts])
        write(t0 + (k + 1) * h)
    return n, impacts, len(contacts), projections, index_set_iterations, worst


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--T", type=float, default=2.0)
    ap.add_argument("--h", type=float, default=5e-4)
    ap.add_argument("--output", required=True)
    a = ap.parse_args()
    with open(a.output, "w") as out:
        n, impacts, created, proj, sets, worst = run(a.T, a.h, out)
    print("ColumnOfBeadsCombinedProjection reference: %d steps, %d impacts, %d contacts created, "
          "%d projection iterations, %d index-set iterations, max penetration %.3e"
          % (n, impacts, created, proj, sets, worst))


if __name__ == "__main__":
    main()

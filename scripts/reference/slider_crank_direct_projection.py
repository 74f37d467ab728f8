#!/usr/bin/env python3
"""Independent reference for the SliderCrankDirectProjection example (tutorial-models.md §23).

Pure Python (standard library only), written from the specification (tutorial-models §0.1, §17,
§23; dev-notes §2.9 projection onto constraints) and the algorithm documented in
docs/theory/projection.md §2 (thresholds, level 0, normal rows only), not from Moreau's C++ code.
The model, the Newton loop of the nonlinear Moreau-Jean step, its residuals and the FC2D solver
(case enumeration) are those of slider_crank_ts.py (imported from it); what differs:

  * v0 = (150, -75, 0), h = 1e-4, T = 0.2; MoreauJean(theta = 1/2, gamma = 0);
  * Newton loop (slider_crank_ts.newton_step: started at the predicted state qp below, mass and
    forces at the iterate, absolute 2-norm state residual) with the TimeStepping defaults:
    tolerance 1e-6, at most 50 iterations;
  * index set 1 with thresholds, once per step, on the outputs at the predicted state
    qp = q_k + h (theta v_k + (1 - theta) v_k) (per coordinate: x = (h theta) v_k;
    x += (h (1 - theta)) v_k; qp = x + q_k): yp = h(qp), ydotp = G(qp) v_k (first row = normal
    gap, yhat = yp + gamma h ydotp = yp):
        a corner outside the set enters when yhat <= 1e-6 and ydotp <= 100;
        a corner in it leaves when yhat > 1e-7 and ydotp > 0;
    applied twice per step as Siconos does: first on the end-of-step outputs of the previous
    step (y after its projection, ydot of its velocity step), then at the predicted state;
  * after the step, projection at level 0 (all four corners), while the largest normal
    violation max(0, -y_N) > 1e-10 and fewer than 10 iterations were done:
        G_N = normal rows of G at the current q, identity metric (as Siconos's
        MLCPProjectOnConstraints, no mass weighting),
        LCP   w = G_N G_N^T Lam + y_N(q),  0 <= w _|_ Lam >= 0   (4 rows, solved by
              enumerating the 16 complementary bases, smallest active set first),
        q <- q + G_N^T Lam   (velocity unchanged), lambda(0)_0 = Lam;
    y = h(q) is then that of the projected q, while ydot = G(q) v stays that of the velocity step
    (q before the projection, v unchanged): Siconos's projection loop recomputes y(0) only, and
    this ydot starts the next step (its Newton law e ydot_k).

Output: the example's 32 columns (%.15e): the first 25 as slider_crank_ts.py (columns 9-10
divided by +c in every row), then lambda(0)_0 of corners 1-4 (of the last projection iteration of
the step, 0 without projection), Newton iterations, projection iterations, largest normal
violation after the projection; row 0 = the initial state (y(t0) computed, multipliers and
columns 29-31 = 0). Summary on stdout.

Usage: slider_crank_direct_projection.py [--T 0.2] [--h 1e-4] --output FILE
"""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import slider_crank_ts as sc  # noqa: E402
from slider_crank_ts import (a, b, c, energy, forces, jacobians, l1, l2,  # noqa: E402
                             newton_step, outputs, solve)

V0 = [150.0, -75.0, 0.0]
THETA, GAMMA = 0.5, 0.0
ACT_POS, ACT_VEL, DEACT_POS, DEACT_VEL = 1e-6, 100.0, 1e-7, 0.0
NEWTON_TOL, NEWTON_MAX = 1e-6, 50
PROJ_TOL, PROJ_MAX = 1e-10, 10


def lcp_enum(A, q):
    """0 <= A z + q _|_ z >= 0 by enumeration of the complementary bases (smallest set first)."""
    n = len(q)
    subsets = sorted(range(1 << n), key=lambda s: (bin(s).count("1"), s))
    for s in subsets:
        idx = [i for i in range(n) if s >> i & 1]
        z = [0.0] * n
        if idx:
            sol = solve([[A[i][j] for j in idx] for i in idx], [-q[i] for i in idx])
            if sol is None:
                continue
            for i, x in zip(idx, sol):
                z[i] = x
        if any(z[i] < 0.0 for i in idx):
            continue
        w = [q[i] + sum(A[i][j] * z[j] for j in range(n)) for i in range(n)]
        if any(w[i] < -1e-12 * max(1.0, abs(q[i])) for i in range(n) if i not in idx):
            continue
        return z
    raise RuntimeError("projection LCP: no solution found")


def violation(q):
    return max(0.0, max(-y[0] for y in outputs(q)))


def run(T, h, out):
    n = int(round(T / h)) if abs(T / h - round(T / h)) < 1e-10 * (T / h) else math.ceil(T / h)
    q, v = [0.0, 0.0, 0.0], V0[:]
    y = [list(p) for p in outputs(q)]
    Gs = jacobians(q)
    yd = [[sum(Gs[i][r][j] * v[j] for j in range(3)) for r in range(2)] for i in range(4)]
    rows = []

    def row(t, q, v, y, yd, lam, lam0, newton, proj, viol):
        Y = l1 * math.sin(q[0]) + l2 * math.sin(q[1])
        X = l1 * math.cos(q[0]) + l2 * math.cos(q[1])
        s, co = math.sin(q[2]), math.cos(q[2])
        vals = [t, q[0] / (2 * math.pi), q[1], q[2], v[0], v[1], v[2],
                (Y - a * s + b * co - b) / c, (Y + a * s + b * co - b) / c,
                (Y - a * s - b * co + b) / c, (Y + a * s - b * co + b) / c,
                (X - l2) / l1, Y / c]
        vals += [y[i][0] for i in range(4)] + [yd[i][0] for i in range(4)]
        vals += [lam[i][0] for i in range(4)] + [lam0[i] for i in range(4)]
        vals += [float(newton), float(proj), viol]
        rows.append(" ".join("%.15e" % x for x in vals))

    # Row 0 as the tutorial writes it: y(0) computed at t0, y(1) not (0).
    row(0.0, q, v, y, [[0.0, 0.0]] * 4, [[0.0, 0.0]] * 4, [0.0] * 4, 0, 0, 0.0)
    members = set()
    impacts = newton_total = proj_total = proj_steps = 0
    closed = [False] * 4
    worst = lowest = 0.0
    e0 = energy(q, v)
    for k in range(n):
        tk1 = (k + 1) * h
        qk, vk = q[:], v[:]
        Fk = forces(qk, vk)
        # Index set 1 on the outputs at the predicted state.
        qp = sc.predicted_state(qk, vk, h, THETA)
        yp, Gp = outputs(qp), jacobians(qp)
        def update(members, ys, yds):
            out = set()
            for i in range(4):
                yhat = ys[i] + GAMMA * h * yds[i]
                if i in members:
                    if not (yhat > DEACT_POS and yds[i] > DEACT_VEL):
                        out.add(i)
                elif yhat <= ACT_POS and yds[i] <= ACT_VEL:
                    out.add(i)
            return out
        # Two updates, as Siconos: on the end-of-step outputs (y after the projection, ydot of
        # the velocity step), then on the outputs at the predicted state.
        members = update(members, [y[i][0] for i in range(4)], [yd[i][0] for i in range(4)])
        members = update(members, [yp[i][0] for i in range(4)],
                         [sum(Gp[i][0][j] * vk[j] for j in range(3)) for i in range(4)])
        active = sorted(members)
        qi, u, lam, it = newton_step(qk, vk, qp, Fk, h, THETA, active, yd, NEWTON_TOL,
                                     NEWTON_MAX)
        newton_total += it
        q, v = qi, u
        # ydot of the velocity step (G at q before the projection): kept after the projection.
        Gq = jacobians(q)
        yd = [[sum(Gq[i][r][j] * v[j] for j in range(3)) for r in range(2)] for i in range(4)]
        # Projection at level 0 (normal rows of the four corners).
        lam0 = [0.0] * 4
        proj = 0
        while violation(q) > PROJ_TOL and proj < PROJ_MAX:
            GN = [Gc[0] for Gc in jacobians(q)]
            A = [[sum(GN[i][j] * GN[k2][j] for j in range(3)) for k2 in range(4)]
                 for i in range(4)]
            lam0 = lcp_enum(A, [yc[0] for yc in outputs(q)])
            q = [q[j] + sum(GN[i][j] * lam0[i] for i in range(4)) for j in range(3)]
            proj += 1
        proj_total += proj
        proj_steps += 1 if proj > 0 else 0
        viol = violation(q)
        worst = max(worst, viol)
        y = [list(pp) for pp in outputs(q)]
        lowest = min([lowest] + [y[i][0] for i in range(4)])
        for i in range(4):
            now = lam[i][0] > 0
            if now and not closed[i]:
                impacts += 1
            closed[i] = now
        row(tk1, q, v, y, yd, lam, lam0, it, proj, viol)
    with open(out, "w") as f:
        f.write("\n".join(rows) + "\n")
    print("slider_crank_direct_projection: %d steps, %d impacts, Newton %.3f per step, "
          "%d projection iterations in %d steps, largest violation %.3e, lowest gap %.3e, "
          "energy %.9e -> %.9e" % (n, impacts, newton_total / max(n, 1), proj_total, proj_steps,
                                   worst, lowest, e0, energy(q, v)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--T", type=float, default=0.2)
    ap.add_argument("--h", type=float, default=1e-4)
    ap.add_argument("--output", required=True)
    args = ap.parse_args()
    run(args.T, args.h, args.output)


if __name__ == "__main__":
    main()

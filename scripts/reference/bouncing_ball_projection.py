#!/usr/bin/env python3
"""Independent pure-Python reference of the projection schemes on the bouncing ball.

Written from the specification (dev-notes.md Sec. 2.4.2 Moreau--Jean, Sec. 2.9 projection
onto constraints; tutorial-models.md Sec. 0.1 "Projection defaults", Sec. 19 and 20, shared
model BB) and from the activation rule documented in docs/theory/projection.md, not from
Moreau's C++ sources. Standard library only.

Model BB: q = (height, horizontal, angle), M = diag(m, m, 2/5 m R^2), F_ext = (-m g, 0, 0),
y = q0 (H = [1 0 0]), Newton impact law e. Only the height moves (the other dof keep
q = v = 0 and H ignores them), so the scheme is scalar:

  Moreau--Jean (theta, Mhat = M since K = C = 0):
    v_free  = v_k - h g
    LCP     lam = max(0, -m (v_free + e v_k))           (only when active)
    v_{k+1} = v_free + lam / m
    qt      = q_k + h (theta v_{k+1} + (1 - theta) v_k)  (q tilde, before projection)
  index set 1 (thresholds, hysteresis) on the outputs at the predicted state
    qp = q_k + h (theta v_k + (1 - theta) v_k) (computed as x = (h theta) v_k;
    x += (h (1 - theta)) v_k; qp = x + q_k): yp = qp, ydotp = v_k,
    yhat = yp + gamma h ydotp, gamma = 1/2:
    not a member: enters when yhat <= 1e-7 and ydotp <= 0
    a member:     leaves when yhat > 1e-7 and ydotp > 0
    (the C++ integrator, as Siconos, applies the same rule first on the end-of-step outputs
    y_k, ydot_k, then at the predicted state; this reference applies the second only: on these
    runs the two give the same index sets, measured: the outputs are bitwise identical)
  projection (interactions of index set 1), while -y > tol and iterations < max:
    MLCP with the identity metric (as Siconos's MLCPProjectOnConstraints, no mass weighting;
    one complementarity row, H H^T = 1): 0 <= w = y + Lam  _|_  Lam >= 0
        -> Lam = max(0, -y);   q <- q + Lam (= q + H^T Lam);   p(0) += Lam;   lambda(0) = Lam
    (with m = 1 this is also the mass-weighted projection H M^-1 H^T, q + M^-1 H^T Lam)
  combined scheme (Siconos's TimeSteppingCombinedProjection, docs/theory/projection.md Sec. 2.2):
    index set 1 starts empty at each step (no predictor); after a velocity step computed
    without the contact, if y_{k+1} = qt <= 0 the contact is added and the step is computed
    again from (q_k, v_k); then, with the contact in index set 1, the projection is an
    equality (doCombinedProjOnEquality): while |y| >= tol and iterations < max,
    Lam = -y (H H^T = 1), q <- q + Lam, p(0) += Lam, lambda(0) = Lam.

Output rows: t, q0, v0, p(1)_0, lambda(1)_0, p(0)_0, lambda(0)_0 ("%.15e", single spaces),
row 0 = initial state with zero multipliers.

Usage:
    bouncing_ball_projection.py direct   [--T 10] [--h 0.005] --output X.ref
    bouncing_ball_projection.py combined [--T 10] [--h 0.005] --output X.ref
"""

import argparse
import math

M_BALL, G, E, THETA, GAMMA = 1.0, 9.81, 0.9, 0.5, 0.5
ACT_POS, ACT_VEL, DEACT_POS, DEACT_VEL = 1e-7, 0.0, 1e-7, 0.0


def number_of_steps(t0, T, h):
    n = (T - t0) / h
    r = round(n)
    if abs(n - r) <= 1e-10 * max(1.0, abs(n)):
        return int(r)
    return int(math.ceil(n))


def velocity_step(qk, vk, active, h):
    v_free = vk + h * (THETA * (-M_BALL * G) + (1.0 - THETA) * (-M_BALL * G)) / M_BALL
    lam = 0.0
    if active:
        lam = max(0.0, -M_BALL * (v_free + E * vk))
    v = v_free + lam / M_BALL
    q = qk + h * THETA * v + h * (1.0 - THETA) * vk
    return q, v, lam


def project(q, active, tol, max_iter, equality=False):
    """The projection loop; unilateral: while -y > tol, Lam = max(0, -y); on the equality
    (combined scheme): while |y| >= tol, Lam = -y."""
    p0 = 0.0
    lam0 = 0.0
    iterations = 0
    while active and (abs(q) >= tol if equality else -q > tol) and iterations < max_iter:
        lam0 = -q if equality else max(0.0, -q)
        q = q + lam0
        p0 += lam0
        iterations += 1
    return q, p0, lam0, iterations


def run(scheme, T, h):
    t0 = 0.0
    if scheme == "direct":
        tol, max_proj = 1e-8, 20
    else:
        tol, max_proj = 1e-10, 4
    max_sets = 50
    q, v = 1.0, 0.0
    member = False
    rows = [(t0, q, v, 0.0, 0.0, 0.0, 0.0)]
    impacts = 0
    projections = 0
    worst = 0.0
    for k in range(number_of_steps(t0, T, h)):
        if scheme == "combined":
            active = False
            passes = 0
            while True:
                passes += 1
                qn, vn, lam = velocity_step(q, v, active, h)
                if active or passes >= max_sets or qn > 0.0:
                    break
                active = True
            qn, p0, lam0, iterations = project(qn, active, tol, max_proj, equality=True)
            projections += iterations
        else:
            x = (h * THETA) * v
            x += (h * (1.0 - THETA)) * v
            yp, ydp = x + q, v  # outputs at the predicted state
            yhat = yp + GAMMA * h * ydp
            if member:
                active = not (yhat > DEACT_POS and ydp > DEACT_VEL)
            else:
                active = yhat <= ACT_POS and ydp <= ACT_VEL
            qn, vn, lam = velocity_step(q, v, active, h)
            qn, p0, lam0, iterations = project(qn, active, tol, max_proj)
            projections += iterations
        member = active
        q, v = qn, vn
        if lam > 0:
            impacts += 1
        worst = max(worst, -q)
        rows.append((t0 + (k + 1) * h, q, v, lam, lam, p0, lam0))
    return rows, impacts, projections, worst


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scheme", choices=["direct", "combined"])
    parser.add_argument("--T", type=float, default=10.0)
    parser.add_argument("--h", type=float, default=0.005)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    rows, impacts, projections, worst = run(args.scheme, args.T, args.h)
    with open(args.output, "w") as f:
        for r in rows:
            f.write(" ".join("%.15e" % x for x in r) + "\n")
    print("%s: %d steps, %d impacts, %d projection iterations, max penetration %.3e"
          % (args.scheme, len(rows) - 1, impacts, projections, worst))


if __name__ == "__main__":
    main()

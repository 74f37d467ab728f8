#!/usr/bin/env python3
"""Independent pure-Python reference of examples/BouncingBallNETS and BouncingBallNETSProj (--proj).

Written from the formulas (tutorial-models.md Sec. 31, dev-notes Sec. 2.8.5 and 5.5), not from
Moreau's C++ code. A sphere (m = 1, I = I3, R = 0.1) in the Newton--Euler formulation falls on
the plane x = 0 under F_ext = (-m g, 0, 0); contact frame rows n = e_x, t1 = -e_z, t2 = e_y at
P = G - R n; law NewtonImpactFrictionNSL(e_n = 0.9, e_t = 0.9, mu = 0.6).

Reduction (argued, then checked by the example test on the full 3-D run): the initial twist is
(2, 0, 0, 0, 0, 0) and the only force is along e_x. For a sphere the normal row of H is
(1, 0, 0, 0, 0, 0) (the moment arm P - G is parallel to n), so the normal impulse creates neither
tangential velocity nor spin; the tangential free velocities stay 0, hence the Coulomb problem
has zero tangential impulse and the De Saxce term mu |u_T| vanishes. The quaternion stays
(1, 0, 0, 0), y and z stay 0, and the motion is the 1-dof Moreau--Jean scheme on x:

    v_free = v_k - h g                     (M = 1, F constant, theta = 1/2)
    active when  ytilde + (h/2) ydottilde <= 0  at the predicted state of Siconos's Newton loop
    (MoreauJeanOSI's default, passed to its Newton--Euler companion): xtilde = x_k + h v_k,
    ytilde = xtilde - R, ydottilde = v_k
        lam = max(0, -(v_free + e_n v_k))  (the FC3D normal row with u_T = 0)
    v_{k+1} = v_free + lam,   x_{k+1} = x_k + h (v_k + v_{k+1}) / 2

--proj: examples/BouncingBallNETSProj (tutorial-models.md Sec. 32), the same step followed by the
projection of docs/theory/projection.md Sec. 2.1 and 2.4 (Newton--Euler bodies), reduced the same
way: the correction M^-1 H^T Lam of the sphere is along the normal row (1, 0, 0, 0, 0, 0) (the
tangential multipliers are not projected, Lam_t = 0), so it moves x only and the quaternion
stays the identity:

    index set 1 (thresholds 1e-7 / 0, hysteresis), applied twice as Siconos updates it twice:
    first on yhat = y_k + (h/2) ydot_k with ydot_k, then on ytilde + (h/2) ydottilde with
    ydottilde (above), the membership being the first update's answer:
        not a member: enters when yhat <= 1e-7 and ydot <= 0
        a member:     leaves when yhat > 1e-7 and ydot > 0
    (same velocity step), then, while the contact is active, -y > 1e-8 and fewer than 20
    iterations:  Lam = max(0, -m y),  x <- x + Lam / m      (H M^-1 H^T = 1/m on the normal row)

Rows (%.15e), 16 columns: t, q0, v0, p(1)_0, lam(1)_0, acos(q3), |contactForce|, q0..q6, v1, v2,
with p(1)_0 = lam, |contactForce| = |H^T lam| = lam, acos(q3) = acos(1) = 0. Row 0 = the initial
state (lam = 0).

Usage: bouncing_ball_nets.py [--proj] [--T 10] [--h 5e-3] --output FILE
"""

import argparse
import math

M, G, R, EN = 1.0, 9.81, 0.1, 0.9
ACT_POS, ACT_VEL, DEACT_POS, DEACT_VEL = 1e-7, 0.0, 1e-7, 0.0  # projection thresholds
PROJ_TOL, PROJ_MAX = 1e-8, 20


def number_of_steps(t0, T, h):
    x = (T - t0) / h
    n = round(x)
    if abs(x - n) <= 1e-10 * max(1.0, abs(x)):
        return int(n)
    return int(math.ceil(x))


def threshold_rule(yhat, ydot, member):
    """Index set 1 with the projection thresholds (hysteresis)."""
    if member:
        return not (yhat > DEACT_POS and ydot > DEACT_VEL)
    return yhat <= ACT_POS and ydot <= ACT_VEL


def row(t, x, v, lam):
    return [t, x, v, lam, lam, 0.0, abs(lam), x, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--T", type=float, default=10.0)
    parser.add_argument("--h", type=float, default=5e-3)
    parser.add_argument("--proj", action="store_true",
                        help="BouncingBallNETSProj: direct projection after each step")
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    t0, h = 0.0, args.h
    n = number_of_steps(t0, args.T, h)
    x, v = 1.0, 2.0
    member = False
    rows = [row(t0, x, v, 0.0)]
    for k in range(n):
        t1 = t0 + (k + 1) * h
        vfree = v - h * G / M
        yhat = (x - R) + 0.5 * h * v
        ytilde = ((x + h * v) - R) + 0.5 * h * v  # at x~ = x_k + h v_k, ydot~ = v_k
        if not args.proj:
            active = ytilde <= 0.0
        else:
            active = threshold_rule(ytilde, v, threshold_rule(yhat, v, member))
        lam = 0.0
        if active:
            lam = max(0.0, -M * (vfree + EN * v))
        vnew = vfree + lam / M
        x = x + h * (0.5 * v + 0.5 * vnew)
        v = vnew
        iterations = 0
        while args.proj and active and -(x - R) > PROJ_TOL and iterations < PROJ_MAX:
            x = x + max(0.0, -M * (x - R)) / M
            iterations += 1
        member = active
        rows.append(row(t1, x, v, lam))
    with open(args.output, "w", encoding="ascii") as f:
        for r in rows:
            f.write(" ".join("%.15e" % c for c in r) + "\n")


if __name__ == "__main__":
    main()

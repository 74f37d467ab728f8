#!/usr/bin/env python3
"""Independent pure-Python reference of the Moreau--Jean scheme, one dof, one contact.

This script is deliberately written from the formulas of the specification
(dev-notes.md Sec. 2.4.2, Sec. 3.5 and Appendix B), not from Moreau's C++ sources, so that
its output can serve as golden data for the C++ examples. It uses only the Python standard
library (math), no numpy.

Scheme (linear time-invariant Lagrangian system, scalar case, theta-method):

    Mhat   = m + h*theta*c + h^2*theta^2*k                         (iteration "matrix")
    v_free = v_k + ( -h*c*v_k - h*k*q_k - h^2*theta*k*v_k
                     + h*(theta*F_{k+1} + (1-theta)*F_k) ) / Mhat
    index set 1 (Siconos: the rule is evaluated at the predicted state of the Newton loop):
                  qtilde = q_k + h*(theta*v_k + (1-theta)*v_k)   (x = (h*theta)*v_k;
                           x += (h*(1-theta))*v_k; qtilde = x + q_k)
                  ytilde + (h/2)*ydottilde <= 0 with ytilde = y(qtilde) = qtilde,
                  ydottilde = v_k   (H = [1], b = 0)
    LCP (only when active):  w = (1/Mhat)*lam + qlcp,  qlcp = v_free + e*v_k,
                             0 <= w  _|_  lam >= 0
        scalar LCP with a positive "matrix" 1/Mhat: w = 0 at the solution when qlcp < 0,
        so lam = -Mhat*qlcp; otherwise lam = 0 and w = qlcp >= 0.  Together:
                             lam = max(0, -Mhat*qlcp)
    update:  v_{k+1} = v_free + lam/Mhat  (p = H^T lam = lam, an impulse: no factor h)
             q_{k+1} = q_k + h*(theta*v_{k+1} + (1-theta)*v_k)

Usage:
    moreau_jean_1dof.py bouncingball [--T 10] [--h 0.005] --output BouncingBall.ref
    moreau_jean_1dof.py camfollower  [--model tutorial|seed] [--T 1] [--h 1e-4] [--rpm 358]
                                     --output CamFollower.ref

CamFollower models (as the C++ example's --model): "tutorial" (default), Siconos's CF run of
tutorial-models.md Sec. 10: q0 = v0 = 0, F_ext = -m g with g = 0 (the follower stays at rest);
"seed": dev-notes Sec. 4 / Appendix B, q0 = v0 = 0.4 and the cam's equivalent force.

Each row is written with "%.15e" values separated by single spaces, including the initial
row at t0 (lambda = 0). A one-line summary (steps, impacts = steps with lambda > 0) goes
to stdout.
"""

import argparse
import math
import sys

# ---------------------------------------------------------------------------------------
# Time grid: t_k = t0 + k*h (multiplication, no accumulated drift). The number of steps
# is (T - t0)/h rounded to the nearest integer when it is within 1e-10 (relative) of an
# integer, otherwise rounded up so that the last step reaches T.
# ---------------------------------------------------------------------------------------


def number_of_steps(t0, T, h):
    x = (T - t0) / h
    n = round(x)
    if abs(x - n) <= 1e-10 * max(1.0, abs(x)):
        return int(n)
    return int(math.ceil(x))


def moreau_jean_1dof(m, k, c, fext, q0, v0, e, theta, h, t0, T):
    """Generator of (t, q, v, lam) rows, row 0 being the initial state with lam = 0.

    fext(t) returns the scalar external force at time t.
    """
    n_steps = number_of_steps(t0, T, h)
    mhat = m + h * theta * c + h * h * theta * theta * k
    q, v = q0, v0
    t = t0
    f_k = fext(t0)
    yield (t, q, v, 0.0)
    for step in range(n_steps):
        t_next = t0 + (step + 1) * h
        f_next = fext(t_next)
        rhs = (-h * c * v - h * k * q - h * h * theta * k * v
               + h * (theta * f_next + (1.0 - theta) * f_k))
        v_free = v + rhs / mhat
        # Index set 1: the outputs at the predicted state qtilde = q_k + h(theta v_k +
        # (1 - theta) v_k) (y = qtilde, ydot = v_k), then ytilde + (h/2) ydottilde <= 0.
        x = (h * theta) * v
        x += (h * (1.0 - theta)) * v
        qtilde = x + q
        ybar = qtilde + 0.5 * h * v
        lam = 0.0
        if ybar <= 0.0:
            qlcp = v_free + e * v
            lam = max(0.0, -mhat * qlcp)
        v_new = v_free + lam / mhat
        q_new = q + h * (theta * v_new + (1.0 - theta) * v)
        q, v, f_k, t = q_new, v_new, f_next, t_next
        yield (t, q, v, lam)


# ---------------------------------------------------------------------------------------
# Cam profile (dev-notes Appendix B), restated from the formulas.
# ---------------------------------------------------------------------------------------

PI = 3.14159265  # truncated literal, as in the upstream profile
RB = 0.40
K1 = 0.45
K2 = 0.40393320723821
RHO1 = 0.85
RHO2 = 0.55393320723821
RHO3 = 0.15
BETA1 = 0.0
BETA2 = 1.050328174371336
BETA3 = 1.22173047639603
PHI0 = PI / 2.0


def cam(t, rpm):
    """Return (c, dc/dt, d2c/dt2) of the cam at time t."""
    omega = 2.0 * PI * rpm / 60.0
    beta = math.fmod(omega * t + PHI0, 2.0 * PI)
    if beta > PI:
        # second half turn: the profile is symmetric, run it backwards
        beta = 2.0 * PI - beta
        omega = -omega
    if beta <= PI / 2.0 - BETA1:
        pos, vel, acc = RB, 0.0, 0.0
    elif beta <= PI / 2.0 + BETA2:
        cb, sb = math.cos(beta), math.sin(beta)
        root = math.sqrt(1.0 - (K1 * cb / RHO1) ** 2)
        pos = -K1 * sb + RHO1 * root
        vel = (-K1 * cb + K1 * K1 * sb * cb / (RHO1 * root)) * omega
        x = beta - BETA1
        cx, sx = math.cos(x), math.sin(x)
        den = 1.0 - (cx * K1 / RHO1) ** 2
        tau = cx * cx - sx * sx - (K1 * sx * cx) ** 2 / (RHO1 * RHO1 * den)
        acc = (K1 * sx + (K1 * K1 / (RHO1 * math.sqrt(den))) * tau) * omega * omega
    elif beta <= PI / 2.0 + BETA3:
        a = beta + PI / 9.0
        ca, sa = math.cos(a), math.sin(a)
        root = math.sqrt(1.0 - (K2 * sa / RHO3) ** 2)
        pos = -K2 * ca + RHO3 * root
        vel = (K2 * sa - K2 * K2 * sa * ca / (RHO3 * root)) * omega
        x = beta - BETA3
        cx, sx = math.cos(x), math.sin(x)
        den = 1.0 - (cx * K2 / RHO3) ** 2
        tau = cx * cx - sx * sx - (K2 * sx * cx) ** 2 / (RHO3 * RHO3 * den)
        acc = (-K2 * sx + (K2 * K2 / (RHO3 * math.sqrt(den))) * tau) * omega * omega
    else:
        pos, vel, acc = RHO2, 0.0, 0.0
    return pos - 0.3, vel, acc


CAM_MASS = 1.221
CAM_KSPRING = 1430.8
CAM_CFRICTION = 0.0


def cam_force(t, rpm):
    """Equivalent force -(m c'' + c_f c' + k c) acting on the relative coordinate."""
    pos, vel, acc = cam(t, rpm)
    return -(CAM_MASS * acc + CAM_CFRICTION * vel + CAM_KSPRING * pos)


# ---------------------------------------------------------------------------------------
# The two examples.
# ---------------------------------------------------------------------------------------


def bouncing_ball(T, h):
    # The C++ example has 3 dof (height, horizontal position, rotation) with a diagonal
    # mass matrix diag(m, m, 2/5 m R^2), no stiffness and no damping, a constant force
    # (-m g, 0, 0) and H = [1 0 0]. Everything is diagonal, so:
    #  * Mhat = M is diagonal and W = Mhat^{-1} acts dof by dof;
    #  * the free velocity of dofs 2 and 3 is v_k + h*0/Mhat_jj = v_k, i.e. stays 0;
    #  * the contact impulse p = H^T lam = (lam, 0, 0) only touches dof 1, and the
    #    Delassus "matrix" H W H^T = 1/m involves dof 1 only.
    # Dofs 2 and 3 therefore stay exactly at q = v = 0 and the height evolves as the
    # 1-dof problem below (m, k = 0, c = 0, F = -m g).
    m, g, e, theta = 1.0, 9.81, 0.9, 0.5
    rows = []
    for t, q, v, lam in moreau_jean_1dof(m, 0.0, 0.0, lambda _t: -m * g, 1.0, 0.0, e, theta,
                                         h, 0.0, T):
        rows.append((t, q, v, lam, lam))  # columns: t, q0, v0, p(1)0 = lam, lam(1)0
    return rows


def cam_follower(T, h, rpm, model):
    m, k, c, e, theta = 1.221, 1430.8, 0.0, 0.8, 0.5
    if model == "seed":
        force, q0 = (lambda tt: cam_force(tt, rpm)), 0.4
    else:
        force, q0 = (lambda _t: -m * 0.0), 0.0  # Siconos's plugin: -m g with g = 0
    rows = []
    for t, q, v, lam in moreau_jean_1dof(m, k, c, force, q0, q0, e, theta, h, 0.0, T):
        pos, vel, _ = cam(t, rpm)
        rows.append((t, q, v, lam, force(t), pos, vel, pos + q))
    return rows


def write_rows(path, rows):
    with open(path, "w", encoding="ascii") as out:
        for row in rows:
            out.write(" ".join("%.15e" % x for x in row))
            out.write("\n")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("example", choices=["bouncingball", "camfollower"])
    parser.add_argument("--T", type=float, default=None, help="final time")
    parser.add_argument("--h", type=float, default=None, help="time step")
    parser.add_argument("--rpm", type=float, default=358.0, help="cam speed (camfollower)")
    parser.add_argument("--model", choices=["tutorial", "seed"], default="tutorial",
                        help="camfollower model")
    parser.add_argument("--output", required=True, help="output file")
    args = parser.parse_args(argv)
    if args.example == "bouncingball":
        T = 10.0 if args.T is None else args.T
        h = 0.005 if args.h is None else args.h
        rows = bouncing_ball(T, h)
        lam_col = 4
    else:
        T = 1.0 if args.T is None else args.T
        h = 1e-4 if args.h is None else args.h
        rows = cam_follower(T, h, args.rpm, args.model)
        lam_col = 3
    write_rows(args.output, rows)
    impacts = sum(1 for r in rows if r[lam_col] > 0.0)
    first = next((r[0] for r in rows if r[lam_col] > 0.0), float("nan"))
    min_q = min(r[1] for r in rows)
    print("%s (python reference): %d steps, %d impacts, first impact row t = %.6f, "
          "min q = %.6e -> %s" % (args.example, len(rows) - 1, impacts, first, min_q,
                                  args.output))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

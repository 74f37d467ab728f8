#!/usr/bin/env python3
"""Independent pure-Python reference of examples/BallNewtonEuler (standard library only).

Written from the formulas (tutorial-models.md Sec. 33, docs/theory/newton-euler.md Sec. 1, 5
and 5.1), not from Moreau's C++ code. A ball (m = 1, I = I3) in the Newton--Euler formulation,
F_ext = (-m g, 0, 0) with g = 10, q0 = (1, 0, 0, 1, 0, 0, 0), v0 = 0; twist indices 0, 3, 5
(v_x and the body-frame Omega_x, Omega_z) prescribed to f(t) = 2 + cos(pi t / 2); no contact
(the tutorial's interaction is never linked). Moreau--Jean with theta = 1, h = 1e-3.

Derivation. I = I3 makes the gyroscopic moment Omega x I Omega vanish, and no moment is applied:
the wrench is F = (-m g, 0, 0, 0, 0, 0), constant. The theta = 1 step is
    M (v_{k+1} - v_k) = h F + r,   r = 0 on the free indices 1, 2, 4,
    v_{k+1,i} = f(t_{k+1}) on the prescribed indices 0, 3, 5,
so v_y, v_z, Omega_y keep their initial value 0 (F has no component there), and
    r_0 = m (f(t_{k+1}) - v_{k,0}) + m g h      (the drive holds v_x against gravity),
    r_3 = I (f(t_{k+1}) - v_{k,3}),  r_5 = I (f(t_{k+1}) - v_{k,5}).
The reaction column is not r_0 but what Siconos stores as reactionToBoundaryConditions
(tutorial-models.md Sec. 33): -(column 0 of W) . v_{k+1} + p_0, with W the iteration matrix
before the conditions are applied. Here W = M (theta = 1, no Jacobian terms: the wrench is
constant) and p = 0, so the column is -m f(t_{k+1}).
Position (theta = 1): x_{k+1} = x_k + h v_{k+1,0}; y = z = 0; quaternion
p_{k+1} = p_k o expq(h Omega_{k+1}) renormalised, with Omega_{k+1} = f(t_{k+1}) (1, 0, 1).
The quaternion is integrated step by step with the product and the exponential map written
below; since every increment is a rotation about the same body axis a = (1, 0, 1)/sqrt(2),
the result must equal (cos(phi/2), sin(phi/2) a) with phi = sqrt(2) h sum_j f(t_j): the script
checks this (--check) and also the distance to the exact solution phi(t) = sqrt(2) (2 t +
(2/pi) sin(pi t / 2)), x(t) = 1 + 2 t + (2/pi) sin(pi t / 2) (first order in h for theta = 1).

Rows (%.15e), 20 columns: t, q0, v0, p(1)_0, reaction_0, acos(clamp(q3, -1, 1)), 0, q0..q6,
v0..v5; p(1) = 0 (no contact), column 6 is never written by the tutorial (0). Row 0 = the
initial state (reaction 0, as allocated).

Usage: ball_newton_euler.py [--T 10] [--h 1e-3] [--check] --output FILE
"""

import argparse
import math

M, G, THETA = 1.0, 10.0, 1.0


def number_of_steps(t0, T, h):
    x = (T - t0) / h
    n = round(x)
    if abs(x - n) <= 1e-10 * max(1.0, abs(x)):
        return int(n)
    return int(math.ceil(x))


def f(t):
    return 2.0 + math.cos(math.pi * t / 2.0)


def qmul(p, q):
    p0, p1, p2, p3 = p
    q0, q1, q2, q3 = q
    return (p0 * q0 - p1 * q1 - p2 * q2 - p3 * q3,
            p0 * q1 + q0 * p1 + p2 * q3 - p3 * q2,
            p0 * q2 + q0 * p2 + p3 * q1 - p1 * q3,
            p0 * q3 + q0 * p3 + p1 * q2 - p2 * q1)


def expq(w):
    theta = math.sqrt(sum(c * c for c in w))
    if theta == 0.0:
        return (1.0, 0.0, 0.0, 0.0)
    s = math.sin(theta / 2.0) / theta
    return (math.cos(theta / 2.0), s * w[0], s * w[1], s * w[2])


def normalised(p):
    n = math.sqrt(sum(c * c for c in p))
    return tuple(c / n for c in p)


def row(t, x, p, v, reaction):
    return ([t, x, v[0], 0.0, reaction, math.acos(max(-1.0, min(1.0, p[0]))), 0.0,
             x, 0.0, 0.0] + list(p) + list(v))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--T", type=float, default=10.0)
    parser.add_argument("--h", type=float, default=1e-3)
    parser.add_argument("--check", action="store_true",
                        help="compare with the closed forms and print the differences")
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    t0, h = 0.0, args.h
    n = number_of_steps(t0, args.T, h)
    x = 1.0
    p = (1.0, 0.0, 0.0, 0.0)
    v = [0.0] * 6
    rows = [row(t0, x, p, v, 0.0)]
    fsum = 0.0
    worst_axis = worst_scheme = 0.0
    for k in range(n):
        t1 = t0 + (k + 1) * h
        fk1 = f(t1)
        v = [fk1, 0.0, 0.0, fk1, 0.0, fk1]
        reaction = -M * v[0]  # -(column 0 of W = M = diag(m, m, m, I3)) . v_{k+1} + p_0, p = 0
        x = x + h * (THETA * v[0] + (1.0 - THETA) * rows[-1][2])
        omega = (v[3], v[4], v[5])
        p = normalised(qmul(p, expq((h * omega[0], h * omega[1], h * omega[2]))))
        rows.append(row(t1, x, p, v, reaction))
        fsum += fk1
        phi = math.sqrt(2.0) * h * fsum
        closed = (math.cos(phi / 2), math.sin(phi / 2) / math.sqrt(2.0), 0.0,
                  math.sin(phi / 2) / math.sqrt(2.0))
        worst_axis = max(worst_axis, max(abs(a - b) for a, b in zip(p, closed)))
        worst_scheme = max(worst_scheme, abs(x - (1.0 + h * fsum)))
    if args.check:
        T = t0 + n * h
        exact = 2.0 * T + 2.0 / math.pi * math.sin(math.pi * T / 2.0)
        phi_exact = math.sqrt(2.0) * exact
        print("quaternion vs closed form of the scheme (same axis): max %.3e" % worst_axis)
        print("x vs 1 + h sum f(t_j): max %.3e" % worst_scheme)
        print("at T = %g: x - exact %.3e, phi - exact %.3e (first order in h)"
              % (T, x - (1.0 + exact), math.sqrt(2.0) * h * fsum - phi_exact))
    with open(args.output, "w") as out:
        for r in rows:
            out.write(" ".join("%.15e" % c for c in r) + "\n")


if __name__ == "__main__":
    main()

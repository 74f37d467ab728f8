#!/usr/bin/env python3
"""Independent pure-Python reference of examples/RollingSphere (standard library only).

Written from the formulas (dev-notes Sec. 2.8.5 Newton--Euler Moreau--Jean, Sec. 5.5 contact
frame, the Coulomb law in closed form for one contact), not from Moreau's C++ code.

Model: solid sphere m = 1, R = 0.1, I = (2/5) m R^2 (isotropic: no gyroscopic term), gravity
(0, 0, -m g), g = 9.81, on the plane z = 0 (normal e_z, contact point P = G - R e_z); initial
centre (0, 0, R), twist (v0, 0, 0, 0, omega0, 0); NewtonImpactFrictionNSL(e = 0, 0, mu, 3);
theta = 1/2, activation y + (h/2) ydot <= 0.

Reduction to the planar motion (x, z, rotation about y): the force has no y component and the
spin is about e_y, so y, v_y, omega_x, omega_z stay 0 and the body-frame angular velocity about y
equals the inertial one (the rotation is about y itself). Contact velocities:
    u_N = v_z                         (the moment arm P - G is parallel to n)
    u_T = v_x - R omega_y             (slip of the contact point along x)
Delassus operator: W_NN = 1/m, W_TT = 1/m + R^2/I = 7/(2m), W_NT = 0 (decoupled). The
single-contact Coulomb problem is then solved in closed form:
    lam_N = max(0, -v_z_free / W_NN)                    (e = 0)
    stick  if |u_T_free| <= mu lam_N W_TT:  P = -u_T_free / W_TT       (u_T = 0 after)
    slide  otherwise:                       P = -mu lam_N sign(u_T_free)
and the impulse (P, 0, lam_N) at P gives
    v_x = v_x_free + P/m,  v_z = v_z_free + lam_N/m,  omega_y = omega_y_free - R P / I.
Free velocities (constant force, theta-method): v_z_free = v_z - h g, the others unchanged.
Positions: x, z += h (v_k + v_{k+1})/2; quaternion p_{k+1} = normalize(p_k (x) exp(h wbar e_y)),
wbar = (omega_k + omega_{k+1})/2, exp(a e_y) = (cos(a/2), 0, sin(a/2), 0).

Rows (%.15e), 13 columns: t, x, z, v_x, v_z, omega_y, u = v_x - R omega_y,
E = 1/2 m (v_x^2 + v_z^2) + 1/2 I omega_y^2 + m g z, L_P = I omega_y + m R v_x, lam_N, P,
p0, p2. Row 0 = the initial state (impulses 0).

Usage: rolling_sphere.py [--v0 2] [--omega0 -60] [--mu 0.3] [--T 1.5] [--h 1e-3] --output FILE
"""

import argparse
import math

M, G, R = 1.0, 9.81, 0.1
I = 0.4 * M * R * R


def number_of_steps(t0, T, h):
    x = (T - t0) / h
    n = round(x)
    if abs(x - n) <= 1e-10 * max(1.0, abs(x)):
        return int(n)
    return int(math.ceil(x))


def row(t, s, lam, p):
    x, z, vx, vz, w, q0, q2 = s
    energy = 0.5 * M * (vx * vx + vz * vz) + 0.5 * I * w * w + M * G * z
    return [t, x, z, vx, vz, w, vx - R * w, energy, I * w + M * R * vx, lam, p, q0, q2]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--v0", type=float, default=2.0)
    parser.add_argument("--omega0", type=float, default=-60.0)
    parser.add_argument("--mu", type=float, default=0.3)
    parser.add_argument("--T", type=float, default=1.5)
    parser.add_argument("--h", type=float, default=1e-3)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    t0, h, mu = 0.0, args.h, args.mu
    wnn, wtt = 1.0 / M, 1.0 / M + R * R / I
    s = (0.0, R, args.v0, 0.0, args.omega0, 1.0, 0.0)
    rows = [row(t0, s, 0.0, 0.0)]
    for k in range(number_of_steps(t0, args.T, h)):
        x, z, vx, vz, w, q0, q2 = s
        vzf = vz - h * G
        lam, p = 0.0, 0.0
        if (z - R) + 0.5 * h * vz <= 0.0:
            lam = max(0.0, -vzf / wnn)
            ut = vx - R * w
            if abs(ut) <= mu * lam * wtt:
                p = -ut / wtt
            else:
                p = -mu * lam * math.copysign(1.0, ut)
        vxn, vzn, wn = vx + p / M, vzf + lam / M, w - R * p / I
        a = h * 0.5 * (w + wn)
        c, sn = math.cos(0.5 * a), math.sin(0.5 * a)
        r0, r2 = q0 * c - q2 * sn, q0 * sn + q2 * c
        norm = math.hypot(r0, r2)
        s = (x + h * (0.5 * vx + 0.5 * vxn), z + h * (0.5 * vz + 0.5 * vzn), vxn, vzn, wn,
             r0 / norm, r2 / norm)
        rows.append(row(t0 + (k + 1) * h, s, lam, p))
    with open(args.output, "w", encoding="ascii") as f:
        for r in rows:
            f.write(" ".join("%.15e" % c for c in r) + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Independent reference for examples/SpinningTop: the heavy symmetric top with a FIXED tip
(the sticking contact of the example), integrated by classical RK4 with a fine step, standard
library only. Written from the rigid-body equations, not from Moreau's C++ code.

Equations (body frame, tip O at the origin, G = R a with a = (0, 0, l)):
    I_O = diag(I1 + m l², I1 + m l², I3)            inertia about the tip
    I_O Ω̇ = a × (Rᵀ (−m g e_z)) − Ω × I_O Ω        Euler's equations about O
    ṗ = ½ p ∘ (0, Ω)                                 unit quaternion, R = R(p)
Initial state as the example: axis n = R e3 tilted by θ0 about e_y, ω = Ω_p e_z + ψ̇ n with the
axial component ω·n = ω3, Ω_p the exact slow steady precession rate (--start steady) or 0
(--start rest).

Output: the 23 columns of SpinningTop.dat at t_k = k h (row 0 included): t, G, p, v_G, Ω, E,
L_z about the tip, nutation θ, precession φ (unwrapped), λ_N = m Δv_Gz + m g h and
|λ_T| = m |Δv_G horizontal| (the contact impulse over the step from the momentum balance), tip
x, y (0: the tip is fixed), Newton iterations (0: not part of the reference; the regression test
gives that column a tolerance that ignores it).

    python3 scripts/reference/spinning_top.py --T 0.1 --h 5e-4 --output tests/regression/golden/SpinningTop_T0.1_h5e-4.ref
"""
import argparse
import math

M, G_ACC, L, I1, I3 = 1.0, 9.81, 0.05, 6e-3, 4e-3


def qmul(a, b):
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return (aw * bw - ax * bx - ay * by - az * bz,
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw)


def rot(p):
    w, x, y, z = p
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]]


def matvec(R, v):
    return [sum(R[i][j] * v[j] for j in range(3)) for i in range(3)]


def matTvec(R, v):
    return [sum(R[j][i] * v[j] for j in range(3)) for i in range(3)]


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


IO = (I1 + M * L * L, I1 + M * L * L, I3)
A_BODY = (0.0, 0.0, L)


def rhs(state):
    p = state[:4]
    om = state[4:]
    R = rot(p)
    weight_body = matTvec(R, [0.0, 0.0, -M * G_ACC])
    torque = cross(A_BODY, weight_body)
    Iom = [IO[i] * om[i] for i in range(3)]
    gyro = cross(om, Iom)
    omdot = [(torque[i] - gyro[i]) / IO[i] for i in range(3)]
    pdot = [0.5 * c for c in qmul(p, (0.0, om[0], om[1], om[2]))]
    return pdot + omdot


def rk4(state, dt):
    k1 = rhs(state)
    k2 = rhs([s + 0.5 * dt * k for s, k in zip(state, k1)])
    k3 = rhs([s + 0.5 * dt * k for s, k in zip(state, k2)])
    k4 = rhs([s + dt * k for s, k in zip(state, k3)])
    new = [s + dt / 6 * (a + 2 * b + 2 * c + d) for s, a, b, c, d in zip(state, k1, k2, k3, k4)]
    norm = math.sqrt(sum(c * c for c in new[:4]))
    return [c / norm for c in new[:4]] + new[4:]


def initial_state(omega3, tilt, start):
    c = math.cos(tilt)
    I1tip = I1 + M * L * L
    disc = I3 * I3 * omega3 * omega3 - 4 * I1tip * c * M * G_ACC * L
    steady = 2 * M * G_ACC * L / (I3 * omega3 + math.sqrt(disc))
    prec = steady if start == "steady" else 0.0
    p = (math.cos(tilt / 2), 0.0, math.sin(tilt / 2), 0.0)
    R = rot(p)
    n = [R[0][2], R[1][2], R[2][2]]
    omega = [prec * (1.0 if i == 2 else 0.0) + (omega3 - prec * c) * n[i] for i in range(3)]
    return list(p) + matTvec(R, omega)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--omega3", type=float, default=100.0)
    ap.add_argument("--tilt", type=float, default=0.3)
    ap.add_argument("--start", choices=["steady", "rest"], default="steady")
    ap.add_argument("--T", type=float, default=0.1)
    ap.add_argument("--h", type=float, default=5e-4)
    ap.add_argument("--substeps", type=int, default=50)
    ap.add_argument("--output", default="-")
    a = ap.parse_args()
    state = initial_state(a.omega3, a.tilt, a.start)
    steps = int(round(a.T / a.h))
    rows = []
    phi = 0.0
    last_azimuth = 0.0
    prev_vG = None

    def row(t, state):
        nonlocal phi, last_azimuth, prev_vG
        p = state[:4]
        om = state[4:]
        R = rot(p)
        G = matvec(R, list(A_BODY))
        vG = cross(matvec(R, om), G)
        Ig = (I1, I1, I3)
        ke = 0.5 * M * sum(v * v for v in vG) + 0.5 * sum(Ig[i] * om[i] ** 2 for i in range(3))
        E = ke + M * G_ACC * G[2]
        Lg = matvec(R, [Ig[i] * om[i] for i in range(3)])
        Lz = Lg[2] + cross(G, [M * v for v in vG])[2]
        n = [R[0][2], R[1][2], R[2][2]]
        nut = math.acos(max(-1.0, min(1.0, n[2])))
        az = math.atan2(n[1], n[0])
        d = az - last_azimuth
        d -= 2 * math.pi * round(d / (2 * math.pi))
        phi += d
        last_azimuth = az
        if prev_vG is None:
            lamN = lamT = 0.0
        else:
            dv = [vG[i] - prev_vG[i] for i in range(3)]
            lamN = M * dv[2] + M * G_ACC * a.h
            lamT = M * math.hypot(dv[0], dv[1])
        prev_vG = vG
        return [t] + G + list(p) + vG + list(om) + [E, Lz, nut, phi, lamN, lamT, 0.0, 0.0, 0.0]

    rows.append(row(0.0, state))
    dt = a.h / a.substeps
    for k in range(steps):
        for _ in range(a.substeps):
            state = rk4(state, dt)
        rows.append(row((k + 1) * a.h, state))
    text = "".join(" ".join("%.15e" % v for v in r) + "\n" for r in rows)
    if a.output == "-":
        print(text, end="")
    else:
        with open(a.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()

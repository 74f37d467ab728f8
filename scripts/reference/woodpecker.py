#!/usr/bin/env python3
"""Independent pure-Python reference of Woodpecker (tutorial-models.md Sec. 16).

Written from the formulas of the specification (Sec. 0.1 and Sec. 16), not from Moreau's C++
sources; standard library only (no numpy).

Model: q = (y, phi_M, phi_S), M (3x3, full), K = c_phi [[0,0,0],[0,1,-1],[0,-1,1]], C = 0,
F_ext constant; three contacts i with a 2x3 H_i (row 0 normal, row 1 tangent), b_i, and the law
NewtonImpactFriction(e_N,i, e_T = 0, mu = 0.3, 2).

Moreau--Jean, theta = 1/2, constant F:
  Mhat   = M + h^2 theta^2 K
  v_free = v_k + Mhat^-1 (h F - h K q_k - h^2 theta K v_k)
  active contacts: y~_N + (h/2) ydot~_N <= 0   (gamma = 1/2, not given), the outputs at the
      predicted state q~ = q_k + h (theta v_k + (1 - theta) v_k): y~_N = H_i,0 q~ + b_i,0,
      ydot~_N = H_i,0 v_k
  FC2D over the active contacts:  u = W r + qf,  W_ij = H_i Mhat^-1 H_j^T,
      qf_i = H_i v_free + (e_N,i u_N,i,k, 0)        (e_T = 0: no tangential term)
      for each contact: r in K_mu = {r_N >= 0, |r_T| <= mu r_N}, and
        take-off  r = 0, u_N >= 0;   stick  u = 0, r in K_mu;
        slide     u_N = 0, r_T = -mu r_N sign(u_T), r_N >= 0
  v_{k+1} = v_free + Mhat^-1 sum_i H_i^T r_i,  q_{k+1} = q_k + h (theta v_{k+1} + (1 - theta) v_k)

The FC2D problem is solved by a projected (nonsmooth) Gauss--Seidel over the contacts, each
contact's 2x2 problem u_i = W_ii r_i + (qf_i + sum_{j != i} W_ij r_j) solved EXACTLY by enumerating
its four cases (take-off, stick, slide +, slide -), until the impulses change by less than
1e-15 relative (or 100000 sweeps). W is singular when the two sleeve contacts are both active
(four rows on three dofs): the impulses are then not unique, the velocities are.

Time grid: t_k = k h, N = floor(T/h) steps (14999 for T = 0.3, h = 2e-5, in floating point).
Output: t, y, ydot, phi_M, phidot_M, phi_S, phidot_S ("%.15e"), row 0 = the initial state.

Usage: woodpecker.py [--T 0.3] [--h 2e-5] --output FILE
"""

import argparse
import math

R_O, R_M, H_M, L_M, L_G, H_S, L_S = 0.0025, 0.0031, 0.0058, 0.010, 0.015, 0.02, 0.0201
M_M, M_S, J_M, J_S = 3e-4, 4.5e-3, 5e-9, 7e-7
C_PHI, G = 0.0056, 9.81
MU, THETA = 0.3, 0.5

M = [[M_S + M_M, M_S * L_M, M_S * L_G],
     [M_S * L_M, J_M + M_S * L_M ** 2, M_S * L_M * L_G],
     [M_S * L_G, M_S * L_M * L_G, J_S + M_S * L_G ** 2]]
K = [[0.0, 0.0, 0.0], [0.0, C_PHI, -C_PHI], [0.0, -C_PHI, C_PHI]]
F = [-(M_S + M_M) * G, -M_S * L_M * G, -M_S * L_G * G]
CONTACTS = [  # (H rows, b, e_N)
    ([[0.0, 0.0, -H_S], [1.0, L_M, L_G - L_S]], [L_M + L_G - L_S - R_O, 0.0], 0.5),
    ([[0.0, H_M, 0.0], [1.0, R_M, 0.0]], [R_M - R_O, 0.0], 0.0),
    ([[0.0, -H_M, 0.0], [1.0, R_M, 0.0]], [R_M - R_O, 0.0], 0.0),
]


def mv(a, x):
    return [sum(a[i][j] * x[j] for j in range(len(x))) for i in range(len(a))]


def inverse3(a):
    (a11, a12, a13), (a21, a22, a23), (a31, a32, a33) = a
    det = (a11 * (a22 * a33 - a23 * a32) - a12 * (a21 * a33 - a23 * a31)
           + a13 * (a21 * a32 - a22 * a31))
    cof = [[a22 * a33 - a23 * a32, a13 * a32 - a12 * a33, a12 * a23 - a13 * a22],
           [a23 * a31 - a21 * a33, a11 * a33 - a13 * a31, a13 * a21 - a11 * a23],
           [a21 * a32 - a22 * a31, a12 * a31 - a11 * a32, a11 * a22 - a12 * a21]]
    return [[cof[i][j] / det for j in range(3)] for i in range(3)]


def local_2d(w, q, mu):
    """Exact single-contact 2D Coulomb problem u = w r + q (w 2x2 SPD)."""
    if q[0] >= 0.0:
        return [0.0, 0.0]  # take-off
    det = w[0][0] * w[1][1] - w[0][1] * w[1][0]
    # stick: w r = -q
    rn = (-q[0] * w[1][1] + q[1] * w[0][1]) / det
    rt = (-q[1] * w[0][0] + q[0] * w[1][0]) / det
    if rn >= 0.0 and abs(rt) <= mu * rn:
        return [rn, rt]
    for s in (1.0, -1.0):  # slide with u_T of sign s: r_T = -s mu r_N, u_N = 0
        rn = -q[0] / (w[0][0] - s * mu * w[0][1])
        if rn < 0.0:
            continue
        rt = -s * mu * rn
        ut = w[1][0] * rn + w[1][1] * rt + q[1]
        if s * ut >= 0.0:
            return [rn, rt]
    raise RuntimeError("local 2D problem without solution")


def run(T, h, out):
    n_steps = int(math.floor(T / h))
    c = h * h * THETA * THETA
    mhat_inv = inverse3([[M[i][j] + c * K[i][j] for j in range(3)] for i in range(3)])
    # Mhat^-1 H_i^T columns and W blocks
    minvHt = [[mv(mhat_inv, row) for row in H] for H, _, _ in CONTACTS]
    q = [0.0, -0.1036, -0.2788]
    v = [-0.3411, 4.8572e-15, -7.4583]
    out.write(" ".join("%.15e" % z for z in [0.0, q[0], v[0], q[1], v[1], q[2], v[2]]) + "\n")
    sweeps_total = 0
    for k in range(n_steps):
        kq = mv(K, q)
        kv = mv(K, v)
        rhs = [h * F[i] - h * kq[i] - h * h * THETA * kv[i] for i in range(3)]
        dv = mv(mhat_inv, rhs)
        vfree = [v[i] + dv[i] for i in range(3)]
        qt = []  # predicted state q~ = q_k + h (theta v_k + (1 - theta) v_k)
        for i in range(3):
            x = (h * THETA) * v[i]
            x += (h * (1 - THETA)) * v[i]
            qt.append(x + q[i])
        active = []
        for i, (H, b, e) in enumerate(CONTACTS):
            yn = sum(H[0][j] * qt[j] for j in range(3)) + b[0]
            ydn = sum(H[0][j] * v[j] for j in range(3))
            if yn + 0.5 * h * ydn <= 0.0:
                active.append(i)
        vnew = vfree[:]
        if active:
            W = {(i, j): [[sum(CONTACTS[i][0][a][d] * minvHt[j][bb][d] for d in range(3))
                           for bb in range(2)] for a in range(2)]
                 for i in active for j in active}
            qf = {}
            for i in active:
                H, b, e = CONTACTS[i]
                un_k = sum(H[0][d] * v[d] for d in range(3))
                qf[i] = [sum(H[0][d] * vfree[d] for d in range(3)) + e * un_k,
                         sum(H[1][d] * vfree[d] for d in range(3))]
            r = {i: [0.0, 0.0] for i in active}
            for sweep in range(100000):
                change, scale = 0.0, 0.0
                for i in active:
                    qi = qf[i][:]
                    for j in active:
                        if j != i:
                            for a in range(2):
                                qi[a] += W[(i, j)][a][0] * r[j][0] + W[(i, j)][a][1] * r[j][1]
                    new = local_2d(W[(i, i)], qi, MU)
                    change = max(change, abs(new[0] - r[i][0]), abs(new[1] - r[i][1]))
                    scale = max(scale, abs(new[0]), abs(new[1]))
                    r[i] = new
                sweeps_total += 1
                if change <= 1e-15 * scale:
                    break
            for i in active:
                for bb in range(2):
                    for d in range(3):
                        vnew[d] += minvHt[i][bb][d] * r[i][bb]
        q = [q[i] + h * (THETA * vnew[i] + (1 - THETA) * v[i]) for i in range(3)]
        v = vnew
        t = (k + 1) * h
        out.write(" ".join("%.15e" % z for z in [t, q[0], v[0], q[1], v[1], q[2], v[2]]) + "\n")
    return n_steps, sweeps_total


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--T", type=float, default=0.3)
    ap.add_argument("--h", type=float, default=2e-5)
    ap.add_argument("--output", required=True)
    a = ap.parse_args()
    with open(a.output, "w") as out:
        n, sweeps = run(a.T, a.h, out)
    print("Woodpecker reference: %d steps, %d Gauss-Seidel sweeps" % (n, sweeps))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Independent pure-Python reference of ImpactingBar (tutorial-models.md Sec. 11).

Written from the formulas of the specification (Sec. 0.1 and Sec. 11), not from Moreau's C++
sources; standard library only (no numpy). The matrices are kept tridiagonal (three lists) and
the iteration matrix is solved by the Thomas algorithm.

Model ("-ref" parameter set): n = 100 nodes, L = 1, l = L/n, E = 210e9, S = 3.14e-4, rho = 7800,
  M = rho S l tridiag(1/6, [1/3, 2/3, ..., 2/3, 1/3], 1/6),
  K = (E S / l) tridiag(-1, [1, 2, ..., 2, 1], -1),   F_ext = 0,
  q0_i = 5e-5, v0_i = -0.1;  contact y = q_0, NewtonImpactNSL(e = 0).

Moreau--Jean, theta = 1/2, gamma = 0 (given):
  Mhat   = M + h^2 theta^2 K                          (tridiagonal, SPD)
  v_free = v_k + Mhat^-1 (-h K q_k - h^2 theta K v_k)
  index set (Siconos: the rule is evaluated at the predicted state of the Newton loop)
    qtilde = q_k + h (theta v_k + (1 - theta) v_k)   (per coordinate x = (h theta) v_k;
             x += (h (1 - theta)) v_k; qtilde = x + q_k)
  active when ytilde + 0 * h * ydottilde = qtilde_0 <= 0
  scalar LCP: w = a lam + v_free_0 + e v_0,k,  a = (Mhat^-1)_00  ->  lam = max(0, -(v_free_0 + e v_0,k)/a)
  v_{k+1} = v_free + lam Mhat^-1 e_0,   q_{k+1} = q_k + h (theta v_{k+1} + (1 - theta) v_k)
  p(1) = H^T lam, so p(1)_0 = lam (an impulse); lam = 0 when the contact is not active.

Time grid: t0 = 1e-8, t_k = t0 + k h, N = floor((T - t0)/h) rows, steps k = 1..N-1.

Output (12 columns, "%.15e"): t, q_0, v_0, p(1)_0/h (row 0: p(1)_0 = 0), lam, q^T K q, v^T M v,
q_99, v_99, q_50, v_50, (theta v_0,k+1 + (1-theta) v_0,k) lam (row 0: 0).

Knife-edge of this model: every node moves uniformly (K 1 = 0) until node 0 reaches y = 0,
which in decimal arithmetic happens exactly at the grid time t0 + 250 h (5e-5 / 0.1 = 250 h).
The index set of step 250 (from row 249) is decided at the predicted position
qtilde_0 = q_0,249 + h v_0 = 0 in decimal arithmetic, so it depends on the rounding of q_0,249:
with the doubles of the inputs, the exact value of qtilde_0 is +1.9e-21; evaluating
h (theta v_{k+1} + (1 - theta) v_k) first and adding it to q_k (--position-update literal)
gives qtilde_0 = +9.1e-20 (not active, the first impulse is in row 251, node 0 stops at
q_0 = -1e-7; 192 impacts); adding h theta v_{k+1} and h (1 - theta) v_k to q_k one after the
other (--position-update split, the default) gives -3.7e-19 (active: the first impulse is in
row 250 and stops node 0 at q_0 = +1e-7, above the obstacle; row 251 is then free, node 0 is
pulled down and stopped again at -2.05e-7 from row 252 on; 193 impacts). Both are the formula of
Sec. 0.1; the two runs are different motions (energy after the impact 0.9841 and 0.9940 of the
initial one).

Usage: impacting_bar.py [--T 0.0015] [--h 2e-6] [--position-update split|literal] --output FILE
"""

import argparse
import math

N, L, E, S, RHO = 100, 1.0, 210e9, 3.14e-4, 7800.0
THETA, E_N, T0 = 0.5, 0.0, 1e-8


def tridiag(diag_end, diag_in, off, scale):
    d = [scale * (diag_end if i in (0, N - 1) else diag_in) for i in range(N)]
    o = [scale * off] * (N - 1)
    return d, o  # symmetric: sub = super = o


def matvec(m, x):
    d, o = m
    y = [d[i] * x[i] for i in range(N)]
    for i in range(N - 1):
        y[i] += o[i] * x[i + 1]
        y[i + 1] += o[i] * x[i]
    return y


def thomas(m, rhs):
    d, o = m
    c = [0.0] * N
    g = [0.0] * N
    c[0] = o[0] / d[0]
    g[0] = rhs[0] / d[0]
    for i in range(1, N):
        den = d[i] - o[i - 1] * c[i - 1]
        if i < N - 1:
            c[i] = o[i] / den
        g[i] = (rhs[i] - o[i - 1] * g[i - 1]) / den
    x = [0.0] * N
    x[N - 1] = g[N - 1]
    for i in range(N - 2, -1, -1):
        x[i] = g[i] - c[i] * x[i + 1]
    return x


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--T", type=float, default=0.0015)
    ap.add_argument("--h", type=float, default=2e-6)
    ap.add_argument("--position-update", choices=["split", "literal"], default="split")
    ap.add_argument("--output", required=True)
    a = ap.parse_args()
    h = a.h
    l = L / N
    M = tridiag(1.0 / 3.0, 2.0 / 3.0, 1.0 / 6.0, RHO * S * l)
    K = tridiag(1.0, 2.0, -1.0, E * S / l)
    c = h * h * THETA * THETA
    Mhat = ([M[0][i] + c * K[0][i] for i in range(N)], [M[1][i] + c * K[1][i] for i in range(N - 1)])
    col0 = thomas(Mhat, [1.0] + [0.0] * (N - 1))  # Mhat^-1 e_0
    a00 = col0[0]
    q = [5e-5] * N
    v = [-0.1] * N
    rows = int(math.floor((a.T - T0) / h))
    impacts = 0
    with open(a.output, "w") as out:
        def write(t, p_col, lam, power):
            vals = [t, q[0], v[0], p_col, lam, dot(q, matvec(K, q)), dot(v, matvec(M, v)),
                    q[N - 1], v[N - 1], q[N // 2], v[N // 2], power]
            out.write(" ".join("%.15e" % z for z in vals) + "\n")

        write(T0, 0.0, 0.0, 0.0)
        for k in range(1, rows):
            kq = matvec(K, q)
            kv = matvec(K, v)
            w = thomas(Mhat, [-h * kq[i] - h * h * THETA * kv[i] for i in range(N)])
            vfree = [v[i] + w[i] for i in range(N)]
            lam = 0.0
            # Index set: y at the predicted state qtilde = q_k + h v_k (gamma = 0).
            x = (h * THETA) * v[0]
            x += (h * (1 - THETA)) * v[0]
            if x + q[0] <= 0.0:
                lam = max(0.0, -(vfree[0] + E_N * v[0]) / a00)
            vnew = [vfree[i] + lam * col0[i] for i in range(N)]
            power = (THETA * vnew[0] + (1 - THETA) * v[0]) * lam
            if a.position_update == "literal":
                q = [q[i] + h * (THETA * vnew[i] + (1 - THETA) * v[i]) for i in range(N)]
            else:
                q = [(q[i] + (h * THETA) * vnew[i]) + (h * (1 - THETA)) * v[i] for i in range(N)]
            v = vnew
            if lam > 0:
                impacts += 1
            write(T0 + k * h, lam / h, lam, power)
    print("ImpactingBar reference: %d steps, %d impacts" % (rows - 1, impacts))


if __name__ == "__main__":
    main()

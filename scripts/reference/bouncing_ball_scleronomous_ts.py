#!/usr/bin/env python3
"""Independent reference for the BouncingBallScleronomousTS example (tutorial-models.md §9).

Pure Python (standard library only), written from the formulas of the specification
(tutorial-models.md §9, "Shared model BB" and §0.1; simulation.md §2.7.1 and §2.9), not from
Moreau's C++ code.

Model: q = (height, horizontal, angle), M = diag(m, m, 2/5 m R^2), F_ext = (-m g, 0, 0),
m = 1, R = 0.1, g = 10; constraint y = h(q) = q0 + 0.1 q1 >= 0, G = [1, 0.1, 0];
NewtonImpactNSL(e = 0.9). MoreauJeanOSI(theta = 1/2, gamma = 1/2), h = 0.025, T = 10.

Per step (M constant, F_ext constant, so W = M and the theta-weighted force is h F_ext):

    v_free   = v_k + h M^-1 F_ext
    qtilde   = q_k + h (theta v_k + (1 - theta) v_k)   (the predicted state at which Siconos
               updates the index set; per coordinate x = (h theta) v_k, x += (h (1 - theta)) v_k,
               qtilde = x + q_k)
    active   : ytilde + gamma h ydottilde <= 0,  ytilde = h(qtilde), ydottilde = G(qtilde) v_k
    w        = G M^-1 G^T lambda + G v_free + e ydot_k,   0 <= w  _|_  lambda >= 0
               (ydot_k = G v_k, the memory of the step)
    lambda   = max(0, -(G v_free + e ydot_k) / (G M^-1 G^T))   (scalar LCP, closed form)
    p        = G^T lambda,   v_{k+1} = v_free + M^-1 p
    q_{k+1}  = q_k + h (theta v_{k+1} + (1 - theta) v_k)

G is constant, so the Newton loop of the example converges at its first iterate and the
discrete solution is the one above. Output: the example's 7 columns
t, q0, q1, v0, v1, p(1)_0, lambda(1)_0, %.15e, row 0 = initial state with p = lambda = 0.
"""
import argparse
import math


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--T", type=float, default=10.0)
    ap.add_argument("--h", type=float, default=0.025)
    ap.add_argument("--output", default="BouncingBallScleronomousTS.ref")
    a = ap.parse_args()
    m, R, g, e, theta, gamma = 1.0, 0.1, 10.0, 0.9, 0.5, 0.5
    h, T = a.h, a.T
    n = int(round(T / h)) if abs(T / h - round(T / h)) < 1e-10 * (T / h) else math.ceil(T / h)
    M = [m, m, 0.4 * m * R * R]  # diagonal
    G = [1.0, 0.1, 0.0]
    F = [-m * g, 0.0, 0.0]
    q = [1.0, 0.0, 0.0]
    v = [0.0, 0.0, 0.0]

    def dot(a, b):
        return sum(x * y for x, y in zip(a, b))

    ydot = dot(G, v)
    GMG = sum(G[i] * G[i] / M[i] for i in range(3))
    rows = []

    def row(t, p0, lam):
        vals = [t, q[0], q[1], v[0], v[1], p0, lam]
        rows.append(" ".join("%.15e" % x for x in vals))

    row(0.0, 0.0, 0.0)
    impacts = 0
    for k in range(n):
        t1 = (k + 1) * h
        vfree = [v[i] + h * F[i] / M[i] for i in range(3)]
        lam = 0.0
        qtilde = []
        for i in range(3):
            x = (h * theta) * v[i]
            x += (h * (1.0 - theta)) * v[i]
            qtilde.append(x + q[i])
        ytilde, ydottilde = dot(G, qtilde), dot(G, v)
        if ytilde + gamma * h * ydottilde <= 0.0:
            lam = max(0.0, -(dot(G, vfree) + e * ydot) / GMG)
        p = [G[i] * lam for i in range(3)]
        vnew = [vfree[i] + p[i] / M[i] for i in range(3)]
        q = [q[i] + h * (theta * vnew[i] + (1.0 - theta) * v[i]) for i in range(3)]
        v = vnew
        ydot = dot(G, v)
        if lam > 0.0:
            impacts += 1
        row(t1, p[0], lam)
    with open(a.output, "w") as f:
        f.write("\n".join(rows) + "\n")
    print("%d steps, %d impacts" % (n, impacts))


if __name__ == "__main__":
    main()

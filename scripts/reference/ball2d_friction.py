#!/usr/bin/env python3
"""Independent reference for examples/Ball2DFriction (tutorial-models.md §14), standard library only.

Written from the specification's formulas, not from the C++ code:
  disk q = (x, y, angle), M = diag(m, m, 2/5 m R^2), f = (-m g, 0, 0), q0 = (1, 0, 0), v0 = (0, 0, 2);
  before each step, at the predicted state q~ = q_k + h (theta v_k + (1 - theta) v_k) (the
  interaction manager runs there, as Siconos calls it after computeInitialNewtonState):
  Pc1 = (q~0 - R, q~1), Pc2 = (0, 0), N = (1, 0), T = (0, 1);
  y0 = sigma |Pc2 - Pc1| (sigma = -1 when N.(Pc2 - Pc1) >= 0), fixed during the step;
  G(q) = [[N, l x N], [T, l x T]] with l = Pc1 - (q0, q1) at the current iterate q;
  Moreau-Jean theta = 1/2: v = v_free + M^-1 G^T lam, q = q_k + h (theta v + (1 - theta) v_k),
  v_free = v_k + h M^-1 f; active when y~ + h/2 ydot~ <= 0, the outputs at the predicted state
  q~ with the contact point of this step (set at q~): y~ = y0 (it does not depend on q),
  ydot~ = G(q~) v_k (the lever arm l = Pc1 - (q~0, q~1) = (-R, 0));
  FC2D at velocity level: u = G v + (e_n ydot_n,k, 0), 0 <= u_n _|_ lam_n >= 0, Coulomb in 2D,
  solved in closed form (separate / stick / slide +-), with G = G(q~): the Newton loop starts at
  q~ and stops after one iteration (the system is linear, so its state residual is 0, and the
  output residual is not checked, as Siconos's default computeResiduY = false);
  ydot_n,k = G(q_k) v_k with the lever arm of the previous step's contact point, at the end of
  that step (the outputs after the update, at q_{k+1}).
Output as the example: t, q0, v0, v2, p(1)_0, lam(1)_0, q1, q2, v1 (row 0 = initial state at t0).
Usage: ball2d_friction.py [T] [h] > file
"""
import math
import sys

R, m, g = 0.5, 1.0, 9.81
EN, MU, THETA = 0.9, 0.1, 0.5
MINV = [1.0 / m, 1.0 / m, 1.0 / (0.4 * m * R * R)]


def jacobian(pc1, q):
    lx, ly = pc1[0] - q[0], pc1[1] - q[1]
    n, t = (1.0, 0.0), (0.0, 1.0)
    return [[n[0], n[1], lx * n[1] - ly * n[0]], [t[0], t[1], lx * t[1] - ly * t[0]]]


def fc2d(W, qf):
    """Single-contact 2-D Coulomb problem u = W lam + qf, closed form."""
    if qf[0] >= 0.0:
        return [0.0, 0.0]
    det = W[0][0] * W[1][1] - W[0][1] * W[1][0]
    ln = (-qf[0] * W[1][1] + qf[1] * W[0][1]) / det
    lt = (-qf[1] * W[0][0] + qf[0] * W[1][0]) / det
    if ln >= 0.0 and abs(lt) <= MU * ln:
        return [ln, lt]
    for s in (1.0, -1.0):  # sliding with u_t of sign s, lam_t = -s mu lam_n
        d = W[0][0] - s * MU * W[0][1]
        if d <= 0.0:
            continue
        ln = -qf[0] / d
        ut = (W[1][0] - s * MU * W[1][1]) * ln + qf[1]
        if ln >= 0.0 and s * ut > 0.0:
            return [ln, -s * MU * ln]
    raise RuntimeError("FC2D: no solution found")


def matvec(G, v):
    return [sum(G[i][j] * v[j] for j in range(3)) for i in range(2)]


def main():
    T = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    h = float(sys.argv[2]) if len(sys.argv) > 2 else 5e-3
    q, v = [1.0, 0.0, 0.0], [0.0, 0.0, 2.0]
    f = [-m * g, 0.0, 0.0]

    def gap(pc1):
        d = (-pc1[0], -pc1[1])
        sigma = -1.0 if d[0] >= 0.0 else 1.0
        return sigma * math.hypot(d[0], d[1])

    pc1 = (q[0] - R, q[1])
    ydmem = matvec(jacobian(pc1, q), v)
    out = sys.stdout
    fmt = lambda row: out.write(" ".join("%.15e" % x for x in row) + "\n")
    fmt([0.0, q[0], v[0], v[2], 0.0, 0.0, q[1], q[2], v[1]])
    N = int(round(T / h))
    for k in range(N):
        vfree = [v[i] + h * MINV[i] * f[i] for i in range(3)]
        # predicted state q~ = q_k + h (theta v_k + (1 - theta) v_k): the manager sets the
        # contact point there, and the index set is computed there
        qt = []
        for j in range(3):
            x = (h * THETA) * v[j]
            x += (h * (1 - THETA)) * v[j]
            qt.append(x + q[j])
        pc1 = (qt[0] - R, qt[1])
        active = gap(pc1) + 0.5 * h * matvec(jacobian(pc1, qt), v)[0] <= 0.0
        lam = [0.0, 0.0]
        qn, vn = list(q), list(vfree)
        if active:
            # one Newton iteration: the system (LagrangianLinearTIDS) has state residual 0 and the
            # output residual is not checked, so the step is the iterate from q0 = q~: G(q~)
            G = jacobian(pc1, qt)
            W = [[sum(G[a][j] * MINV[j] * G[b][j] for j in range(3)) for b in range(2)]
                 for a in range(2)]
            qf = matvec(G, vfree)
            qf[0] += EN * ydmem[0]
            lam = fc2d(W, qf)
            vn = [vfree[j] + MINV[j] * (G[0][j] * lam[0] + G[1][j] * lam[1]) for j in range(3)]
            qn = [q[j] + h * (THETA * vn[j] + (1 - THETA) * v[j]) for j in range(3)]
        else:
            qn = [q[j] + h * (THETA * vn[j] + (1 - THETA) * v[j]) for j in range(3)]
        q, v = qn, vn
        G = jacobian(pc1, q)
        p0 = G[0][0] * lam[0] + G[1][0] * lam[1]
        ydmem = matvec(G, v)  # ydot_k of the next step, for the impact law
        fmt([(k + 1) * h, q[0], v[0], v[2], p0, lam[0], q[1], q[2], v[1]])


if __name__ == "__main__":
    main()

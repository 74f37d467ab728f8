#!/usr/bin/env python3
"""Independent reference for the SliderCrankTS example (tutorial-models.md §17).

Pure Python (standard library only), written from the formulas of the specification (§0.1, §17)
and of the nonlinear Moreau-Jean scheme as documented in docs/theory/moreau-jean.md §5 (dev-notes
§2.4.3 with erratum A8), not from Moreau's C++ code. q = (crank, rod, slider angle),

    M(q) qdd + F_gyr(q, v) + F_int(q) = G(q)^T lambda

Two modes:

--mode ode   the smooth motion (no contact): the ODE M(q) qdd = -F_gyr - F_int integrated by an
             adaptive Dormand-Prince 5(4) method (rtol = atol = 1e-13), stopped at every grid time
             t_k = k h. Output columns: t, q0, q1, q2, v0, v1, v2. Valid until the first contact
             (t = 2.69e-3 s); the script reports the first time a normal gap becomes negative.

--mode mj    the time-stepping scheme of the example: Moreau-Jean(theta = 1/2) on the forces, a
             Newton loop on u = v_{k+1} started at the predicted state
                 q^0 = qp = q_k + h (theta v_k + (1 - theta) v_k) (per coordinate:
                 x = (h theta) v_k; x += (h (1 - theta)) v_k; qp = x + q_k), u^0 = v_k,
             with the mass, the forces and their Jacobians at the iterate (q^tau, u^tau):
                 W    = M(q^tau) + h theta C_t + h^2 theta^2 K_t,
                 R(u) = M(q^tau)(u - v_k) - h theta F(q^tau, u) - h (1 - theta) F_k,
                        F = -F_gyr - F_int,   v_free = u - W^-1 R
                 H    = G(q^tau) over the active corners: index set 1 once per step (at the first
                        iterate) on the outputs at the predicted state qp:
                        yp = h(qp), ydotp = G(qp) v_k, active when yp_N + h ydotp_N / 2 <= 0
                 FC2D u_c = H W^-1 H^T r + H v_free + (e_n ydot_N,k, 0): Coulomb cone per corner,
                      solved here by enumerating the four cases of each active corner (open, stick,
                      slide +, slide -) and solving the linear system of each combination
                 u    = v_free + W^-1 H^T r,  q = q_k + h (theta u + (1 - theta) v_k)
             stopped when the Euclidean norm of the state residual at the new iterate,
             M(q)(u - v_k) - h theta F(q, u) - h (1 - theta) F_k - H^T r (absolute, unscaled;
             no output residual, as Siconos's default), is <= --tol.
             Output: the example's 27 columns (%.15e), row 0 = the initial state at t0
             (y(0) computed at t0, y(1) = 0 as in the tutorial, lambda = 0, columns 25-26 = 0); with --every N only row 0
             and the rows of steps N, 2N, ... (the golden file is decimated this way).
"""
import argparse
import math

# ---------------------------------------------------------------------------- model (§17)
l1, l2, a, b, c = 0.153, 0.306, 0.05, 0.025, 0.001
d = 2 * (b + c)
m1 = m2 = 0.038
m3 = 0.076
J1, J2, J3 = 7.4e-5, 5.9e-4, 2.7e-6
g = 9.81
K = (m2 / 2 + m3) * l1 * l2
A1 = (m1 / 2 + m2 + m3) * g * l1  # F_int_0 = A1 cos q0
A2 = (m2 / 2 + m3) * g * l2       # F_int_1 = A2 cos q1
EN, ET, MU = 0.4, 0.0, 0.01
Q0 = [0.0, 0.0, 0.0]
V0 = [150.0, -75.0, -0.01]


def mass(q):
    k = K * math.cos(q[1] - q[0])
    return [[J1 + (m1 / 4 + m2 + m3) * l1 * l1, k, 0.0],
            [k, J2 + (m2 / 4 + m3) * l2 * l2, 0.0],
            [0.0, 0.0, J3]]


def forces(q, v):
    """F = F_ext - F_gyr - F_int (F_ext = 0)."""
    s = math.sin(q[0] - q[1])
    return [-(K * s * v[1] * v[1] + A1 * math.cos(q[0])),
            -(-K * s * v[0] * v[0] + A2 * math.cos(q[1])),
            0.0]


def kt(q, v):
    """K_t = d(F_gyr + F_int)/dq."""
    co = math.cos(q[0] - q[1])
    return [[K * co * v[1] ** 2 - A1 * math.sin(q[0]), -K * co * v[1] ** 2, 0.0],
            [-K * co * v[0] ** 2, K * co * v[0] ** 2 - A2 * math.sin(q[1]), 0.0],
            [0.0, 0.0, 0.0]]


def ct(q, v):
    """C_t = d(F_gyr + F_int)/dv."""
    s = math.sin(q[0] - q[1])
    return [[0.0, 2 * K * s * v[1], 0.0],
            [-2 * K * s * v[0], 0.0, 0.0],
            [0.0, 0.0, 0.0]]


def outputs(q):
    """(normal gap, tangential coordinate) of the four corners."""
    Y = l1 * math.sin(q[0]) + l2 * math.sin(q[1])
    X = l1 * math.cos(q[0]) + l2 * math.cos(q[1])
    s, co = math.sin(q[2]), math.cos(q[2])
    return [(d / 2 - (Y - a * s + b * co), X - a * co - b * s),
            (d / 2 - (Y + a * s + b * co), X + a * co - b * s),
            (d / 2 + Y - a * s - b * co, X - a * co + b * s),
            (d / 2 + Y + a * s - b * co, X + a * co + b * s)]


def jacobians(q):
    """G_i = d(g_N, g_T)/dq of the four corners (2x3 each)."""
    c0, c1, s0, s1 = math.cos(q[0]), math.cos(q[1]), math.sin(q[0]), math.sin(q[1])
    s, co = math.sin(q[2]), math.cos(q[2])
    dT = [-l1 * s0, -l2 * s1]
    return [[[-l1 * c0, -l2 * c1, a * co + b * s], dT + [a * s - b * co]],
            [[-l1 * c0, -l2 * c1, -a * co + b * s], dT + [-a * s - b * co]],
            [[l1 * c0, l2 * c1, -a * co + b * s], dT + [a * s + b * co]],
            [[l1 * c0, l2 * c1, a * co + b * s], dT + [-a * s + b * co]]]


def energy(q, v):
    M = mass(q)
    kin = 0.5 * sum(v[i] * M[i][j] * v[j] for i in range(3) for j in range(3))
    return kin + A1 * math.sin(q[0]) + A2 * math.sin(q[1])


# ---------------------------------------------------------------------------- small linear algebra
def solve(A, rhs):
    """Gaussian elimination with partial pivoting; None when singular."""
    n = len(rhs)
    M = [row[:] + [rhs[i]] for i, row in enumerate(A)]
    for k in range(n):
        p = max(range(k, n), key=lambda i: abs(M[i][k]))
        if abs(M[p][k]) < 1e-300:
            return None
        M[k], M[p] = M[p], M[k]
        for i in range(k + 1, n):
            f = M[i][k] / M[k][k]
            if f != 0.0:
                for j in range(k, n + 1):
                    M[i][j] -= f * M[k][j]
    x = [0.0] * n
    for i in range(n - 1, -1, -1):
        x[i] = (M[i][n] - sum(M[i][j] * x[j] for j in range(i + 1, n))) / M[i][i]
    return x


def matvec(A, x):
    return [sum(A[i][j] * x[j] for j in range(len(x))) for i in range(len(A))]


# ---------------------------------------------------------------------------- FC2D by enumeration
def fc2d(W, qv, mu):
    """u = W r + qv, Coulomb per contact (rows 2i normal, 2i+1 tangential). Returns r."""
    m = len(qv) // 2
    best, best_violation = None, float("inf")
    scale = max(1.0, max(abs(x) for x in qv))
    for code in range(4 ** m):
        cases = [(code >> (2 * i)) & 3 for i in range(m)]  # 0 open, 1 stick, 2 slide+, 3 slide-
        # Unknowns: r_N, r_T of the closed contacts; equations per case.
        rows, rhs = [], []
        idx = {}
        for i, cs in enumerate(cases):
            if cs == 0:
                continue
            idx[i] = len(idx)
        n = 2 * len(idx)

        # Build r = T z: z = (r_N, r_T) of closed contacts; for slide, r_T = -/+ mu r_N.
        for i, cs in enumerate(cases):
            if cs == 0:
                continue
            # u_N = 0
            rowN = [0.0] * n
            rowT = [0.0] * n
            for j, cj in enumerate(cases):
                if cj == 0:
                    continue
                zj = 2 * idx[j]
                rowN[zj] += W[2 * i][2 * j]
                rowN[zj + 1] += W[2 * i][2 * j + 1]
                rowT[zj] += W[2 * i + 1][2 * j]
                rowT[zj + 1] += W[2 * i + 1][2 * j + 1]
            zi = 2 * idx[i]
            rows.append(rowN)
            rhs.append(-qv[2 * i])
            if cs == 1:  # stick: u_T = 0
                rows.append(rowT)
                rhs.append(-qv[2 * i + 1])
            else:  # slide: r_T = -sgn mu r_N, sgn = +1 for slide+ (u_T > 0)
                sgn = 1.0 if cs == 2 else -1.0
                r = [0.0] * n
                r[zi + 1] = 1.0
                r[zi] = sgn * mu[i]
                rows.append(r)
                rhs.append(0.0)
        z = solve(rows, rhs) if n > 0 else []
        if z is None:
            continue
        r = [0.0] * (2 * m)
        for i in idx:
            r[2 * i] = z[2 * idx[i]]
            r[2 * i + 1] = z[2 * idx[i] + 1]
        u = [sum(W[i][j] * r[j] for j in range(2 * m)) + qv[i] for i in range(2 * m)]
        violation = 0.0
        for i, cs in enumerate(cases):
            rn, rt, un, ut = r[2 * i], r[2 * i + 1], u[2 * i], u[2 * i + 1]
            if cs == 0:
                violation = max(violation, -un / scale)
            else:
                violation = max(violation, -rn / scale, (abs(rt) - mu[i] * rn) / scale)
                if cs == 2:
                    violation = max(violation, -ut / scale)
                elif cs == 3:
                    violation = max(violation, ut / scale)
        if violation < best_violation:
            best, best_violation = r, violation
            if violation <= 1e-14:
                break
    return best


# ---------------------------------------------------------------------------- Moreau-Jean
def predicted_state(qk, vk, h, theta):
    """q_k + h (theta v_k + (1 - theta) v_k), per coordinate x = (h theta) v; x += (h (1 - theta))
    v; x + q (Siconos's order): where the Newton loop starts and the index set is evaluated."""
    qp = []
    for i in range(len(qk)):
        x = (h * theta) * vk[i]
        x += (h * (1 - theta)) * vk[i]
        qp.append(x + qk[i])
    return qp


def newton_step(qk, vk, qp, Fk, h, theta, active, yd, tol, max_iter):
    """One step of the nonlinear Moreau-Jean scheme: the Newton loop on u = v_{k+1}, started at
    the predicted state (q^0 = qp, u^0 = v_k), with M, F and its Jacobians at the iterate
    (q^tau, u^tau); stopped when the Euclidean norm of the state residual
    M(q)(u - v_k) - h theta F(q, u) - h (1 - theta) F_k - p at the new iterate is <= tol
    (absolute). Returns (q, u, lambda of the four corners, iterations)."""
    u, qi = vk[:], qp[:]
    Fi = forces(qi, u)
    lam = [[0.0, 0.0] for _ in range(4)]
    for it in range(1, max_iter + 1):
        Mi = mass(qi)
        Kt, Ct = kt(qi, u), ct(qi, u)
        W = [[Mi[i][j] + h * theta * Ct[i][j] + h * h * theta * theta * Kt[i][j]
              for j in range(3)] for i in range(3)]
        du = [u[i] - vk[i] for i in range(3)]
        Mdu = matvec(Mi, du)
        R = [Mdu[i] - h * theta * Fi[i] - h * (1 - theta) * Fk[i] for i in range(3)]
        corr = solve(W, R)
        vfree = [u[i] - corr[i] for i in range(3)]
        G = jacobians(qi)
        lam = [[0.0, 0.0] for _ in range(4)]
        unew = vfree[:]
        p = [0.0, 0.0, 0.0]
        if active:
            H = [G[i][r] for i in active for r in range(2)]
            WinvHt = [solve(W, [H[rr][j] for j in range(3)]) for rr in range(len(H))]
            Wfc = [[sum(H[r1][j] * WinvHt[r2][j] for j in range(3)) for r2 in range(len(H))]
                   for r1 in range(len(H))]
            qv = [sum(H[rr][j] * vfree[j] for j in range(3)) for rr in range(len(H))]
            for ii, i in enumerate(active):
                qv[2 * ii] += EN * yd[i][0]
                if ET > 0:
                    qv[2 * ii + 1] += ET * yd[i][1]
            r = fc2d(Wfc, qv, [MU] * len(active))
            for ii, i in enumerate(active):
                lam[i] = [r[2 * ii], r[2 * ii + 1]]
            for rr in range(len(H)):
                for j in range(3):
                    unew[j] += WinvHt[rr][j] * r[rr]
                    p[j] += H[rr][j] * r[rr]
        qnew = [qk[i] + h * (theta * unew[i] + (1 - theta) * vk[i]) for i in range(3)]
        # state residual at the new iterate (docs/theory/moreau-jean.md §5), 2-norm, absolute
        Fi = forces(qnew, unew)
        Mdu = matvec(mass(qnew), [unew[i] - vk[i] for i in range(3)])
        res = [Mdu[i] - h * theta * Fi[i] - h * (1 - theta) * Fk[i] - p[i] for i in range(3)]
        u, qi = unew, qnew
        if math.sqrt(sum(x * x for x in res)) <= tol:
            break
    return qi, u, lam, it


def run_mj(T, h, tol, max_iter, out, every=1):
    theta, gamma = 0.5, 0.5
    n = int(round(T / h)) if abs(T / h - round(T / h)) < 1e-10 * (T / h) else math.ceil(T / h)
    q, v = Q0[:], V0[:]
    y = [list(p) for p in outputs(q)]
    Gs = jacobians(q)
    yd = [[sum(Gs[i][r][j] * v[j] for j in range(3)) for r in range(2)] for i in range(4)]
    lam = [[0.0, 0.0] for _ in range(4)]
    rows = []

    def row(t, q, v, y, yd, lam, newton, active):
        Y = l1 * math.sin(q[0]) + l2 * math.sin(q[1])
        X = l1 * math.cos(q[0]) + l2 * math.cos(q[1])
        s, co = math.sin(q[2]), math.cos(q[2])
        vals = [t, q[0] / (2 * math.pi), q[1], q[2], v[0], v[1], v[2],
                (Y - a * s + b * co - b) / c, (Y + a * s + b * co - b) / c,
                (Y - a * s - b * co + b) / c, (Y + a * s - b * co + b) / c,
                (X - l2) / l1, Y / c]
        vals += [y[i][0] for i in range(4)] + [yd[i][0] for i in range(4)]
        vals += [lam[i][0] for i in range(4)] + [float(newton), float(active)]
        rows.append(" ".join("%.15e" % x for x in vals))

    if out:
        # Row 0 as the tutorial writes it: y(0) computed at t0, y(1) not (0); the step uses
        # the y(1) of t0 (yd) as its memory.
        row(0.0, q, v, y, [[0.0, 0.0] for _ in range(4)], lam, 0, 0)
    impacts = newton_total = max_newton = 0
    e0 = energy(q, v)
    for k in range(n):
        tk1 = (k + 1) * h
        qk, vk = q[:], v[:]
        Fk = forces(qk, vk)
        # Index set 1 on the outputs at the predicted state (once per step).
        qp = predicted_state(qk, vk, h, theta)
        yp, Gp = outputs(qp), jacobians(qp)
        ydp = [sum(Gp[i][0][j] * vk[j] for j in range(3)) for i in range(4)]
        active = [i for i in range(4) if yp[i][0] + gamma * h * ydp[i] <= 0.0]
        qi, u, lam, it = newton_step(qk, vk, qp, Fk, h, theta, active, yd, tol, max_iter)
        newton_total += it
        max_newton = max(max_newton, it)
        q, v = qi, u
        y = [list(p) for p in outputs(q)]
        Gq = jacobians(q)
        yd = [[sum(Gq[i][r][j] * v[j] for j in range(3)) for r in range(2)] for i in range(4)]
        if any(lam[i][0] > 0 for i in range(4)):
            impacts += 1
        if out and (k + 1) % every == 0:
            row(tk1, q, v, y, yd, lam, it, len(active))
    if out:
        with open(out, "w") as f:
            f.write("\n".join(rows) + "\n")
    print("slider_crank_ts mj: %d steps, %d steps with contact impulse, Newton %.3f per step (max %d), "
          "energy %.9e -> %.9e%s" % (n, impacts, newton_total / max(n, 1), max_newton, e0,
                                     energy(q, v), (" -> " + out) if out else ""))


# ---------------------------------------------------------------------------- ODE (Dormand-Prince)
def rhs(x):
    q, v = x[:3], x[3:]
    F = forces(q, v)
    acc = solve(mass(q), F)
    return v + acc


DP_C = [0, 1 / 5, 3 / 10, 4 / 5, 8 / 9, 1, 1]
DP_A = [[], [1 / 5], [3 / 40, 9 / 40], [44 / 45, -56 / 15, 32 / 9],
        [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729],
        [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656],
        [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84]]
DP_B5 = [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84, 0]
DP_B4 = [5179 / 57600, 0, 7571 / 16695, 393 / 640, -92097 / 339200, 187 / 2100, 1 / 40]


def dp_step(x, dt):
    ks = []
    for s in range(7):
        xs = [x[i] + dt * sum(DP_A[s][j] * ks[j][i] for j in range(s)) for i in range(6)]
        ks.append(rhs(xs))
    x5 = [x[i] + dt * sum(DP_B5[s] * ks[s][i] for s in range(7)) for i in range(6)]
    x4 = [x[i] + dt * sum(DP_B4[s] * ks[s][i] for s in range(7)) for i in range(6)]
    return x5, x4


def run_ode(T, h, rtol, out):
    n = int(round(T / h)) if abs(T / h - round(T / h)) < 1e-10 * (T / h) else math.ceil(T / h)
    x = Q0 + V0
    t, dt = 0.0, 1e-6
    rows = ["%.15e " % 0.0 + " ".join("%.15e" % v for v in x)]
    first_contact = None
    e0 = energy(x[:3], x[3:])
    steps = 0
    for k in range(1, n + 1):
        tk = k * h
        while t < tk:
            step = min(dt, tk - t)
            x5, x4 = dp_step(x, step)
            err = max(abs(x5[i] - x4[i]) / (rtol + rtol * max(abs(x[i]), abs(x5[i]))) for i in range(6))
            if err <= 1.0:
                t = tk if step == tk - t else t + step
                x = x5
                steps += 1
            dt = step * min(5.0, max(0.2, 0.9 * err ** (-0.2))) if err > 0 else step * 5
        if first_contact is None and min(gn for gn, _ in outputs(x[:3])) < 0:
            first_contact = tk
        rows.append("%.15e " % tk + " ".join("%.15e" % v for v in x))
    with open(out, "w") as f:
        f.write("\n".join(rows) + "\n")
    print("slider_crank_ts ode: %d rows, %d Dormand-Prince steps, first negative gap at t = %s, "
          "energy drift %.3e -> %s" % (n + 1, steps, first_contact,
                                       energy(x[:3], x[3:]) - e0, out))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=["mj", "ode"], default="mj")
    ap.add_argument("--T", type=float, default=0.005)
    ap.add_argument("--h", type=float, default=1e-5)
    ap.add_argument("--tol", type=float, default=1e-10, help="Newton tolerance (mj)")
    ap.add_argument("--max-iter", type=int, default=200, help="Newton iterations (mj)")
    ap.add_argument("--rtol", type=float, default=1e-13, help="Dormand-Prince tolerance (ode)")
    ap.add_argument("--every", type=int, default=1, help="write row 0 and every N-th step (mj)")
    ap.add_argument("--output", default="SliderCrankTS.ref")
    args = ap.parse_args()
    if args.mode == "mj":
        run_mj(args.T, args.h, args.tol, args.max_iter, None if args.output == "none" else args.output,
               args.every)
    else:
        run_ode(args.T, args.h, args.rtol, args.output)


if __name__ == "__main__":
    main()

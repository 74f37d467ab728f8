#!/usr/bin/env python3
"""Independent pure-Python reference of the RelayOscillator example (tutorial-models.md Sec. 6).

Written from the formulas of the specification (tutorial-models.md Sec. 0.1 "EulerMoreauOSI" and
Sec. 6), not from Moreau's C++ sources, so that its output can serve as golden data for
examples/RelayOscillator. Standard library only.

Model: x' = A x + r, A = [[0, 1, 0], [0, 0, 1], [0, -3, -2]], x0 = (0, 3 sqrt(2)/(2 pi), 0);
y = C x + D lam, r = B lam with C = [1, 0, 0], D = [0], B = (0, 0, 1)^T; relay law
-y in N_[-1,1](lam): the feedback lam = -sign(x0), a limit cycle.

Scheme (theta = 0.5, r implicit):
    W      = I - h*theta*A                                    (3x3, Gaussian elimination)
    x_free = W^-1 (I + h*(1-theta)*A) x_k
    relay  : w = M lam + q, M = h C W^-1 B (a positive scalar), q = C x_free,
             closed form lam = clamp(-q/M, -1, 1)
    update : x_{k+1} = x_free + h W^-1 B lam,  y = C x_{k+1} + D lam

Rows ("%.15e", single spaces): row 0 = the initial state (y = lam = 0), then one row per step.
Columns: t, x0, x1, x2, lam0, y0, 0 (the tutorial's 7th column is never written).

Also prints the limit cycle measured on the second half of the run (period from the upward
zero crossings of x0, amplitude max |x0|) and, with --exact, the exact symmetric limit cycle of
the continuous relay system (half period T/2 solving x(T/2) = -x(0) with x0(0) = 0 under lam = -1,
by matrix exponentials and Newton/bisection) and the describing-function estimate
(omega = sqrt(3), amplitude 4/(pi*6)).

Usage: relay_oscillator.py [--T 100] [--h 1e-2] --output FILE [--exact]
"""
import argparse
import math


def number_of_steps(T, h):
    ratio = T / h
    nearest = round(ratio)
    return int(nearest) if abs(ratio - nearest) <= 1e-10 * ratio else int(math.ceil(ratio))


def solve(M, b):
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    a = [row[:] + [b[i]] for i, row in enumerate(M)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            for j in range(c, n + 1):
                a[r][j] -= f * a[c][j]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (a[r][n] - sum(a[r][j] * x[j] for j in range(r + 1, n))) / a[r][r]
    return x


def matvec(A, x):
    return [sum(A[i][j] * x[j] for j in range(len(x))) for i in range(len(A))]


def matmul(A, B):
    return [[sum(A[i][k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))]
            for i in range(len(A))]


A = [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, -3.0, -2.0]]


def flow(x, u, t):
    """Exact solution at time t of x' = A x + (0, 0, u) from x (Taylor series of the
    augmented 4x4 exponential with scaling and squaring)."""
    Aug = [A[i] + [1.0 if i == 2 else 0.0] for i in range(3)] + [[0.0] * 4]
    s = 0
    norm = max(sum(abs(v) for v in row) for row in Aug) * abs(t)
    while norm > 0.05:
        norm /= 2
        s += 1
    S = [[v * t / 2 ** s for v in row] for row in Aug]
    E = [[1.0 if i == j else 0.0 for j in range(4)] for i in range(4)]
    term = [r[:] for r in E]
    for k in range(1, 25):
        term = [[v / k for v in row] for row in matmul(term, S)]
        E = [[E[i][j] + term[i][j] for j in range(4)] for i in range(4)]
    for _ in range(s):
        E = matmul(E, E)
    return matvec(E, x + [u])[:3]


def exact_cycle():
    """Symmetric limit cycle: from x(0) = (0, a, b) with lam = -1 (x0 > 0 just after 0),
    x(tau) = -x(0) and x0 > 0 on (0, tau). Unknowns (a, b, tau); Newton with finite
    differences from the describing-function guess."""
    w = math.sqrt(3.0)
    amp = 4.0 / (math.pi * 6.0)
    z = [amp * w, 0.0, math.pi / w]

    def residual(z):
        a, b, tau = z
        xe = flow([0.0, a, b], -1.0, tau)
        return [xe[0], xe[1] + a, xe[2] + b]

    for _ in range(50):
        F = residual(z)
        if max(abs(v) for v in F) < 1e-14:
            break
        J = [[0.0] * 3 for _ in range(3)]
        for j in range(3):
            dz = z[:]
            eps = 1e-7 * max(1.0, abs(z[j]))
            dz[j] += eps
            Fp = residual(dz)
            for i in range(3):
                J[i][j] = (Fp[i] - F[i]) / eps
        d = solve(J, [-v for v in F])
        z = [z[i] + d[i] for i in range(3)]
    a, b, tau = z
    # amplitude: max of x0 over the half period
    best, n = 0.0, 4000
    for i in range(n + 1):
        best = max(best, flow([0.0, a, b], -1.0, tau * i / n)[0])
    return 2 * tau, best, a, b


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--T", type=float, default=100.0)
    parser.add_argument("--h", type=float, default=1e-2)
    parser.add_argument("--output", required=True)
    parser.add_argument("--exact", action="store_true")
    args = parser.parse_args()
    theta, h = 0.5, args.h
    Cm = [1.0, 0.0, 0.0]
    Bm = [0.0, 0.0, 1.0]
    W = [[(1.0 if i == j else 0.0) - h * theta * A[i][j] for j in range(3)] for i in range(3)]
    P = [[(1.0 if i == j else 0.0) + h * (1 - theta) * A[i][j] for j in range(3)] for i in range(3)]
    WinvB = solve(W, Bm)
    M = h * sum(Cm[i] * WinvB[i] for i in range(3))
    steps = number_of_steps(args.T, h)
    x = [0.0, 3.0 * math.sqrt(2.0) / (2.0 * math.pi), 0.0]
    rows = [[0.0, x[0], x[1], x[2], 0.0, 0.0, 0.0]]
    for k in range(steps):
        xfree = solve(W, matvec(P, x))
        q = sum(Cm[i] * xfree[i] for i in range(3))
        lam = min(1.0, max(-1.0, -q / M))
        x = [xfree[i] + h * WinvB[i] * lam for i in range(3)]
        y = sum(Cm[i] * x[i] for i in range(3))
        rows.append([(k + 1) * h, x[0], x[1], x[2], lam, y, 0.0])
    with open(args.output, "w") as f:
        for r in rows:
            f.write(" ".join("%.15e" % v for v in r) + "\n")
    # Limit cycle on the second half: upward zero crossings of x0 (linear interpolation).
    half = rows[len(rows) // 2:]
    ups = []
    for r0, r1 in zip(half, half[1:]):
        if r0[1] < 0.0 <= r1[1]:
            ups.append(r0[0] + (r1[0] - r0[0]) * (-r0[1]) / (r1[1] - r0[1]))
    amplitude = max(abs(r[1]) for r in half)
    if len(ups) >= 2:
        period = (ups[-1] - ups[0]) / (len(ups) - 1)
        print("RelayOscillator: %d steps, period %.6f, amplitude %.6f (second half, %d crossings)"
              % (steps, period, amplitude, len(ups)))
    else:
        print("RelayOscillator: %d steps (run too short to measure the period)" % steps)
    if args.exact:
        P_exact, amp_exact, a, b = exact_cycle()
        print("exact limit cycle: period %.9f, amplitude %.9f (x(0) = (0, %.9f, %.9f))"
              % (P_exact, amp_exact, a, b))
        print("describing function: period %.6f, amplitude %.6f"
              % (2 * math.pi / math.sqrt(3.0), 4.0 / (math.pi * 6.0)))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Reference of SimplePendulumED (tutorial-models.md Sec. 28): the taut-rope pendulum.

From the specification's model, not from Moreau's C++ sources; standard library only. A point
mass m = 1 at q = (x, y) (y down) on a rope of length L = 1, g = 9.81, q0 = (L sin(pi/3),
L cos(pi/3)), v0 = 0. The rope stays taut from theta0 = 60 degrees (tension
m g (3 cos(theta) - 2 cos(theta0)) > 0), so the motion is the rigid pendulum
theta'' = -(g / L) sin(theta), x = L sin(theta), y = L cos(theta), integrated here by the
classical fourth-order Runge-Kutta method with 1000 substeps per output interval (error far
below 1e-12 on [0, 1]). Relation y_rope = L^2 - |q|^2 (0), its rate -2 q.v (0), G = -2 q^T,
so m a = F_ext + G^T lambda(2) = (0, m g) - 2 lambda(2) q and
lambda(2) = m (|v|^2 + g y) / (2 L^2).

Rows (examples/SimplePendulumED/README.md): one per time-discretisation event t_k = k h,
k = 1..N (N = round(T / h); no impact, the initial state is not written), then zero rows up to
ceil(T / h) + 1 rows (the tutorial's matrix is not resized). Columns: t, x, y, vx, vy, ax, ay,
y_rope, ydot_rope, lambda(2).

Usage: simple_pendulum_ed.py [--T 1] [--h 0.01] --output FILE
"""

import argparse
import math

G, L, M = 9.81, 1.0, 1.0


def rhs(th, om):
    return om, -(G / L) * math.sin(th)


def rk4(th, om, dt):
    k1 = rhs(th, om)
    k2 = rhs(th + 0.5 * dt * k1[0], om + 0.5 * dt * k1[1])
    k3 = rhs(th + 0.5 * dt * k2[0], om + 0.5 * dt * k2[1])
    k4 = rhs(th + dt * k3[0], om + dt * k3[1])
    return (th + dt / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0]),
            om + dt / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1]))


def row(t, th, om):
    x, y = L * math.sin(th), L * math.cos(th)
    vx, vy = L * math.cos(th) * om, -L * math.sin(th) * om
    al = -(G / L) * math.sin(th)
    ax = L * (math.cos(th) * al - math.sin(th) * om * om)
    ay = -L * (math.sin(th) * al + math.cos(th) * om * om)
    lam = M * (vx * vx + vy * vy + G * y) / (2 * L * L)
    return (t, x, y, vx, vy, ax, ay, 0.0, 0.0, lam)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--T", type=float, default=1.0)
    ap.add_argument("--h", type=float, default=0.01)
    ap.add_argument("--substeps", type=int, default=1000)
    ap.add_argument("--output", required=True)
    a = ap.parse_args()
    n = int(round(a.T / a.h))
    rows_total = int(math.ceil(a.T / a.h)) + 1
    th, om = math.pi / 3, 0.0
    rows = []
    for k in range(1, n + 1):
        dt = a.h / a.substeps
        for _ in range(a.substeps):
            th, om = rk4(th, om, dt)
        rows.append(row(k * a.h, th, om))
    while len(rows) < rows_total:
        rows.append((0.0,) * 10)
    with open(a.output, "w") as f:
        for r in rows:
            f.write(" ".join("%.15e" % v for v in r) + "\n")
    print("SimplePendulumED reference: %d rows" % len(rows))


if __name__ == "__main__":
    main()

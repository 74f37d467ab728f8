#!/usr/bin/env python3
"""Closed-form reference of BeadColumnED (tutorial-models.md Sec. 29, Newton law, e = 1).

From the specification's model, not from Moreau's C++ sources; standard library only. Ten
touching beads (R = 0.005; q_0 = 0.05 + R, q_i = q_{i-1} + 2R, v = 0) fall together under
gravity (g = 9.81) onto a wall (y_0 = q_0 - R). At t_1 = sqrt(2 * 0.05 / g) bead 0 reaches the
wall with the whole column at v^- = -g t_1. The impact LCP over the ten simultaneous contacts
(wall: w = y'^+ + e y'^-, pairs: relative velocity, all closed with zero relative velocity) has
the positive definite matrix H M^-1 H^T of the chain, so its solution is unique: the rigid
rebound of the whole column, every bead leaving with v^+ = -e v^- = g t_1. The column then flies
as one body and returns at 3 t_1 (keep T < 3 t_1 = 0.3029 s for a single impact).

Rows (examples/BeadColumnED/README.md): each loop pass of the example writes the current state
and then advances, so the rows are t_k = k h for k = 0..N-1 (N = round(T / h); the state at T
is not written); the impact adds a row (t_1, pre-impact state) followed by the row (t_1,
post-impact state). Columns: t, q_0..q_9, v_0..v_9, "%.15e".

Usage: bead_column_ed.py [--T 0.25] [--h 1e-3] --output FILE
"""

import argparse
import math

N, R, G, E, DROP = 10, 0.005, 9.81, 1.0, 0.05


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--T", type=float, default=0.25)
    ap.add_argument("--h", type=float, default=1e-3)
    ap.add_argument("--output", required=True)
    a = ap.parse_args()
    t1 = math.sqrt(2 * DROP / G)
    if a.T >= 3 * t1:
        raise SystemExit("bead_column_ed.py: T must be below 3 t1 = %.6f (one impact)" % (3 * t1))
    q0 = [DROP + R + 2 * R * i for i in range(N)]
    rest = [R + 2 * R * i for i in range(N)]  # positions at the impact
    vm, vp = -G * t1, E * G * t1

    def state(t):
        if t <= t1:
            return [q - G * t * t / 2 for q in q0], [-G * t] * N
        s = t - t1
        return [q + vp * s - G * s * s / 2 for q in rest], [vp - G * s] * N

    rows, done = [], False
    for k in range(0, int(round(a.T / a.h))):
        tk = k * a.h
        if not done and t1 < tk:
            rows.append([t1] + rest + [vm] * N)
            rows.append([t1] + rest + [vp] * N)
            done = True
        q, v = state(tk)
        rows.append([tk] + q + v)
    with open(a.output, "w") as f:
        for r in rows:
            f.write(" ".join("%.15e" % x for x in r) + "\n")
    print("BeadColumnED reference: %d rows, impact at t1 = %.15g" % (len(rows), t1))


if __name__ == "__main__":
    main()

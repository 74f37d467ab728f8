#!/usr/bin/env python3
"""Closed-form reference of BouncingBallEDRestingContact (tutorial-models.md Sec. 27).

From the specification's model (shared model BB with e = 0: y = q0, m = 1, g = 9.81, q0 = 1,
v0 = 0), not from Moreau's C++ sources; standard library only. Free fall until
t_1 = sqrt(2 q0 / g), v^- = -g t_1; the plastic impact gives v^+ = 0 and the impulse
p(1) = -m v^-; the contact then stays closed with the force p(2) = m g, and p(1) = 0 on the
rows after the impact's own (the smooth advance starts with the impulses reset, as Siconos's
stored BouncingBallEDwithRestingContact.ref).

Rows (the example's layout, examples/BouncingBallEDRestingContact/README.md): one row per event,
no row for t0; time-discretisation events t_k = k h (k = 1..N, N = round(T / h)); the impact
gives a pre-impact row (t_1, 0, v^-, 0, 0) then the post-impact row (t_1, 0, 0, p(1), m g);
then the rest rows (t_k, 0, 0, 0, m g).
Columns: t, q0, v0, p(1)_0, p(2)_0, "%.15e".

Usage: bouncing_ball_ed_resting.py [--T 1] [--h 5e-3] --output FILE
"""

import argparse
import math

G, Q0, M = 9.81, 1.0, 1.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--T", type=float, default=1.0)
    ap.add_argument("--h", type=float, default=5e-3)
    ap.add_argument("--output", required=True)
    a = ap.parse_args()
    t1 = math.sqrt(2 * Q0 / G)
    vm = -G * t1
    rows, impacted = [], False
    for k in range(1, int(round(a.T / a.h)) + 1):
        tk = k * a.h
        if not impacted and t1 < tk:
            rows.append((t1, 0.0, vm, 0.0, 0.0))
            rows.append((t1, 0.0, 0.0, -M * vm, M * G))
            impacted = True
        if impacted:
            rows.append((tk, 0.0, 0.0, 0.0, M * G))
        else:
            rows.append((tk, Q0 - G * tk * tk / 2, -G * tk, 0.0, 0.0))
    with open(a.output, "w") as f:
        for r in rows:
            f.write(" ".join("%.15e" % x for x in r) + "\n")
    print("BouncingBallEDRestingContact reference: %d rows" % len(rows))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Closed-form reference of BouncingBallED (tutorial-models.md Sec. 24, event-driven).

Written from the model of the specification (shared model BB: the centre height y = q0 >= 0, no
radius offset; m = 1, g = 9.81, e = 0.9, q0 = 1, v0 = 0), not from Moreau's C++ sources;
standard library only. The event-driven strategy locates each impact exactly, so the exact
motion is the reference: free flights q(t) = q_n + v_n (t - t_n) - g (t - t_n)^2 / 2 between
impacts, impacts at the roots of q (t_1 = sqrt(2 q0 / g), then t_{n+1} = t_n + 2 v_n^+ / g),
Newton's law v^+ = -e v^-, impulse p(1) = m (v^+ - v^-).

Rows (the example's layout, docs in examples/BouncingBallED/README.md): one row per event, no
row for t0; time-discretisation events at t_k = k h (k = 1..N, N = round(T / h)); an impact
gives two rows at its time: the pre-impact state (t, 0, v^-, p(1), 0, 0, 0), then the
post-impact state (t, 0, v^+, p(1), 0, lambda(1), 0), with p(1) = lambda(1) = the impulse of
that impact; every time-discretisation row has p(1) = lambda(1) = 0 (the smooth advance after an
impact starts with the impulses reset, as Siconos's stored BouncingBallED.ref), and
p(2) = lambda(2) = 0 (no persistent contact for e = 0.9 before the accumulation; keep T well
before t_inf = 8.08 s).
Columns: t, q0, v0, p(1)_0, p(2)_0, lambda(1)_0, lambda(2)_0, "%.15e".

Usage: bouncing_ball_ed.py [--T 1.5] [--h 5e-3] --output FILE
"""

import argparse
import math

G, E, Q0, M = 9.81, 0.9, 1.0, 1.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--T", type=float, default=1.5)
    ap.add_argument("--h", type=float, default=5e-3)
    ap.add_argument("--output", required=True)
    a = ap.parse_args()
    n_steps = int(round(a.T / a.h))
    # Impacts before T: (time, v-, v+).
    impacts = []
    t, v_post = math.sqrt(2 * Q0 / G), None
    v_pre = -G * t
    while t <= a.T:
        v_post = -E * v_pre
        impacts.append((t, v_pre, v_post))
        dt = 2 * v_post / G
        t, v_pre = t + dt, -v_post
    rows = []
    last = None  # index of the last impact processed
    nxt = 0
    for k in range(1, n_steps + 1):
        tk = k * a.h
        while nxt < len(impacts) and impacts[nxt][0] < tk:
            ti, vm, vp = impacts[nxt]
            p = M * (vp - vm)
            rows.append((ti, 0.0, vm, p, 0.0, 0.0, 0.0))
            rows.append((ti, 0.0, vp, p, 0.0, p, 0.0))
            last = nxt
            nxt += 1
        if last is None:
            q, v = Q0 - G * tk * tk / 2, -G * tk
        else:
            ti, vm, vp = impacts[last]
            s = tk - ti
            q, v = vp * s - G * s * s / 2, vp - G * s
        rows.append((tk, q, v, 0.0, 0.0, 0.0, 0.0))
    with open(a.output, "w") as f:
        for r in rows:
            f.write(" ".join("%.15e" % x for x in r) + "\n")
    print("BouncingBallED reference: %d rows, %d impacts" % (len(rows), nxt))


if __name__ == "__main__":
    main()

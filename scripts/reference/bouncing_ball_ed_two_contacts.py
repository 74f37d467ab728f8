#!/usr/bin/env python3
"""Closed-form reference of BouncingBallEDTwoContacts (tutorial-models.md Sec. 25).

From the specification's model, not from Moreau's C++ sources; standard library only. A ball
(m = 1, g = 10) between a floor y1 = q >= 0 and a ceiling y2 = 1.5 - q >= 0, both with Newton's
law e = 0.8; q(0) = 1, v(0) = 10. Exact motion: parabolic flights, each impact at the first
root of y1 or y2, v^+ = -e v^-. p(1) of the ball is H^T lambda of the impact: +m (v^+ - v^-) at
the floor, the same signed change m (v^+ - v^-) at the ceiling (H = -1, lambda = -m (v^+ - v^-)),
kept until the next impact. Valid before the accumulation (keep T short, e.g. 1 s).

Rows (examples/BouncingBallEDTwoContacts/README.md): row 0 hard-wired (0, 1, 10, 0, 0, 1, 0.5,
-10, 0); then one row per event: time-discretisation events t_k = k h (k = 1..N,
N = round(T / h)); an impact gives the pre-impact row (t, q, v^-, 0, 0, 0, 0, 0, 0) then the
post-impact row. Columns: t, q0, v0, p(1)_0, marker (0), y1, y2, acceleration (-g), p(2)_0 (0).

Usage: bouncing_ball_ed_two_contacts.py [--T 1] [--h 0.01] --output FILE
"""

import argparse
import math

G, E, TOP, M = 10.0, 0.8, 1.5, 1.0


def next_impact(q, v):
    """Flight time to the next wall from (q, v) and which wall ('floor' or 'ceiling')."""
    s_floor = (v + math.sqrt(v * v + 2 * G * q)) / G
    best = (s_floor, "floor")
    if v > 0:
        disc = v * v - 2 * G * (TOP - q)
        if disc >= 0:
            s_ceil = (v - math.sqrt(disc)) / G
            if 0 < s_ceil < best[0]:
                best = (s_ceil, "ceiling")
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--T", type=float, default=1.0)
    ap.add_argument("--h", type=float, default=0.01)
    ap.add_argument("--output", required=True)
    a = ap.parse_args()
    # Impacts before T: (time, position, v-, v+).
    impacts = []
    t, q, v = 0.0, 1.0, 10.0
    while True:
        s, wall = next_impact(q, v)
        t, q, vm = t + s, (0.0 if wall == "floor" else TOP), v - G * s
        if t > a.T:
            break
        v = -E * vm
        impacts.append((t, q, vm, v))
    rows = [(0.0, 1.0, 10.0, 0.0, 0.0, 1.0, 0.5, -10.0, 0.0)]
    nxt, last = 0, None
    for k in range(1, int(round(a.T / a.h)) + 1):
        tk = k * a.h
        while nxt < len(impacts) and impacts[nxt][0] < tk:
            ti, qi, vm, vp = impacts[nxt]
            rows.append((ti, qi, vm, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0))
            rows.append((ti, qi, vp, M * (vp - vm), 0.0, qi, TOP - qi, -G, 0.0))
            last, nxt = nxt, nxt + 1
        if last is None:
            q0, v0, t0, p = 1.0, 10.0, 0.0, 0.0
        else:
            t0, q0, vm, v0 = impacts[last]
            p = M * (v0 - vm)
        s = tk - t0
        qk = q0 + v0 * s - G * s * s / 2
        rows.append((tk, qk, v0 - G * s, p, 0.0, qk, TOP - qk, -G, 0.0))
    with open(a.output, "w") as f:
        for r in rows:
            f.write(" ".join("%.15e" % x for x in r) + "\n")
    print("BouncingBallEDTwoContacts reference: %d rows, %d impacts" % (len(rows), nxt))


if __name__ == "__main__":
    main()

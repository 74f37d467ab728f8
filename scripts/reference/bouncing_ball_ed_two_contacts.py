#!/usr/bin/env python3
"""Closed-form reference of BouncingBallEDTwoContacts (tutorial-models.md Sec. 25).

From the specification's model, not from Moreau's C++ sources; standard library only. A ball
(m = 1, g = 10) between a floor y1 = q >= 0 and a ceiling y2 = 1.5 - q >= 0, both with Newton's
law e = 0.8; q(0) = 1, v(0) = 10. Exact motion: parabolic flights, each impact at the first
root of y1 or y2, v^+ = -e v^-. p(1) of the ball is H^T lambda of the impact: +m (v^+ - v^-) at
the floor, the same signed change m (v^+ - v^-) at the ceiling (H = -1, lambda = -m (v^+ - v^-)),
on the post-impact row only: the smooth advance after an impact starts with the impulses reset,
so p(1) = 0 on every time-discretisation row (as Siconos). The floor bounces accumulate at t_inf ~ 6.2072372 s; the
accumulation rule of docs/theory/event-driven.md Sec. 5 (an impact arriving slower than
V = 2 atol / sqrt(100 eps) = 2 sqrt(100 eps) m/s, atol = 100 eps, is plastic: v^+ = 0, then
the ball rests on the floor with acceleration 0 and p(2) = m g) ends it after 80 impacts, so
the rows are valid up to T = 10 (1161 rows); --accumulation-velocity 0 disables the rule.

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
    ap.add_argument("--accumulation-velocity", type=float,
                    default=2.0 * math.sqrt(100.0 * 2.0 ** -52))
    a = ap.parse_args()
    # Impacts before T: (time, position, v-, v+).
    impacts = []
    t, q, v = 0.0, 1.0, 10.0
    while True:
        s, wall = next_impact(q, v)
        t, q, vm = t + s, (0.0 if wall == "floor" else TOP), v - G * s
        if t > a.T:
            break
        plastic = -abs(vm) > -a.accumulation_velocity
        v = 0.0 if plastic else -E * vm
        impacts.append((t, q, vm, v))
        if plastic:
            break
    rows = [(0.0, 1.0, 10.0, 0.0, 0.0, 1.0, 0.5, -10.0, 0.0)]
    nxt, last = 0, None
    for k in range(1, int(round(a.T / a.h)) + 1):
        tk = k * a.h
        while nxt < len(impacts) and impacts[nxt][0] < tk:
            ti, qi, vm, vp = impacts[nxt]
            rows.append((ti, qi, vm, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0))
            resting = vp == 0.0
            rows.append((ti, qi, vp, M * (vp - vm), 0.0, qi, TOP - qi, 0.0 if resting else -G,
                         M * G if resting else 0.0))
            last, nxt = nxt, nxt + 1
        if last is None:
            q0, v0, t0 = 1.0, 10.0, 0.0
        else:
            t0, q0, _, v0 = impacts[last]
        if last is not None and v0 == 0.0:  # at rest on the floor
            rows.append((tk, 0.0, 0.0, 0.0, 0.0, 0.0, TOP, 0.0, M * G))
            continue
        s = tk - t0
        qk = q0 + v0 * s - G * s * s / 2
        rows.append((tk, qk, v0 - G * s, 0.0, 0.0, qk, TOP - qk, -G, 0.0))
    with open(a.output, "w") as f:
        for r in rows:
            f.write(" ".join("%.15e" % x for x in r) + "\n")
    print("BouncingBallEDTwoContacts reference: %d rows, %d impacts" % (len(rows), nxt))
    if nxt and impacts[-1][3] == 0.0:
        t1, _, vm1, _ = impacts[-2] if len(impacts) > 1 else impacts[-1]
        print("last (plastic) impact at t = %.15f, v- = %.6e; accumulation time t_inf = %.15f"
              % (impacts[-1][0], impacts[-1][2], t1 + 2 * (-E * vm1) / (G * (1 - E))))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Independent pure-Python reference of examples/ImpactAccumulation (standard library only).

Written from the formulas (tutorial-models.md Sec. 0.1, model BB on its vertical dof), not
from Moreau's C++ code. A ball of mass m = 1 is released at rest at height H0 above the
ground (y = q >= 0), gravity g = 9.81, Newton impact law of coefficient e, Moreau--Jean
theta = 1/2 with the index-set rule of Siconos, evaluated at the predicted state
qtilde = q_k + h (theta v_k + (1 - theta) v_k) (per coordinate x = (h theta) v_k;
x += (h (1 - theta)) v_k; qtilde = x + q_k): active when ytilde + (h/2) ydottilde <= 0 with
ytilde = qtilde, ydottilde = v_k; the scalar LCP is solved in closed form:

    v_free  = v_k - h g
    lam     = max(0, -m (v_free + e v_k))      (only when the contact is predicted active)
    v_{k+1} = v_free + lam / m
    q_{k+1} = q_k + h (theta v_{k+1} + (1 - theta) v_k)

Counting rules (README of the example):
    impact: lam_{k+1} > 0 and v_k < -g h;
    rest:   the first step of a window of round(hold / h) consecutive steps each with
            lam > 0 and |v_{k+1}| <= g h; the run stops at the end of that window
            (t_rest = k_start h); cap T_max = 2 t_inf + 1.

Output: one row per (e, h), 12 columns "%.15e" (same layout as the example):
    e, h, log10(1/h), impacts, ln10/ln(1/e), exact impacts with speed >= g h, t_rest,
    t_inf, t_rest - t_inf, steps, max penetration (-min q), H0.

Usage:
    impact_accumulation.py [--e 0.2,0.5,0.7,0.9,0.95] [--h 1e-3,1e-4] [--height 1]
                           [--hold 0.05] --output FILE
"""

import argparse
import math

M, G, THETA = 1.0, 9.81, 0.5


def accumulation_time(e, height):
    t1 = math.sqrt(2.0 * height / G)
    v1 = math.sqrt(2.0 * G * height)
    return t1 + 2.0 * e * v1 / (G * (1.0 - e))


def exact_impacts_faster_than(speed, e, height):
    v1 = math.sqrt(2.0 * G * height)
    if v1 < speed:
        return 0.0
    return 1.0 + math.floor(math.log(v1 / speed) / math.log(1.0 / e))


def run(e, h, height, hold):
    t_inf = accumulation_time(e, height)
    x = (2.0 * t_inf + 1.0) / h
    n_max = round(x) if abs(x - round(x)) <= 1e-10 * x else math.ceil(x)
    hold_steps = max(1, round(hold / h))
    q, v = height, 0.0
    impacts, steps, rest_start, t_rest, min_q = 0, 0, -1, float("nan"), height
    rest_speed = G * h
    while steps < n_max:
        v_free = v - h * G
        lam = 0.0
        x = (h * THETA) * v
        x += (h * (1.0 - THETA)) * v
        q_tilde = x + q
        if q_tilde + 0.5 * h * v <= 0.0:
            lam = max(0.0, -M * (v_free + e * v))
        v_new = v_free + lam / M
        q_new = q + h * (THETA * v_new + (1.0 - THETA) * v)
        steps += 1
        if lam > 0.0 and v < -rest_speed:
            impacts += 1
        min_q = min(min_q, q_new)
        q, v = q_new, v_new
        if lam > 0.0 and abs(v) <= rest_speed:
            if rest_start < 0:
                rest_start = steps - 1
            if steps - rest_start >= hold_steps:
                t_rest = rest_start * h
                break
        else:
            rest_start = -1
    return (e, h, math.log10(1.0 / h), float(impacts), math.log(10.0) / math.log(1.0 / e),
            exact_impacts_faster_than(G * h, e, height), t_rest, t_inf, t_rest - t_inf,
            float(steps), -min_q, height)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--e", default="0.2,0.5,0.7,0.9,0.95")
    parser.add_argument("--h", default="1e-3,1e-4")
    parser.add_argument("--height", type=float, default=1.0)
    parser.add_argument("--hold", type=float, default=0.05)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    es = [float(x) for x in args.e.split(",")]
    hs = [float(x) for x in args.h.split(",")]
    with open(args.output, "w", encoding="ascii") as out:
        for e in es:
            counts = []
            for h in hs:
                row = run(e, h, args.height, args.hold)
                counts.append(int(row[3]))
                out.write(" ".join("%.15e" % x for x in row) + "\n")
            print("e = %g: impacts %s" % (e, counts))


if __name__ == "__main__":
    main()

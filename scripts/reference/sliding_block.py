#!/usr/bin/env python3
"""Independent pure-Python reference of examples/SlidingBlock (standard library only).

Written from the formulas (tutorial-models.md Sec. 0.1: Moreau--Jean theta = 1/2,
NewtonImpactFrictionNSL, row 0 normal / row 1 tangent), not from Moreau's C++ code.
A point mass m = 1 on a plane inclined at alpha, q = (n, s) (normal height, position down the
slope), F = m g (-cos alpha, sin alpha), contact y = (n, s), Coulomb friction mu, e_N = e_T = 0.

One step (W = M^-1 = I/m is diagonal, so the 2D Coulomb problem decouples):
    v_free = v_k + h F / m
    contact predicted active when n_k + (h/2) v_n,k <= 0; then
        normal:   lam_n = max(0, -m (v_free_n + e_N v_n,k))
        tangent:  stick if m |v_free_s| <= mu lam_n: lam_s = -m v_free_s
                  else slide:                        lam_s = -mu lam_n sign(v_free_s)
    v_{k+1} = v_free + lam / m,  q_{k+1} = q_k + h (theta v_{k+1} + (1 - theta) v_k)

Exact motion along the plane: a = g (sin alpha - mu cos alpha); forward sliding with v0 + a t
until it vanishes (a < 0: stop at v0 / (-a), then sticking).

Rows (%.15e): t, n, s, v_n, v_s, lam_n, lam_s, s_exact, v_exact; row 0 = initial state.

Usage: sliding_block.py [--case flat|stick|slide] [--T 2] [--h 1e-3] [--mu 0.3] [--v0 2]
                        --output FILE
"""

import argparse
import math

M, G, THETA = 1.0, 9.81, 0.5
ANGLES = {"flat": 0.0, "stick": 10.0, "slide": 30.0}


def number_of_steps(t0, T, h):
    x = (T - t0) / h
    n = round(x)
    if abs(x - n) <= 1e-10 * max(1.0, abs(x)):
        return int(n)
    return int(math.ceil(x))


def exact(t, v0, a):
    t_stop = v0 / -a if a < 0 else math.inf
    tt = min(t, t_stop)
    return v0 * tt + 0.5 * a * tt * tt, v0 + a * tt


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--case", choices=sorted(ANGLES), default="flat")
    parser.add_argument("--T", type=float, default=2.0)
    parser.add_argument("--h", type=float, default=1e-3)
    parser.add_argument("--mu", type=float, default=0.3)
    parser.add_argument("--v0", type=float, default=2.0)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    alpha = ANGLES[args.case] * math.acos(-1.0) / 180.0
    h, mu, v0 = args.h, args.mu, args.v0
    a = G * (math.sin(alpha) - mu * math.cos(alpha))
    f_n, f_s = -M * G * math.cos(alpha), M * G * math.sin(alpha)
    n, s, vn, vs = 0.0, 0.0, 0.0, v0
    rows = [(0.0, n, s, vn, vs, 0.0, 0.0, 0.0, v0)]
    stop = None
    for k in range(number_of_steps(0.0, args.T, h)):
        t = (k + 1) * h
        wn, ws = vn + h * f_n / M, vs + h * f_s / M
        lam_n = lam_s = 0.0
        if n + 0.5 * h * vn <= 0.0:
            lam_n = max(0.0, -M * wn)
            if M * abs(ws) <= mu * lam_n:
                lam_s = -M * ws
            else:
                lam_s = -mu * lam_n * math.copysign(1.0, ws)
        vn_new, vs_new = wn + lam_n / M, ws + lam_s / M
        n += h * (THETA * vn_new + (1 - THETA) * vn)
        s += h * (THETA * vs_new + (1 - THETA) * vs)
        vn, vs = vn_new, vs_new
        se, ve = exact(t, v0, a)
        rows.append((t, n, s, vn, vs, lam_n, lam_s, se, ve))
        if stop is None and vs <= 0.0:
            stop = (t, s)
    with open(args.output, "w", encoding="ascii") as out:
        for row in rows:
            out.write(" ".join("%.15e" % x for x in row) + "\n")
    if stop is None:
        print("%s: sliding at T: s = %.9g, v = %.9g" % (args.case, rows[-1][2], rows[-1][4]))
    else:
        print("%s: stopped at t = %.9g after s = %.9g" % (args.case, stop[0], stop[1]))


if __name__ == "__main__":
    main()

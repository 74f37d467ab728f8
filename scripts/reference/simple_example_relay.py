#!/usr/bin/env python3
"""Independent pure-Python reference of the SimpleExampleRelay example (tutorial-models.md Sec. 5).

Written from the formulas of the specification (tutorial-models.md Sec. 0.1 "EulerMoreauOSI" and
Sec. 5), not from Moreau's C++ sources, so that its output can serve as golden data for
examples/SimpleExampleRelay. Standard library only.

Model: x' = A x + r with A = 0 (n = 2), x0 = (1, -1); y = C x + D lam, r = B lam with C = I,
D = 0, B = 2 I; relay law -y in N_[-1,1](lam) componentwise.

Scheme (theta = 0.5, r implicit; A = 0 so W = I and x_free = x_k):
    relay  : w = M lam + q with M = h C W^-1 B = 2h I (diagonal) and q = C x_free = x_k,
             solved in closed form per component: lam_i = clamp(-q_i / M_ii, -1, 1)
             (lam_i = -1 => w_i >= 0, lam_i = 1 => w_i <= 0, otherwise w_i = 0)
    update : x_{k+1} = x_k + h B lam,  y = C x_{k+1} + D lam = x_{k+1}

Rows ("%.15e", single spaces): row 0 = the initial state with y(t0) = C x0 (computed before the
run) and lam = 0, then one row per step (T = 1, h = 1e-3: 1001 rows; the tutorial's truncation
to 800 rows is not reproduced). Columns: t, x0, x1, lam0, lam1, y0, y1.

Usage: simple_example_relay.py [--T 1] [--h 1e-3] --output FILE
"""
import argparse
import math


def number_of_steps(T, h):
    ratio = T / h
    nearest = round(ratio)
    return int(nearest) if abs(ratio - nearest) <= 1e-10 * ratio else int(math.ceil(ratio))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--T", type=float, default=1.0)
    parser.add_argument("--h", type=float, default=1e-3)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    h = args.h
    b = 2.0  # B = 2 I
    M = h * b  # h C W^-1 B, diagonal
    steps = number_of_steps(args.T, h)
    x = [1.0, -1.0]
    rows = [[0.0, x[0], x[1], 0.0, 0.0, x[0], x[1]]]
    first_zero = [None, None]
    for k in range(steps):
        q = x[:]  # C x_free, x_free = x_k
        lam = [min(1.0, max(-1.0, -q[i] / M)) for i in range(2)]
        x = [x[i] + h * b * lam[i] for i in range(2)]
        y = x[:]
        for i in range(2):
            if first_zero[i] is None and abs(x[i]) < 1e-12:
                first_zero[i] = (k + 1) * h
        rows.append([(k + 1) * h, x[0], x[1], lam[0], lam[1], y[0], y[1]])
    with open(args.output, "w") as f:
        for r in rows:
            f.write(" ".join("%.15e" % v for v in r) + "\n")
    print("SimpleExampleRelay: %d steps, x reaches 0 at t = %s, %s, x(T) = (%.3e, %.3e)"
          % (steps, first_zero[0], first_zero[1], x[0], x[1]))


if __name__ == "__main__":
    main()

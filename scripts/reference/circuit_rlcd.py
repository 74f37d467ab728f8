#!/usr/bin/env python3
"""Independent pure-Python reference of the CircuitRLCD example (tutorial-models.md Sec. 2).

Written from the formulas of the specification (tutorial-models.md Sec. 0.1 "EulerMoreauOSI" and
Sec. 2), not from Moreau's C++ sources, so that its output can serve as golden data for
examples/CircuitRLCD. Standard library only.

Model: LC tank x = (v_C, i_L), x' = A x + r, A = [[0, -1/C], [1/L, 0]], x0 = (10, 0), in
parallel with a resistor-diode branch: y = C x + D lam, r = B lam, C = [-1, 0], D = [R],
B = (-1/C, 0), 0 <= y _|_ lam >= 0 (lam = diode current, -y = v_C - R lam = diode voltage).

Scheme (theta = 0.5000000000001, r implicit):
    W      = I - h*theta*A                                  (2x2, inverted in closed form)
    x_free = W^-1 (I + h*(1-theta)*A) x_k
    LCP    : w = (D + h C W^-1 B) lam + C x_free, size 1: lam = max(0, -q/M) in closed form
    update : x_{k+1} = x_free + h W^-1 B lam,  y = C x_{k+1} + D lam

Rows ("%.15e", single spaces): row 0 = the initial state with y(t0) = C x0 = -10 computed
before the run (lam = r = 0), then one row per step. Columns: t, x0, x1, -y0, lam0, r0, with
column 5 written as the constant 0 after row 0 (as the tutorial does).

Usage: circuit_rlcd.py [--T 5e-3] [--h 1e-5] --output FILE
"""
import argparse
import math


def number_of_steps(T, h):
    ratio = T / h
    nearest = round(ratio)
    return int(nearest) if abs(ratio - nearest) <= 1e-10 * ratio else int(math.ceil(ratio))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--T", type=float, default=5e-3)
    parser.add_argument("--h", type=float, default=1e-5)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    L, Cap, R, theta, h = 1e-2, 1e-6, 1e3, 0.5000000000001, args.h
    A = [[0.0, -1.0 / Cap], [1.0 / L, 0.0]]
    Cm = [-1.0, 0.0]
    Dm = R
    Bm = [-1.0 / Cap, 0.0]
    W = [[1.0 - h * theta * A[0][0], -h * theta * A[0][1]],
         [-h * theta * A[1][0], 1.0 - h * theta * A[1][1]]]
    det = W[0][0] * W[1][1] - W[0][1] * W[1][0]
    Winv = [[W[1][1] / det, -W[0][1] / det], [-W[1][0] / det, W[0][0] / det]]
    P = [[1.0 + h * (1 - theta) * A[0][0], h * (1 - theta) * A[0][1]],
         [h * (1 - theta) * A[1][0], 1.0 + h * (1 - theta) * A[1][1]]]
    WinvB = [Winv[i][0] * Bm[0] + Winv[i][1] * Bm[1] for i in range(2)]
    M = Dm + h * (Cm[0] * WinvB[0] + Cm[1] * WinvB[1])
    steps = number_of_steps(args.T, h)
    x = [10.0, 0.0]
    y0 = Cm[0] * x[0] + Cm[1] * x[1]  # y(t0), lam = 0
    rows = [[0.0, x[0], x[1], -y0, 0.0, 0.0]]
    conducting = 0
    for k in range(steps):
        px = [P[i][0] * x[0] + P[i][1] * x[1] for i in range(2)]
        xfree = [Winv[i][0] * px[0] + Winv[i][1] * px[1] for i in range(2)]
        q = Cm[0] * xfree[0] + Cm[1] * xfree[1]
        lam = max(0.0, -q / M)
        x = [xfree[i] + h * WinvB[i] * lam for i in range(2)]
        y = Cm[0] * x[0] + Cm[1] * x[1] + Dm * lam
        if lam > 0:
            conducting += 1
        rows.append([(k + 1) * h, x[0], x[1], -y, lam, 0.0])
    with open(args.output, "w") as f:
        for r in rows:
            f.write(" ".join("%.15e" % v for v in r) + "\n")
    print("CircuitRLCD: %d steps, %d conducting, v_C(T) = %.12e, i_L(T) = %.12e"
          % (steps, conducting, x[0], x[1]))


if __name__ == "__main__":
    main()

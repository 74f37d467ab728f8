#!/usr/bin/env python3
"""Independent reference for the SimplePendulumTS example (tutorial-models.md §12).

Pure Python (standard library only), written from the formulas of the specification
(dev-notes §2.4.3 with erratum A8, simulation.md §2.5, docs/theory/moreau-jean.md §5), not from
Moreau's C++ code. One angle q, M = 1, F = -m g sin q, wall y = l sin q >= 0 (G = l cos q),
Newton impact law e. Per step, Newton on the velocity u = v_{k+1}, starting at the predicted
state (q^0, u^0) = (q~, v_k), q~ = q_k + h (theta v_k + (1 - theta) v_k):

    W        = M + h^2 theta^2 m g cos q^tau
    R_free   = M (u - v_k) + h theta m g sin q^tau + h (1 - theta) m g sin q_k
    v_free   = u - R_free / W
    active   : l sin q~ + gamma h (l cos q~ v_k) <= 0  (gamma = 1/2), the outputs at the
               predicted state q~ = q_k + h (theta v_k + (1 - theta) v_k), decided once per
               step (at the first Newton iterate)
    lambda   = max(0, -(G v_free + e ydot_k) W / G^2),   G = l cos q^tau   (scalar LCP, closed form)
    u        = v_free + G lambda / W,   q = q_k + h (theta u + (1 - theta) v_k)

iterated until the state residual at the new iterate, |M (u - v_k) + h theta m g sin q
+ h (1 - theta) m g sin q_k - G lambda| (absolute; G = l cos q^tau, the Jacobian of the iterate
the step was computed at), is at most --tol (at least one iteration; the output residual is not
checked). With the default 1e-14 (two iterations on the impact steps, one elsewhere) this is the
discrete solution to round-off, hence the golden file (SimplePendulumTS_T2.ref was made by the
previous version, Newton from q_k stopped on the velocity increment: it differs from this
script's --T 2 output by at most 8.1e-12, so it was kept).
Output: the example's 11 columns, %.15e, row 0 = initial state.
"""
import argparse
import math


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--T", type=float, default=5.0)
    ap.add_argument("--h", type=float, default=5e-4)
    ap.add_argument("--tol", type=float, default=1e-14)
    ap.add_argument("--output", default="SimplePendulumTS.ref")
    a = ap.parse_args()
    m, l, g, e, theta, gamma = 1.0, 1.0, 10.0, 0.9, 0.500001, 0.5
    h, T = a.h, a.T
    n = int(round(T / h)) if abs(T / h - round(T / h)) < 1e-10 * (T / h) else math.ceil(T / h)
    q, v = 1.0, 0.0
    ydk = l * math.cos(q) * v
    rows = []

    def row(t, q, v):
        vals = [t, q, v, l * math.sin(q), -l * math.cos(q), l * math.cos(q) * v] + [0.0] * 5
        rows.append(" ".join("%.15e" % x for x in vals))

    row(0.0, q, v)
    impacts = 0
    max_iter = 0
    for k in range(n):
        qk, vk = q, v
        x = (h * theta) * vk  # predicted state q~ = q_k + h (theta v_k + (1 - theta) v_k)
        x += (h * (1 - theta)) * vk
        qt = x + qk
        active = l * math.sin(qt) + gamma * h * (l * math.cos(qt) * vk) <= 0.0
        u, qi = vk, qt  # Newton starts at the predicted state
        lam = 0.0
        for it in range(1, 200):
            W = m + h * h * theta * theta * m * g * math.cos(qi)
            Rfree = m * (u - vk) + h * theta * m * g * math.sin(qi) + h * (1 - theta) * m * g * math.sin(qk)
            vfree = u - Rfree / W
            lam, G = 0.0, l * math.cos(qi)
            if active:
                lam = max(0.0, -(G * vfree + e * ydk) * W / (G * G))
                unew = vfree + G * lam / W
            else:
                unew = vfree
            qnew = qk + h * (theta * unew + (1 - theta) * vk)
            u, qi = unew, qnew
            res = m * (u - vk) + h * theta * m * g * math.sin(qi) + h * (1 - theta) * m * g * math.sin(qk) - G * lam
            if abs(res) <= a.tol:
                break
        max_iter = max(max_iter, it)
        q, v = qi, u
        if lam > 0:
            impacts += 1
        ydk = l * math.cos(q) * v
        row((k + 1) * h, q, v)
    with open(a.output, "w") as f:
        f.write("\n".join(rows) + "\n")
    print("simple_pendulum_ts: %d steps, %d impacts, max Newton iterations %d -> %s"
          % (n, impacts, max_iter, a.output))


if __name__ == "__main__":
    main()

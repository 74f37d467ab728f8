#!/usr/bin/env python3
"""Lexicographic Lemke with the pivoting rules of Siconos's LCP_LEMKE (standard library only).

Written from the rules (not from any source code) so that the references can tell which
solution of an LCP with several solutions Siconos's default LCP solver returns:

- q >= 0: z = 0, w = q, no pivot;
- tableau rows [q_i | e_i (the w columns) | -1 (z0) | -M_i (the z columns)], basis w;
- first pivot: z0 enters, the row of the smallest q_i leaves; exact ties go to the row whose
  identity part is lexicographically smaller (the later row);
- then the complement of the variable that left enters; the leaving row is the one with the
  smallest ratio q_i / a_i over the rows with a_i > 0 (exactly, no tolerance); among exact ties,
  the lexicographic test on the identity part, entry by entry, with the tolerance
  max|M| * DBL_EPSILON (an entry within it counts as zero); z0 has no priority;
- a pivot divides the pivot row by multiplying it by 1/pivot, then subtracts
  a_i * (pivot row) from every other row;
- stops when z0 leaves (solved), when no a_i > 0 (ray: not solved) or after max_iter pivots;
- z and w read from the basic variables of the final tableau (z0 ignored).

lexicolemke(M, q, max_iter=10000) -> (z, w, solved, pivots).
"""
import sys

EPS = sys.float_info.epsilon


def lexicolemke(M, q, max_iter=10000):
    n = len(q)
    if all(v >= 0.0 for v in q):
        return [0.0] * n, list(q), True, 0
    width = 2 * (n + 1)
    z0col = n + 1
    A = [[0.0] * width for _ in range(n)]
    max_m = 0.0
    for i in range(n):
        A[i][0] = q[i]
        A[i][i + 1] = 1.0
        A[i][z0col] = -1.0
        for j in range(n):
            A[i][j + n + 2] = -M[i][j]
            max_m = max(max_m, abs(M[i][j]))
    tol = max_m * EPS
    basis = [i + 1 for i in range(n)]

    def pivot(block, drive):
        inv = 1.0 / A[block][drive]
        row = A[block]
        for j in range(width):
            if j != drive:
                row[j] = row[j] * inv
        row[drive] = 1.0
        for i in range(n):
            if i == block:
                continue
            f = A[i][drive]
            Ai = A[i]
            for j in range(width):
                Ai[j] -= f * row[j]

    # First pivot: z0 enters.
    drive = z0col
    block = 0
    best = A[0][0]
    for i in range(1, n):
        zb = A[i][0]
        if zb < best:
            best = zb
            block = i
        elif zb == best:
            for j in range(n):
                delta = A[block][1 + j] - A[i][1 + j]
                if delta < 0.0:
                    break
                if delta > 0.0:
                    block = i
                    break
    pivot(block, drive)
    left = basis[block]
    basis[block] = drive
    found = False
    pivots = 0
    while pivots < max_iter and not found:
        pivots += 1
        drive = left + (n + 1) if left < n + 1 else left - (n + 1)
        ratio = 1e20
        block = -1
        ties = []
        for i in range(n):
            a = A[i][drive]
            if a > 0.0:
                r = A[i][0] / a
                if r > ratio:
                    continue
                if r < ratio:
                    ratio = r
                    block = i
                    ties = []
                else:
                    ties.append(i)
        for var in ties:
            cand = A[var][drive]
            for j in range(1, n + 1):
                if abs(A[block][j]) < tol:
                    if A[var][j] < -tol:
                        block = var
                        break
                    if A[var][j] > tol:
                        break
                    continue
                if abs(A[var][j]) < tol:
                    if A[block][j] > tol:
                        block = var
                        break
                    if A[block][j] < -tol:
                        break
                    continue
                delta = A[block][j] * cand - A[var][j] * A[block][drive]
                if delta < -tol:
                    break
                if delta > tol:
                    block = var
                    break
        if block == -1:
            break
        if basis[block] == z0col:
            found = True
        pivot(block, drive)
        left = basis[block]
        basis[block] = drive
    z = [0.0] * n
    w = [0.0] * n
    for i in range(n):
        v = basis[i]
        if v < n + 1:
            w[v - 1] = A[i][0]
        elif v > n + 1:
            z[v - n - 2] = A[i][0]
    return z, w, found, pivots


if __name__ == "__main__":
    # Self-check on small LCPs with a unique solution.
    Mt = [[2.0, 1.0], [1.0, 2.0]]
    z, w, ok, _ = lexicolemke(Mt, [-5.0, -6.0])
    assert ok and abs(z[0] - 4.0 / 3.0) < 1e-14 and abs(z[1] - 7.0 / 3.0) < 1e-14, z
    z, w, ok, _ = lexicolemke(Mt, [1.0, 2.0])
    assert ok and z == [0.0, 0.0]
    z, w, ok, _ = lexicolemke([[1.0, 0.0], [0.0, 1.0]], [-1.0, 2.0])
    assert ok and z == [1.0, 0.0] and w[1] == 2.0
    print("siconos_lexicolemke: self-check ok")

"""Shared clause-building helpers: AND chains, unary (totalizer) sums and cardinality.

Counts are kept in *unary*: a list ``u`` where ``u[k-1]`` means "the count is at least
k". Sums of unary numbers merge with the totalizer clauses, cut off at a cap so that a
clue N never needs more than N+1 outputs.
"""
from __future__ import annotations

import math
from itertools import combinations
from typing import Sequence

Lit = int


def and_chain(b, lits: Sequence[Lit]) -> list[Lit]:
    """Prefix conjunctions: out[k] <-> lits[0] & ... & lits[k] (a sorted unary count)."""
    out: list[Lit] = []
    prev = None
    for x in lits:
        if prev is None:
            p = x
        else:
            p = b.new_var()
            b.add_clause([-p, prev])
            b.add_clause([-p, x])
            b.add_clause([p, -prev, -x])
        out.append(p)
        prev = p
    return out


def unary_add(b, a: Sequence[Lit], c: Sequence[Lit], cap: int) -> list[Lit]:
    """Totalizer merge of two unary numbers, saturating at ``cap`` outputs."""
    if not a:
        return list(c[:cap])
    if not c:
        return list(a[:cap])
    n = min(len(a) + len(c), cap)
    out = [b.new_var() for _ in range(n)]
    for i in range(len(a) + 1):
        for j in range(len(c) + 1):
            k = i + j
            if 1 <= k <= n:  # a >= i and c >= j  ->  out >= k (larger k are implied)
                cl = [out[k - 1]]
                if i:
                    cl.append(-a[i - 1])
                if j:
                    cl.append(-c[j - 1])
                b.add_clause(cl)
            if k < n:  # a <= i and c <= j  ->  out <= k
                cl = [-out[k]]
                if i < len(a):
                    cl.append(a[i])
                if j < len(c):
                    cl.append(c[j])
                b.add_clause(cl)
    return out


def unary_sum(b, numbers: Sequence[Sequence[Lit]], cap: int) -> list[Lit]:
    """Sum of several unary numbers (balanced merges), saturating at ``cap``."""
    parts = [list(x[:cap]) for x in numbers if x]
    if not parts:
        return []
    while len(parts) > 1:
        parts.sort(key=len)
        a, c = parts.pop(0), parts.pop(0)
        parts.append(unary_add(b, a, c, cap))
    return parts[0]


def require_count(b, unary: Sequence[Lit], n: int) -> None:
    """Constrain a unary count (saturating at >= n+1) to equal exactly ``n``."""
    if n > len(unary):
        b.add_clause([])
        return
    if n >= 1:
        b.add_clause([unary[n - 1]])
    if n < len(unary):
        b.add_clause([-unary[n]])


def exactly_count(b, lits: Sequence[Lit], n: int) -> None:
    """Exactly ``n`` of ``lits`` are true."""
    require_count(b, unary_sum(b, [[x] for x in lits], n + 1), n)


def at_most_one(b, lits: Sequence[Lit]) -> None:
    """Pairwise at-most-one (fine for the handful of literals it is used on)."""
    for i in range(len(lits)):
        for j in range(i + 1, len(lits)):
            b.add_clause([-lits[i], -lits[j]])


#: From this length on, :func:`at_most_one_linear` is the product encoding.
PRODUCT_FROM = 40


def at_most_one_linear(b, lits: Sequence[Lit]) -> None:
    """At most one of ``lits`` at a linear cost: pairwise for a few literals, a
    sequential counter (ladder) for longer lists, and Chen's product encoding for long
    ones (literal k at row k // q, column k % q of a p x q arrangement implies its row's
    and its column's literal, of which at most one each may be true: 2 clauses per
    literal and 2 sqrt(n) new variables)."""
    n = len(lits)
    if n <= 1:
        return
    if n <= 5:
        b.add_clauses([[-x, -y] for x, y in combinations(lits, 2)])
    elif n >= PRODUCT_FROM:
        q = math.isqrt(n - 1) + 1  # q * q >= n
        row = [b.new_var() for _ in range(-(-n // q))]
        col = [b.new_var() for _ in range(q)]
        b.add_clauses([[-x, row[k // q]] for k, x in enumerate(lits)])
        b.add_clauses([[-x, col[k % q]] for k, x in enumerate(lits)])
        at_most_one_linear(b, row)
        at_most_one_linear(b, col)
    else:
        prev = lits[0]  # prev: some literal so far is true
        for x in lits[1:-1]:
            nxt = b.new_var()
            b.add_clauses([[-prev, -x], [-prev, nxt], [-x, nxt]])
            prev = nxt
        b.add_clause([-prev, -lits[-1]])


def exactly_direct(b, lits: Sequence[Lit], n: int, guard: Lit | None = None) -> None:
    """Exactly n of a few literals as direct clauses (no auxiliary variables): no n+1 all
    true, no k-n+1 all false; only when ``guard`` is true, if given."""
    g = [] if guard is None else [-guard]
    if n > len(lits) or n < 0:
        b.add_clause(g)
        return
    for sub in combinations(lits, n + 1):
        b.add_clause(g + [-x for x in sub])
    for sub in combinations(lits, len(lits) - n + 1):
        b.add_clause(g + list(sub))


def require_count_if(b, guard: Lit, unary: Sequence[Lit], n: int) -> None:
    """Like :func:`require_count`, but only when ``guard`` is true (a switchable clue).

    Only the clauses that fix the count carry ``-guard``; the unary sum itself is a
    definition and stays unconditional, so switching the clue off frees the cells.
    """
    if n > len(unary):
        b.add_clause([-guard])
        return
    if n >= 1:
        b.add_clause([-guard, unary[n - 1]])
    if n < len(unary):
        b.add_clause([-guard, -unary[n]])


# -- sums of long unary counts -------------------------------------------------------------
#: A totalizer sum is used while it costs at most this many clauses per input literal
#: (plus TOTALIZER_FLOOR); beyond, the counts are added in binary, which costs about 5
#: clauses per input literal whatever the target. The totalizer propagates better and
#: is what every published-size clue uses; a Canal View clue of 1000 seeing a whole row
#: and column would cost it millions of clauses.
TOTALIZER_PER_LITERAL = 16
TOTALIZER_FLOOR = 2000


def unary_add_cost(la: int, lc: int, cap: int) -> int:
    """The number of clauses :func:`unary_add` adds for inputs of these lengths."""
    if not la or not lc:
        return 0
    n = min(la + lc, cap)
    total = 0
    for i in range(la + 1):
        # j in 0..lc with 1 <= i + j <= n, and with i + j < n.
        total += max(0, min(lc, n - i) - max(0, 1 - i) + 1)
        total += max(0, min(lc, n - i - 1) + 1)
    return total


def unary_sum_cost(lengths: Sequence[int], cap: int) -> int:
    """The number of clauses :func:`unary_sum` adds for inputs of these lengths."""
    parts = [min(x, cap) for x in lengths if x]
    total = 0
    while len(parts) > 1:
        parts.sort()
        a, c = parts.pop(0), parts.pop(0)
        total += unary_add_cost(a, c, cap)
        parts.append(min(a + c, cap))
    return total


def unary_to_binary(b, u: Sequence[Lit]) -> list[Lit]:
    """The bits (least significant first) of a *sorted* unary count ``u`` (``u[k-1]`` is
    "at least k", and "at least k" implies "at least k-1" in every model).

    Bit j is set exactly when the count lies in one of the intervals [lo, hi] of numbers
    with that bit; "the count is in [lo, hi]" is ``u[lo-1] & -u[hi]``. About 4 clauses
    and one variable per input literal; every new variable is a function of ``u``.
    """
    n = len(u)
    bits: list[Lit] = []
    j = 0
    while (1 << j) <= n:
        terms: list[Lit] = []
        lo = 1 << j
        while lo <= n:
            hi = lo + (1 << j) - 1
            if hi >= n:  # the top interval: "at least lo"
                terms.append(u[lo - 1])
            else:
                t = b.new_var()
                b.add_clause([-t, u[lo - 1]])
                b.add_clause([-t, -u[hi]])
                b.add_clause([t, -u[lo - 1], u[hi]])
                terms.append(t)
            lo += 1 << (j + 1)
        if len(terms) == 1:
            bits.append(terms[0])
        else:
            bit = b.new_var()
            b.add_clause([-bit] + terms)
            for t in terms:
                b.add_clause([bit, -t])
            bits.append(bit)
        j += 1
    return bits


def _xor(b, x: Lit, y: Lit) -> Lit:
    z = b.new_var()
    b.add_clauses([[-z, x, y], [-z, -x, -y], [z, -x, y], [z, x, -y]])
    return z


def _and(b, x: Lit, y: Lit) -> Lit:
    z = b.new_var()
    b.add_clauses([[-z, x], [-z, y], [z, -x, -y]])
    return z


def binary_add(b, x: Sequence[Lit], y: Sequence[Lit]) -> list[Lit]:
    """Ripple-carry sum of two binary numbers (least significant bit first)."""
    out: list[Lit] = []
    carry: Lit | None = None
    for i in range(max(len(x), len(y))):
        ins = [v for v in (x[i] if i < len(x) else None, y[i] if i < len(y) else None, carry)
               if v is not None]
        if len(ins) == 1:
            out.append(ins[0])
            carry = None
        elif len(ins) == 2:
            p, q = ins
            out.append(_xor(b, p, q))
            carry = _and(b, p, q)
        else:
            p, q, r = ins
            s, c = b.new_var(), b.new_var()
            b.add_clauses([  # s = p ^ q ^ r
                [-s, p, q, r], [-s, p, -q, -r], [-s, -p, q, -r], [-s, -p, -q, r],
                [s, -p, -q, -r], [s, -p, q, r], [s, p, -q, r], [s, p, q, -r],
                # c = majority(p, q, r)
                [-c, p, q], [-c, p, r], [-c, q, r], [c, -p, -q], [c, -p, -r], [c, -q, -r]])
            out.append(s)
            carry = c
    if carry is not None:
        out.append(carry)
    return out


def require_binary(b, bits: Sequence[Lit], n: int, guard: Lit | None = None) -> None:
    """The binary number ``bits`` equals ``n`` (only when ``guard`` is true, if given)."""
    g = [] if guard is None else [-guard]
    if n >> len(bits):
        b.add_clause(g)
        return
    for j, bit in enumerate(bits):
        b.add_clause(g + [bit if (n >> j) & 1 else -bit])


def exactly_sum(b, unaries: Sequence[Sequence[Lit]], n: int, guard: Lit | None = None) -> None:
    """The sum of sorted unary counts equals ``n`` (when ``guard`` is true, if given).

    Each count may be cut off at n+1 literals (a count above n already rules n out).
    Small sums use the totalizer (:func:`unary_sum`); when that would cost more than
    TOTALIZER_PER_LITERAL clauses per input literal, the counts are added in binary,
    linear in their lengths.
    """
    parts = [list(u[:n + 1]) for u in unaries if u]
    width = sum(len(u) for u in parts)
    if n > width:  # the counts cannot reach n
        b.add_clause([] if guard is None else [-guard])
        return
    if unary_sum_cost([len(u) for u in parts], n + 1) <= (
            TOTALIZER_PER_LITERAL * width + TOTALIZER_FLOOR):
        total = unary_sum(b, parts, n + 1)
        if guard is None:
            require_count(b, total, n)
        else:
            require_count_if(b, guard, total, n)
        return
    numbers = [unary_to_binary(b, u) for u in parts]
    while len(numbers) > 1:
        numbers.sort(key=len)
        numbers.append(binary_add(b, numbers.pop(0), numbers.pop(0)))
    require_binary(b, numbers[0], n, guard)

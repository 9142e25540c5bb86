"""Shared clause-building helpers: AND chains, unary (totalizer) sums and cardinality.

Counts are kept in *unary*: a list ``u`` where ``u[k-1]`` means "the count is at least
k". Sums of unary numbers merge with the totalizer clauses, cut off at a cap so that a
clue N never needs more than N+1 outputs.
"""
from __future__ import annotations

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

"""lists.lgo in plain Python: linked (first, rest) pairs built by fput, copied by lput."""
import sys

sys.setrecursionlimit(100000)


def build_fput(n):
    lst: tuple | None = None
    for i in range(1, n + 1):
        lst = (i, lst)
    return lst


def build_lput(n):
    lst: list[int] = []
    for i in range(1, n + 1):
        lst = [*lst, i]  # a copy, as LPUT makes
    return lst


def sum_rec(lst, acc):
    while lst is not None:
        lst, acc = lst[1], acc + lst[0]
    return acc


def sum_each(items):
    t = 0
    for v in items:
        t += v
    return t


def walk(lst):
    while lst is not None:
        yield lst[0]
        lst = lst[1]


a = build_fput(20000)
b = build_lput(700)
total = sum_each(b)
for _ in range(4):
    total += sum_rec(a, 0) + sum_each(walk(a))
last = a
while last[1] is not None:
    last = last[1]
print(20000, len(b), a[0], b[-1], total)

"""longloop.lgo in plain Python: digit sums, a list of the multiples, a second pass."""
from typing import Any


def digitsum(n):
    if n < 10:
        return n
    return n % 10 + digitsum(n // 10)


found: Any = None  # a linked list of (first, rest) pairs, newest first
count = 0
total = 0
for i in range(1, 100001):
    d = digitsum(i)
    total += d
    if i % d == 0:
        found = (i, found)
        count += 1
acc = 0
node = found
while node is not None:
    acc += node[0] % 97
    node = node[1]
print(total, count, found[0], acc)

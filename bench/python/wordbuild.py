"""wordbuild.lgo in plain Python: the same recursive word building on str."""
import sys

sys.setrecursionlimit(10000)


def rot(w, k):
    if not w:
        return ""
    return chr(97 + (ord(w[0]) - 97 + k) % 26) + rot(w[1:], k)


def vowels(w):
    if not w:
        return 0
    if w[0] in "aeiou":
        return 1 + vowels(w[1:])
    return vowels(w[1:])


def backwards(w):
    if not w:
        return ""
    return w[-1] + backwards(w[:-1])


def spell(n):
    if n < 26:
        return chr(97 + n)
    return spell(n // 26) + chr(97 + n % 26)


def wordbench(n):
    total, last = 0, ""
    for i in range(1, n + 1):
        w = spell(i * 7919) + "quiz"
        b = backwards(rot(w, 3))
        total += vowels(b) + len(b)
        if b[0] == w[-1]:
            total += 1
        last = b
    return total, last


total, last = wordbench(6000)
print(total, last)

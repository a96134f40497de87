"""collatz.lgo in plain Python: Collatz steps and primes by trial division, as loops."""


def steps(n, k):
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        k += 1
    return k


def divides(n, d):
    while d * d <= n:
        if n % d == 0:
            return True
        d += 1
    return False


def is_prime(n):
    return n >= 2 and not divides(n, 2)


total = longest = 0
for i in range(1, 3001):
    s = steps(i, 0)
    total += s
    longest = max(longest, s)
primes = sum(1 for i in range(1, 20001) if is_prime(i))
print(total, longest, primes)

"""collatz.lgo in plain Python: Collatz steps and primes by trial division."""


def steps(n):
    k = 0
    while n > 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        k += 1
    return k


def is_prime(n):
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True


total = longest = 0
for i in range(1, 301):
    s = steps(i)
    total += s
    longest = max(longest, s)
primes = sum(1 for i in range(1, 3001) if is_prime(i))
print(total, longest, primes)

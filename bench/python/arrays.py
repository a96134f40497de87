"""arrays.lgo in plain Python: the sieve and histogram in lists."""


def sieve(n):
    a = [1] * (n + 1)
    a[1] = 0
    for i in range(2, n + 1):
        if a[i] == 1 and i * i <= n:
            for j in range(i * i, n + 1, i):
                a[j] = 0
    return a


def histogram(a, n):
    h = [0] * 10
    for i in range(1, n + 1):
        if a[i] == 1:
            h[i % 10] += 1
    return h


print("{" + " ".join(map(str, histogram(sieve(60000), 60000))) + "}")

"""floats.lgo in plain Python: the same integral and series."""
import math


def integrand(x):
    return math.sqrt(x) * math.sin(math.radians(x * 57.29577951308232)) + math.log(1 + x) / (1 + x * x)


def integrate(a, b, n):
    h = (b - a) / n
    s = 0.0
    for i in range(n):
        s += integrand(a + h * (i + 0.5))
    return s * h


def series(n):
    s = 0.0
    k = 1
    for _ in range(n):
        s += 1 / (k * k)
        k += 1
    return math.sqrt(6 * s)


print(round(1000000 * integrate(0, 10, 100000)), round(1000000 * series(250000)))

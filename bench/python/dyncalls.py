"""dyncalls.lgo in plain Python: small calls passing what Logo reads by dynamic scope."""


def inner(x, y):
    return x * 2 + y


def middle(x):
    return inner(x, x - 1)


def outer(n):
    s = 0
    for i in range(1, n + 1):
        s += middle(i)
    return s


print(outer(40000))

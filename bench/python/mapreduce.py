"""mapreduce.lgo in plain Python: map, filter and reduce with lambdas and functions."""
from functools import reduce


def cube(x):
    return x * x * x


def odd(x):
    return x % 2 == 1


def plus(a, b):
    return a + b


nums = list(range(1, 6001))
sq = list(map(lambda v: v * v, nums))
cubes = list(map(cube, nums))
odds = list(filter(odd, sq))
small = list(filter(lambda v: v < 1000, cubes))
total = sum(odds) + reduce(plus, small) + reduce(lambda a, b: a + b, map(lambda v: v - 1, nums))
total += len([v for v in map(lambda v: v % 10, nums) if v in (3, 5, 7)])
print(total)

"""countdown.lgo in plain Python: the tail recursion as the loop it becomes."""


def down(n):
    while n != 0:
        n -= 1


down(1000000)
print("countdown 1000000 done")

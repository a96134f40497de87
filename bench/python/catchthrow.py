"""catchthrow.lgo in plain Python: exceptions raised through deep recursion."""
import sys

sys.setrecursionlimit(10000)
total = 0


class Throw(Exception):
    def __init__(self, tag):
        super().__init__(tag)
        self.tag = tag


def catch(tag, fn, *args):
    try:
        fn(*args)
    except Throw as t:
        if t.tag != tag:
            raise


def dive(n):
    global total
    if n == 0:
        total += 1
        raise Throw("bottom")
    dive(n - 1)
    total -= 1000


def nest(n):
    global total
    if n == 0:
        raise Throw("level")
    catch("level", nest, n - 1)
    total += 1


def skip(n):
    global total
    if n == 0:
        raise Throw("far")
    catch(f"near{n}", skip, n - 1)
    total -= 1000


def oops(n):
    if n == 0:
        return [][0]
    return oops(n - 1)


for _ in range(600):
    catch("bottom", dive, 100)
for _ in range(600):
    nest(60)
for _ in range(600):
    catch("far", skip, 60)
for _ in range(600):
    try:
        oops(40)
    except IndexError:
        total += len("first doesn't like [] as input")
print(total)

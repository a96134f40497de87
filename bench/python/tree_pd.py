"""tree_pd.lgo in plain Python: the tree's turtle moves, positions computed, no raster drawn."""
import math

x = y = 0.0
heading = 0.0


def fd(n):
    global x, y
    x += n * math.sin(math.radians(heading))
    y += n * math.cos(math.radians(heading))


def tree(n):
    global heading
    if n < 2.5:
        return
    fd(n)
    heading = (heading + 10) % 360
    tree(0.75 * n)
    heading = (heading - 20) % 360
    tree(0.75 * n)
    heading = (heading + 10) % 360
    fd(-n)


for _ in range(2):
    tree(100)
print(round(x), round(y), round(heading))

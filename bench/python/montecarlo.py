"""montecarlo.lgo in plain Python, with glibc's random() (UCBLogo's RANDOM) as a small
generator of its own: points in a quarter circle, a random walk, two dice."""


def glibc_random(seed):
    """srandom(seed) then random(), one number at a time (TYPE_3 additive feedback)."""
    r = [seed]
    for _ in range(30):
        hi, lo = divmod(r[-1], 127773)
        w = 16807 * lo - 2836 * hi
        r.append(w + 2147483647 if w < 0 else w)
    r += r[:3]
    for i in range(34, 344):
        r.append((r[i - 31] + r[i - 3]) & 0xFFFFFFFF)
    state = r[-31:]
    i = 0
    while True:
        v = (state[i] + state[(i + 28) % 31]) & 0xFFFFFFFF
        state[i] = v
        i = (i + 1) % 31
        yield v >> 1


def inside(rnd, n):
    count = 0
    for _ in range(n):
        x = next(rnd) % 1000
        y = next(rnd) % 1000
        if x * x + y * y < 1000000:
            count += 1
    return count


def walk(rnd, n):
    x = y = far = 0
    for _ in range(n):
        d = next(rnd) % 4
        if d == 0:
            x += 1
        if d == 1:
            x -= 1
        if d == 2:
            y += 1
        if d == 3:
            y -= 1
        if x * x + y * y > far:
            far = x * x + y * y
    return far


def dice(rnd, n):
    h = [0] * 13
    for _ in range(n):
        s = 1 + next(rnd) % 6
        s += 1 + next(rnd) % 6
        h[s] += 1
    return h[2:]


rnd = glibc_random(1)
print(inside(rnd, 120000))
print(walk(rnd, 60000))
print(" ".join(map(str, dice(rnd, 30000))))

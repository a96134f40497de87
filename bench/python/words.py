"""words.lgo in plain Python: recursive word reversal on str."""


def rev(w):
    if not w:
        return ""
    return rev(w[1:]) + w[0]


def wordtest(n):
    total = 0
    for i in range(1, n + 1):
        w = "abcdef" + str(i)
        r = rev(w)
        total += len(w + r)
        if w[0] == r[-1]:
            total += 1
    return total


print(wordtest(10000))

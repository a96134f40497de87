"""loop.lgo in plain Python: a million-step loop at top level."""
s = 0
for i in range(1, 1000001):
    s = s + i
print(s)

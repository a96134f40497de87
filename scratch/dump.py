import builtins, sys; sys.path.insert(0, ".")
orig = builtins.compile
def c(src, fn, mode, *a, **k):
    if isinstance(src, str) and fn.startswith("<logo"):
        print("=====", fn); print(src)
    return orig(src, fn, mode, *a, **k)
import logo.language.compiler as comp
comp.compile = c
from logo.__main__ import main
sys.argv = ["logo", "run", sys.argv[1]]
main()

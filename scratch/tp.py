import sys, time
sys.path.insert(0, ".")
from logo.session.interpreter import Interpreter
from logo.session.host import BufferHost
src = open(sys.argv[1]).read()
best = 9
for _ in range(int(sys.argv[2]) if len(sys.argv) > 2 else 3):
    I = Interpreter(BufferHost())
    t = time.process_time(); I.run_source(src); best = min(best, time.process_time() - t)
print(sys.argv[1], round(best, 3))

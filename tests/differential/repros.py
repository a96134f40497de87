"""Minimal reproductions of the known differences (``known_differences.txt``), written
by hand as items of the batch ``batches/repros.lgo`` (numbered from 100001), so that every
``bug`` line covers at least one instruction: its xfail test passes (XPASS) only when the
bug is fixed, not when a new seed happens to leave its shape out.

Each entry is a list of instructions as the makers give them (a ``to`` ... ``end``
definition as it is, anything else run inside ``catch "error [...]``); ``N.`` stands for
the item's own name prefix (``d100007.`` ...), as the makers name things.
"""

from __future__ import annotations

REPROS: list[list[str]] = [
    # bugs
    ["show se {a b}@0 1"],
    ["show -2^2"],
    ['throw "error'],
    ["show cascade -1 [? * 2] 1"],
    ["ifelse [] [print 1] [print 2]"],
    ['copydef "N.c "sum show N.c 1 2'],
    ['run "|show 5|'],
    ['show (map "list [a b c] [x])'],
    ["show filter [? > 2] {1 2 3}"],
    ["show mdarray [-1 2]"],
    ["show apply [[x y] se :y :x] [3]"],
    ['show ascii "|a b|'],
    ["show 2*-3 - 1"],
    ["show backslashedp 45"],
    ["show reverse {1 2 3}"],
    ['show crossmap "sum [[x] [y z]]'],
    ["show filter [3] [1 2 3]"],
    ['show if "false [3]'],
    ["to N.mo\n.maybeoutput first [7 8]\nend", "N.mo"],
    ["show (count [a b c]+minus -3)"],
    ['define "N.d [[x] output :x]'],
    ["show mdarray [0 2]"],
    ["show combine [a b] 1"],
    ["show invoke [[] 3] [a]"],
    ["(print 1e20)"],
    ['localmake "N.v 3', 'show namep "N.v'],
    ['show (bitor 19 "1e)'],
    ['define "N.d [[x] [output :x]]', 'copydef "N.c "sum', 'copydef "N.c "N.d'],
    ["show array 9007199254740993"],
    ['show (reverse [x] "yes)'],
    ['show apply "sum [a b]'],
    ['define "N.d [[x] [output :x * 2]]', 'define "N.d [[a] [output :a]] show N.d 1'],
    ["show sum 1 bfs [3 1 2]"],
    # dialect
    ['show butlast "Привет', 'show count "été'],
    ["to N.st\nrepeat 5 [if repcount = 3 [stop] type repcount]\nend", "print N.st"],
    ["show run [true]"],
    ['to N.fe :x\nforeach [1 2] [output ? + "w]\nend', "show N.fe 1"],
    ["show map [? + 1] [a]"],
    ["show char 255"],
]

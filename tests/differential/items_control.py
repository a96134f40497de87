"""Item makers for control, templates, procedures, arrays, property lists, variables and
catch/throw.

A line that starts with ``to `` is a definition written at top level as it is; every
other line is run inside ``catch "error [...]`` (see ``generate.py``).  Procedures and
variables are named through ``Ctx.name`` so no two items share one.
"""

from __future__ import annotations

from tests.differential.items_data import Ctx

LISTS = ["[1 2 3]", "[a b c]", "[]", "[3 1 4 1 5]", "[[1 2] [3 4]]", "[hello world]",
         "[-1 0.5 2]", "[a [b] c]", "[x]"]
WORDLIKE = ['"abc', '"hello', '"||', '"x', '"12345']
NUM_LISTS = ["[1 2 3]", "[3 1 4 1 5]", "[-1 0.5 2]", "[10]", "[]", "[2 4 6 8]",
             "[1e10 1e-10]"]

FN1 = ["[? * 2]", "[?1 + 1]", "[[x] :x * :x]", "[first ?]", "[word ? ?]", "[list ? #]",
       '"first', '"count', "[?]", "[[x] list :x]", "[minus ?]", "[(list ?)]",
       "[# * 10]", '"numberp', "[[x] [output :x]]", "[[] 3]", "[? ?]", "[[a b] :a]"]
FN2 = ["[?1 + ?2]", "[list ?1 ?2]", "[[a b] :a * :b]", '"sum', '"word', '"list',
       "[?2]", "[word ?2 ?1]", "[[x y] se :y :x]", "[? + 1]", "[(sum ?1 ?2 #)]"]
PRED = ["[? > 2]", "[numberp ?]", "[wordp ?]", "[[x] :x = 1]", '"numberp', "[emptyp ?]",
        "[equalp ? \"a]", '"wordp', "[?1 < 3]", "[# > 1]", "[3]", "[memberp ? [a 1]]"]


def templates(c: Ctx) -> list[str]:
    """map, filter, reduce, find, foreach, apply, invoke, cascade, crossmap, map.se."""
    f = c.name("f")
    define = f"to {f} :a\noutput list :a :a\nend"
    fn1 = [*FN1, f'"{f}']
    forms = [
        lambda: f"show map {c.choice(fn1)} {c.choice(LISTS + WORDLIKE)}",
        lambda: f"show map.se {c.choice(fn1)} {c.choice(LISTS)}",
        lambda: f"show (map {c.choice(FN2)} {c.choice(LISTS)} {c.choice(LISTS)})",
        lambda: f"show filter {c.choice(PRED)} {c.choice(LISTS + WORDLIKE)}",
        lambda: f"show find {c.choice(PRED)} {c.choice(LISTS + WORDLIKE)}",
        lambda: f"show reduce {c.choice(FN2)} {c.choice(NUM_LISTS + WORDLIKE)}",
        lambda: f"foreach {c.choice(LISTS + WORDLIKE)} [print (list ? #)]",
        lambda: f"(foreach {c.choice(LISTS)} {c.choice(LISTS)} [show (list ?1 ?2)])",
        lambda: f"foreach {c.choice(LISTS)} [[x] type :x print \"|.|]",
        lambda: f"show apply {c.choice(FN2)} {c.choice(['[1 2]', '[a b]', '[3]', '[]'])}",
        lambda: f"show apply {c.choice(fn1)} {c.choice(['[5]', '[[a b]]', '[x]'])}",
        lambda: f"show invoke {c.choice(fn1)} {c.v.any()}",
        lambda: f"show (invoke {c.choice(FN2)} {c.v.num()} {c.v.num()})",
        lambda: "show (invoke " + c.choice(['"list', "[list ?1 ?2 ?3]", '"sum']) + " 1 2 3)",
        lambda: f"show cascade {c.choice(['3', '0', '5', '-1'])} "
                f"{c.choice(['[? * 2]', '[fput 0 ?]', '[bf ?]', '[word ? #]'])} "
                + c.choice(["1", "[]", '"a', "[a b c d e f]"]),
        lambda: "show cascade [? > 100] [? * 3] 1",
        lambda: "show transfer " + c.choice(["[]", "[emptyp ?in]", "[3 = count ?out]"])
                + " " + c.choice(["[lput ? ?out]", "[fput ? ?out]", "[se ?out ?]"])
                + " " + c.choice(["[a b c d]", "[]", '"abc']),
        lambda: "show (cascade 5 [?1 + ?2] 1 [?1] 0)",
        lambda: f"show crossmap {c.choice(FN2)} {c.choice(['[[1 2] [a b]]', '[[x] [y z]]'])}",
        lambda: f"show (crossmap [word ?1 ?2] {c.choice(LISTS)} {c.choice(LISTS)})",
        lambda: f"show map [?] {c.v.array()}",
        lambda: f"show filter {c.choice(PRED)} {c.v.array()}",
        lambda: f"show map [[x] map [[y] :x * :y] [1 2]] {c.choice(NUM_LISTS)}",
        lambda: "show map [map [? + 1] ?] [[1 2] [3]]",
    ]
    return [define] + [c.choice(forms)() for _ in range(3)]


def procedures(c: Ctx) -> list[str]:
    """to with optional and rest inputs and default counts, called every way."""
    f = c.name("p")
    heads = [":a", ":a :b", ":a [:b 10]", ":a [:b :a + 1] [:c]", "[:r]", ":a [:r] 2",
             "[:x 1] [:y 2] 1", "[:x 5] 0", ":a [:b 2] [:c 3] [:r] 2", ""]
    head = c.choice(heads)
    body = c.choice([
        "output (list :a :b)", "print (list :a) output :a", "output se :r count :r",
        "output (list :x :y)", "output (sum :a :b :c)", "show :r output 1",
        "output :a", "print \"hi", "if :a > 1 [output 1] output 2", "op :a",
    ])
    out = [f"to {f} {head}\n{body}\nend"]
    args = ["1", "2", "3", "[a]", '"w', "4"]
    for n in c.rng.sample([0, 1, 2, 3, 4, 5], 3):
        call = " ".join([f, *args[:n]])
        out.append(c.choice([f"show ({call})", f"print ({call})", f"show {call}",
                             f"({call})"]))
    out.append(c.choice([f'po "{f}', f'printout "{f}', f'show procedure? "{f}',
                         f'show primitive? "{f}', f'show defined? "{f}', f'show macro? "{f}',
                         f'show text "{f}', f'show fulltext "{f}',
                         f'show procedurep "{f}', f'show primitivep "{f}',
                         f'show definedp "{f}', f'show macrop "{f}']))
    return out


def recursion(c: Ctx) -> list[str]:
    """Recursive and tail-recursive procedures, local variables and dynamic scope."""
    f, g = c.name("r"), c.name("g")
    kind = c.rng.randint(0, 5)
    if kind == 0:
        return [f"to {f} :n\nif :n = 0 [output 1]\noutput :n * {f} :n - 1\nend",
                f"show {f} {c.choice(['5', '10', '20', '25', '0', '3'])}"]
    if kind == 1:
        return [f"to {f} :n :acc\nif :n = 0 [output :acc]\noutput {f} :n - 1 :acc + :n\nend",
                f"show {f} {c.choice(['100', '1000', '5'])} 0"]
    if kind == 2:
        return [f'to {g}\nshow :v{c.number}\nend',
                f'to {f} :v{c.number}\n{g}\nlocal "v{c.number}\nmake "v{c.number} 9\n{g}\nend',
                f"{f} 4", f'show namep "v{c.number}']
    if kind == 3:
        return [f'to {f} :n\nif :n < 1 [stop]\ntype :n\n{f} :n - 1\nprint "\nend',
                f"{f} {c.choice(['3', '0', '1'])}"]
    if kind == 4:
        return [f'to {f} :l\nif emptyp :l [output []]\noutput fput (first :l) * 2 {f} bf :l'
                '\nend', f"show {f} {c.choice(NUM_LISTS)}"]
    return [f'to {f}\nlocalmake "q{c.number} 3\noutput :q{c.number} + 1\nend',
            f"show {f}", f'show namep "q{c.number}']


def control(c: Ctx) -> list[str]:
    """repeat, if, ifelse, test, while, until, do.while, for, case, cond, run, ignore."""
    v = c.name("v")
    forms = [
        f"repeat {c.choice(['3', '0', '2.5', '-1', '1'])} [type repcount type \"| |] print []",
        "repeat 2 [repeat 2 [type (list repcount #) ]] print []",
        f"show ifelse {c.v.bool()} [1] [2]", f"if {c.v.bool()} [print \"yes]",
        f"(if {c.v.bool()} [print \"yes] [print \"no])",
        f"show if {c.v.bool()} [3]",
        f"test {c.v.bool()} iftrue [print \"t] iffalse [print \"f]",
        f"test {c.v.bool()} ift [print \"t] iff [print \"f]",
        f'make "{v} 0 while [:{v} < 3] [make "{v} :{v} + 1 type :{v}] print []',
        f'make "{v} 5 until [:{v} < 3] [make "{v} :{v} - 1] show :{v}',
        f'make "{v} 0 do.while [make "{v} :{v} + 1] [:{v} < 0] show :{v}',
        f'make "{v} 0 do.until [make "{v} :{v} + 1] [:{v} > 2] show :{v}',
        f'for [{v} {c.choice(["1 5", "5 1", "1 2 0.5", "0 1 0.3", "1 10 3", "3 3", "1 0 1"])}] '
        f'[type :{v} type "| |] print []',
        f'for [{v} 1 3] [for [w{c.number} 1 :{v}] [type :w{c.number}]] print []',
        "show case " + c.choice(["3", '"b', "[x]", "7"])
        + ' [[[1 2 3] "small] [[a b] "letter] [else "other]]',
        f"show cond [[[1 > 2] \"a] [[{c.v.bool()}] \"b] [else \"c]]",
        "run [print sum 2 3]", "show runresult [sum 1 2]", "show runresult []",
        f"show runresult [make \"{v} 1]", "ignore sum 1 2 print \"ok",
        "run " + c.choice(['"print', "[show [a b]]", '"|show 5|', "[]"]),
        "show run [output 3]", "print ifelse 1 < 2 [\"yes] [\"no]",
        "show repcount", "if \"yes [print 1]", "ifelse [] [print 1] [print 2]",
        "repeat 3 [if repcount = 2 [print \"two]]",
    ]
    return [c.choice(forms) for _ in range(3)]


def goto_stop(c: Ctx) -> list[str]:
    """stop, output, tag/goto, forever and .maybeoutput inside procedures."""
    f = c.name("s")
    bodies = [
        "repeat 5 [if repcount = 3 [stop] type repcount]",
        'make "N 0\nforever [make "N :N + 1 if :N > 3 [output :N]]',
        'tag "top\nmake "K :K + 1\nif :K < 3 [goto "top]\noutput :K',
        "repeat 3 [if repcount = 2 [output repcount]]",
        "foreach [a b c] [if ? = \"b [stop] type ?]",
        "output runresult [sum 2 3]",
        ".maybeoutput first [7 8]",
        "if 1 = 1 [output \"y] output \"n",
        "catch \"x [repeat 3 [if repcount = 2 [throw \"x] type repcount]] output \"done",
        "output 1 print \"never",
        "while [true] [stop]",
        "for [i 1 10] [if :i > 2 [output :i]]",
    ]
    body = c.choice(bodies)
    pre = 'make "K 0\n' if "goto" in body else ""
    body = (pre + body).replace("N", f"n{c.number}").replace("K", f"k{c.number}")
    return [f"to {f}\n{body}\nend", f"show runresult [{f}]", f"{f}",
            f"print {f}"]


def arrays(c: Ctx) -> list[str]:
    """Arrays with origins, setitem, mdarray, mditem, listtoarray."""
    a = c.name("a")
    make = c.choice(["(array 3)", "(array 3 0)", "{1 2 3}", "{a b c}@0",
                     "(listtoarray [x y z] 5)", "(mdarray [2 3])", "(mdarray [2 2] 0)",
                     "(array 0)", "{{1 2} {3 4}}"])
    ops = [f"show :{a}", f"show item {c.v.small()} :{a}", f"setitem {c.v.small()} :{a} \"q "
           f"show :{a}", f"show count :{a}", f"show arraytolist :{a}", f"show arrayp :{a}",
           f"show mditem [{c.v.small()} {c.v.small()}] :{a}",
           f"mdsetitem [1 1] :{a} 9 show :{a}", f".setitem 1 :{a} \"z show :{a}",
           f"show first :{a}", f"show bf :{a}", f"show equalp :{a} :{a}",
           f"show memberp 2 :{a}", f"show :{a} = {make}", f"print :{a}",
           f"setitem 1 :{a} :{a}", f"show emptyp :{a}", f"show list :{a} :{a}",
           f"show (listtoarray [1 2] {c.choice(['0', '1', '5'])})", f"show array {c.v.maybe_odd('small')}",
           f"show (array {c.v.small()} {c.choice(['0', '5', '1', '100'])})", f"show mdarray [{c.v.small()} 2]",
           f"show (mdarray [2 2] {c.choice(['0', '1', '3'])})", f"show last :{a}", f"show reverse :{a}"]
    return [f'make "{a} {make}', *c.rng.sample(ops, 4)]


def plists(c: Ctx) -> list[str]:
    """Property lists: pprop, gprop, remprop, plist."""
    p = c.name("pl")
    out = [f'pprop "{p} "{c.choice(["color", "size", "a"])} {c.v.any()}',
           f'pprop "{p} "n {c.v.num()}']
    ops = [f'show gprop "{p} "n', f'show gprop "{p} "missing', f'show plist "{p}',
           f'remprop "{p} "n show plist "{p}', f'show gprop "{p} "color',
           f'pprop "{p} "n 2 show gprop "{p} "n', f'show plist "nosuch{c.number}',
           f'remprop "{p} "zz show gprop "{p} "zz', f'show gprop "{p} "N',
           f'pprop "{p} 5 "five show gprop "{p} 5']
    return out + c.rng.sample(ops, 3)


def catch_throw(c: Ctx) -> list[str]:
    """catch and throw with values, nesting, errors inside procedures, user errors."""
    f = c.name("e")
    t = f"tag{c.number}"
    forms = [
        f'show catch "{t} [throw "{t} {c.v.any()}]',
        f'show catch "{t} [catch "other [throw "{t} 5] 6]',
        f'catch "{t} [print 1 throw "{t} print 2] print 3',
        f'show catch "{t} [sum 1 2]',
        '(throw "error [my message])',
        f'(throw "error {c.v.any()})',
        'throw "error',
        'show catch "error [sum 1 "x]',
        'catch "error [item 5 [a b]] show error',
        f'catch "{t} [throw "{t}] print "after',
        f'show catch "{t} [(throw "{t} [a b])]',
        f'show catch "{t} []',
        f'{f} 3',
        f'show {f} 0',
        f'catch "error [{f} "x] show error',
        'show catch "error [ignore 1 / 0]',
        'catch "error [print first []] show error catch "error [print 1] show error',
    ]
    body = c.choice(["output 10 / :n", "output sum :n \"q", "print first :n",
                     "output item :n [a b]", "output thing \"nosuch.var", "foo.undefined :n",
                     "(throw \"error (list \"bad :n))", "output :n + [1]"])
    out = [f"to {f} :n\n{body}\nend"]
    return out + [c.choice(forms) for _ in range(3)]


def variables(c: Ctx) -> list[str]:
    """make, name, thing, namep, local, global, ern."""
    v = c.name("v")
    forms = [
        f'make "{v} {c.v.any()} show :{v}', f'name {c.v.any()} "{v} show thing "{v}',
        f'show namep "{v}', f'show name? "{v}', f'make "{v} 1 ern "{v} show namep "{v}',
        f"show :{v}", f'show thing "{v}', f'make "{v} "{v} show thing thing "{v}',
        f'global "{v} show namep "{v}', f'make "{v} 3 make "{v} :{v} * :{v} show :{v}',
        f'make "{v} [] show emptyp :{v}', f'make "{v}.x 1 show :{v}.x',
        f'make "|{v} y| 2 show thing "|{v} y|', f'make "{v.upper()} 5 show :{v}',
        f'localmake "{v} 3', f'local "{v}',
    ]
    return [c.choice(forms) for _ in range(3)]


def stacks(c: Ctx) -> list[str]:
    """push, pop, queue, dequeue, .setfirst, .setbf on item variables."""
    s = c.name("st")
    out = [f'make "{s} {c.choice(["[]", "[a b]", "[1]"])}']
    ops = [f'push "{s} {c.v.any()} show :{s}', f'queue "{s} {c.v.any()} show :{s}',
           f'show pop "{s} show :{s}', f'show dequeue "{s} show :{s}',
           f'push "{s} 1 push "{s} 2 show pop "{s}', f'queue "{s} 1 queue "{s} 2 show :{s}',
           f'.setfirst :{s} "z show :{s}', f'make "{s} [1 2 3] .setbf :{s} [9] show :{s}',
           f'show pop "{s}.none']
    return out + c.rng.sample(ops, 3)


def multiline(c: Ctx) -> list[str]:
    """Lists and parentheses open across lines, in definitions and instructions."""
    f = c.name("m")
    forms = [
        "show (sum 1\n2\n3)",
        "show [a b\nc [d\ne]]",
        "print (list \"a\n\"b)",
        "repeat 2 [\ntype repcount\n]\nprint []",
        "show map [? * 2\n] [1 2\n3]",
        "if 1 < 2 [\nprint \"yes\n] ",
        "(print 1\n2 [3\n4])",
        "show se [a\n] [\n]",
    ]
    defs = [f"to {f} :x\nif :x > 0 [\nprint :x\n{f} :x - 1\n]\nend",
            f"to {f} :x\noutput (sum :x\n1\n2)\nend",
            f"to {f} :x\nshow [a\nb :x\n]\nend"]
    return [c.choice(defs), f"{c.choice(['show', 'ignore', ''])} {f} 2".strip(),
            c.choice(forms), c.choice(forms)]


def defining(c: Ctx) -> list[str]:
    """define, text, copydef, .defmacro, erase, procedurep and friends."""
    f, g = c.name("d"), c.name("c")
    text = c.choice(["[[x] [output :x * 2]]", "[[] [print \"hi]]", "[[x [y 3]] [output :x + :y]]",
                     "[[] []]", "[[x] [print :x] [output :x]]", "[[x] output :x]", "[]"])
    forms = [f'show text "{f}', f'show {f} 5', f'{f}', f'show fulltext "{f}',
             f'copydef "{g} "{f} show text "{g}', f'erase "{f} show procedurep "{f}',
             f'er "{f} show procedurep "{f}',
             'show primitivep "sum', 'show procedurep "map', f'show definedp "{f}',
             f'define "{f} [[a] [output :a]] show {f} 1', f'show primitivep "{f}',
             f'copydef "{g} "sum show {g} 1 2', f'.defmacro "{g} [[x] [output (list "print :x)]] '
             f'{g} 5', f'show macrop "{g}', 'define "sum [[] []]',
             f'show procedurep "nosuch{c.number}', 'show text "sum']
    return [f'define "{f} {text}', *c.rng.sample(forms, 3)]


def gensyms(c: Ctx) -> list[str]:
    """gensym and deterministic uses of random and pick."""
    return c.rng.sample(["show wordp gensym", "show (random 5 5)", "show random 1",
                         "show pick [x]", "show pick \"a", "show count gensym",
                         "show (random 3 3)", "show random 0"], 3)


ERROR_BODIES = [
    "output 1+:x", "output (sum :x \"a)", "make \"y [a b] output :y + 1",
    "if :x > 0 [output first []]", "output item 5 [a b]", "output  :x  *  [2]",
    "output first bf bf \"a", "localmake \"z :x\noutput :z / 0",
    "output sum :x ~\n\"q", "print (word :x [y])", "output thing \"no.such.name",
    "output 3 ; a comment\noutput :x - \"|a b|", "repeat 2 [output :x + {1}]",
    "output runresult [first []]", "foreach [1 2] [output ? + \"w]",
]


def proc_errors(c: Ctx) -> list[str]:
    """Errors inside procedures: the error list names the procedure and shows its line."""
    f, g = c.name("pe"), c.name("pg")
    body = c.choice(ERROR_BODIES)
    out = [f"to {f} :x\n{body}\nend", f"to {g} :x\noutput {f} :x\nend"]
    calls = [f"show {f} 3", f"show {g} 3", f"print {f} -1", f"{f} 2",
             f"show runresult [{f} 1]", f"show map \"{f} [1 2]"]
    return out + c.rng.sample(calls, 2)


NUMBER_WORDS = ["3.14", "1e20", "100", "-5", "0.5", "1.50", "007", "12321", "1e-5", "3.0"]


def numbers_as_words(c: Ctx) -> list[str]:
    """Word primitives on numbers and arithmetic on words: first 3.14, count 1e20 ..."""
    n = c.choice(NUMBER_WORDS)
    forms = [f"show first {n}", f"show bf {n}", f"show count {n}", f"show last {n}",
             f"show item 2 {n}", f"show reverse {n}", f"show member 2 {n}",
             f"show word {n} 1", f"show word {n} {n} + 1", f"show {n} = \"{n}",
             f"show memberp \". {n}", f"show butlast {n}", f"show lput 9 {n}",
             f"show fput 9 {n}", f"show (word {n}) + 1", f"show emptyp bf bf {n}",
             f"show {n} + \"{n}", f"show \"{n} < \"2", f"show equalp {n} \"{n}",
             f"show uppercase {n}", f"show ascii first {n}", f"show substringp 0 {n}"]
    return c.rng.sample(forms, 3)


MAKERS = {
    "templates": (templates, 14), "procedures": (procedures, 10), "recursion": (recursion, 5),
    "control": (control, 10), "goto_stop": (goto_stop, 4), "arrays": (arrays, 6),
    "plists": (plists, 3), "catch_throw": (catch_throw, 6), "variables": (variables, 4),
    "stacks": (stacks, 3), "multiline": (multiline, 4), "defining": (defining, 4),
    "gensyms": (gensyms, 1), "proc_errors": (proc_errors, 5),
    "numbers_as_words": (numbers_as_words, 4),
}

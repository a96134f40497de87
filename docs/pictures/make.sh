#!/bin/sh
# Remakes the README's pictures of the window (python -m logo.ui.screenshot, SDL's dummy
# driver: no display needed).  Run from the repository root: sh docs/pictures/make.sh
set -e
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
shot="python3 -m logo.ui.screenshot"
root=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# a learner's fresh folders: no recent files of this machine's own in the pictures
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_CACHE_HOME="$tmp/cache"
export HOME="$tmp"
cat > "$tmp/flower.lgo" <<'LOGO'
; a flower of petals, each petal two arcs
to flower :n
  repeat :n [petal rt 360 / :n]
  print [a flower of] print :n
end

to petal
  repeat 2 [arcs 60 rt 120]
  make "label "petal
  flowr 3
end

to arcs :r
  repeat 12 [fd :r / 10 rt 5]   ; a twelfth of the way round
end
LOGO
$shot docs/window-tree.png microworlds/tree/tree.lgo
# the Koch figure's colour is random (0POS): a seed whose colour shows well
$shot docs/window-lesson.png microworlds/fractree/fractree.lgo -e "reset (rerandom 8) kokh"
$shot docs/pictures/window-editor.png "$tmp/flower.lgo" --toolbar flip -e "flower 5"
$shot docs/pictures/window-unsaved.png microworlds/tree/tree.lgo --size 800x600 \
    -e "to leaf fd 1 end" --toolbar new
$shot docs/pictures/window-lessons.png --toolbar lessons
for name in tree triangles trail stars; do printf 'to %s\nend\n' "$name" > "$tmp/$name.lgo"; done
(cd "$tmp" && $shot "$root/docs/pictures/window-open.png" --toolbar open --type tr)
$shot docs/pictures/window-stepping.png --settle 3 -e "to spiral :side :angle" \
    -e "if :side > 60 [stop]" -e "fd :side rt :angle" -e "spiral :side + 4 :angle" \
    -e "end" -e 'trace "spiral' -e 'step "spiral' -e "spiral 10 90" --key f10
$shot docs/pictures/window-russian.png microworlds/tree/tree.lgo --lang ru \
    -e "это квадрат :сторона повтори 4 [вперед :сторона направо 90] конец" \
    -e "подними_перо домой опусти_перо нц 15 квадрат 150" -e "вперед"

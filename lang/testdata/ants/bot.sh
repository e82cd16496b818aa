# Ants & Crystals, as a CodinGame player writes it in Bash: read, echo.
read -r n
target=-1
for (( i=0; i<n; i++ )); do
    read -r kind resources neighbours
    if [ "$kind" = 2 ] && [ "$target" -lt 0 ]; then target=$i; fi
done
read -r bases
read -r -a mine
read -r theirs
while read -r myScore oppScore; do
    for (( i=0; i<n; i++ )); do read -r cell; done
    if [ "$target" -ge 0 ]; then echo "LINE ${mine[0]} $target 1"; else echo "WAIT"; fi
done

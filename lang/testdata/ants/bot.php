<?php
// Ants & Crystals, as a CodinGame player writes it in PHP: fscanf(STDIN),
// echo.
fscanf(STDIN, "%d", $n);
$target = -1;
for ($i = 0; $i < $n; $i++) {
    fscanf(STDIN, "%d %d", $type, $resources);
    if ($type == 2 && $target < 0) $target = $i;
}
fscanf(STDIN, "%d", $bases);
$myBase = intval(explode(" ", trim(fgets(STDIN)))[0]);
fgets(STDIN);
while (fscanf(STDIN, "%d %d", $myScore, $oppScore) == 2) {
    for ($i = 0; $i < $n; $i++) fgets(STDIN);
    echo($target >= 0 ? "LINE $myBase $target 1\n" : "WAIT\n");
}

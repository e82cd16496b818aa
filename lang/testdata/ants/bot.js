/**
 * Ants & Crystals, as a CodinGame player writes it in JavaScript: the
 * global readline() and console.log.
 **/
const n = parseInt(readline());
let target = -1;
for (let i = 0; i < n; i++) {
    const inputs = readline().split(' ');
    if (parseInt(inputs[0]) === 2 && target < 0) target = i;
}
readline();
const myBase = parseInt(readline().split(' ')[0]);
readline();
while (true) {
    readline();
    for (let i = 0; i < n; i++) readline();
    console.log(target >= 0 ? `LINE ${myBase} ${target} 1` : 'WAIT');
}

/**
 * Ants & Crystals, as a CodinGame player writes it in TypeScript: the
 * global readline() and console.log, no imports.
 **/
const n: number = parseInt(readline());
let target: number = -1;
for (let i = 0; i < n; i++) {
    const inputs: string[] = readline().split(' ');
    if (parseInt(inputs[0]) === 2 && target < 0) target = i;
}
readline();
const myBase: number = parseInt(readline().split(' ')[0]);
readline();
while (true) {
    readline();
    for (let i = 0; i < n; i++) readline();
    console.log(target >= 0 ? `LINE ${myBase} ${target} 1` : 'WAIT');
}

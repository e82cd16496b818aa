// A bot written exactly as for CodinGame: it calls the global readline()
// and answers with print() or console.log(), never touching process.stdin.
const numberOfCells = parseInt(readline());
const types = [];
const neighbours = [];
for (let i = 0; i < numberOfCells; i++) {
    const inputs = readline().split(' ').map(Number);
    types.push(inputs[0]);
    neighbours.push(inputs.slice(2).filter(n => n >= 0));
}
const numberOfBases = parseInt(readline());
const myBases = readline().split(' ').map(Number);
const oppBases = readline().split(' ').map(Number);

function distancesFrom(src) {
    const d = new Array(numberOfCells).fill(-1);
    d[src] = 0;
    const queue = [src];
    for (let k = 0; k < queue.length; k++) {
        for (const m of neighbours[queue[k]]) {
            if (d[m] < 0) { d[m] = d[queue[k]] + 1; queue.push(m); }
        }
    }
    return d;
}
const dist = distancesFrom(myBases[0]);

let turn = 0;
// game loop
while (true) {
    turn++;
    const scores = readline().split(' ');
    const myScore = parseInt(scores[0]);
    const oppScore = parseInt(scores[1]);
    const resources = [];
    for (let i = 0; i < numberOfCells; i++) {
        const inputs = readline().split(' ');
        resources.push(parseInt(inputs[0]));
    }
    let target = -1;
    for (let c = 0; c < numberOfCells; c++) {
        if (types[c] === 2 && resources[c] > 0 && (target < 0 || dist[c] < dist[target])) target = c;
    }
    const action = target < 0 ? 'WAIT' : `LINE ${myBases[0]} ${target} 1;MESSAGE js ${myScore}-${oppScore}`;
    if (turn % 2 === 0) {
        print(action);
    } else {
        console.log(action);
    }
}

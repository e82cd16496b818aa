// Ants & Crystals, as a CodinGame player writes it in Groovy: a Scanner
// on System.in, println.
input = new Scanner(System.in)
n = input.nextInt()
target = -1
for (i = 0; i < n; ++i) {
    kind = input.nextInt()
    7.times { input.nextInt() }
    if (kind == 2 && target < 0) target = i
}
bases = input.nextInt()
myBase = input.nextInt()
(2 * bases - 1).times { input.nextInt() }
while (input.hasNextInt()) {
    input.nextInt(); input.nextInt()
    (3 * n).times { input.nextInt() }
    println(target >= 0 ? "LINE $myBase $target 1" : "WAIT")
    System.out.flush()
}

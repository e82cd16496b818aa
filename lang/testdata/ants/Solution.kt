import java.util.*
import java.io.*
import java.math.*

/**
 * Ants & Crystals, as a CodinGame player writes it in Kotlin: a top-level
 * main, a Scanner, println.
 **/
fun main(args : Array<String>) {
    val input = Scanner(System.`in`)
    val n = input.nextInt()
    var target = -1
    for (i in 0 until n) {
        val type = input.nextInt()
        repeat(7) { input.nextInt() }
        if (type == 2 && target < 0) target = i
    }
    val bases = input.nextInt()
    val myBase = input.nextInt()
    repeat(2 * bases - 1) { input.nextInt() }
    while (input.hasNextInt()) {
        input.nextInt(); input.nextInt()
        repeat(3 * n) { input.nextInt() }
        println(if (target >= 0) "LINE $myBase $target 1" else "WAIT")
    }
}

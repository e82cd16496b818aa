import math._
import scala.util._
import scala.io.StdIn._

/**
 * Ants & Crystals, as a CodinGame player writes it in Scala: object Player
 * extends App, readLine, println.
 **/
object Player extends App {
    val n = readLine.toInt
    var target = -1
    for (i <- 0 until n) {
        val kind = readLine.split(" ")(0).toInt
        if (kind == 2 && target < 0) target = i
    }
    readLine
    val myBase = readLine.split(" ")(0).toInt
    readLine
    var scores = readLine
    while (scores != null) {
        for (i <- 0 until n) readLine
        println(if (target >= 0) s"LINE $myBase $target 1" else "WAIT")
        scores = readLine
    }
}

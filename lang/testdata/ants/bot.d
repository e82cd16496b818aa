import std.stdio;
import std.string;
import std.conv;
import std.array;

// Ants & Crystals, as a CodinGame player writes it in D: readln, writeln.
void main()
{
    int n = readln.chomp.to!int;
    int target = -1;
    foreach (i; 0 .. n) {
        auto inputs = readln.split;
        if (inputs[0].to!int == 2 && target < 0) target = i;
    }
    readln;
    auto myBase = readln.split[0].to!int;
    readln;
    while (true) {
        auto scores = readln;
        if (scores is null) return;
        foreach (i; 0 .. n) readln;
        if (target >= 0) writefln("LINE %d %d 1", myBase, target); else writeln("WAIT");
        stdout.flush();
    }
}

using System;
using System.Linq;
using System.Collections.Generic;

/**
 * Ants & Crystals, as a CodinGame player writes it in C#: class Player,
 * Console.ReadLine, Console.WriteLine.
 **/
class Player
{
    static void Main(string[] args)
    {
        int n = int.Parse(Console.ReadLine());
        int target = -1;
        for (int i = 0; i < n; i++)
        {
            string[] inputs = Console.ReadLine().Split(' ');
            if (int.Parse(inputs[0]) == 2 && target < 0) target = i;
        }
        Console.ReadLine();
        int myBase = Console.ReadLine().Split(' ').Select(int.Parse).First();
        Console.ReadLine();
        while (true)
        {
            Console.ReadLine(); // scores
            for (int i = 0; i < n; i++) Console.ReadLine();
            Console.WriteLine(target >= 0 ? $"LINE {myBase} {target} 1" : "WAIT");
        }
    }
}

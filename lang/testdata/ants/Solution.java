import java.util.*;
import java.io.*;
import java.math.*;

/**
 * Ants & Crystals, as a CodinGame player writes it in Java: class Player
 * in a file of another name, a Scanner, System.out.println.
 **/
class Player {

    public static void main(String args[]) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        int target = -1;
        for (int i = 0; i < n; i++) {
            int type = in.nextInt();
            for (int j = 0; j < 7; j++) in.nextInt();
            if (type == 2 && target < 0) target = i;
        }
        int bases = in.nextInt();
        int myBase = in.nextInt();
        for (int i = 1; i < 2 * bases; i++) in.nextInt();
        while (in.hasNextInt()) {
            in.nextInt(); in.nextInt();
            for (int i = 0; i < 3 * n; i++) in.nextInt();
            System.out.println(target >= 0 ? "LINE " + myBase + " " + target + " 1" : "WAIT");
        }
    }
}

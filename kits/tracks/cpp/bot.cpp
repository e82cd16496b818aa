// Back Track King (tracks) starter bot for Arena, C++17.
//
// Build and run it:
//   g++ -O2 -std=c++17 -o bot kits/tracks/cpp/bot.cpp
//   arena play tracks --bot ./bot --bot builtin:boss3
//
// Protocol (docs/games/tracks.md): on the first turn the init block comes
// first, then every turn the turn block. Answer ONE line per turn within
// 50 ms (1000 ms on the first turn). Print debug output to stderr only.
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace std;

struct Town {
    int x, y;
    vector<int> desired;  // ids of the towns this town wants to be connected to
};

int main() {
    ios::sync_with_stdio(false);
    // --- init block ---
    int myId, width, height;
    if (!(cin >> myId >> width >> height)) return 0;
    int cells = width * height;
    vector<int> regionOf(cells), terrain(cells);  // terrain: 0 plains, 1 river, 2 mountain, 3 POI
    for (int i = 0; i < cells; i++) cin >> regionOf[i] >> terrain[i];
    int townCount;
    cin >> townCount;
    vector<Town> towns(townCount);
    for (int i = 0; i < townCount; i++) {
        int id;
        string desired;
        cin >> id >> towns[i].x >> towns[i].y >> desired;
        if (desired != "x") {
            stringstream ss(desired);
            string part;
            while (getline(ss, part, ',')) towns[i].desired.push_back(stoi(part));
        }
    }

    // --- game loop ---
    vector<int> trackOwner(cells), instability(cells), inked(cells);
    vector<string> connections(cells);  // "0-1,2-3" or "x"
    while (true) {
        int myScore, foeScore;
        if (!(cin >> myScore >> foeScore)) return 0;  // the game is over
        for (int i = 0; i < cells; i++) cin >> trackOwner[i] >> instability[i] >> inked[i] >> connections[i];

        // A desired connection T-U is active when T's cell lists "T-U";
        // pick the nearest one that is not.
        int bestT = -1, bestU = -1, bestDist = 1 << 30;
        for (int t = 0; t < townCount; t++) {
            string list = "," + connections[towns[t].y * width + towns[t].x] + ",";
            for (int u : towns[t].desired) {
                if (list.find("," + to_string(t) + "-" + to_string(u) + ",") != string::npos) continue;
                int d = abs(towns[t].x - towns[u].x) + abs(towns[t].y - towns[u].y);
                if (d < bestDist) bestDist = d, bestT = t, bestU = u;
            }
        }
        // Actions: AUTOPLACE fromX fromY toX toY, PLACE_TRACKS x y,
        // DISRUPT regionId (or DISRUPT x y), MESSAGE text, WAIT; join with ";".
        if (bestT >= 0) {
            cout << "AUTOPLACE " << towns[bestT].x << " " << towns[bestT].y << " " << towns[bestU].x << " "
                 << towns[bestU].y << endl;
        } else {
            cout << "WAIT" << endl;
        }
    }
}

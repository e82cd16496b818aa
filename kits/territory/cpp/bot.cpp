// Territory starter bot in C++: start here. Write your strategy in
// Bot::play; territory.hpp reads the turn JSON and writes the moves.
//
// The strategy is deliberately simple (the Python kit's, move for move):
// walk a square loop out of the body and come back before MovementLeft
// runs out; never step on a wall, a bomb or our own neck.
//
// Build: g++ -O2 -std=c++17 -o bot bot.cpp
// Run:   arena play territory --bot ./bot --bot builtin:greedy --bot builtin:random --bot builtin:hunter
// Debug with std::cerr: stderr is kept in the replay.
#include <algorithm>

#include "territory.hpp"

using namespace territory;

struct Bot {
    int loops = 0;
    std::deque<Move> legs;  // the moves left in the current loop

    // A loop from the head: straight out of the body, across, and back.
    // Its side grows with MaxMovement.
    std::deque<Move> plan(const Board& b) {
        int side = std::max(2, b.maxMovement / 4);
        int bestInside = -1;
        Move d = NONE;
        for (int k = 0; k < 4; k++) {
            Move m = MOVES[(loops + k) % 4];
            Tile t = b.head;
            int inside = 0;
            for (;;) {  // walk through our body to its edge
                t = step(t, m);
                if (!b.body.count(t)) break;
                inside++;
            }
            if (!b.avoid(t) && (bestInside < 0 || inside < bestInside)) bestInside = inside, d = m;
        }
        if (bestInside < 0) return {};
        loops++;
        Move across = loops % 2 ? turnRight(d) : turnRight(turnRight(turnRight(d)));
        Move back = turnRight(turnRight(d));
        std::deque<Move> out;
        out.insert(out.end(), bestInside + side, d);
        out.insert(out.end(), side, across);
        out.insert(out.end(), side + bestInside, back);
        return out;
    }

    Move play(const Board& b) {
        auto dist = b.distanceHome();
        if (b.atHome() && legs.empty()) legs = plan(b);
        if (!legs.empty()) {
            Move m = legs.front();
            Tile t = step(b.head, m);
            if (b.safe(t, dist) && !b.avoid(t)) {
                legs.pop_front();
                if (!b.atHome() && b.body.count(t)) legs.clear();  // back home: the loop is closed
                return m;
            }
            legs.clear();
        }
        // Head home by the shortest way, or anywhere safe.
        Move best = NONE;
        int bestD = 0;
        for (Move m : MOVES) {
            Tile t = step(b.head, m);
            if (!b.safe(t, dist)) continue;
            int d = b.body.count(t) ? 0 : (dist.count(t) ? dist.at(t) : 99);
            if (best == NONE || d < bestD) best = m, bestD = d;
        }
        return best;
    }
};

int main() {
    Bot bot;
    return run(bot);
}

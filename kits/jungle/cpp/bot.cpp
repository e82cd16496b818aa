// Jungle Blitz starter bot in C++: start here. Write your strategy in
// nextMove(); jungle.hpp reads the TICKs and writes the COMMANDs (over
// WebSocket, as the 2022 kits; over stdin/stdout with --stdio).
//
// This bot spawns its units on the spawn tiles nearest to the free
// diamonds and sends each unit to the nearest free diamond no other of its
// units is after. A carrier SUMMONs its diamond up to the highest level
// while no enemy is near, and drops it to score its points when an enemy
// comes within 2 tiles or the game is about to end (then picks it up
// again). Ideas: ATTACK and VINE enemy carriers, flee from enemies, keep
// units off the enemies' paths.
//
// Build: g++ -O2 -std=c++17 -o bot bot.cpp -pthread
// Run:   arena play jungle --bot ./bot --bot builtin:greedy
//        (or start `arena host jungle`, then ./bot)
// Debug with std::cerr: stderr is kept in the replay.
#include "jungle.hpp"

using namespace jungle;

// How near (in tiles) an enemy makes a carrier drop its diamond.
const int DANGER = 2;

// The free diamond nearest to from, among those not taken.
std::optional<Position> nearest(const std::vector<Position>& free, Position from, const std::set<Position>& taken) {
    std::optional<Position> best;
    for (Position p : free)
        if (!taken.count(p) && (!best || distance(from, p) < distance(from, *best))) best = p;
    return best;
}

std::vector<Action> nextMove(const GameMessage& msg) {
    std::vector<Action> actions;
    const Team* team = msg.myTeam();
    if (!team) return actions;
    auto occupied = msg.occupied();
    std::vector<Position> free;  // diamonds lying on the ground
    for (const Diamond& d : msg.diamonds)
        if (d.ownerId.empty()) free.push_back(d.position);
    std::set<Position> onGround(free.begin(), free.end()), targeted, spawned;
    for (const Unit& u : team->units) {
        if (!u.position && !u.hasSpawned) {
            // The free spawn tile nearest to a free diamond.
            std::optional<Position> best;
            int bestD = 0;
            for (Position s : msg.tilesOf("SPAWN")) {
                if (occupied.count(s) || spawned.count(s)) continue;
                auto p = nearest(free, s, {});
                int d = p ? distance(s, *p) : 1 << 30;
                if (!best || d < bestD) best = s, bestD = d;
            }
            if (best) {
                spawned.insert(*best);
                actions.push_back(spawn(u.id, *best));
            }
        } else if (!u.position || u.isSummoning) {
            // Dead, or locked while it summons: nothing to do.
        } else if (u.hasDiamond) {
            const Diamond* d = msg.diamond(u.diamondId);
            if (!d) continue;
            Position here = *u.position;
            bool threatened = false;
            for (const Unit& e : msg.enemies()) threatened = threatened || distance(*e.position, here) <= DANGER;
            if (threatened || msg.tick >= msg.totalTick - 3) {
                for (Position p : here.neighbours())
                    if (msg.tileAt(p) == "EMPTY" && !occupied.count(p) && !onGround.count(p)) {
                        actions.push_back(drop(u.id, p));
                        break;
                    }
            } else if (d->summonLevel < msg.maximumDiamondSummonLevel &&
                       msg.tick + d->summonLevel + 1 < msg.totalTick - 3) {
                actions.push_back(summon(u.id));
            }
        } else if (auto p = nearest(free, *u.position, targeted)) {
            targeted.insert(*p);
            actions.push_back(move(u.id, *p));
        }
    }
    return actions;
}

int main(int argc, char** argv) { return run(nextMove, argc, argv); }

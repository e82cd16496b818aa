/* think: an ants bot that thinks for a set share of its time limit every
 * turn, then plays a plain strategy: a LINE of beacons from its first base
 * to the K-th nearest cell that still holds resources (K = its rank
 * argument, so that two copies play differently). The thinking is CPU
 * time (a busy loop on the process's CPU clock), so that a busy machine
 * makes it take longer, not shorter.
 *
 *   think LIMIT_MS LO HI K
 *
 * On turn t it burns LIMIT_MS * p / 100 ms of CPU, p going from LO to HI
 * and back as the turns go (LO = HI: always the same share). Input: ants
 * with scores_in_input=false. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_ms(void) {
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void burn(double ms) {
	double end = cpu_ms() + ms;
	volatile unsigned long x = 0;
	while (cpu_ms() < end)
		for (int i = 0; i < 10000; i++)
			x += i;
}

int main(int argc, char **argv) {
	if (argc < 5)
		return 2;
	int limit = atoi(argv[1]), lo = atoi(argv[2]), hi = atoi(argv[3]), k = atoi(argv[4]);
	int cells;
	if (scanf("%d", &cells) != 1)
		return 1;
	int *neigh = malloc(sizeof(int) * 6 * cells), *res = malloc(sizeof(int) * cells);
	int *dist = malloc(sizeof(int) * cells), *queue = malloc(sizeof(int) * cells);
	for (int i = 0; i < cells; i++) {
		int type, r;
		if (scanf("%d %d", &type, &r) != 2)
			return 1;
		for (int d = 0; d < 6; d++)
			if (scanf("%d", &neigh[6 * i + d]) != 1)
				return 1;
	}
	int bases, base = -1, b;
	if (scanf("%d", &bases) != 1)
		return 1;
	for (int i = 0; i < 2 * bases; i++) {
		if (scanf("%d", &b) != 1)
			return 1;
		if (i == 0)
			base = b;
	}
	/* Distances from the base, breadth first. */
	for (int i = 0; i < cells; i++)
		dist[i] = -1;
	int head = 0, tail = 0;
	dist[base] = 0;
	queue[tail++] = base;
	while (head < tail) {
		int c = queue[head++];
		for (int d = 0; d < 6; d++) {
			int n = neigh[6 * c + d];
			if (n >= 0 && dist[n] < 0) {
				dist[n] = dist[c] + 1;
				queue[tail++] = n;
			}
		}
	}
	int span = hi - lo;
	for (int turn = 1;; turn++) {
		for (int i = 0; i < cells; i++) {
			int mine, theirs;
			if (scanf("%d %d %d", &res[i], &mine, &theirs) != 3)
				return 0;
		}
		int p = lo;
		if (span > 0) {
			int step = turn % (2 * span);
			p = lo + (step <= span ? step : 2 * span - step);
		}
		burn(limit * p / 100.0);
		/* The K-th nearest cell with resources, in breadth-first order. */
		int target = base, seen = 0;
		for (int i = 0; i < tail; i++) {
			int c = queue[i];
			if (c != base && res[c] > 0 && seen++ == k) {
				target = c;
				break;
			}
		}
		printf("LINE %d %d 1\n", base, target);
		fflush(stdout);
	}
}

/* flood: an ants bot that answers every line of its input with WAIT, one
 * write(2) per line as a stdio bot that flushes after each puts does (a
 * platform benchmark's bot was written that way): on each turn it writes
 * as many lines as the turn's input has (the first answers the turn, the
 * rest are queued by Arena as answers to the next turns, up to its cap, and
 * dropped beyond it). It exits when its input ends. */
#include <unistd.h>

int main(void) {
	static char buf[1 << 16];
	for (;;) {
		ssize_t n = read(0, buf, sizeof buf);
		if (n <= 0)
			return 0;
		for (ssize_t i = 0; i < n; i++)
			if (buf[i] == '\n' && write(1, "WAIT\n", 5) != 5)
				return 1;
	}
}

/* instant: an ants bot that answers WAIT as soon as a turn's input is in,
 * reading with read(2) and writing with write(2) (no stdio buffering), and
 * exits when its input ends; with the argument "linger" it stays until it
 * is killed instead, as many C and C++ bots do; with "chatty" it writes a
 * line on stderr before each answer, as many bots do. Turn input = one line per
 * cell (scores off). */
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
	int linger = argc > 1 && strcmp(argv[1], "linger") == 0;
	int chatty = argc > 1 && strcmp(argv[1], "chatty") == 0;
	static char buf[1 << 16];
	long cells = -1, need = 0, seen = 0, num = 0;
	for (;;) {
		ssize_t n = read(0, buf, sizeof buf);
		if (n <= 0) {
			while (linger)
				pause();
			return 0;
		}
		for (ssize_t i = 0; i < n; i++) {
			char c = buf[i];
			if (cells < 0) {
				if (c >= '0' && c <= '9') num = num * 10 + (c - '0');
				if (c == '\n') { cells = num; need = 1 + cells + 3 + cells; seen = 1; }
				continue;
			}
			if (c != '\n')
				continue;
			if (++seen == need) {
				if (chatty && write(2, "thinking\n", 9) != 9)
					return 1;
				if (write(1, "WAIT\n", 5) != 5)
					return 1;
				seen = 0;
				need = cells;
			}
		}
	}
}

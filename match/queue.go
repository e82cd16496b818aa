package match

import "github.com/seed27749672/arena/bot"

// lineQueue holds the lines a seat's bot wrote while no answer was
// expected, for its next prompts (see onLine), in a ring: a bot that
// floods its output keeps the queue full, and one line leaves it a turn,
// so nothing is copied or allocated a line once the ring has grown.
type lineQueue struct {
	ring    []bot.Line
	head, n int
	bytes   int // the lines' text bytes
}

// push adds l at the back, unless the queue is full (maxQueuedLines,
// maxQueuedBytes): it reports whether it did.
func (q *lineQueue) push(l bot.Line) bool {
	if q.n >= maxQueuedLines || q.bytes+len(l.Text) > maxQueuedBytes {
		return false
	}
	if q.n == len(q.ring) {
		q.grow()
	}
	q.ring[(q.head+q.n)%len(q.ring)] = l
	q.n++
	q.bytes += len(l.Text)
	return true
}

// grow doubles the ring, its lines in order from index 0.
func (q *lineQueue) grow() {
	ring := make([]bot.Line, min(max(2*len(q.ring), 16), maxQueuedLines))
	for i := range q.n {
		ring[i] = q.ring[(q.head+i)%len(q.ring)]
	}
	q.ring, q.head = ring, 0
}

// pop takes the line at the front; the queue must not be empty.
func (q *lineQueue) pop() bot.Line {
	l := q.ring[q.head]
	q.ring[q.head] = bot.Line{} // its text is not kept alive by the ring
	q.head = (q.head + 1) % len(q.ring)
	q.n--
	q.bytes -= len(l.Text)
	return l
}

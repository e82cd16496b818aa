package match

// StderrCaps bound what a replay keeps of a bot's error output: a bot
// flooding its stderr would otherwise make every replay of its matches
// megabytes long. What is cut is counted in the turn's StderrDropped, so
// that the team and the organiser see that it was.
type StderrCaps struct {
	Turn  int   // bytes kept a turn: the last ones (0: bot.DefaultStderrKeep)
	Match int64 // bytes kept a match, per bot: the earliest turns' (0: no cap)
}

// keep returns what a turn's stderr b keeps, given the bytes the bot's
// earlier turns kept (used, updated), and how many bytes it cut.
func (c StderrCaps) keep(b []byte, used *int64) ([]byte, int64) {
	var cut int64
	if c.Turn > 0 && len(b) > c.Turn {
		cut = int64(len(b) - c.Turn)
		b = b[len(b)-c.Turn:]
	}
	if c.Match > 0 {
		left := max(c.Match-*used, 0)
		if int64(len(b)) > left {
			cut += int64(len(b)) - left
			b = b[:left]
		}
	}
	*used += int64(len(b))
	return b, cut
}

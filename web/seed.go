package web

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/seed27749672/arena/replay"
)

// Seed is a match seed in the JSON API and the pages. It is written as a
// string: seeds are 64-bit and a JavaScript number holds 53 bits, so a page
// that read 2031584769121757972 as a number would show (and replay)
// 2031584769121758000. It is read from a string or a number, exactly.
type Seed int64

// MarshalJSON writes the seed as a decimal string.
func (s Seed) MarshalJSON() ([]byte, error) {
	return json.Marshal(strconv.FormatInt(int64(s), 10))
}

// UnmarshalJSON reads "123", " -5 " or 123; a fraction, an exponent or a
// value beyond 64 bits is refused rather than rounded.
func (s *Seed) UnmarshalJSON(b []byte) error {
	text := string(b)
	if strings.HasPrefix(text, `"`) {
		if err := json.Unmarshal(b, &text); err != nil {
			return err
		}
		text = strings.TrimSpace(text)
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		if len(text) > 40 {
			text = text[:40] + "…"
		}
		return fmt.Errorf("the seed must be an integer from -9223372036854775808 to 9223372036854775807 (a string or a number), not %q", text)
	}
	*s = Seed(n)
	return nil
}

// pageReplay is a replay as the pages receive it: the replay file's fields,
// with the seed as a string (Seed). Downloads keep the file's own format.
type pageReplay struct{ *replay.Replay }

// MarshalJSON writes the replay with its seed as a string.
func (p pageReplay) MarshalJSON() ([]byte, error) {
	type plain replay.Replay // the same fields, without this method
	return json.Marshal(struct {
		*plain
		Seed Seed `json:"seed"` // shadows the embedded number
	}{(*plain)(p.Replay), Seed(p.Seed)})
}

// UnmarshalJSON reads what MarshalJSON writes (and a numeric seed too).
func (p *pageReplay) UnmarshalJSON(b []byte) error {
	type plain replay.Replay
	v := struct {
		*plain
		Seed Seed `json:"seed"`
	}{plain: new(plain)}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	v.plain.Seed = int64(v.Seed)
	p.Replay = (*replay.Replay)(v.plain)
	return nil
}

package game

import "time"

// HTTPProtocol describes how the "http" transport plays a game with a bot
// that is an HTTP server and Arena its client (Ready AI Code 2020 style).
// The paths and the readiness rule are the event's, so they belong to the
// game; the transport only knows how to poll, post and time out.
type HTTPProtocol struct {
	// StatusPath is polled with GET every Poll until the bot replies 200
	// with a body equal to ReadyBody (blanks around ignored, any case), for
	// at most Within; a bot not ready by then never starts.
	StatusPath   string
	ReadyBody    string
	Poll, Within time.Duration
	// MovePath receives each prompt with POST; the reply is the answer.
	MovePath string
	// FinalPath receives the farewell with PUT; its reply is ignored.
	FinalPath string
	// ContentType is the Content-Type of every request body.
	ContentType string
	// Request turns a message of the referee (the bytes a process bot would
	// read) into a request body, and says whether it is the farewell.
	Request func(msg []byte) (body []byte, final bool)
	// Answer turns the outcome of a MovePath request (the reply's status and
	// body, or the error that prevented a reply) into the answer line the
	// referee reads, so that the referee never needs to know which
	// transport a player uses; or it says why the outcome is no answer,
	// and the referee is given that text as a Line marked Failed.
	Answer func(status int, body []byte, err error) (line string, failed error)
}

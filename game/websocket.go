package game

import "time"

// WebSocketProtocol describes how the "websocket" transport plays a game
// whose bots are WebSocket clients of Arena (Coveo Blitz style). Arena
// starts each bot with a secret token and the server's URL in its
// environment; the bot connects and registers with its first message; then
// every prompt is one text message, and every message the bot sends is one
// answer line. The registration message and the port are the event's, so
// they belong to the game; the transport only listens, matches and relays.
type WebSocketProtocol struct {
	// Port is where a match listens (on 127.0.0.1) when it is free, so that
	// bots with the event's hard-coded address connect unchanged; another
	// port is used when it is taken.
	Port int
	// TokenEnv and URLEnv name the environment variables that carry each
	// bot's token and the server's URL (ws://127.0.0.1:PORT).
	TokenEnv, URLEnv string
	// RegisterWithin is how long a connection has to register before it is
	// closed; 0 means 5 seconds.
	RegisterWithin time.Duration
	// StartWithin is how long a bot Arena started has to connect and
	// register: the game starts once every bot has registered, and a bot
	// that has not by then did not start (the others play). 0 means 10
	// seconds. The match's time scale multiplies it.
	StartWithin time.Duration
	// Register reads a connection's first message: the token it presents,
	// or, for a bot that registers by name instead, that name (the
	// connection then goes to the seat that has waited longest). ok is
	// false when the message is no registration; the connection is closed.
	Register func(msg []byte) (token, name string, ok bool)
	// Valid reports whether a message from a registered bot is well formed;
	// when it is not, the connection is closed, as the event's server did,
	// and the bot is gone. nil accepts every message.
	Valid func(msg []byte) bool
}

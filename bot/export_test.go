package bot

import "os"

// SetReadHook sets the hook the process reader calls once its pipe has
// become readable, before it reads (see readHook), and returns a function
// that removes it. For the tests of package bot_test.
func SetReadHook(f func()) (restore func()) {
	readHook.Store(&f)
	return func() { readHook.Store(nil) }
}

// SetWSReadHook sets the hook a WebSocket connection's reading goroutine
// calls before it reads each message (see wsReadHook), and returns a
// function that removes it.
func SetWSReadHook(f func()) (restore func()) {
	wsReadHook.Store(&f)
	return func() { wsReadHook.Store(nil) }
}

// NewTestWebSocketBot returns a WebSocket bot played by the test binary in
// the given mode (see wsClient) with env added, not started.
func NewTestWebSocketBot(mode string, env ...string) *WebSocketBot {
	return &WebSocketBot{Argv: []string{os.Args[0]}, Env: append([]string{"WSBOT=" + mode}, env...), Protocol: testProtocol}
}

// SetConnReadHook sets the hook a counted connection calls when it has
// read bytes (see connReadHook), and returns a function that removes it.
func SetConnReadHook(f func()) (restore func()) {
	connReadHook.Store(&f)
	return func() { connReadHook.Store(nil) }
}

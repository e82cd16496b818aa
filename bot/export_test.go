package bot

// SetReadHook sets the hook the process reader calls once its pipe has
// become readable, before it reads (see readHook), and returns a function
// that removes it. For the tests of package bot_test.
func SetReadHook(f func()) (restore func()) {
	readHook.Store(&f)
	return func() { readHook.Store(nil) }
}

package sandbox

// What the tests of package sandbox_test reach inside the package.

// HelperExe is helperExe: the path of the helper binary the sandboxes run.
var HelperExe = helperExe

// SetDirect sets whether Arena enters a sandbox's network namespace itself
// (true, as root) or goes through the forwarder.
func SetDirect(b bool) { direct = b }

// EnteredNetns says whether Arena has entered s's network namespace.
func EnteredNetns(s *Sandbox) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.netns != nil
}

package sandbox

import (
	"os"
	"path/filepath"
	"testing"
)

// On a host whose cpu and cpuacct controllers share one hierarchy
// (systemd's cpu,cpuacct with two links), no CPU quota group is made: it
// would take a bot out of the group its CPU time is read from.
func TestNoQuotaWhereCPUAndCPUAcctShareAHierarchy(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "cpu,cpuacct"), 0o755)
	os.Symlink("cpu,cpuacct", filepath.Join(root, "cpu"))
	os.Symlink("cpu,cpuacct", filepath.Join(root, "cpuacct"))
	old := cgroupRoot
	cgroupRoot = root
	defer func() { cgroupRoot = old }()
	if !coMounted("cpu", "cpuacct") {
		t.Fatal("the two links to one hierarchy are not seen as one")
	}
	if d := cpuV1("x", 1); d != "" {
		t.Errorf("a quota group was made at %s", d)
	}
	os.Remove(filepath.Join(root, "cpuacct"))
	os.MkdirAll(filepath.Join(root, "cpuacct"), 0o755)
	if coMounted("cpu", "cpuacct") {
		t.Error("separate hierarchies seen as one")
	}
}

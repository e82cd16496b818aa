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

// On a version 2 hierarchy (here a directory shaped as one: the kernel's
// files are plain files), a sandbox's group gets its limits in v2's
// words: memory.max, pids.max, no swap, and the CPU quota as cpu.max
// "QUOTA PERIOD", with the cpu controller given to the groups below.
func TestAVersion2GroupGetsItsLimits(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"cgroup.controllers", "cgroup.subtree_control"} {
		os.WriteFile(filepath.Join(root, f), nil, 0o644)
	}
	old := cgroupRoot
	cgroupRoot = root
	defer func() { cgroupRoot = old }()
	cg, err := newCgroupV2("x", Limits{Memory: 64 << 20, Procs: 32, Cores: 1.5})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, groupName, "x")
	if cg.cpu != dir || cg.memory != dir || !cg.v2 {
		t.Fatalf("group %+v", cg)
	}
	for file, want := range map[string]string{
		"memory.max": "67108864", "pids.max": "32", "memory.swap.max": "0", "cpu.max": "150000 100000",
	} {
		os.Chmod(filepath.Join(dir, file), 0o600) // made as the kernel's are, mode 0
		if b, _ := os.ReadFile(filepath.Join(dir, file)); string(b) != want {
			t.Errorf("%s: %q, want %q", file, b, want)
		}
	}
	os.Chmod(filepath.Join(root, groupName, "cgroup.subtree_control"), 0o600)
	if b, _ := os.ReadFile(filepath.Join(root, groupName, "cgroup.subtree_control")); string(b) != "+cpu" {
		t.Errorf("the parent gives its children %q, want the cpu controller last", b)
	}
	// without a quota, no cpu.max
	cg, err = newCgroupV2("y", Limits{Memory: 64 << 20, Procs: 32})
	if err != nil || cg.cpu != "" {
		t.Fatalf("a group without a quota: %+v %v", cg, err)
	}
	if _, err := os.Stat(filepath.Join(root, groupName, "y", "cpu.max")); err == nil {
		t.Error("cpu.max written without a quota")
	}
}

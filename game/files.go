package game

import (
	"fmt"
	"os"
	"sync"
)

// Files reads the files a match's options name (a map, an arena, a spawn
// file), and keeps what it read: the replay records it, so that the match
// can be re-simulated anywhere, from any directory, even once the files
// have changed or gone. A nil *Files reads the disk and keeps nothing.
//
// Referees read option files only through Config.Files.
type Files struct {
	mu       sync.Mutex
	read     map[string][]byte
	recorded bool // a replay's files: the disk is never read
}

// NewFiles returns a Files that reads the disk and keeps what it read.
func NewFiles() *Files { return &Files{read: map[string][]byte{}} }

// RecordedFiles returns a Files that serves only the files of a recording:
// the name as the option gave it, and the content read then.
func RecordedFiles(files map[string][]byte) *Files {
	f := &Files{read: map[string][]byte{}, recorded: true}
	for k, v := range files {
		f.read[k] = v
	}
	return f
}

// CarriedFiles returns a Files that serves the given files by name (the
// files a match job carries to a machine that lacks them, as a recording
// would) and reads the disk for any other, keeping what it read.
func CarriedFiles(files map[string][]byte) *Files {
	f := NewFiles()
	for k, v := range files {
		f.read[k] = v
	}
	return f
}

// ReadFile returns the content of the named file: the content already read
// under that name in this match (or recording), else the disk's.
func (f *Files) ReadFile(name string) ([]byte, error) {
	if f == nil {
		return os.ReadFile(name)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if b, ok := f.read[name]; ok {
		return b, nil
	}
	if f.recorded {
		return nil, fmt.Errorf("%s: the replay does not hold this file", name)
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	f.read[name] = b
	return b, nil
}

// IsFile reports whether name is a file that ReadFile can read: an
// existing file that is not a directory, or, in a recording, a file it
// holds. A referee that asks before it reads gets the same answers from a
// recording as it got in the match.
func (f *Files) IsFile(name string) bool {
	if f != nil {
		f.mu.Lock()
		_, ok := f.read[name]
		recorded := f.recorded
		f.mu.Unlock()
		if ok || recorded {
			return ok
		}
	}
	st, err := os.Stat(name)
	return err == nil && !st.IsDir()
}

// Read returns the files read so far, by name; nil when there are none.
func (f *Files) Read() map[string][]byte {
	if f == nil {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.read) == 0 {
		return nil
	}
	out := make(map[string][]byte, len(f.read))
	for k, v := range f.read {
		out[k] = v
	}
	return out
}

package queue

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// One process runs the jobs of a SQLite data directory: it holds the lock
// DIR/jobs.lock, which the kernel lets go of when the process dies,
// however it dies. A job still running in the database when the lock is
// taken was therefore left by a process that died mid-job.

// TryLock takes the jobs lock of the data directory dir if no other
// process holds it: held is false (and f nil) when one does. Closing f
// releases it.
func TryLock(dir string) (f *os.File, held bool, err error) {
	f, err = os.OpenFile(filepath.Join(dir, "jobs.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, false, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, false, nil
		}
		return nil, false, fmt.Errorf("the jobs lock of %s: %w", dir, err)
	}
	return f, true, nil
}

// Lock takes the jobs lock of the data directory dir, or says which
// process to stop first.
func Lock(dir string) (*os.File, error) {
	f, held, err := TryLock(dir)
	if err == nil && !held {
		err = fmt.Errorf("another arena serve runs the jobs of %s: stop it first", dir)
	}
	return f, err
}

package bot

import (
	"io"
	"net"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// tcpPair returns both ends of a loopback TCP connection, the accepted
// one counted as the hub counts it.
func tcpPair(t *testing.T) (client net.Conn, server *countConn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	client, err = net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	c, err := countingListener{ln}.Accept()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close(); c.Close() })
	return client, c.(*countConn)
}

// TestWSSyncSeesBytesReadOrWaiting: Sync counts a message on its way in
// whether its bytes wait in the socket or were read by the library and not
// yet completed into a message, and not once a control frame has used
// them; the next message is stamped with Sync's moment only then.
func TestWSSyncSeesBytesReadOrWaiting(t *testing.T) {
	client, server := tcpPair(t)
	s := &wsSync{conn: server}
	if st, ok := s.sync(); !ok || st.Lines != 0 {
		t.Fatalf("nothing sent: Sync %+v %v; want 0 lines, ok", st, ok)
	}
	// Nothing found: the next message keeps its own stamp.
	if later := time.Now().Add(time.Hour); !s.completed(later, true).Equal(later) {
		t.Error("a message after a Sync that found nothing was restamped")
	}

	client.Write([]byte("0123456789"))
	// Waiting in the socket (poll: loopback delivery is not instant).
	var st Synced
	for range 500 {
		if st, _ = s.sync(); st.Lines == 2 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if st.Lines != 2 {
		t.Fatalf("bytes in the socket: Sync found %d lines; want 2", st.Lines)
	}
	if got := s.completed(st.At.Add(time.Hour), true); !got.Equal(st.At) {
		t.Errorf("the message found by Sync was stamped %v; want Sync's moment %v", got, st.At)
	}

	// Read by the library, not completed: still on its way.
	client.Write([]byte("abcdef"))
	if _, err := io.ReadFull(server, make([]byte, 16)); err != nil {
		t.Fatal(err)
	}
	s.mark = 10 // the first 10 bytes made the message completed above
	if st, _ := s.sync(); st.Lines != 3 {
		t.Errorf("bytes read and not completed: Sync found %d lines; want 3", st.Lines)
	}
	s.completed(time.Now(), true)

	// A ping's bytes, read and handled: nothing on its way.
	client.Write([]byte("ping"))
	if _, err := io.ReadFull(server, make([]byte, 4)); err != nil {
		t.Fatal(err)
	}
	s.control()
	if st, _ := s.sync(); st.Lines != 3 {
		t.Errorf("after a control frame: Sync found %d lines; want 3", st.Lines)
	}
}

// TestWSSyncWithoutConn: a connection Arena did not accept (arena host)
// cannot tell, and says so.
func TestWSSyncWithoutConn(t *testing.T) {
	if _, ok := (&wsSync{}).sync(); ok {
		t.Error("Sync without a counted connection said ok")
	}
}

// A connection to a bot asks for quick acknowledgements before each read
// (countConn.quickAck): the socket is in quick-ack mode when Read waits.
func TestCountConnAsksForQuickAcks(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	// The peer writes only once the mode is checked: data that came in
	// before could take the socket out of quick-ack mode by itself.
	checked := make(chan struct{})
	go func() {
		if c, err := l.Accept(); err == nil {
			<-checked
			c.Write([]byte("x"))
			c.Close()
		}
	}()
	raw, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	c := &countConn{Conn: raw}
	defer c.Close()
	c.quickAck()
	rc, _ := raw.(*net.TCPConn).SyscallConn()
	var on int
	rc.Control(func(fd uintptr) { on, _ = unix.GetsockoptInt(int(fd), unix.IPPROTO_TCP, unix.TCP_QUICKACK) })
	close(checked)
	if on != 1 {
		t.Errorf("TCP_QUICKACK is %d after quickAck", on)
	}
	if n, err := c.Read(make([]byte, 4)); n != 1 || err != nil {
		t.Errorf("read %d, %v", n, err)
	}
}

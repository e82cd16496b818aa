// A minimal WebSocket client (RFC 6455) for the Go starter kit: you should
// not need to change it. It uses the standard library only, so that the kit
// builds anywhere with `go build` alone (no module, nothing to download):
// text messages both ways, ping answered, close and end of stream reported
// as io.EOF.
package main

import (
	"bufio"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// maxMessage bounds one message (a TICK of the largest map is far below).
const maxMessage = 16 << 20

// WSConn is a client WebSocket connection.
type WSConn struct {
	conn net.Conn
	r    *bufio.Reader
}

// DialWS connects to a ws:// URL and performs the opening handshake.
func DialWS(rawURL string) (*WSConn, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "ws" {
		return nil, fmt.Errorf("%s: only ws:// URLs are supported", rawURL)
	}
	host := u.Host
	if u.Port() == "" {
		host += ":80"
	}
	conn, err := net.Dial("tcp", host)
	if err != nil {
		return nil, err
	}
	var nonce [16]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		conn.Close()
		return nil, err
	}
	key := base64.StdEncoding.EncodeToString(nonce[:])
	path := u.RequestURI()
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n", path, u.Host, key)
	r := bufio.NewReader(conn)
	resp, err := http.ReadResponse(r, &http.Request{Method: "GET"})
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("handshake: %w", err)
	}
	sum := sha1.Sum([]byte(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
	if resp.StatusCode != http.StatusSwitchingProtocols ||
		resp.Header.Get("Sec-WebSocket-Accept") != base64.StdEncoding.EncodeToString(sum[:]) {
		conn.Close()
		return nil, fmt.Errorf("handshake refused: %s", resp.Status)
	}
	return &WSConn{conn: conn, r: r}, nil
}

// The opcodes.
const (
	opContinuation = 0
	opText         = 1
	opBinary       = 2
	opClose        = 8
	opPing         = 9
	opPong         = 10
)

// writeFrame writes one masked frame, as a client must.
func (c *WSConn) writeFrame(op byte, payload []byte) error {
	head := []byte{0x80 | op}
	switch n := len(payload); {
	case n < 126:
		head = append(head, 0x80|byte(n))
	case n < 1<<16:
		head = append(head, 0x80|126, byte(n>>8), byte(n))
	default:
		head = append(head, 0x80|127)
		head = binary.BigEndian.AppendUint64(head, uint64(n))
	}
	var mask [4]byte
	if _, err := rand.Read(mask[:]); err != nil {
		return err
	}
	head = append(head, mask[:]...)
	body := make([]byte, len(payload))
	for i, b := range payload {
		body[i] = b ^ mask[i%4]
	}
	_, err := c.conn.Write(append(head, body...))
	return err
}

// WriteText sends one text message.
func (c *WSConn) WriteText(msg []byte) error { return c.writeFrame(opText, msg) }

// ReadMessage returns the next text or binary message; io.EOF once the
// server closed the connection (with a close frame or without).
func (c *WSConn) ReadMessage() ([]byte, error) {
	var msg []byte
	for {
		var h [2]byte
		if _, err := io.ReadFull(c.r, h[:]); err != nil {
			return nil, io.EOF
		}
		fin, op := h[0]&0x80 != 0, h[0]&0x0f
		n := uint64(h[1] & 0x7f)
		switch n {
		case 126:
			var b [2]byte
			if _, err := io.ReadFull(c.r, b[:]); err != nil {
				return nil, io.EOF
			}
			n = uint64(binary.BigEndian.Uint16(b[:]))
		case 127:
			var b [8]byte
			if _, err := io.ReadFull(c.r, b[:]); err != nil {
				return nil, io.EOF
			}
			n = binary.BigEndian.Uint64(b[:])
		}
		if n > maxMessage || uint64(len(msg))+n > maxMessage {
			return nil, errors.New("message too large")
		}
		var mask []byte
		if h[1]&0x80 != 0 { // servers do not mask, but a masked frame is still readable
			mask = make([]byte, 4)
			if _, err := io.ReadFull(c.r, mask); err != nil {
				return nil, io.EOF
			}
		}
		payload := make([]byte, n)
		if _, err := io.ReadFull(c.r, payload); err != nil {
			return nil, io.EOF
		}
		if mask != nil {
			for i := range payload {
				payload[i] ^= mask[i%4]
			}
		}
		switch op {
		case opPing:
			if err := c.writeFrame(opPong, payload); err != nil {
				return nil, io.EOF
			}
		case opPong:
		case opClose:
			c.writeFrame(opClose, nil) // answer the close, then stop
			return nil, io.EOF
		case opText, opBinary, opContinuation:
			msg = append(msg, payload...)
			if fin {
				return msg, nil
			}
		default:
			return nil, fmt.Errorf("unknown WebSocket opcode %d", op)
		}
	}
}

// Close closes the connection.
func (c *WSConn) Close() error { return c.conn.Close() }

// wsURL is the server's address: ARENA_WS_URL when Arena gives it.
func wsURL(env string) string {
	if env == "" {
		return "ws://127.0.0.1:8765"
	}
	if !strings.Contains(env, "://") {
		return "ws://" + env
	}
	return env
}

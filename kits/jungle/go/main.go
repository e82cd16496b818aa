// Jungle Blitz (Coveo Blitz 2022) transport for the Go starter kit: you
// should not need to change it. Write your bot in bot.go.
//
// It connects to the game server over WebSocket (websocket.go, standard
// library only), registers, and answers every TICK with the COMMAND your
// Bot computes, as the 2022 kits did.
//
//	go build -o bot *.go
//	arena play jungle --bot ./bot --bot builtin:greedy
//
// Arena starts the bot with TOKEN (its registration secret) and
// ARENA_WS_URL (the server's address) in its environment. Without a token
// the kit registers by name on ARENA_WS_URL, or ws://127.0.0.1:8765 when
// it is unset, as the 2022 kits did, so it also plays against
// `arena host jungle`.
package main

import (
	"encoding/json"
	"errors"
	"io"
	"log"
	"os"
)

func main() {
	url := wsURL(os.Getenv("ARENA_WS_URL"))
	conn, err := DialWS(url)
	if err != nil {
		log.Fatalf("cannot connect to %s: %v", url, err)
	}
	defer conn.Close()

	register := map[string]string{"type": "REGISTER"}
	if token := os.Getenv("TOKEN"); token != "" {
		register["token"] = token
	} else {
		register["teamName"] = "MyGoBot"
	}
	if err := send(conn, register); err != nil {
		log.Fatalf("cannot register: %v", err)
	}

	bot := NewBot()
	for {
		data, err := conn.ReadMessage()
		if err != nil {
			// The server closes the connection when the game is over.
			if !errors.Is(err, io.EOF) {
				log.Printf("connection lost: %v", err)
			}
			return
		}
		var msg GameMessage
		if err := json.Unmarshal(data, &msg); err != nil {
			log.Printf("not a game message: %v", err)
			continue
		}
		if msg.Type != "TICK" {
			continue
		}
		if team := msg.MyTeam(); team != nil {
			for _, e := range team.Errors {
				log.Printf("command error: %s", e)
			}
		}
		cmd := Command{Type: "COMMAND", Tick: msg.Tick, Actions: bot.NextMove(&msg)}
		if cmd.Actions == nil {
			cmd.Actions = []Action{}
		}
		if err := send(conn, cmd); err != nil {
			log.Printf("cannot send the command: %v", err)
			return
		}
	}
}

func send(conn *WSConn, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return conn.WriteText(b)
}

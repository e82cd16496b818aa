// Command go is the Go starter kit for Jungle Blitz (Coveo Blitz 2022): it
// connects to the game server over WebSocket, registers, and answers every
// TICK with the COMMAND your Bot computes. Write your bot in bot.go; this
// file only talks to the server.
//
//	go build -o mybot ./kits/jungle/go
//	arena play jungle --bot ./mybot --bot builtin:greedy
//
// Arena starts the bot with TOKEN (its registration secret) and
// ARENA_WS_URL (the server's address) in its environment. Without them the
// kit registers by name on ws://127.0.0.1:8765, as the 2022 kits did, so it
// also plays against `arena host jungle`.
package main

import (
	"context"
	"log"
	"os"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
)

func main() {
	url := os.Getenv("ARENA_WS_URL")
	if url == "" {
		url = "ws://127.0.0.1:8765"
	}
	ctx := context.Background()
	conn, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		log.Fatalf("cannot connect to %s: %v", url, err)
	}
	conn.SetReadLimit(16 << 20)

	register := map[string]string{"type": "REGISTER"}
	if token := os.Getenv("TOKEN"); token != "" {
		register["token"] = token
	} else {
		register["teamName"] = "MyGoBot"
	}
	if err := wsjson.Write(ctx, conn, register); err != nil {
		log.Fatalf("cannot register: %v", err)
	}

	bot := NewBot()
	for {
		var msg GameMessage
		if err := wsjson.Read(ctx, conn, &msg); err != nil {
			// The server closes the connection when the game is over.
			log.Printf("connection closed: %v", err)
			return
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
		if err := wsjson.Write(ctx, conn, cmd); err != nil {
			log.Printf("cannot send the command: %v", err)
			return
		}
	}
}

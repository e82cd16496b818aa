package jungle

import (
	"encoding/json"
	"errors"
)

// The 2022 server's connection protocol (spec §5.2): a connection's first
// message is {"type":"REGISTER","teamName":NAME}, {"type":"REGISTER",
// "token":TOKEN} or {"type":"VIEWER"}.

// Registration errors, logged by the server before it closes the socket.
var (
	ErrNeedTeamName = errors.New("You need to register using a teamName")
	ErrNeedToken    = errors.New("You need to register using your secret token")
	ErrNoName       = errors.New("You need to specify a team name")
	ErrRunning      = errors.New("Game already running of completed, can't add team")
)

// ViewerWelcome is the server's answer to {"type":"VIEWER"} (sic).
const ViewerWelcome = `{"type":"message","message":"Succesfully registered as viewer!"}`

// Hello is a parsed first message.
type Hello struct {
	Viewer   bool   // {"type":"VIEWER"}
	Register bool   // {"type":"REGISTER",...}
	Token    string // the "token" when it is a string
	HasToken bool   // "token" is present
	Name     string // the "teamName" when it is a string
	HasName  bool   // "teamName" is present

	// tokenKey is what the 2022 server looked the token up with: the
	// string itself, or JavaScript's text of another JSON value (5: "5").
	tokenKey string
	// emptyToken: "token" is the empty string, the only token the 2022
	// server's `token !== ''` let through without a token map.
	emptyToken bool
}

// ParseHello reads a connection's first message; an error means it is not
// JSON (the server closes the socket).
func ParseHello(msg []byte) (Hello, error) {
	var f map[string]json.RawMessage
	if !json.Valid(msg) {
		return Hello{}, errors.New("the message is not JSON")
	}
	if json.Unmarshal(msg, &f) != nil {
		return Hello{}, nil
	}
	var h Hello
	h.Viewer = isJSONString(f["type"], "VIEWER")
	h.Register = isJSONString(f["type"], "REGISTER")
	if t, ok := f["token"]; ok {
		h.HasToken = true
		if len(t) > 0 && t[0] == '"' {
			json.Unmarshal(t, &h.Token)
		}
		h.tokenKey = jsString(t)
		h.emptyToken = string(t) == `""`
	}
	if n, ok := f["teamName"]; ok {
		h.HasName = true
		json.Unmarshal(n, &h.Name)
	}
	return h, nil
}

// TeamName applies the reference's registration rules (spec §5.2) with
// tokens, the team_names_by_token map (nil when not configured). An empty
// token without a map counts as no name (the reference crashes on
// {"token":""}).
func (h Hello) TeamName(tokens map[string]string) (string, error) {
	name, known := "", false
	if h.HasToken {
		if tokens == nil && !h.emptyToken {
			return "", ErrNeedTeamName
		}
		name, known = tokens[h.tokenKey]
	}
	if h.HasName {
		// With a token map the reference takes a teamName only when the
		// token named a team whose name is empty (its check is
		// `teamName !== ''`, and an unknown token gives undefined).
		if tokens != nil && !(known && name == "") {
			return "", ErrNeedToken
		}
		name = h.Name
	}
	if name == "" {
		return "", ErrNoName
	}
	return name, nil
}

// transportRegister is the websocket transport's reading of a REGISTER:
// Arena gives each bot a token; a bot that ignores TOKEN registers by name.
func transportRegister(msg []byte) (token, name string, ok bool) {
	h, err := ParseHello(msg)
	if err != nil || !h.Register {
		return "", "", false
	}
	if h.Token != "" {
		return h.Token, "", true
	}
	return "", h.Name, h.Name != ""
}

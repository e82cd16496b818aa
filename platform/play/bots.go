// Package play plays the platform's match jobs in this process: each
// seat's bot (a team's built kit run in its sandbox, its HTTP bot URL, or
// a house bot), the match's configuration from its event and its job,
// the cores it holds while it plays, and its replay stored. What the
// match's record then counts (ratings, ladder points) is the caller's.
package play

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/lang"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/urlbot"
	"github.com/seed27749672/arena/sandbox"
)

// HouseBot is the builtin a seat without a team gets.
func HouseBot(info game.Info) (string, error) {
	if len(info.Builtins) == 0 {
		return "", fmt.Errorf("%s has no builtin bot to play house matches", info.Name)
	}
	return info.Builtins[0].Name, nil
}

// BotSpec is the spec of a seat: a team's built kit, run contained in its
// tree, or the house bot.
func (p *Player) BotSpec(ctx context.Context, info game.Info, set store.Settings, house string, teamID, subID int64) (bot.Spec, error) {
	return p.botSpec(ctx, info, set, house, teamID, subID, nil)
}

// botSpec is BotSpec with the teams its caller has just read (by id; a
// team not in it is read).
func (p *Player) botSpec(ctx context.Context, info game.Info, set store.Settings, house string, teamID, subID int64, teams map[int64]store.Team) (bot.Spec, error) {
	if teamID == 0 {
		if house != "" {
			return bot.Spec{Name: house, Kind: "builtin", Target: house}, nil
		}
		name, err := HouseBot(info)
		return bot.Spec{Name: "house", Kind: "builtin", Target: name}, err
	}
	t, ok := teams[teamID]
	if !ok {
		var err error
		if t, err = p.Events.Store.Team(ctx, teamID); err != nil {
			return bot.Spec{}, err
		}
	}
	s, err := p.Events.Store.Submission(ctx, subID)
	if err != nil {
		return bot.Spec{}, err
	}
	if s.Language == store.LanguageURL { // a team's HTTP bot: its URL (see urlOpener)
		return bot.Spec{Name: "team" + strconv.FormatInt(t.ID, 10), Kind: "url", Target: s.Filename}, nil
	}
	// a build that shares an earlier one's tree plays that tree
	if err := p.Builds.FetchBuild(ctx, s.Played()); err != nil {
		return bot.Spec{}, err
	}
	m, err := p.built(ctx, info.Name, s)
	if err != nil {
		return bot.Spec{}, err
	}
	kind, err := kitTransport(info, set, m)
	if err != nil {
		return bot.Spec{}, err
	}
	// the kit's run command reached by its protocol, as arena play runs a
	// kit (kits.Transport): stdin/stdout, a WebSocket client of the match's
	// server, or an HTTP server, each in its own sandbox and network
	spec := bot.Spec{Name: "team" + strconv.FormatInt(t.ID, 10), Kind: kind, Target: m.Run, Dir: p.BuiltRoot(s.Played())}
	if !p.Bots.Unsafe { // --unsafe-no-sandbox: bots run uncontained too
		limits := p.TeamSpecLimits(set)
		spec.Sandbox = &limits
	}
	return spec, nil
}

// TeamSpecLimits are a team bot's sandbox limits: the builds' with the
// event's memory limit (the sandbox's cgroup enforces it).
func (p *Player) TeamSpecLimits(set store.Settings) sandbox.Limits {
	limits := p.Bots.Limits
	limits.Memory = int64(set.Memory()) << 20
	// The core its match holds for it (tournament.MatchCores): a bot
	// forking busy loops slows only itself, not its opponent.
	limits.Cores = 1
	return limits
}

// kitTransport is the bot spec kind that reaches a kit's bot (the kit's
// protocol, as kits.Transport names it), or why the event cannot play it.
func kitTransport(info game.Info, set store.Settings, m kits.Manifest) (string, error) {
	switch {
	case m.Protocol == "http" && !set.HTTPBots:
		return "", fmt.Errorf("the %s kit is an HTTP server, and the event takes none (its http_bots setting)", m.Kit)
	case m.Protocol == "http" && info.HTTP == nil, m.Protocol == "websocket" && info.WebSocket == nil:
		return "", fmt.Errorf("%s has no %s protocol for the %s kit", info.Name, m.Protocol, m.Kit)
	}
	kind := strings.TrimSuffix(kits.Transport(m.Protocol), ":")
	if kind == "" {
		return "", fmt.Errorf("the %s kit talks %q, which the platform does not know", m.Kit, m.Protocol)
	}
	return kind, nil
}

// Playable: the submission's team is not suspended by the organiser
// (event.SuspendTeam), and its kit is one the platform can play. Every
// scheduler (casual pairing, leagues, rounds, finals, test games'
// opponents) asks it of each team's bot, so that a suspended team is
// left out of every new match.
func (p *Player) Playable(ctx context.Context, info game.Info, subID int64) bool {
	s, err := p.Events.Store.Submission(ctx, subID)
	if err != nil {
		return false
	}
	t, err := p.Events.Store.Team(ctx, s.TeamID)
	if err != nil {
		return false
	}
	return p.playable(ctx, info, t, s)
}

// TeamPlayable is Playable of team t's active submission, t as its
// caller just read it: a scheduling pass, which has read all the event's
// teams, does not read each again.
func (p *Player) TeamPlayable(ctx context.Context, info game.Info, t store.Team) bool {
	s, err := p.Events.Store.Submission(ctx, t.Active)
	if err != nil || s.TeamID != t.ID {
		return false
	}
	return p.playable(ctx, info, t, s)
}

// playable is Playable of submission s of team t.
func (p *Player) playable(ctx context.Context, info game.Info, t store.Team, s store.Submission) bool {
	if t.Suspended {
		return false
	}
	if s.Language == store.LanguageURL {
		return info.HTTP != nil
	}
	m, err := kits.Read(info.Name, s.Language)
	if l, ok := lang.ByName(s.Language); err != nil && ok { // a single source file
		m, err = kits.Manifest{Language: l.Name, Kit: l.Name, Protocol: "stdio"}, nil
	}
	if err != nil {
		return false
	}
	set := store.Settings{HTTPBots: true}
	if m.Protocol == "http" { // only in an event that takes HTTP bots
		ev, err := p.Events.Store.Event(ctx, t.EventID)
		if err != nil {
			return false
		}
		set = ev.Settings
	}
	_, err = kitTransport(info, set, m)
	return err == nil
}

// built is how a built submission runs: a single source file by the
// language registry's command (package lang), a kit by the game's kit of
// its language. A single file built before the registry was built in
// the game's kit, whose kit.json is in its tree: it runs as the kit.
func (p *Player) built(ctx context.Context, game string, s store.Submission) (kits.Manifest, error) {
	_, err := os.Stat(filepath.Join(p.Builds.BuildDir(s.ID), "kit.json"))
	if p.isZip(s.ID) || err == nil {
		return kits.Read(game, s.Language)
	}
	upload, err := p.Builds.ReadUpload(ctx, s.ID)
	if err != nil {
		return kits.Manifest{}, err
	}
	b, err := lang.Plan(s.Filename, upload)
	if err != nil {
		return kits.Manifest{}, err
	}
	return kits.Manifest{Game: game, Language: b.Language.Name, Kit: b.Language.Name, Run: b.Run, Protocol: "stdio"}, nil
}

// isZip: the submission's upload is a zip (a kit), not a single file.
func (p *Player) isZip(id int64) bool {
	head := make([]byte, 4)
	if f, err := os.Open(p.Builds.UploadPath(id)); err == nil {
		io.ReadFull(f, head)
		f.Close()
	}
	return build.IsZip(head)
}

// BuiltRoot is where a submission's kit was built: as prepare put it, by
// the upload's kind (a single file's kit may have a src directory of its
// own, so the tree cannot tell).
func (p *Player) BuiltRoot(id int64) string {
	if p.isZip(id) {
		return build.KitRoot(filepath.Join(p.Builds.BuildDir(id), "src"))
	}
	return p.Builds.BuildDir(id)
}

// urlOpener opens a team's HTTP bot: the game's HTTP protocol to its URL,
// every connection vetted for the event.
func urlOpener(info game.Info, s store.Settings, url string) bot.Opener {
	return func() (bot.Bot, error) {
		return &bot.HTTP{Protocol: *info.HTTP, URL: url, Control: urlbot.Control(s.HTTPBotsPrivate)}, nil
	}
}

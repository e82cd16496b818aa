package platform

import (
	"net/http"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/store"
)

// The HTTP API is package api's; the platform serves it its services.

// APIPrefix is where the API is mounted.
const APIPrefix = api.Prefix

// APIOptions tune the API (api.Options).
type APIOptions = api.Options

// Handler returns the platform's HTTP API. It checks roles itself; the
// server that mounts it adds the host check, the security headers and
// the refusal of cross-origin requests (web.Server.Platform).
func (p *Platform) Handler(o APIOptions) http.Handler { return api.Handler(served{p}, o) }

// served is the platform as the API sees it (api.Platform): its store and
// replays as methods, the rest its own.
type served struct{ *Platform }

func (s served) Store() store.Store     { return s.Platform.Store }
func (s served) Replays() files.Replays { return s.Platform.Replays }

// EventJSON is how the API and the CLI's --json show an event
// (api.EventJSON).
func EventJSON(e store.Event) map[string]any { return api.EventJSON(e) }

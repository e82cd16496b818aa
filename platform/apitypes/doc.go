// Package apitypes holds the JSON documents the platform's HTTP API
// emits and both sides read: the platform (which builds them and keeps
// them in its event states) and its typed client (platform/client), which
// decodes its answers into them. It holds data and the pure functions
// that read it (a failure in words, the results as CSV), nothing that
// needs a store or a queue. The documents of an event format (a Blitz
// round, a Cod'INSA final, the ranked rounds' ladder) are that format's,
// in its folder under platform/format; the results carry the formats'
// sections (format.Section).
package apitypes

// Package apitypes holds the JSON documents the platform's HTTP API
// emits and both sides read: the platform (which builds them and keeps
// them in its event states) and its typed client (platform/client), which
// decodes its answers into them. It holds data and the pure functions
// that read it (a round's due time, a failure in words, the results as
// CSV), nothing that needs a store or a queue.
package apitypes

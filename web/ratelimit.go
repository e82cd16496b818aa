package web

// allowStart takes one match start from a client's bucket
// (Limits.StartsPerMinute, StartBurst).
func (s *Server) allowStart(addr string) bool {
	return s.starts.Allow(addr)
}

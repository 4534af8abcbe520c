package compiler

// BaseLoads is how many embedded base packs this process has loaded.
func BaseLoads() int64 { return baseLoads.Load() }

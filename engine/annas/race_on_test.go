//go:build race

package annas

// raceBuild: sync.Pool drops items on purpose under the race detector.
const raceBuild = true

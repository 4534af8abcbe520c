//go:build !race

package annas

const raceBuild = false
